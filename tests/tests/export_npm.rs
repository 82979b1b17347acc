//! `export npm DIR --bin TRIPLE=PATH ...`: a main package whose Node
//! launcher starts the build npm installed for the platform, and one
//! package per platform.
//!
//! Offline, as a user would get them but without a registry: every package
//! is `npm pack`ed, the tarballs are installed into a scratch project with
//! `npm install --offline`, and the host runs through `npx`. The build for
//! this machine is the real export host (Linux x86_64 with glibc, which is
//! what this file's tests need); the other platforms' "builds" are scripts
//! that could not run here anyway. npm's own platform checks are exercised
//! too: it refuses a musl package on this glibc system.
#![cfg(all(target_os = "linux", target_arch = "x86_64", target_env = "gnu"))]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// The same plugins in a hook-only binary.
const HOOK_ONLY: &str = env!("CARGO_BIN_EXE_tackle-export-hook-only");
/// The command and the default package name: the export host's.
const BIN: &str = "tackle-export-host";
const VERSION: &str = "1.2.3";

fn write_script(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("writes");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

fn json_at(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("reads")).expect("JSON")
}

/// `npm` (or `npx`) with a cache of its own, offline, with no notifier or
/// audit: nothing here reaches a registry.
fn npm(tool: &str, tmp: &Path, cwd: &Path, args: &[&str]) -> Output {
    let out = Command::new(tool)
        .args(args)
        .current_dir(cwd)
        .env("npm_config_cache", tmp.join("npm-cache"))
        .env("npm_config_offline", "true")
        .env("npm_config_update_notifier", "false")
        .env("npm_config_audit", "false")
        .env("npm_config_fund", "false")
        .env("HOME", tmp.join("home"))
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output();
    match out {
        Ok(out) => out,
        Err(e) => panic!(
            "cannot run `{tool}` ({e}): these tests need Node and npm on PATH (CI's image has them; \
             scripts/install-mcp-conformance.sh needs them too)"
        ),
    }
}

/// How the stand-in builds are passed.
#[derive(Clone, Copy, PartialEq)]
enum Pass {
    /// A `--bin TRIPLE=PATH` each.
    EachBin,
    /// `--bins DIR`, the folder of `<triple>/<binary>`.
    Folder,
}

