//! `export AGENT DIR --bin TRIPLE=PATH ...`: one package with a binary per
//! target and launchers that start the right one.
//!
//! What Linux can test: the `sh` launcher's choice under a faked `uname`
//! (each platform's "binary" here is a script that prints its triple), the
//! launchers against goldens, a real hook run through the launcher, and
//! the usage errors. The `.cmd` launcher is checked as text only: no
//! Windows here.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// The package's binary name: the export host's.
const BIN: &str = "tackle-export-host";

/// The targets a package ships in these tests.
const TRIPLES: [&str; 6] = [
    "x86_64-unknown-linux-gnu",
    "x86_64-unknown-linux-musl",
    "aarch64-unknown-linux-gnu",
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
    "x86_64-pc-windows-msvc",
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/launchers")
}

fn export(cwd: &Path, args: &[&str]) -> Output {
    Command::new(HOST)
        .arg("export")
        .args(args)
        .current_dir(cwd)
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs export")
}

fn write_script(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("writes");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// A folder (with spaces and a quote) holding a stand-in "build" per
/// triple that prints its triple and its arguments, and a package of
/// `agent` exported from them.
fn package(agent: &str) -> (tempfile::TempDir, PathBuf) {
    package_with(agent, &[]).0
}

/// [`package`], with `extra` arguments to `export`; also returns what
/// `export` printed.
fn package_with(agent: &str, extra: &[&str]) -> ((tempfile::TempDir, PathBuf), String) {
    package_of(agent, extra, false)
}

/// [`package_with`], with a stand-in hook-only build beside each build
/// (`<BIN>-hook`, printing `hook-build`, its triple and its arguments),
/// which `export` finds there and ships.
fn package_with_hook_builds(agent: &str, extra: &[&str]) -> (tempfile::TempDir, PathBuf) {
    package_of(agent, extra, true).0
}

fn package_of(
    agent: &str,
    extra: &[&str],
    hook_builds: bool,
) -> ((tempfile::TempDir, PathBuf), String) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let builds = tmp.path().join("my builds");
    let mut args = vec![
        agent.to_owned(),
        tmp.path().join("pack 'age'").to_string_lossy().into_owned(),
        // VS Code has no session end for two of the host's hooks.
        "--allow-partial".to_owned(),
    ];
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    for triple in TRIPLES {
        let build = builds.join(triple).join(BIN);
        write_script(
            &build,
            &format!("#!/bin/sh\nprintf '%s\\n' {triple} \"$@\"\n"),
        );
        if hook_builds {
            write_script(
                &builds.join(triple).join(format!("{BIN}-hook")),
                &format!("#!/bin/sh\nprintf '%s\\n' hook-build {triple} \"$@\"\n"),
            );
        }
        args.push("--bin".to_owned());
        args.push(format!("{triple}={}", build.display()));
    }
    let work = tmp.path().join("work");
    std::fs::create_dir_all(&work).expect("mkdir");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = export(&work, &args);
    assert!(out.status.success(), "export: {out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "ships a build per target ({})",
            TRIPLES.join(", ")
        )),
        "{stdout}"
    );
    let dir = tmp.path().join("pack 'age'");
    ((tmp, dir), stdout.into_owned())
}

/// What `ldd --version` prints on glibc (Debian 12) and on musl (Alpine
/// 3.20, which prints it to stderr and exits 1).
const GLIBC_LDD: &str = "echo 'ldd (Debian GLIBC 2.36-9+deb12u9) 2.36'";
const MUSL_LDD: &str = "echo 'musl libc (x86_64)' >&2; echo 'Version 1.2.5' >&2; exit 1";

/// Runs `launcher` with a `uname` on PATH that answers `system` and
/// `machine`, and an `ldd` of glibc.
fn launch(launcher: &Path, system: &str, machine: &str) -> Output {
    launch_with(launcher, system, machine, GLIBC_LDD)
}

