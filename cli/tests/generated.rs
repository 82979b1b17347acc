//! A generated project builds and passes its own tests, and is
//! rustfmt-clean and clippy-clean, as generated; and so it is after
//! `tackle add` put a second plugin in it.
//!
//! The project is written under this crate's `CARGO_TARGET_TMPDIR` (inside
//! the repository, so `.cargo/config.toml`'s profile applies), gets the
//! workspace's `Cargo.lock` from `tackle new` (the same versions, nothing
//! downloaded), and is built into the workspace's target folder (`tackle
//! new --target-dir`), so tackle and its dependencies already built are
//! reused. Cargo releases its build lock before it runs test binaries, so
//! the nested `cargo` does not wait for this one.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use tackle_cli::template::TEMPLATES;
use tackle_cli::{ProjectName, TackleSource};

/// The workspace's target folder: `CARGO_TARGET_TMPDIR` is `<target>/tmp`.
fn target_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().expect("the target folder").to_owned()
}

fn scratch(name: &str) -> PathBuf {
    support::scratch("tackle-generated", name)
}

fn text(output: &Output) -> String {
    format!(
        "{}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Writes the project `name` into `parent` with the `tackle` binary,
/// which trusts it in the tackle home [`hook_call`] gives the binaries.
fn generate(parent: &Path, name: &str, more: &[&str]) -> PathBuf {
    let output = support::tackle_command()
        .args(["new", name])
        .args(more)
        .current_dir(parent)
        .env("TACKLE_HOME", parent.join(name).join(".tackle-home"))
        .output()
        .expect("run tackle");
    assert!(output.status.success(), "{}", text(&output));
    assert!(
        !String::from_utf8_lossy(&output.stdout).contains("not formatted"),
        "{}",
        text(&output)
    );
    parent.join(name)
}

/// `cargo ARGS` in `project`, offline, into the target folder its
/// `.cargo/config.toml` names.
fn cargo(project: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO"))
        .arg("--offline")
        .args(args)
        .current_dir(project)
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .output()
        .expect("run cargo")
}

/// `BIN hook claude PreToolUse` in `project` with `event` on stdin, with a
/// tackle home of its own.
fn hook_call(bin: &Path, project: &Path, event: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(bin)
        .args(["hook", "claude", "PreToolUse"])
        .current_dir(project)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env("TACKLE_HOME", project.join(".tackle-home"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the binary");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(event.as_bytes())
        .expect("write the event");
    child.wait_with_output().expect("wait for the binary")
}

const PT_LOAD: u32 = 1;
const PT_DYNAMIC: u32 = 2;
const PT_INTERP: u32 = 3;

/// The type of each program header of a 64-bit little-endian ELF file
/// (x86_64, aarch64): a dynamically linked executable has a `PT_INTERP`
/// (the dynamic loader's path) and a `PT_DYNAMIC`, a static one neither.
fn program_header_types(elf: &[u8]) -> Vec<u32> {
    assert_eq!(elf.get(..4), Some(&b"\x7fELF"[..]), "not ELF");
    assert_eq!(
        elf.get(4..6),
        Some(&[2u8, 1][..]),
        "not 64-bit little-endian"
    );
    let u16_at = |at: usize| u16::from_le_bytes([elf[at], elf[at + 1]]);
    let phoff = u64::from_le_bytes(elf[32..40].try_into().expect("8 bytes"));
    let phoff = usize::try_from(phoff).expect("an offset");
    let (size, count) = (usize::from(u16_at(54)), usize::from(u16_at(56)));
    (0..count)
        .map(|i| {
            let at = phoff + i * size;
            u32::from_le_bytes(elf[at..at + 4].try_into().expect("4 bytes"))
        })
        .collect()
}

/// `rustfmt --check` on the `count` Rust files of `files` under `root`.
fn assert_rustfmt_clean(root: &Path, files: &[String], count: usize) {
    let rust: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.ends_with(".rs"))
        .map(|f| root.join(f))
        .collect();
    assert_eq!(rust.len(), count, "{files:?}");
    let output = Command::new(std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into()))
        .args(["--check", "--edition", "2024"])
        .args(&rust)
        .output()
        .expect("run rustfmt");
    assert!(output.status.success(), "{}", text(&output));
}

/// The passed count of each test binary `cargo test` ran, by its
/// `Running` line.
fn passed_per_binary(stdout: &str, stderr: &str) -> Vec<(String, usize)> {
    // Cargo prints `Running` on stderr and the harness prints results on
    // stdout; both come in order, one result per binary (doc tests last).
    let running: Vec<String> = stderr
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Running "))
        .map(str::to_owned)
        .chain(
            stderr
                .lines()
                .filter_map(|l| l.trim().strip_prefix("Doc-tests "))
                .map(|c| format!("doc-tests {c}")),
        )
        .collect();
    let passed: Vec<usize> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("test result: ok. "))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(
        running.len(),
        passed.len(),
        "a result per test binary:\n{stderr}\n{stdout}"
    );
    running.into_iter().zip(passed).collect()
}

/// `cargo test ARGS` in `project`: each test binary with how many passed.
fn cargo_test(project: &Path, args: &[&str]) -> Vec<(String, usize)> {
    let test = cargo(project, &[&["test"], args].concat());
    assert!(test.status.success(), "{}", text(&test));
    passed_per_binary(
        &String::from_utf8_lossy(&test.stdout),
        &String::from_utf8_lossy(&test.stderr),
    )
}

#[track_caller]
fn assert_passed(per_binary: &[(String, usize)], needles: &[&str]) {
    for needle in needles {
        let found = per_binary
            .iter()
            .find(|(binary, _)| binary.contains(needle));
        assert!(
            found.is_some_and(|(_, passed)| *passed > 0),
            "no test of {needle} passed: {per_binary:?}"
        );
    }
}

#[test]
fn a_generated_project_and_an_added_plugin_pass_their_tests_clippy_and_rustfmt() {
    let parent = scratch("e2e");
    let target = target_dir();
    let target = target.to_str().expect("a UTF-8 target folder");
    let project = generate(&parent, "e2e-plugin", &["--target-dir", target]);
    // `tackle new` copied the checkout's lock: the same versions, nothing
    // to download.
    let lock = std::fs::read_to_string(project.join("Cargo.lock")).expect("Cargo.lock");
    let workspace_lock = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock");
    let workspace_lock = std::fs::read_to_string(workspace_lock).expect("the workspace's lock");
    assert!(lock == workspace_lock, "Cargo.lock is not the workspace's");
    let files: Vec<String> = TEMPLATES
        .iter()
        .map(|t| t.path.replace("{{id}}", "e2e-plugin"))
        .collect();
    assert_rustfmt_clean(&project, &files, 8);

    let started = Instant::now();
    let per_binary = cargo_test(&project, &[]);
    let took = started.elapsed();
    assert_passed(
        &per_binary,
        &[
            "unittests src/lib.rs",
            "tests/plugin.rs",
            "tests/cli.rs",
            "tests/hook.rs",
        ],
    );
    // It built into the shared folder its `.cargo/config.toml` names.
    assert!(!project.join("target").exists());
    // Built alone, the hook binary has `tackle-runtime`'s `hook` feature
    // and not its command line (`cargo test` unified the workspace's).
    let started = Instant::now();
    let build = cargo(&project, &["build", "-p", "e2e-plugin-hook"]);
    assert!(build.status.success(), "{}", text(&build));
    eprintln!(
        "cargo build of the hook binary alone: {:.1?}",
        started.elapsed()
    );
    // Nor does it link the command line, the MCP server, the cron
    // scheduler or a YAML reader: a hook call runs no cron job and lists
    // no skill. (The plugin's macros compile croner and serde-saphyr to
    // check `#[cron]` and skill files, but nothing links them.)
    let tree = cargo(
        &project,
        &[
            "tree",
            "-p",
            "e2e-plugin-hook",
            "-e",
            "normal,no-proc-macro",
            "--prefix",
            "none",
        ],
    );
    assert!(tree.status.success(), "{}", text(&tree));
    let tree = String::from_utf8_lossy(&tree.stdout);
    assert!(tree.contains("tackle-agents "), "{tree}");
    for unwanted in [
        "clap ",
        "tackle-mcp ",
        "rmcp ",
        "croner ",
        "chrono ",
        "chrono-tz ",
        "serde-saphyr ",
        "granit-parser ",
        "annotate-snippets ",
    ] {
        assert!(
            !tree.contains(unwanted),
            "the hook binary depends on {unwanted}: {tree}"
        );
    }
    // Both binaries the agents start are linked position-dependent
    // (`host/build.rs`, `hook/build.rs`): the ELF header's type is
    // ET_EXEC (2), not a PIE's ET_DYN (3).
    if cfg!(target_os = "linux") {
        for bin in ["debug/e2e-plugin", "debug/e2e-plugin-hook"] {
            let elf = std::fs::read(Path::new(target).join(bin)).expect("the binary");
            assert_eq!(elf.get(16..18), Some(&[2u8, 0][..]), "{bin}: not ET_EXEC");
            // Dynamically linked, as `cargo build` links them.
            assert!(program_header_types(&elf).contains(&PT_INTERP), "{bin}");
        }
    }
    // The hook binary answers a hook as the host does, and nothing else.
    let deny = r#"{"session_id": "s", "cwd": ".", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "git commit --no-verify"}}"#;
    let host = hook_call(&Path::new(target).join("debug/e2e-plugin"), &project, deny);
    let hook = hook_call(
        &Path::new(target).join("debug/e2e-plugin-hook"),
        &project,
        deny,
    );
    assert!(host.status.success(), "{}", text(&host));
    assert!(
        String::from_utf8_lossy(&host.stdout).contains("\"deny\""),
        "{}",
        text(&host)
    );
    assert_eq!(
        (hook.status.code(), &hook.stdout),
        (host.status.code(), &host.stdout),
        "{}",
        text(&hook)
    );
    // The hook binary as shipped from Linux: built with the rustc flags of
    // the project's `cargo build-hook` (in the dev profile: the `hook`
    // profile's fat LTO would take minutes), it is static, and answers as
    // the dynamic build did.
    if cfg!(target_os = "linux") {
        let flags = support::build_hook_rustc_flags(&project);
        let args = [
            "rustc",
            "-p",
            "e2e-plugin-hook",
            "--bin",
            "e2e-plugin-hook",
            "--",
        ];
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let build = cargo(&project, &[&args[..], &flags].concat());
        assert!(build.status.success(), "{}", text(&build));
        let bin = Path::new(target).join("debug/e2e-plugin-hook");
        let elf = std::fs::read(&bin).expect("the binary");
        assert_eq!(elf.get(16..18), Some(&[2u8, 0][..]), "not ET_EXEC");
        let segments = program_header_types(&elf);
        assert!(segments.contains(&PT_LOAD), "{segments:?}");
        for (kind, name) in [(PT_INTERP, "PT_INTERP"), (PT_DYNAMIC, "PT_DYNAMIC")] {
            assert!(!segments.contains(&kind), "the static build has {name}");
        }
        let shipped = hook_call(&bin, &project, deny);
        assert_eq!(
            (shipped.status.code(), &shipped.stdout),
            (host.status.code(), &host.stdout),
            "{}",
            text(&shipped)
        );
    }
    // The user's config, checked by the hook binary without jsonschema as
    // the host checks it: a valid block keeps the plugin on (the deny
    // stands), a misspelt key turns it off (`doctor` names the key), in both.
    let written = std::fs::read_to_string(project.join("tackle.toml")).expect("tackle.toml");
    let table = written
        .lines()
        .find(|line| line.starts_with("[plugins."))
        .expect("the plugin's table in tackle.toml");
    let home = project.join(".tackle-home");
    std::fs::create_dir_all(&home).expect("the tackle home");
    let user_config = home.join("tackle.toml");
    for (key, on) in [("blocked_commands", true), ("blocked_comands", false)] {
        std::fs::write(
            &user_config,
            format!("{table}\n{key} = [\"npm publish\"]\n"),
        )
        .expect("write the user's config");
        let host_answer = hook_call(&Path::new(target).join("debug/e2e-plugin"), &project, deny);
        let hook_answer = hook_call(
            &Path::new(target).join("debug/e2e-plugin-hook"),
            &project,
            deny,
        );
        assert_eq!(
            (hook_answer.status.code(), &hook_answer.stdout),
            (host_answer.status.code(), &host_answer.stdout),
            "{key}: {}",
            text(&hook_answer)
        );
        assert_eq!(
            String::from_utf8_lossy(&hook_answer.stdout).contains("\"deny\""),
            on,
            "{key}: {}",
            text(&hook_answer)
        );
    }
    std::fs::remove_file(&user_config).expect("remove the user's config");
    // `tackle new` trusted the project for its author: its own tackle.toml
    // applies and the hook has nothing to say. Not trusted (`plugins trust
    // --revoke`), the hook says what it did not apply, beside the same answer.
    let hook_bin = Path::new(target).join("debug/e2e-plugin-hook");
    let trusted = hook_call(&hook_bin, &project, deny);
    assert!(trusted.stderr.is_empty(), "{}", text(&trusted));
    let revoke = Command::new(Path::new(target).join("debug/e2e-plugin"))
        .args(["plugins", "trust", "--revoke"])
        .current_dir(&project)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env("TACKLE_HOME", &home)
        .output()
        .expect("run the host");
    assert!(revoke.status.success(), "{}", text(&revoke));
    let untrusted = hook_call(&hook_bin, &project, deny);
    assert!(
        String::from_utf8_lossy(&untrusted.stderr)
            .starts_with("tackle: this project is not trusted, so "),
        "{}",
        text(&untrusted)
    );
    assert_eq!(
        (untrusted.status.code(), &untrusted.stdout),
        (trusted.status.code(), &trusted.stdout),
        "{}",
        text(&untrusted)
    );
    let list = Command::new(Path::new(target).join("debug/e2e-plugin-hook"))
        .arg("list")
        .output()
        .expect("run the hook binary");
    assert_eq!(list.status.code(), Some(2), "{}", text(&list));
    assert!(
        String::from_utf8_lossy(&list.stderr).contains("answers coding agents' hooks"),
        "{}",
        text(&list)
    );
    eprintln!("cargo test of the generated project: {took:.1?}");

    // A second plugin, in one command: its crate, linked into the host.
    let add = Command::new(env!("CARGO_BIN_EXE_tackle"))
        .args(["add", "e2e-second"])
        .current_dir(project.join("host"))
        .output()
        .expect("run tackle add");
    assert!(add.status.success(), "{}", text(&add));
    assert!(!String::from_utf8_lossy(&add.stdout).contains("not formatted"));
    let added: Vec<String> = tackle_cli::template::ADDED
        .iter()
        .map(|t| format!("e2e-second/{}", t.path))
        .collect();
    let edited = ["host/src/main.rs".to_owned(), "hook/src/main.rs".to_owned()];
    assert_rustfmt_clean(&project, &[&added[..], &edited[..]].concat(), 4);
    let per_binary = cargo_test(&project, &["-p", "e2e-second"]);
    assert_passed(&per_binary, &["unittests src/lib.rs", "tests/plugin.rs"]);
    // The host's own tests pass with both plugins, and the host lists both,
    // ready, under the project's config.
    assert_passed(
        &cargo_test(&project, &["-p", "e2e-plugin-host"]),
        &["tests/cli.rs"],
    );
    let list = cargo(
        &project,
        &["run", "-q", "-p", "e2e-plugin-host", "--", "list", "--json"],
    );
    assert!(list.status.success(), "{}", text(&list));
    let listing: serde_json::Value =
        serde_json::from_slice(&list.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&list)));
    let plugins: Vec<(&str, &str)> = listing["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap_or(""),
                p["status"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(plugins, [("e2e-plugin", "ready"), ("e2e-second", "ready")]);
    let call = cargo(
        &project,
        &[
            "run",
            "-q",
            "-p",
            "e2e-plugin-host",
            "--",
            "call",
            "e2e_second_hello",
            "--args",
            r#"{"name": "Ada"}"#,
        ],
    );
    assert_eq!(
        String::from_utf8_lossy(&call.stdout),
        "Hello, Ada!\n",
        "{}",
        text(&call)
    );

    let started = Instant::now();
    let clippy = cargo(
        &project,
        &["clippy", "--all-targets", "--", "-D", "warnings"],
    );
    assert!(clippy.status.success(), "{}", text(&clippy));
    eprintln!(
        "cargo clippy of the generated project: {:.1?}",
        started.elapsed()
    );
}

#[test]
fn templates_are_rustfmt_clean_as_written_and_long_names_after_tackle_new() {
    // As written, for a name of common length: the templates are kept
    // formatted, not fixed up by the rustfmt run of `tackle new`.
    let dir = scratch("fmt");
    let name = ProjectName::parse("my-plugin").expect("valid");
    let values =
        tackle_cli::new::values(&name, &TackleSource::Git("https://x.invalid".into()), None);
    let mut files = Vec::new();
    for template in TEMPLATES {
        let path = values.render(template.path).expect("path");
        let file = dir.join(&path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("create");
        std::fs::write(&file, values.render(template.text).expect("text")).expect("write");
        files.push(path);
    }
    assert_rustfmt_clean(&dir, &files, 8);
    // The same for `tackle add`'s crate.
    let added: Vec<String> = tackle_cli::template::ADDED
        .iter()
        .map(|template| {
            let file = dir.join("added").join(template.path);
            std::fs::create_dir_all(file.parent().expect("parent")).expect("create");
            std::fs::write(&file, values.render(template.text).expect("text")).expect("write");
            format!("added/{}", template.path)
        })
        .collect();
    assert_rustfmt_clean(&dir, &added, 2);

    // The longest name pushes lines past the width; `tackle new` formats.
    let long = "a".repeat(tackle_cli::name::MAX_LEN);
    let project = generate(&scratch("fmt-long"), &long, &[]);
    let files: Vec<String> = TEMPLATES
        .iter()
        .map(|t| t.path.replace("{{id}}", &long))
        .collect();
    assert_rustfmt_clean(&project, &files, 8);
}