/// Exports npm packages of the export host into `tmp/npm out` with a
/// stand-in build (a script) for each of `extra`'s triples, beside the
/// real one for this machine if `with_host`.
fn export(
    tmp: &Path,
    with_host: bool,
    extra: &[&str],
    pass: Pass,
    flags: &[&str],
) -> (PathBuf, String) {
    let dir = tmp.join("npm out");
    let mut args: Vec<String> = vec!["export".into(), "npm".into(), dir.display().to_string()];
    if with_host {
        args.push("--bin".into());
        args.push(format!("x86_64-unknown-linux-gnu={HOST}"));
    }
    for triple in extra {
        // Named as the host is: the command's name comes from the first build.
        let build = tmp.join("builds").join(triple).join(BIN);
        write_script(&build, &format!("#!/bin/sh\necho {triple}\n"));
        if pass == Pass::EachBin {
            args.push("--bin".into());
            args.push(format!("{triple}={}", build.display()));
        }
    }
    if pass == Pass::Folder {
        args.push("--bins".into());
        args.push(tmp.join("builds").display().to_string());
    }
    args.extend(flags.iter().map(|f| f.to_string()));
    let out = Command::new(HOST)
        .args(&args)
        .current_dir(tmp)
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs export");
    assert!(out.status.success(), "export: {out:?}");
    (dir, String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `npm pack`s each folder into `tmp/tarballs`; returns the tarballs by
/// folder.
fn pack(tmp: &Path, dir: &Path, folders: &[&str]) -> Vec<PathBuf> {
    let tarballs = tmp.join("tarballs");
    std::fs::create_dir_all(&tarballs).expect("mkdir");
    folders
        .iter()
        .map(|folder| {
            let out = npm(
                "npm",
                tmp,
                &dir.join(folder),
                &[
                    "pack",
                    "--json",
                    "--pack-destination",
                    &tarballs.display().to_string(),
                ],
            );
            assert!(out.status.success(), "npm pack {folder}: {out:?}");
            let packed: Value = serde_json::from_slice(&out.stdout).expect("npm pack --json");
            tarballs.join(packed[0]["filename"].as_str().expect("a file name"))
        })
        .collect()
}

/// A scratch project with `tarballs` installed; the output of `npm install`.
fn project(tmp: &Path, name: &str, tarballs: &[&Path]) -> (PathBuf, Output) {
    let project = tmp.join(name);
    std::fs::create_dir_all(&project).expect("mkdir");
    std::fs::write(
        project.join("package.json"),
        r#"{"name": "scratch", "version": "1.0.0", "private": true}"#,
    )
    .expect("writes");
    let mut args = vec!["install".to_owned()];
    args.extend(tarballs.iter().map(|t| t.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = npm("npm", tmp, &project, &args);
    (project, out)
}

#[test]
fn npx_runs_the_build_npm_installed_for_this_platform() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (dir, stdout) = export(
        tmp.path(),
        true,
        &[
            "x86_64-unknown-linux-musl",
            "aarch64-apple-darwin",
            "x86_64-pc-windows-msvc",
        ],
        Pass::EachBin,
        &["--package-version", VERSION],
    );
    for line in [
        "  tackle-export-host-linux-x64/  tackle-export-host-linux-x64 (x86_64-unknown-linux-gnu)",
        "  tackle-export-host-win32-x64/  tackle-export-host-win32-x64 (x86_64-pc-windows-msvc)",
        "  tackle-export-host/  tackle-export-host (main: the launcher",
    ] {
        assert!(stdout.contains(line), "{line:?} missing: {stdout}");
    }

    // The main package: the launcher as the command, each platform at
    // exactly its version.
    let main = json_at(&dir.join("tackle-export-host/package.json"));
    assert_eq!(main["name"], BIN);
    assert_eq!(main["version"], VERSION);
    assert_eq!(main["bin"], json!({BIN: "bin/tackle-export-host.js"}));
    assert_eq!(
        main["optionalDependencies"],
        json!({
            "tackle-export-host-darwin-arm64": VERSION,
            "tackle-export-host-linux-x64": VERSION,
            "tackle-export-host-linux-x64-musl": VERSION,
            "tackle-export-host-win32-x64": VERSION,
        })
    );
    assert!(main.get("os").is_none(), "{main}");
    // Each platform package says where it installs.
    for (folder, os, cpu, libc, file) in [
        (
            "linux-x64",
            "linux",
            "x64",
            json!(["glibc"]),
            BIN.to_owned(),
        ),
        (
            "linux-x64-musl",
            "linux",
            "x64",
            json!(["musl"]),
            BIN.to_owned(),
        ),
        (
            "darwin-arm64",
            "darwin",
            "arm64",
            Value::Null,
            BIN.to_owned(),
        ),
        (
            "win32-x64",
            "win32",
            "x64",
            Value::Null,
            format!("{BIN}.exe"),
        ),
    ] {
        let folder = dir.join(format!("{BIN}-{folder}"));
        let json = json_at(&folder.join("package.json"));
        assert_eq!(json["os"], json!([os]), "{json}");
        assert_eq!(json["cpu"], json!([cpu]), "{json}");
        assert_eq!(json["libc"], libc, "{json}");
        assert_eq!(json["version"], VERSION, "{json}");
        assert!(
            json.get("bin").is_none(),
            "only the main package has a command: {json}"
        );
        assert!(folder.join("bin").join(&file).is_file(), "{file} missing");
    }

    let tarballs = pack(
        tmp.path(),
        &dir,
        &[
            BIN,
            "tackle-export-host-linux-x64",
            "tackle-export-host-linux-x64-musl",
        ],
    );

    // npm itself refuses the musl build on this glibc system: the `libc`
    // field is read.
    let (_, refused) = project(tmp.path(), "musl", &[&tarballs[0], &tarballs[2]]);
    assert!(!refused.status.success(), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("Valid libc:  musl"), "{stderr}");

    let (project, installed) = project(tmp.path(), "project", &[&tarballs[0], &tarballs[1]]);
    assert!(installed.status.success(), "npm install: {installed:?}");

    let help = npm("npx", tmp.path(), &project, &[BIN, "--help"]);
    assert!(help.status.success(), "{help:?}");
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains(&format!("Usage: {BIN} ")), "{text}");
    assert!(
        text.contains("Write a ready plugin package for an agent"),
        "{text}"
    );

    let adapters = npm("npx", tmp.path(), &project, &[BIN, "adapters", "--json"]);
    assert!(adapters.status.success(), "{adapters:?}");
    let table: Value = serde_json::from_slice(&adapters.stdout).expect("adapters --json");
    assert!(table.to_string().contains("PreToolUse"), "{table}");

    // The arguments reach the binary as they were given, and its exit
    // status comes back: a usage error is 2.
    let wrong = npm("npx", tmp.path(), &project, &[BIN, "no such command"]);
    assert_eq!(wrong.status.code(), Some(2), "{wrong:?}");
    let stderr = String::from_utf8_lossy(&wrong.stderr);
    assert!(stderr.contains("'no such command'"), "{stderr}");

    // What a user's first command does, on this system: nothing written.
    let install = npm(
        "npx",
        tmp.path(),
        &project,
        &[BIN, "install", "claude", "--project", "--dry-run"],
    );
    assert!(install.status.success(), "{install:?}");
    let text = String::from_utf8_lossy(&install.stdout);
    assert!(
        text.contains(&format!(
            "+++ {}",
            project.join(".claude/settings.local.json").display()
        )),
        "{text}"
    );
    assert!(text.contains("\"PreToolUse\""), "{text}");
    assert!(text.contains("note: dry run: nothing written"), "{text}");
    for folder in [".claude", ".tackle"] {
        assert!(
            !project.join(folder).exists(),
            "a dry run writes no {folder}"
        );
    }
}

/// Each platform package carries its hook-only build beside the host
/// (`--hook-bin TRIPLE=PATH`, or the one beside a `--bins` build), and the
/// host npm installed finds it there: `install`'s entries name it.
#[test]
fn platform_packages_carry_the_hook_build_that_install_names() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let windows = "x86_64-pc-windows-msvc";
    // Beside the stand-in build `export` writes for Windows, found there.
    write_script(
        &tmp.path()
            .join("builds")
            .join(windows)
            .join(format!("{BIN}-hook")),
        "#!/bin/sh\necho hook\n",
    );
    let hook_bin = format!("x86_64-unknown-linux-gnu={HOOK_ONLY}");
    let (dir, _) = export(
        tmp.path(),
        true,
        &[windows],
        Pass::Folder,
        &["--package-version", VERSION, "--hook-bin", &hook_bin],
    );
    let linux = dir.join(format!("{BIN}-linux-x64/bin"));
    assert_eq!(
        std::fs::read(linux.join(format!("{BIN}-hook"))).expect("the hook build"),
        std::fs::read(HOOK_ONLY).expect("reads")
    );
    let win = dir.join(format!("{BIN}-win32-x64/bin"));
    assert!(win.join(format!("{BIN}.exe")).is_file());
    assert!(win.join(format!("{BIN}-hook.exe")).is_file());

    let tarballs = pack(tmp.path(), &dir, &[BIN, "tackle-export-host-linux-x64"]);
    let (project, installed) = project(tmp.path(), "project", &[&tarballs[0], &tarballs[1]]);
    assert!(installed.status.success(), "npm install: {installed:?}");
    let install = npm(
        "npx",
        tmp.path(),
        &project,
        &[BIN, "install", "claude", "--project", "--dry-run"],
    );
    assert!(install.status.success(), "{install:?}");
    let text = String::from_utf8_lossy(&install.stdout);
    let hook = project
        .join(".tackle")
        .join(BIN)
        .join("claude/bin")
        .join(format!("{BIN}-hook"));
    assert!(
        text.contains(&format!("\"command\": {}", json!(hook))),
        "{text}"
    );
}

#[test]
fn without_the_platform_package_the_launcher_says_what_is_missing() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (dir, _) = export(
        tmp.path(),
        true,
        &["aarch64-apple-darwin"],
        Pass::EachBin,
        &[],
    );
    let tarballs = pack(tmp.path(), &dir, &[BIN]);
    // As `npm install --omit=optional` leaves it: the main package alone.
    let (project, installed) = project(tmp.path(), "omitted", &[&tarballs[0]]);
    assert!(installed.status.success(), "npm install: {installed:?}");
    let out = npm("npx", tmp.path(), &project, &[BIN, "--help"]);
    assert_eq!(out.status.code(), Some(127), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{BIN}: the build for linux x64 (glibc) ({BIN}-linux-x64) is not installed"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("--omit=optional"), "{stderr}");
}

#[test]
fn a_platform_the_package_has_no_build_for_is_named_with_those_it_has() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (dir, _) = export(
        tmp.path(),
        false,
        &["aarch64-apple-darwin", "x86_64-pc-windows-msvc"],
        // As the release workflow passes them.
        Pass::Folder,
        &["--name", "@acme/guard"],
    );
    let main = json_at(&dir.join("guard/package.json"));
    assert_eq!(main["name"], "@acme/guard");
    assert_eq!(
        main["optionalDependencies"],
        json!({"@acme/guard-darwin-arm64": "0.1.0", "@acme/guard-win32-x64": "0.1.0"})
    );
    assert!(
        dir.join("guard-win32-x64/bin")
            .join(format!("{BIN}.exe"))
            .is_file()
    );
    let tarballs = pack(tmp.path(), &dir, &["guard"]);
    let (project, installed) = project(tmp.path(), "elsewhere", &[&tarballs[0]]);
    assert!(installed.status.success(), "npm install: {installed:?}");
    let out = npm("npx", tmp.path(), &project, &[BIN, "--help"]);
    assert_eq!(out.status.code(), Some(127), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "@acme/guard: no build for linux x64 (glibc) in this package; it has builds for darwin arm64, win32 x64.\n"
    );
}