/// Runs `launcher` with a faked `uname` and an `ldd` running `ldd`.
fn launch_with(launcher: &Path, system: &str, machine: &str, ldd: &str) -> Output {
    let fake = tempfile::tempdir().expect("tempdir");
    write_script(
        &fake.path().join("uname"),
        &format!(
            "#!/bin/sh\ncase \"$1\" in -s) echo {system} ;; -m) echo {machine} ;; *) exit 1 ;; esac\n"
        ),
    );
    write_script(&fake.path().join("ldd"), &format!("#!/bin/sh\n{ldd}\n"));
    let path = format!(
        "{}:{}",
        fake.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(launcher)
        .args(["hook", "a b", "it's"])
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .expect("runs the launcher")
}

#[test]
fn the_sh_launcher_starts_the_build_for_each_platform() {
    let (_tmp, dir) = package("claude");
    let launcher = dir.join("bin").join(BIN);
    for (system, machine, triple) in [
        ("Linux", "x86_64", "x86_64-unknown-linux-gnu"),
        ("Linux", "aarch64", "aarch64-unknown-linux-gnu"),
        ("Darwin", "arm64", "aarch64-apple-darwin"),
        ("Darwin", "x86_64", "x86_64-apple-darwin"),
        // Git Bash on Windows, where Claude Code runs command hooks.
        ("MINGW64_NT-10.0-22631", "x86_64", "x86_64-pc-windows-msvc"),
    ] {
        let out = launch(&launcher, system, machine);
        assert!(out.status.success(), "{system}/{machine}: {out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{triple}\nhook\na b\nit's\n"),
            "{system}/{machine} starts the {triple} build with the arguments as given"
        );
    }
}

/// With a `gnu` and a `musl` build for x86_64 Linux, the C library
/// decides; aarch64 has only a `gnu` build, which both take.
#[test]
fn the_sh_launcher_starts_the_musl_build_on_musl_and_the_gnu_build_on_glibc() {
    let (_tmp, dir) = package("claude");
    let launcher = dir.join("bin").join(BIN);
    let loader_is_musl = Path::new("/lib/ld-musl-x86_64.so.1").exists();
    for (ldd, machine, triple) in [
        (MUSL_LDD, "x86_64", "x86_64-unknown-linux-musl"),
        (GLIBC_LDD, "x86_64", "x86_64-unknown-linux-gnu"),
        (MUSL_LDD, "aarch64", "aarch64-unknown-linux-gnu"),
        (GLIBC_LDD, "aarch64", "aarch64-unknown-linux-gnu"),
        // No word from `ldd` (a system without it): musl's loader decides.
        (
            "exit 127",
            "x86_64",
            if loader_is_musl {
                "x86_64-unknown-linux-musl"
            } else {
                "x86_64-unknown-linux-gnu"
            },
        ),
    ] {
        let out = launch_with(&launcher, "Linux", machine, ldd);
        assert!(out.status.success(), "{ldd}/{machine}: {out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{triple}\nhook\na b\nit's\n"),
            "`{ldd}` on {machine}: the {triple} build"
        );
    }
    // Not asked on other systems: macOS has no `ldd`.
    let out = launch_with(&launcher, "Darwin", "arm64", "exit 99");
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("aarch64-apple-darwin\n"),
        "{out:?}"
    );

    // A package with the musl build alone starts it on glibc too.
    let tmp = tempfile::tempdir().expect("tempdir");
    let build = tmp.path().join("musl").join(BIN);
    write_script(&build, "#!/bin/sh\necho musl-only\n");
    let out = export(
        tmp.path(),
        &[
            "claude",
            "pack",
            "--bin",
            &format!("x86_64-unknown-linux-musl={}", build.display()),
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let out = launch_with(
        &tmp.path().join("pack/bin").join(BIN),
        "Linux",
        "x86_64",
        GLIBC_LDD,
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "musl-only\n",
        "{out:?}"
    );
}

#[test]
fn an_unknown_platform_fails_naming_it_and_the_triples_the_package_has() {
    let (_tmp, dir) = package("claude");
    let out = launch(&dir.join("bin").join(BIN), "FreeBSD", "riscv64");
    assert_eq!(out.status.code(), Some(127), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no binary for FreeBSD/riscv64 in this package"),
        "{stderr}"
    );
    for triple in TRIPLES {
        assert!(stderr.contains(triple), "{triple} missing: {stderr}");
    }
}

#[test]
fn each_build_is_shipped_under_its_triple_with_exe_on_windows() {
    let (_tmp, dir) = package("claude");
    for triple in TRIPLES {
        let name = if triple.contains("windows") {
            format!("{BIN}.exe")
        } else {
            BIN.to_owned()
        };
        let path = dir.join("bin").join(triple).join(name);
        assert!(path.is_file(), "{} missing", path.display());
    }
    // Claude Code starts `bin/<name>` in exec form on Windows through
    // libuv, which tries `<name>.com` and `<name>.exe`: the Windows build
    // is there too, and no `.com` could come first.
    assert_eq!(
        std::fs::read(dir.join("bin").join(format!("{BIN}.exe"))).expect("bin/<name>.exe"),
        std::fs::read(
            dir.join("bin/x86_64-pc-windows-msvc")
                .join(format!("{BIN}.exe"))
        )
        .expect("the Windows build"),
    );
    assert!(!dir.join("bin").join(format!("{BIN}.com")).exists());
    // The hooks still name `bin/<name>` in exec form: the launcher.
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("hooks/hooks.json")).expect("hooks.json"),
    )
    .expect("JSON");
    let entry = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(
        entry["command"],
        json!(format!("${{CLAUDE_PLUGIN_ROOT}}/bin/{BIN}"))
    );
    assert!(entry["args"].is_array(), "exec form: {entry}");
}

