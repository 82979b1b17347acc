//! `export --hook-bin`: a package ships the hook-only build beside the
//! host, its hook commands run it and answer as the host would, while
//! what needs the command line (the MCP server) keeps naming the host; the
//! build beside the host is found without the flag; a bad one is refused
//! with nothing written.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use tackle_runtime::agents::Agent;
use tackle_tests::claude::rm_rf;

/// guard, doomloop, read_before_edit, metrics, with the whole command line.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// The same plugins in a hook-only binary (`tackle_runtime::hook::main`).
const HOOK_ONLY: &str = env!("CARGO_BIN_EXE_tackle-export-hook-only");
/// What the hook-only build is called in a package of `HOST`.
const HOOK_NAME: &str = "tackle-export-host-hook";

#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `command` with `stdin`, session values kept in `cwd/.tackle-home`.
fn run(mut command: Command, cwd: &Path, stdin: &str) -> Run {
    let child = command
        .current_dir(cwd)
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .env("TACKLE_HOME", cwd.join(".tackle-home"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let out = tackle_tests::process::finish(child, stdin.as_bytes());
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `bin export ARGS...` in `cwd`.
fn export(bin: &Path, cwd: &Path, args: &[&str]) -> Run {
    let mut command = Command::new(bin);
    command.arg("export").args(args);
    run(command, cwd, "")
}

/// A temp folder, a working folder in it, and a package folder whose path
/// has spaces and quotes.
fn setup() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path().join("work");
    std::fs::create_dir_all(&cwd).expect("mkdir");
    let dir = tmp.path().join("a dir with 'q'/out");
    (tmp, cwd, dir)
}

fn json_file(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the full host answers to `event` at `hook <agent> <event_name>`.
fn host_answer(agent: &str, event_name: &str, cwd: &Path, event: &Value) -> Run {
    let mut command = Command::new(HOST);
    command.args(["hook", agent, event_name]);
    run(command, cwd, &event.to_string())
}

/// Whether `path` is a copy of `original`.
fn same_file(path: &Path, original: &str) -> bool {
    std::fs::read(path).ok() == std::fs::read(original).ok()
}

#[test]
fn claude_hooks_run_the_hook_only_build_and_the_mcp_server_the_host() {
    let (_tmp, cwd, dir) = setup();
    let out = export(
        Path::new(HOST),
        &cwd,
        &[
            "claude",
            dir.to_str().expect("utf-8"),
            "--hook-bin",
            HOOK_ONLY,
        ],
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains(&format!(
            "note: the hooks run `{HOOK_NAME}`, the hook-only build (copied from `{HOOK_ONLY}`); the MCP server and commands `tackle-export-host`"
        )),
        "{out:?}"
    );
    assert!(same_file(&dir.join("bin").join(HOOK_NAME), HOOK_ONLY));
    assert!(same_file(&dir.join("bin/tackle-export-host"), HOST));

    let hooks = json_file(&dir.join("hooks/hooks.json"));
    let commands: Vec<&str> = hooks["hooks"]
        .as_object()
        .expect("events")
        .values()
        .flat_map(|groups| groups.as_array().expect("groups"))
        .flat_map(|group| group["hooks"].as_array().expect("entries"))
        .map(|entry| entry["command"].as_str().expect("a command"))
        .collect();
    assert!(!commands.is_empty());
    let hook_bin = format!("${{CLAUDE_PLUGIN_ROOT}}/bin/{HOOK_NAME}");
    assert!(commands.iter().all(|c| *c == hook_bin), "{commands:?}");
    let servers = json_file(&dir.join(".mcp.json"));
    assert_eq!(
        servers["mcpServers"]["tackle-export-host"]["command"],
        "${CLAUDE_PLUGIN_ROOT}/bin/tackle-export-host"
    );

    // The hook as Claude Code runs it: the same answer as the host's.
    let pre = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    let (program, args) = tackle_tests::claude::exec_form(pre, &dir);
    let mut command = Command::new(&program);
    command.args(&args).env("CLAUDE_PLUGIN_ROOT", &dir);
    let event = rm_rf(&cwd);
    let hooked = run(command, &cwd, &event.to_string());
    let host = host_answer("claude", "PreToolUse", &cwd, &event);
    assert_eq!(hooked.code, 0, "{hooked:?}");
    let reply: Value = serde_json::from_str(&hooked.stdout).expect("a JSON reply");
    assert_eq!(reply["hookSpecificOutput"]["permissionDecision"], "deny");
    assert_eq!((hooked.code, &hooked.stdout), (host.code, &host.stdout));
}

/// A copy of the host in a folder of its own, with the hook-only build
/// beside it when `with_hook`: as `cargo build --profile hook` leaves
/// both in `target/hook/`.
fn host_folder(root: &Path, with_hook: bool) -> PathBuf {
    let dir = root.join("target-hook");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let host = dir.join("my-host");
    std::fs::copy(HOST, &host).expect("copies the host");
    if with_hook {
        std::fs::copy(HOOK_ONLY, dir.join("my-host-hook")).expect("copies the hook build");
    }
    host
}

#[test]
fn the_hook_build_beside_the_host_is_found_without_the_flag() {
    let (tmp, cwd, dir) = setup();
    let host = host_folder(tmp.path(), true);
    let out = export(&host, &cwd, &["codex", dir.to_str().expect("utf-8")]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(same_file(&dir.join("bin/my-host-hook"), HOOK_ONLY));
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    let command = hooks["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .expect("a command");
    assert_eq!(
        command,
        "\"$PLUGIN_ROOT/bin/my-host-hook\" hook codex PreToolUse"
    );
    // The MCP server, which needs the command line, is the host.
    let servers = json_file(&dir.join(".mcp.json"));
    let server = servers["mcpServers"]["my-host"]["command"]
        .as_str()
        .expect("a command");
    assert!(server.ends_with("/bin/my-host"), "{server}");

    // As Codex runs it: through the shell, with PLUGIN_ROOT set.
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command).env("PLUGIN_ROOT", &dir);
    let event = rm_rf(&cwd);
    let hooked = run(sh, &cwd, &event.to_string());
    let host_reply = host_answer("codex", "PreToolUse", &cwd, &event);
    assert_eq!(hooked.code, 0, "{hooked:?}");
    assert!(hooked.stdout.contains("\"deny\""), "{hooked:?}");
    assert_eq!(
        (hooked.code, &hooked.stdout),
        (host_reply.code, &host_reply.stdout)
    );

    // Without one beside it, the hooks run the host, as they always did.
    let alone = tempfile::tempdir().expect("tempdir");
    let host = host_folder(alone.path(), false);
    let plain = alone.path().join("plain");
    let out = export(&host, &cwd, &["codex", plain.to_str().expect("utf-8")]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!plain.join("bin/my-host-hook").exists());
    let hooks = json_file(&plain.join("hooks/hooks.json"));
    assert_eq!(
        hooks["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        "\"$PLUGIN_ROOT/bin/my-host\" hook codex PreToolUse"
    );
}

#[test]
fn a_bad_hook_build_is_refused_naming_the_flag_and_the_path_with_nothing_written() {
    let (tmp, cwd, dir) = setup();
    let target = dir.to_str().expect("utf-8");
    let missing = tmp.path().join("no-such-hook");
    let missing = missing.to_str().expect("utf-8");
    let out = export(
        Path::new(HOST),
        &cwd,
        &["claude", target, "--hook-bin", missing],
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.starts_with(&format!(
            "error: cannot ship the hook binary: `--hook-bin {missing}` cannot be read: "
        )),
        "{out:?}"
    );
    assert!(!dir.exists(), "nothing written");

    // Not executable: a file that is not a build.
    let text = tmp.path().join("notes.txt");
    std::fs::write(&text, "not a binary").expect("writes");
    let out = export(
        Path::new(HOST),
        &cwd,
        &[
            "claude",
            target,
            "--hook-bin",
            text.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains(&format!(
            "`--hook-bin {}` is not executable; it must be the hook-only build",
            text.display()
        )),
        "{out:?}"
    );
    assert!(!dir.exists(), "nothing written");

    // The same for one found beside the host.
    let host = host_folder(tmp.path(), false);
    let beside = host.with_file_name("my-host-hook");
    std::fs::write(&beside, "not a binary").expect("writes");
    let out = export(&host, &cwd, &["claude", target]);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains(&format!(
            "`{}` (found beside the host binary) is not executable",
            beside.display()
        )),
        "{out:?}"
    );
    assert!(!dir.exists(), "nothing written");

    // A second PATH, and a target's build for a package of one binary.
    let out = export(
        Path::new(HOST),
        &cwd,
        &[
            "claude",
            target,
            "--hook-bin",
            HOOK_ONLY,
            "--hook-bin",
            HOOK_ONLY,
        ],
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains("a package ships one hook-only build"),
        "{out:?}"
    );
    let triple = format!("x86_64-unknown-linux-gnu={HOOK_ONLY}");
    let out = export(
        Path::new(HOST),
        &cwd,
        &["claude", target, "--hook-bin", &triple],
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains("the package ships one binary"),
        "{out:?}"
    );
    assert!(!dir.exists(), "nothing written");
}

#[test]
fn builds_per_target_carry_a_hook_build_each_behind_a_launcher() {
    let (_tmp, cwd, dir) = setup();
    let linux = "x86_64-unknown-linux-gnu";
    let windows = "x86_64-pc-windows-msvc";
    let bins = [
        format!("{linux}={HOST}"),
        format!("{windows}={HOST}"),
        format!("{linux}={HOOK_ONLY}"),
        format!("{windows}={HOOK_ONLY}"),
    ];
    let target = dir.to_str().expect("utf-8");
    let mut args = vec!["claude", target];
    for (flag, bin) in ["--bin", "--bin", "--hook-bin", "--hook-bin"]
        .iter()
        .zip(&bins)
    {
        args.extend([*flag, bin.as_str()]);
    }
    let out = export(Path::new(HOST), &cwd, &args);
    assert_eq!(out.code, 0, "{out:?}");
    let bin = dir.join("bin");
    assert!(same_file(&bin.join(linux).join(HOOK_NAME), HOOK_ONLY));
    assert!(same_file(
        &bin.join(windows).join(format!("{HOOK_NAME}.exe")),
        HOOK_ONLY
    ));
    // Claude Code on Windows starts `bin/<name>.exe` for `bin/<name>`.
    assert!(same_file(&bin.join(format!("{HOOK_NAME}.exe")), HOOK_ONLY));
    let launcher = std::fs::read_to_string(bin.join(HOOK_NAME)).expect("the launcher");
    assert!(launcher.starts_with("#!/bin/sh\n"), "{launcher}");
    assert!(bin.join(format!("{HOOK_NAME}.cmd")).is_file());

    // The hook, as Claude Code runs it here, through the launcher.
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    let pre = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    let (program, args) = tackle_tests::claude::exec_form(pre, &dir);
    assert!(program.ends_with(&format!("/bin/{HOOK_NAME}")), "{program}");
    let mut command = Command::new(&program);
    command.args(&args);
    let hooked = run(command, &cwd, &rm_rf(&cwd).to_string());
    assert_eq!(hooked.code, 0, "{hooked:?}");
    assert!(hooked.stdout.contains("\"deny\""), "{hooked:?}");

    // A hook build for some targets only is refused, naming the others.
    let partial = dir.with_file_name("partial");
    let out = export(
        Path::new(HOST),
        &cwd,
        &[
            "claude",
            partial.to_str().expect("utf-8"),
            "--bin",
            &bins[0],
            "--bin",
            &bins[1],
            "--hook-bin",
            &bins[2],
        ],
    );
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains(&format!(
            "hook-only builds for {linux} but none for {windows}"
        )),
        "{out:?}"
    );
    assert!(!partial.exists());
}

/// Every agent's package ships the hook-only build beside the host, and
/// its hook commands name it: no hook command is left naming the host.
#[test]
fn every_agents_package_names_the_hook_build_in_its_hooks() {
    let (_tmp, cwd, root) = setup();
    for agent in Agent::ALL {
        let dir = root.join(agent.name());
        let out = export(
            Path::new(HOST),
            &cwd,
            &[
                agent.name(),
                dir.to_str().expect("utf-8"),
                "--allow-partial",
                "--hook-bin",
                HOOK_ONLY,
            ],
        );
        assert_eq!(out.code, 0, "{agent}: {out:?}");
        let mut shipped = Vec::new();
        let mut texts = Vec::new();
        for entry in walkdir(&dir) {
            if same_file(&entry, HOOK_ONLY) {
                shipped.push(entry);
            } else if let Ok(text) = std::fs::read_to_string(&entry) {
                texts.push((entry, text));
            }
        }
        assert_eq!(shipped.len(), 1, "{agent}: {shipped:?}");
        assert!(shipped[0].ends_with(HOOK_NAME), "{agent}: {shipped:?}");
        let hook_word = format!("hook {}", agent.name());
        let hook_args = format!("\"hook\", \"{}\"", agent.name());
        let mut named = 0;
        for (path, text) in &texts {
            for line in text.lines() {
                let runs_hook = line.contains(&hook_word) || line.contains(&hook_args);
                if runs_hook && line.contains("tackle-export-host") {
                    assert!(
                        line.contains(HOOK_NAME),
                        "{agent}: {} runs the host for a hook: {line}",
                        path.display()
                    );
                    named += 1;
                }
            }
        }
        // The shims (OpenCode, Pi, SuperQode) name it once, by its URL or
        // file name; the others on every hook line.
        let names_it = texts
            .iter()
            .any(|(p, t)| !p.ends_with(".tackle-export.json") && t.contains(HOOK_NAME));
        assert!(named > 0 || names_it, "{agent}: no file names {HOOK_NAME}");
        // Each package holds two debug builds (a few hundred MB): one at a
        // time on CI's shared disk.
        std::fs::remove_dir_all(&dir).expect("removes the package");
    }
}

/// Every file under `dir`.
fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("reads the folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