#[test]
fn bad_names_versions_and_clashing_builds_are_refused_before_writing() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let msvc = tmp.path().join("msvc.exe");
    let gnu = tmp.path().join("gnu.exe");
    write_script(&msvc, "");
    write_script(&gnu, "");
    let dir = tmp.path().join("out");
    for (args, says) in [
        (
            vec!["--name", "My Guard"],
            "the npm package name `My Guard` holds 'M': npm names are lowercase letters",
        ),
        (
            vec!["--package-version", "1.0"],
            "--package-version `1.0` is not a semver version",
        ),
        (
            vec![
                "--bin",
                &format!("x86_64-pc-windows-msvc={}", msvc.display()),
                "--bin",
                &format!("x86_64-pc-windows-gnu={}", gnu.display()),
            ],
            "`--bin x86_64-pc-windows-msvc` and `--bin x86_64-pc-windows-gnu` both build for npm's win32-x64",
        ),
        (
            vec!["--allow-partial"],
            "--allow-partial is for agents' packages",
        ),
    ] {
        let out = Command::new(HOST)
            .args(["export", "npm", &dir.display().to_string()])
            .args(&args)
            .env_remove("TACKLE_CONFIG")
            .stdin(Stdio::null())
            .output()
            .expect("runs export");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!dir.exists(), "{args:?} wrote {}", dir.display());
    }
    // A misspelt word names npm among the choices.
    let out = Command::new(HOST)
        .args(["export", "nmp", &dir.display().to_string()])
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs export");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("unknown agent `nmp`; agents: claude, gemini"),
        "{out:?}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("; or `npm`, for npm packages (`export npm DIR`)"),
        "{out:?}"
    );
    // An agent's export takes no npm option.
    let out = Command::new(HOST)
        .args([
            "export",
            "claude",
            &dir.display().to_string(),
            "--name",
            "x",
        ])
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs export");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--name is for `export npm`"),
        "{out:?}"
    );
}