/// The launchers as written, against `tests/fixtures/launchers`
/// (`TACKLE_GOLDEN=overwrite` rewrites them; read every change).
#[test]
fn the_launchers_match_their_goldens() {
    let (_tmp, dir) = package("claude");
    for (file, golden) in [
        (BIN.to_owned(), "launcher.sh"),
        (format!("{BIN}.cmd"), "launcher.cmd"),
    ] {
        let written = std::fs::read_to_string(dir.join("bin").join(&file)).expect("launcher");
        let path = fixtures().join(golden);
        if tackle_tests::recorded::overwrite() {
            std::fs::create_dir_all(fixtures()).expect("mkdir");
            std::fs::write(&path, &written).expect("writes the golden");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; write it with TACKLE_GOLDEN=overwrite",
                path.display()
            )
        });
        assert_eq!(written, expected, "{file} differs from {}", path.display());
    }
    let cmd = std::fs::read_to_string(fixtures().join("launcher.cmd")).expect("golden");
    assert!(
        cmd.contains(&format!("\"%~dp0%triple%\\{BIN}.exe\" %*")),
        "the .cmd starts the .exe from its own folder, quoted: {cmd}"
    );
    assert!(!cmd.contains("CLAUDE_PLUGIN_ROOT"), "{cmd}");
    // A 32-bit agent on 64-bit Windows: the machine's architecture is in
    // PROCESSOR_ARCHITEW6432, and it wins over PROCESSOR_ARCHITECTURE.
    let arch = cmd
        .find("set \"arch=%PROCESSOR_ARCHITECTURE%\"")
        .expect("the architecture");
    let wow = cmd
        .find("if defined PROCESSOR_ARCHITEW6432 set \"arch=%PROCESSOR_ARCHITEW6432%\"")
        .expect("the 64-bit machine's architecture under a 32-bit process");
    let pick = cmd
        .find("if /i \"%arch%\"==\"AMD64\"")
        .expect("picks by it");
    assert!(arch < wow && wow < pick, "{cmd}");
}

/// The real host shipped for this machine's triple, started through the
/// launcher as Claude Code starts the hook (exec form, real `uname`):
/// guard refuses `rm -rf /`.
#[test]
fn a_hook_runs_through_the_launcher_on_this_machine() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("with space");
    let work = tmp.path().join("work");
    std::fs::create_dir_all(&work).expect("mkdir");
    let triple = "x86_64-unknown-linux-gnu";
    let out = export(
        &work,
        &[
            "claude",
            dir.to_str().expect("utf-8"),
            "--bin",
            &format!("{triple}={HOST}"),
        ],
    );
    assert!(out.status.success(), "export: {out:?}");
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("hooks/hooks.json")).expect("hooks.json"),
    )
    .expect("JSON");
    let entry = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    let (program, args) = tackle_tests::claude::exec_form(entry, &dir);
    let event = json!({
        "session_id": "s1",
        "cwd": work,
        "transcript_path": "/dev/null",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf /"},
        "tool_use_id": "t1",
    });
    let mut child = Command::new(program)
        .args(args)
        .current_dir(&work)
        .env("CLAUDE_PLUGIN_ROOT", &dir)
        .env("TACKLE_HOME", work.join(".tackle-home"))
        .env("TACKLE_TRUST_PROJECT", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts the launcher");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(event.to_string().as_bytes())
            .expect("writes");
    }
    let out = child.wait_with_output().expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("guard refused `rm -rf /`"),
        "the shipped build answered: {out:?}"
    );
}

#[test]
fn a_bad_bin_argument_is_a_usage_error_and_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    for (arg, says) in [
        (
            "x86_64-windows=/bin/sh".to_owned(),
            "unknown target triple `x86_64-windows`",
        ),
        (
            "x86_64-apple-darwin=/no/such/build".to_owned(),
            "`/no/such/build` is not a file",
        ),
        ("/bin/sh".to_owned(), "expected TRIPLE=PATH"),
    ] {
        let out = export(
            tmp.path(),
            &["claude", dir.to_str().expect("utf-8"), "--bin", &arg],
        );
        assert_eq!(out.status.code(), Some(2), "{arg}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{arg}: {stderr}");
        assert!(!dir.exists(), "{arg}: nothing is written");
    }
    let out = export(
        tmp.path(),
        &[
            "claude",
            dir.to_str().expect("utf-8"),
            "--bin",
            &format!("x86_64-unknown-linux-gnu={HOST}"),
            "--bin",
            &format!("x86_64-unknown-linux-gnu={HOST}"),
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`--bin x86_64-unknown-linux-gnu=...` is given twice"),
        "{stderr}"
    );
    assert!(!dir.exists(), "a duplicate writes nothing");
}

/// Copilot CLI runs `powershell` instead of `bash` on Windows: with a
/// Windows build shipped, each hook has one, starting the `.cmd` launcher
/// by its backslashed path from the repository's root.
#[test]
fn copilot_hooks_get_a_powershell_form_for_windows() {
    let (_tmp, dir) = package("copilot");
    let file = dir.join(format!(".github/hooks/{BIN}.json"));
    let hooks: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("hooks")).expect("JSON");
    let entry = &hooks["hooks"]["preToolUse"][0];
    assert_eq!(
        entry["bash"],
        json!(format!("./.github/hooks/bin/{BIN} hook copilot preToolUse"))
    );
    assert_eq!(
        entry["powershell"],
        json!(format!(
            "& .\\.github\\hooks\\bin\\{BIN}.cmd hook copilot preToolUse"
        ))
    );
    assert!(dir.join(format!(".github/hooks/bin/{BIN}.cmd")).is_file());
}

/// VS Code's `windows` override starts the `.cmd` launcher; `command`
/// (Linux and macOS) the `sh` one.
#[test]
fn vscode_hooks_start_the_cmd_launcher_on_windows() {
    let (_tmp, dir) = package("vscode");
    let file = dir.join(format!(".github/hooks/{BIN}-vscode.json"));
    let hooks: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("hooks")).expect("JSON");
    let entry = &hooks["hooks"]["PreToolUse"][0];
    assert_eq!(
        entry["command"],
        json!(format!("./.github/hooks/bin/{BIN} hook vscode PreToolUse"))
    );
    assert_eq!(
        entry["windows"],
        json!(format!(
            ".\\.github\\hooks\\bin\\{BIN}.cmd hook vscode PreToolUse"
        ))
    );
}