#[test]
fn the_launcher_passes_a_signal_on_and_the_binary_s_exit_status_back() {
    let tmp = tempfile::tempdir().expect("tempdir");
    // A "build" that says when it runs, and what it got, then exits 143.
    let build = tmp.path().join("build/slow-host");
    write_script(
        &build,
        "#!/bin/sh\ntrap 'echo TERM > got; exit 143' TERM\necho $$ > started\nwhile :; do sleep 0.05; done\n",
    );
    let dir = tmp.path().join("npm");
    let out = Command::new(HOST)
        .args(["export", "npm", &dir.display().to_string()])
        .arg("--bin")
        .arg(format!("x86_64-unknown-linux-gnu={}", build.display()))
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs export");
    assert!(out.status.success(), "{out:?}");
    let tarballs = pack(tmp.path(), &dir, &["slow-host", "slow-host-linux-x64"]);
    let (project, installed) = project(tmp.path(), "signals", &[&tarballs[0], &tarballs[1]]);
    assert!(installed.status.success(), "npm install: {installed:?}");

    let mut launcher = Command::new("node")
        .arg(project.join("node_modules/.bin/slow-host"))
        .current_dir(&project)
        .stdin(Stdio::null())
        .spawn()
        .expect("starts the launcher");
    let started = project.join("started");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !started.exists() {
        assert!(std::time::Instant::now() < deadline, "the build never ran");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-TERM", &launcher.id().to_string()])
        .status()
        .expect("runs kill");
    assert!(kill.success());
    let status = launcher.wait().expect("the launcher ends");
    assert_eq!(
        std::fs::read_to_string(project.join("got")).ok().as_deref(),
        Some("TERM\n"),
        "the binary got the launcher's SIGTERM"
    );
    assert_eq!(
        status.code(),
        Some(143),
        "the binary's exit status: {status:?}"
    );
}