/// Codex runs `commandWindows` instead of `command` on Windows, through
/// `cmd /C`: the `.cmd` launcher by the plugin's folder Codex sets in
/// `PLUGIN_ROOT`, double-quoted for cmd; `command` stays the `sh` line.
#[test]
fn codex_hooks_get_a_cmd_form_for_windows() {
    let (_tmp, dir) = package("codex");
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("hooks/hooks.json")).expect("hooks"),
    )
    .expect("JSON");
    let entry = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(
        entry["command"],
        json!(format!("\"$PLUGIN_ROOT/bin/{BIN}\" hook codex PreToolUse"))
    );
    assert_eq!(
        entry["commandWindows"],
        json!(format!(
            "\"%PLUGIN_ROOT%\\bin\\{BIN}.cmd\" hook codex PreToolUse"
        ))
    );
    assert!(dir.join(format!("bin/{BIN}.cmd")).is_file());
}

/// Each agent's Windows form of one hook command (`PreToolUse`, or the
/// agent's name for it), as a package with a Windows build writes it,
/// against `tests/fixtures/launchers/windows-hooks.json`
/// (`TACKLE_GOLDEN=overwrite` rewrites it; read every change). The
/// package's folder is written `<PACKAGE>`.
#[test]
fn the_windows_hook_commands_match_their_golden() {
    let forms: [(&str, String, &str); 3] = [
        (
            "codex",
            "hooks/hooks.json".to_owned(),
            "/hooks/PreToolUse/0/hooks/0/commandWindows",
        ),
        (
            "copilot",
            format!(".github/hooks/{BIN}.json"),
            "/hooks/preToolUse/0/powershell",
        ),
        (
            "vscode",
            format!(".github/hooks/{BIN}-vscode.json"),
            "/hooks/PreToolUse/0/windows",
        ),
    ];
    let mut written = serde_json::Map::new();
    for (agent, file, pointer) in forms {
        let (_tmp, dir) = package(agent);
        let value: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(&file)).expect("hooks"))
                .expect("JSON");
        let command = value
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("{agent}: no {pointer} in {file}: {value}"));
        let command = command.replace(dir.to_str().expect("utf-8"), "<PACKAGE>");
        written.insert(agent.to_owned(), Value::String(command));
    }
    let written = format!(
        "{}\n",
        serde_json::to_string_pretty(&Value::Object(written)).expect("JSON")
    );
    let path = fixtures().join("windows-hooks.json");
    if tackle_tests::recorded::overwrite() {
        std::fs::write(&path, &written).expect("writes the golden");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; write it with TACKLE_GOLDEN=overwrite",
            path.display()
        )
    });
    assert_eq!(written, expected, "differs from {}", path.display());
}

/// Without `--bin`, no launcher and no Windows-only field: the package is
/// what it was.
#[test]
fn without_bin_the_package_ships_the_running_binary_alone() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let out = export(tmp.path(), &["copilot", dir.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{out:?}");
    let bin = dir.join(format!(".github/hooks/bin/{BIN}"));
    assert_eq!(
        std::fs::read(&bin).expect("binary"),
        std::fs::read(HOST).expect("host"),
        "the binary itself, no launcher"
    );
    assert!(!dir.join(format!(".github/hooks/bin/{BIN}.cmd")).exists());
    let hooks =
        std::fs::read_to_string(dir.join(format!(".github/hooks/{BIN}.json"))).expect("hooks");
    assert!(!hooks.contains("powershell"), "{hooks}");
}

/// Starts the OpenCode plugin's `tool.execute.before` for a `bash` call
/// under `node`, with `process.platform` and `process.arch` as given.
const OPENCODE_ON: &str = r#"
import { pathToFileURL } from "node:url";
const [shim, cwd, platform, arch] = process.argv.slice(2);
Object.defineProperty(process, "platform", { value: platform });
Object.defineProperty(process, "arch", { value: arch });
const mod = await import(pathToFileURL(shim).href);
const hooks = await mod.TacklePlugin({ directory: cwd });
let threw = null;
try {
  await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s1", callID: "c1" }, { args: { command: "ls" } });
} catch (error) {
  threw = error.message;
}
console.log(JSON.stringify({ threw }));
"#;

/// Node starts no `.cmd` without a shell: on Windows the OpenCode shim
/// starts the `.exe` for `process.arch` itself (ARM64 falling back to the
/// x64 build), elsewhere the `sh` launcher. Each stand-in build refuses
/// the call naming its triple, so the refusal tells which one ran.
#[test]
fn the_opencode_shim_starts_the_windows_build_itself() {
    if std::env::var_os("TACKLE_SKIP_AGENT_CLIS").is_some_and(|v| v == "1") {
        eprintln!("TACKLE_SKIP_AGENT_CLIS=1: node is not required; skipped");
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let work = tmp.path().join("work");
    let dir = tmp.path().join("a project");
    std::fs::create_dir_all(&work).expect("mkdir");
    let mut args = vec!["opencode".to_owned(), dir.to_string_lossy().into_owned()];
    for triple in ["x86_64-unknown-linux-gnu", "x86_64-pc-windows-msvc"] {
        let build = tmp.path().join("builds").join(triple).join(BIN);
        write_script(
            &build,
            &format!(
                "#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '{{\"decision\": \"deny\", \"reason\": \"ran {triple}\"}}'\n"
            ),
        );
        args.push("--bin".to_owned());
        args.push(format!("{triple}={}", build.display()));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = export(&work, &args);
    assert!(out.status.success(), "export: {out:?}");
    let shim = dir.join(format!(".opencode/plugins/{BIN}.js"));
    let check = work.join("check.mjs");
    std::fs::write(&check, OPENCODE_ON).expect("writes");
    for (platform, arch, ran) in [
        ("win32", "x64", "x86_64-pc-windows-msvc"),
        ("win32", "arm64", "x86_64-pc-windows-msvc"),
        ("linux", "x64", "x86_64-unknown-linux-gnu"),
    ] {
        let out = Command::new("node")
            .arg(&check)
            .arg(&shim)
            .arg(&work)
            .arg(platform)
            .arg(arch)
            .current_dir(&work)
            .env("TACKLE_HOME", work.join(".tackle-home"))
            .stdin(Stdio::null())
            .output()
            .expect("runs node");
        assert!(out.status.success(), "{platform}/{arch}: {out:?}");
        let reply: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let threw = reply["threw"].as_str().unwrap_or_default();
        assert!(
            threw.contains(&format!("ran {ran}")),
            "{platform}/{arch} should start the {ran} build: {reply}"
        );
    }
}

/// A package with a hook-only build per target: each agent's hook
/// commands, for Windows and elsewhere, name the hook build's launcher (or
/// its `.exe`) where they named the host's, against
/// `tests/fixtures/hook-lines/hook-builds.json` (`TACKLE_GOLDEN=overwrite`
/// rewrites it; read every change); and the line as a shell runs it
/// starts this machine's hook build, not the host's.
#[test]
fn hook_commands_name_the_hook_builds_and_match_their_golden() {
    let forms: [(&str, &str, &[&str], String, &str); 6] = [
        (
            "codex",
            "",
            &[],
            "hooks/hooks.json".to_owned(),
            "/hooks/PreToolUse/0/hooks/0/command",
        ),
        (
            "codex",
            "windows",
            &[],
            "hooks/hooks.json".to_owned(),
            "/hooks/PreToolUse/0/hooks/0/commandWindows",
        ),
        (
            "copilot",
            "windows",
            &[],
            format!(".github/hooks/{BIN}.json"),
            "/hooks/preToolUse/0/powershell",
        ),
        (
            "vscode",
            "windows",
            &[],
            format!(".github/hooks/{BIN}-vscode.json"),
            "/hooks/PreToolUse/0/windows",
        ),
        (
            "gemini",
            "windows",
            &["--os", "windows"],
            "hooks/hooks.json".to_owned(),
            "/hooks/BeforeTool/0/hooks/0/env/TACKLE_BIN",
        ),
        (
            "claude",
            "",
            &[],
            "hooks/hooks.json".to_owned(),
            "/hooks/PreToolUse/0/hooks/0/command",
        ),
    ];
    let mut written = serde_json::Map::new();
    for (agent, system, extra, file, pointer) in forms {
        let (_tmp, dir) = package_with_hook_builds(agent, extra);
        let value: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(&file)).expect("hooks"))
                .expect("JSON");
        let command = value
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("{agent}: no {pointer} in {file}: {value}"));
        let command = command.replace(dir.to_str().expect("utf-8"), "<PACKAGE>");
        let key = if system.is_empty() {
            agent.to_owned()
        } else {
            format!("{agent} ({system})")
        };
        written.insert(key, Value::String(command));
        if agent == "codex" && system.is_empty() {
            // The line as Codex's shell runs it, PLUGIN_ROOT set: the sh
            // launcher starts this machine's hook build.
            let line = value
                .pointer(pointer)
                .and_then(Value::as_str)
                .expect("line");
            let out = Command::new("sh")
                .arg("-c")
                .arg(line)
                .env("PLUGIN_ROOT", &dir)
                .stdin(Stdio::null())
                .output()
                .expect("runs sh");
            assert!(out.status.success(), "{out:?}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                "hook-build\nx86_64-unknown-linux-gnu\nhook\ncodex\nPreToolUse\n"
            );
        }
        // Every build's hook build is in the package, beside the host's.
        for triple in TRIPLES {
            let file = if triple.contains("-windows-") {
                format!("{BIN}-hook.exe")
            } else {
                format!("{BIN}-hook")
            };
            let bin_dir = match agent {
                "copilot" | "vscode" => dir.join(".github/hooks/bin"),
                _ => dir.join("bin"),
            };
            assert!(
                bin_dir.join(triple).join(&file).is_file(),
                "{agent}: {triple}"
            );
        }
    }
    let written = format!(
        "{}\n",
        serde_json::to_string_pretty(&Value::Object(written)).expect("JSON")
    );
    check_golden(&written, "hook-builds.json");
}

/// Checks `written` against the golden `tests/fixtures/hook-lines/NAME`
/// (`TACKLE_GOLDEN=overwrite` rewrites it; read every change).
fn check_golden(written: &str, name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/hook-lines")
        .join(name);
    if tackle_tests::recorded::overwrite() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, written).expect("writes the golden");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; write it with TACKLE_GOLDEN=overwrite",
            path.display()
        )
    });
    assert_eq!(written, expected, "differs from {}", path.display());
}

/// The PowerShell line of a package for Windows, for `agent`'s `event`.
fn powershell_line(agent: &str, event: &str) -> String {
    format!("$LASTEXITCODE = 127; & $env:TACKLE_BIN hook {agent} {event}; exit $LASTEXITCODE")
}

/// Gemini CLI runs a hook's one `command` with `bash -c`, and on Windows
/// with PowerShell: `--os windows` writes PowerShell lines that start the
/// Windows build, named by `env` as on Linux and macOS; the default keeps
/// the bash line and says how Windows users are served.
#[test]
fn gemini_hook_lines_are_written_for_the_system_asked() {
    let ((_tmp, dir), stdout) = package_with("gemini", &["--os", "windows"]);
    let text = std::fs::read_to_string(dir.join("hooks/hooks.json")).expect("hooks.json");
    check_golden(&text, "gemini-windows.hooks.json");
    let hooks: Value = serde_json::from_str(&text).expect("JSON");
    let entry = &hooks["hooks"]["BeforeTool"][0]["hooks"][0];
    assert_eq!(
        entry["command"],
        json!(powershell_line("gemini", "BeforeTool"))
    );
    assert_eq!(
        entry["env"]["TACKLE_BIN"],
        json!(format!("${{extensionPath}}${{/}}bin${{/}}{BIN}.exe"))
    );
    assert!(dir.join("bin").join(format!("{BIN}.exe")).is_file());
    assert!(
        stdout.contains("the hook lines are PowerShell, for Gemini CLI on Windows"),
        "{stdout}"
    );

    let ((_tmp, dir), stdout) = package_with("gemini", &["--os", "unix"]);
    let text = std::fs::read_to_string(dir.join("hooks/hooks.json")).expect("hooks.json");
    check_golden(&text, "gemini-unix.hooks.json");
    assert!(
        stdout.contains(&format!(
            "Windows users run `{BIN} install gemini` there, or take a package exported with `--os windows`"
        )),
        "{stdout}"
    );
    // The bash line, with `${extensionPath}` and `${/}` filled in as
    // Gemini does, runs the launcher from a folder with a space and a
    // quote, which hands the arguments to this machine's build.
    let hooks: Value = serde_json::from_str(&text).expect("JSON");
    let entry = &hooks["hooks"]["BeforeTool"][0]["hooks"][0];
    let program = entry["env"]["TACKLE_BIN"]
        .as_str()
        .expect("a path")
        .replace("${extensionPath}", &dir.to_string_lossy())
        .replace("${/}", "/");
    let out = Command::new("bash")
        .arg("-c")
        .arg(entry["command"].as_str().expect("a line"))
        .env("TACKLE_BIN", &program)
        .stdin(Stdio::null())
        .output()
        .expect("runs bash");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        printed.ends_with("\nhook\ngemini\nBeforeTool\n"),
        "{printed}"
    );
}

/// Qwen Code runs a hook with the shell it names: `--os windows` names
/// PowerShell (`powershell -Command`) and writes its line.
#[test]
fn qwen_hooks_for_windows_name_powershell() {
    let ((_tmp, dir), stdout) = package_with("qwen", &["--os", "windows"]);
    let text = std::fs::read_to_string(dir.join("qwen-extension.json")).expect("manifest");
    check_golden(&text, "qwen-windows.qwen-extension.json");
    let manifest: Value = serde_json::from_str(&text).expect("JSON");
    let entry = &manifest["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(entry["shell"], json!("powershell"));
    assert_eq!(
        entry["command"],
        json!(powershell_line("qwen", "PreToolUse"))
    );
    assert_eq!(
        entry["env"]["TACKLE_BIN"],
        json!(format!("${{extensionPath}}${{/}}bin${{/}}{BIN}.exe"))
    );
    assert!(stdout.contains("for Qwen Code on Windows"), "{stdout}");

    let (_tmp, dir) = package("qwen");
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("qwen-extension.json")).expect("manifest"),
    )
    .expect("JSON");
    let entry = &manifest["hooks"]["PreToolUse"][0]["hooks"][0];
    assert!(entry.get("shell").is_none(), "{entry}");
    assert_eq!(
        entry["command"],
        json!("\"$TACKLE_BIN\" hook qwen PreToolUse")
    );
}

/// A multi-platform package for Windows without a Windows build has
/// nothing its PowerShell lines could start: refused, nothing written.
#[test]
fn hook_lines_for_windows_need_a_windows_build() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let build = tmp.path().join("linux").join(BIN);
    write_script(&build, "#!/bin/sh\n");
    let dir = tmp.path().join("out");
    for agent in ["gemini", "qwen"] {
        let out = export(
            tmp.path(),
            &[
                agent,
                dir.to_str().expect("utf-8"),
                "--os",
                "windows",
                "--bin",
                &format!("x86_64-unknown-linux-gnu={}", build.display()),
            ],
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{agent}: {out:?}");
        assert!(
            stderr.contains("hook lines for Windows (`--os windows`) need a Windows build"),
            "{agent}: {stderr}"
        );
        assert!(!dir.exists(), "{agent}: nothing written");
    }
    let out = export(tmp.path(), &["gemini", "x", "--os", "mac"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown system `mac`: expected unix or windows"),
        "{stderr}"
    );
}
