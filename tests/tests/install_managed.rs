//! `install <agent> --managed`: the package's hooks in the agent's managed
//! policy files, written under a folder of the test's (`--managed-root`)
//! in place of `/`. An organisation's own policy files survive byte for
//! byte, a second install changes nothing, `--uninstall` gives every file
//! back as it was, a dry run writes nothing and prints the diff, an agent
//! without a policy its users cannot override is refused saying why, and
//! without root and without `--managed-root` install says it needs root
//! before it writes anything.
//!
//! Live, the real Claude Code and Codex read the files from a private
//! `/etc` (`tackle_tests::private_etc`: a mount namespace with an overlay,
//! the machine's `/etc` untouched): the managed guard refuses `sudo`
//! although the project's settings disable all hooks (Claude Code) or the
//! user's config switches hooks off (Codex), and with
//! `--managed-hooks-only` the project's own hooks no longer run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::claude::rm_rf;
use tackle_tests::private_etc::PrivateEtc;

/// guard, doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// The binary's name, and so the package folder's.
const BIN: &str = "tackle-export-host";
const REFUSED: &str = "guard refused `rm -rf /`";

#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// A managed root (the machine's `/` for the install, with the folders
/// every system has), a home and a project, under one temp folder whose
/// path has a space and a quote.
struct World {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    home: PathBuf,
    project: PathBuf,
    /// What the world holds before any install.
    fresh: Vec<(PathBuf, Vec<u8>)>,
}

impl World {
    fn new() -> World {
        let tmp = tempfile::tempdir().expect("tempdir");
        let top = tmp
            .path()
            .canonicalize()
            .expect("resolves")
            .join("it's here");
        let mut world = World {
            root: top.join("root"),
            home: top.join("home"),
            project: top.join("project"),
            _tmp: tmp,
            fresh: Vec::new(),
        };
        for dir in [
            world.root.join("etc"),
            world.root.join("usr/local/lib"),
            world.home.clone(),
            world.project.clone(),
        ] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        world.fresh = world.snapshot();
        world
    }

    /// `path`, a system path, under the root.
    fn at(&self, path: &str) -> PathBuf {
        self.root.join(path.trim_start_matches('/'))
    }

    /// The managed package's folder for `agent`.
    fn package(&self, agent: &str) -> PathBuf {
        self.at("/usr/local/lib/tackle").join(BIN).join(agent)
    }

    /// `HOST install AGENT --managed --managed-root ROOT ARGS...`, under a
    /// umask of 077 (as a hardened root's), so that what install makes
    /// readable to every user is its own doing.
    fn install(&self, agent: &str, args: &[&str]) -> Run {
        let mut command = Command::new("sh");
        command
            .args([
                "-c",
                "umask 077 && exec \"$@\"",
                "sh",
                HOST,
                "install",
                agent,
            ])
            .args(["--managed", "--managed-root"])
            .arg(&self.root)
            .args(args);
        self.run(command)
    }

    fn run(&self, mut command: Command) -> Run {
        let out = command
            .current_dir(&self.project)
            .env("HOME", &self.home)
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    fn ok(&self, agent: &str, args: &[&str]) -> Run {
        let out = self.install(agent, args);
        assert_eq!(out.code, 0, "install {agent} --managed {args:?}: {out:?}");
        out
    }

    /// Asserts that nothing was written in the world.
    fn assert_untouched(&self) {
        assert_eq!(self.snapshot(), self.fresh, "something was written");
    }

    /// Every file and folder under the world, with its bytes.
    fn snapshot(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        for dir in [&self.root, &self.home, &self.project] {
            walk(dir, &mut files);
        }
        files.sort();
        files
    }
}

/// Every file under `dir` with its bytes, a folder with none, anything
/// else (a link, a FIFO) with what it is, neither followed nor read.
fn walk(dir: &Path, files: &mut Vec<(PathBuf, Vec<u8>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("entry").path();
        let kind = std::fs::symlink_metadata(&path).expect("there").file_type();
        if kind.is_dir() {
            files.push((path.clone(), Vec::new()));
            walk(&path, files);
        } else if kind.is_file() {
            files.push((path.clone(), std::fs::read(&path).expect("reads")));
        } else {
            files.push((path, format!("{kind:?}").into_bytes()));
        }
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json_file(path: &Path) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("writes");
}

/// `path` for the inside of a single-quoted shell word.
fn quoted(path: &Path) -> String {
    path.display().to_string().replace('\'', r"'\''")
}

/// The permission bits of `path`.
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("there").permissions().mode() & 0o777
}

/// Runs `command` in `cwd` with `event` on stdin.
fn run_hook(mut command: Command, cwd: &Path, event: &Value) -> Run {
    use std::io::Write;
    let mut child = command
        .current_dir(cwd)
        .env("TACKLE_HOME", cwd.join(".tackle-home"))
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(event.to_string().as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// An organisation's own managed settings for Claude Code.
const CLAUDE_ORG: &str = "{\n  \"permissions\": {\n    \"deny\": [\"Bash(curl:*)\"]\n  }\n}\n";

/// Claude Code's drop-in for the package.
fn drop_in(world: &World) -> PathBuf {
    world
        .at("/etc/claude-code/managed-settings.d")
        .join(format!("50-{BIN}.json"))
}

#[test]
fn claude_managed_install_writes_its_drop_in_beside_the_organisations_file() {
    let world = World::new();
    let org = world.at("/etc/claude-code/managed-settings.json");
    write(&org, CLAUDE_ORG);
    let other = world.at("/etc/claude-code/managed-settings.d/10-org.json");
    write(&other, "{\"model\": \"opus\"}\n");
    let before = world.snapshot();

    let out = world.ok("claude", &[]);
    assert!(out.stdout.contains("disableAllHooks"), "{out:?}");
    let file = drop_in(&world);
    let settings = json_file(&file);
    let keys: Vec<&String> = settings.as_object().expect("an object").keys().collect();
    assert_eq!(keys, ["hooks"], "nothing but the hooks: {settings}");
    let bin = world.package("claude").join("bin").join(BIN);
    let ours = &settings["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(ours["command"], bin.to_str().expect("utf-8"));
    assert_eq!(ours["args"], json!(["hook", "claude", "PreToolUse"]));
    assert_eq!(read(&org), CLAUDE_ORG, "the organisation's file as it was");
    assert_eq!(read(&other), "{\"model\": \"opus\"}\n");
    // Readable by every user's Claude Code, writable by root alone,
    // although install ran under a umask of 077.
    assert_eq!(mode(&file), 0o644);
    assert_eq!(mode(file.parent().expect("the drop-in folder")), 0o755);
    assert_eq!(mode(&bin), 0o755);
    for dir in bin.ancestors().skip(1).take(4) {
        assert_eq!(mode(dir), 0o755, "{}", dir.display());
    }

    // The entry, run as Claude Code runs it, refuses what guard refuses.
    let (program, args) = tackle_tests::claude::exec_form(ours, Path::new("/unused"));
    let mut command = Command::new(program);
    command.args(args);
    let ran = run_hook(command, &world.project, &rm_rf(&world.project));
    assert!(ran.stdout.contains(REFUSED), "{ran:?}");
    std::fs::remove_dir_all(world.project.join(".tackle-home")).expect("the hook's state");

    // Twice is once.
    let installed = world.snapshot();
    let again = world.ok("claude", &[]);
    assert!(again.stdout.contains("unchanged"), "{again:?}");
    assert_eq!(
        world.snapshot(),
        installed,
        "the second install changed something"
    );

    // Managed hooks only: asked for, the key goes into the drop-in alone.
    world.ok("claude", &["--managed-hooks-only"]);
    assert_eq!(json_file(&file)["allowManagedHooksOnly"], true);
    assert_eq!(read(&org), CLAUDE_ORG);
    world.ok("claude", &[]);
    assert_eq!(
        world.snapshot(),
        installed,
        "and out again when not asked for"
    );

    let out = world.ok("claude", &["--uninstall"]);
    assert!(
        out.stdout.contains(&format!("--- {}", file.display())),
        "{out:?}"
    );
    assert_eq!(
        world.snapshot(),
        before,
        "uninstall gives back byte for byte"
    );
}

#[test]
fn claude_managed_http_hooks_name_their_url_and_token_in_the_lists() {
    let world = World::new();
    let url = "https://policy.example:8443";
    world.ok(
        "claude",
        &["--hooks-via", url, "--hook-token-env", "TEAM_HOOK_TOKEN"],
    );
    let settings = json_file(&drop_in(&world));
    let pre = &settings["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(pre["type"], "http", "{settings}");
    assert_eq!(pre["url"], format!("{url}/hooks/claude/PreToolUse"));
    assert_eq!(
        settings["allowedHttpHookUrls"],
        json!([format!("{url}/hooks/claude/*")])
    );
    assert_eq!(
        settings["httpHookAllowedEnvVars"],
        json!(["TEAM_HOOK_TOKEN"])
    );
    assert!(
        settings.get("allowManagedHooksOnly").is_none(),
        "{settings}"
    );
}

/// An organisation's own requirements for Codex.
const CODEX_ORG: &str = "# Set by IT.\nallowed_sandbox_modes = [\"read-only\", \"workspace-write\"]  # no full access\n\n[mcp_servers.audit]\ncommand = \"/opt/audit/mcp\"\n";

#[test]
fn codex_managed_install_merges_its_hooks_and_pins_hooks_on() {
    let world = World::new();
    let file = world.at("/etc/codex/requirements.toml");
    write(&file, CODEX_ORG);
    let before = world.snapshot();

    let out = world.ok("codex", &[]);
    assert!(
        out.stdout.contains("without asking the user to trust"),
        "{out:?}"
    );
    let text = read(&file);
    assert!(
        text.starts_with(CODEX_ORG),
        "the organisation's first, as it was: {text}"
    );
    let parsed: toml::Table = text.parse().expect("TOML");
    assert_eq!(parsed["features"]["hooks"].as_bool(), Some(true), "{text}");
    assert!(!parsed.contains_key("allow_managed_hooks_only"), "{text}");
    let group = &parsed["hooks"]["PreToolUse"][0];
    let command = group["hooks"][0]["command"].as_str().expect("a command");
    let bin = world.package("codex").join("bin").join(BIN);
    assert_eq!(command, format!("'{}' hook codex PreToolUse", quoted(&bin)));
    assert_eq!(group["hooks"][0]["type"].as_str(), Some("command"));
    assert_eq!(mode(&file), 0o644, "the organisation's mode, kept");

    let installed = world.snapshot();
    world.ok("codex", &[]);
    assert_eq!(world.snapshot(), installed, "twice is once");

    world.ok("codex", &["--managed-hooks-only"]);
    let only: toml::Table = read(&file).parse().expect("TOML");
    assert_eq!(only["allow_managed_hooks_only"].as_bool(), Some(true));
    world.ok("codex", &[]);
    assert_eq!(
        world.snapshot(),
        installed,
        "the key out again, when not asked for"
    );

    world.ok("codex", &["--uninstall"]);
    assert_eq!(
        world.snapshot(),
        before,
        "uninstall gives back byte for byte"
    );

    // No file: install creates it, uninstall removes it.
    std::fs::remove_file(&file).expect("removed");
    let empty = world.snapshot();
    world.ok("codex", &["--managed-hooks-only"]);
    assert!(read(&file).contains("allow_managed_hooks_only = true"));
    world.ok("codex", &["--uninstall"]);
    assert_eq!(world.snapshot(), empty);
}

#[test]
fn a_setting_the_organisation_chose_otherwise_is_refused_and_left_as_it_is() {
    let world = World::new();
    let file = world.at("/etc/codex/requirements.toml");
    for (text, args, key) in [
        (
            "allow_managed_hooks_only = false\n",
            &["--managed-hooks-only"][..],
            "`allow_managed_hooks_only` is false",
        ),
        (
            "[features]\nhooks = false\n",
            &[][..],
            "`features.hooks` is false",
        ),
    ] {
        write(&file, text);
        let before = world.snapshot();
        let out = world.install("codex", args);
        assert_eq!(out.code, 3, "{out:?}");
        assert!(out.stderr.contains(&file.display().to_string()), "{out:?}");
        assert!(out.stderr.contains(key), "{out:?}");
        assert!(out.stderr.contains("left as it is"), "{out:?}");
        assert_eq!(world.snapshot(), before, "nothing written");
    }
}

#[test]
fn codex_with_a_url_says_its_managed_hooks_run_as_processes() {
    let world = World::new();
    let out = world.install("codex", &["--hooks-via", "https://policy.example"]);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr.contains("Codex's hooks cannot POST to a URL"),
        "{out:?}"
    );
    assert!(out.stderr.contains("its hooks run as processes"), "{out:?}");
    world.assert_untouched();
}

#[test]
fn copilot_managed_install_writes_policy_d_and_only_its_key_in_the_settings() {
    let world = World::new();
    let settings = world.at("/etc/github-copilot/managed-settings.json");
    let org = "{\n  \"disableBypassPermissionsMode\": \"disable\"\n}\n";
    write(&settings, org);
    let before = world.snapshot();

    world.ok("copilot", &[]);
    assert_eq!(
        read(&settings),
        org,
        "nothing to set without --managed-hooks-only"
    );
    let policy = world
        .at("/etc/github-copilot/policy.d")
        .join(format!("{BIN}.json"));
    let hooks = json_file(&policy);
    let bash = hooks["hooks"]["preToolUse"][0]["bash"]
        .as_str()
        .expect("a bash line");
    let bin = world.package("copilot").join(".github/hooks/bin").join(BIN);
    assert_eq!(bash, format!("'{}' hook copilot preToolUse", quoted(&bin)));
    let without = world.snapshot();

    world.ok("copilot", &["--managed-hooks-only"]);
    let merged = json_file(&settings);
    assert_eq!(
        merged,
        json!({"disableBypassPermissionsMode": "disable", "allowManagedHooksOnly": true})
    );
    world.ok("copilot", &["--managed-hooks-only"]);
    assert_eq!(json_file(&settings), merged, "twice is once");
    world.ok("copilot", &[]);
    assert_eq!(
        world.snapshot(),
        without,
        "byte for byte when not asked for"
    );
    world.ok("copilot", &["--managed-hooks-only"]);
    world.ok("copilot", &["--uninstall"]);
    assert_eq!(
        world.snapshot(),
        before,
        "uninstall gives back byte for byte"
    );
}

#[test]
fn droid_managed_install_merges_the_organisation_settings() {
    let world = World::new();
    let file = world.at("/etc/factory/settings.json");
    let org = "{\n    \"hooks\": {\n        \"PreToolUse\": [\n            {\n                \"matcher\": \"Execute\",\n                \"hooks\": [\n                    {\n                        \"type\": \"command\",\n                        \"command\": \"/opt/audit\"\n                    }\n                ]\n            }\n        ]\n    },\n    \"commandDenylist\": [\n        \"rm -rf /\"\n    ]\n}\n";
    write(&file, org);
    let before = world.snapshot();

    world.ok("droid", &["--managed-hooks-only"]);
    let merged = json_file(&file);
    let pre = merged["hooks"]["PreToolUse"].as_array().expect("an array");
    assert_eq!(pre[0]["hooks"][0]["command"], "/opt/audit", "theirs first");
    let ours = pre.last().expect("ours")["hooks"][0]["command"]
        .as_str()
        .expect("a command");
    let bin = world.package("droid").join("bin").join(BIN);
    assert!(ours.contains(&quoted(&bin)), "{ours}");
    assert_eq!(merged["hooks"]["hooksDisabled"], false, "{merged}");
    assert_eq!(merged["allowManagedHooksOnly"], true, "{merged}");
    assert_eq!(merged["commandDenylist"], json!(["rm -rf /"]));

    let installed = world.snapshot();
    world.ok("droid", &["--managed-hooks-only"]);
    assert_eq!(world.snapshot(), installed, "twice is once");
    world.ok("droid", &["--uninstall"]);
    assert_eq!(
        world.snapshot(),
        before,
        "uninstall gives back byte for byte"
    );
}

#[test]
fn an_agent_without_a_policy_users_cannot_override_is_refused_saying_why() {
    let world = World::new();
    for (agent, title, why) in [
        ("gemini", "Gemini CLI", "hooksConfig.disabled"),
        ("qwen", "Qwen Code", "--safe-mode"),
        ("opencode", "OpenCode", "--pure"),
        ("kilo", "Kilo Code", "`kilo --pure`"),
        ("crush", "Crush", "/etc/crush/crush.json"),
        ("auggie", "Auggie", "`enableHooks`"),
        ("cline", "Cline", "account service"),
        ("kimi", "Kimi", "no managed settings file"),
        ("pi", "Pi", "no managed settings file"),
        ("cursor", "Cursor", "no Cursor runs here"),
        ("windsurf", "Windsurf", "no lock of them is documented"),
        ("vscode", "VS Code", "documented"),
        ("kiro", "Kiro", "documented"),
        ("goose", "goose", "documented"),
        ("superqode", "SuperQode", "documented"),
    ] {
        let out = world.install(agent, &[]);
        assert_eq!(out.code, 3, "{agent}: {out:?}");
        assert!(
            out.stderr
                .contains(&format!("`install --managed` does not support {title}")),
            "{agent}: {out:?}"
        );
        assert!(out.stderr.contains(why), "{agent} says why: {out:?}");
        assert!(
            out.stderr.contains("claude, codex, copilot, droid"),
            "{agent} names those that have one: {out:?}"
        );
    }
    world.assert_untouched();
}

#[test]
fn a_managed_dry_run_prints_the_diff_and_writes_nothing() {
    let world = World::new();
    let out = world.ok("claude", &["--dry-run"]);
    world.assert_untouched();
    let file = drop_in(&world);
    assert!(out.stdout.contains("--- /dev/null"), "{out:?}");
    assert!(
        out.stdout.contains(&format!("+++ {}", file.display())),
        "{out:?}"
    );
    let bin = world.package("claude").join("bin").join(BIN);
    assert!(
        out.stdout.contains(&format!(
            "\"command\": {}",
            json!(bin.to_str().expect("utf-8"))
        )),
        "the diff names the binary where the install puts it: {out:?}"
    );

    world.ok("claude", &[]);
    let installed = world.snapshot();
    let out = world.ok("claude", &["--uninstall", "--dry-run"]);
    assert_eq!(world.snapshot(), installed);
    assert!(out.stdout.contains("+++ /dev/null"), "{out:?}");
}

#[test]
fn a_fifo_in_place_of_a_policy_file_is_refused_at_once() {
    let world = World::new();
    let file = world.at("/etc/codex/requirements.toml");
    std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
    let made = Command::new("mkfifo").arg(&file).status().expect("mkfifo");
    assert!(made.success());
    // A read of the FIFO would wait for a writer for ever: the test's
    // own deadline says so rather than hanging.
    let (done, wait) = std::sync::mpsc::channel();
    let (root, home) = (world.root.clone(), world.home.clone());
    std::thread::spawn(move || {
        let out = Command::new(HOST)
            .args(["install", "codex", "--managed", "--managed-root"])
            .arg(root)
            .env("HOME", home)
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        let _ = done.send(out);
    });
    let out = wait
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("install refused the FIFO within a minute");
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("is a FIFO"), "{stderr}");
    assert!(!world.package("codex").exists(), "nothing written");
}

/// Without root, and without `--managed-root`, install names the system
/// file it would write and says it needs root, before writing anything.
/// As root the test runs it as `nobody` (`setpriv`).
#[test]
fn without_root_a_system_install_says_it_needs_root_and_writes_nothing() {
    let drop_in = format!("/etc/claude-code/managed-settings.d/50-{BIN}.json");
    let package = format!("/usr/local/lib/tackle/{BIN}");
    assert!(!Path::new(&drop_in).exists() && !Path::new(&package).exists());
    // A copy `nobody` may run, in a folder it may read.
    let dir = tempfile::tempdir().expect("tempdir");
    let bin = dir.path().join(BIN);
    std::fs::copy(HOST, &bin).expect("copies");
    for path in [dir.path(), bin.as_path()] {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let id = Command::new("id").arg("-u").output().expect("runs id");
    let mut command = if String::from_utf8_lossy(&id.stdout).trim() == "0" {
        let mut command = Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(&bin);
        command
    } else {
        Command::new(&bin)
    };
    let out = command
        .args(["install", "claude", "--managed"])
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env_remove("XDG_DATA_HOME")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let out = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains(&drop_in), "names the file: {out:?}");
    assert!(out.stderr.contains("needs root"), "{out:?}");
    assert!(out.stderr.contains("sudo"), "{out:?}");
    assert!(
        !out.stderr.contains("Permission denied"),
        "no raw error: {out:?}"
    );
    assert!(!Path::new(&drop_in).exists() && !Path::new(&package).exists());
}

// ---------------------------------------------------------------------
// Live: the real agents read the files from a private /etc.
// ---------------------------------------------------------------------

/// Claude Code, installed by `scripts/install-agent-clis.sh`.
fn claude() -> Option<PathBuf> {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the managed install tests against Claude Code",
        skipped: "the managed install tests against Claude Code",
    };
    tackle_tests::venv::install_or_skip(&install, ["claude"]).map(|[claude]| claude)
}

/// A hook of a project's or a user's settings that leaves `marker` when it
/// runs, on the prompt, which every run has. (Not before the Bash call:
/// a `PreToolUse` hook of theirs was not run, read live, where the
/// managed one refused the call.)
fn marking_hook(marker: &Path) -> Value {
    json!({"UserPromptSubmit": [{"hooks": [{
        "type": "command",
        "command": format!("touch '{}'", quoted(marker)),
    }]}]})
}

/// Runs Claude Code, headless and offline against the fake model, in the
/// world's project with the world's `etc` as its private `/etc`, through
/// the script `sudo rm -rf victim`, then "Done."; returns what the model
/// was sent for the call.
fn claude_sudo(
    claude: &Path,
    world: &World,
    etc: &PrivateEtc,
    env: &[(&str, &str)],
) -> tackle_tests::fake_model::anthropic::ToolResult {
    use tackle_tests::fake_model::{FakeModel, Turn};
    let victim = world.project.join("victim");
    std::fs::create_dir_all(&victim).expect("mkdir");
    std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
    let model = FakeModel::anthropic(vec![
        Turn::tool(
            "Bash",
            json!({"command": "sudo rm -rf victim", "description": "Remove the folder"}),
        ),
        Turn::say("Done."),
    ]);
    let out = etc
        .command(claude)
        .args([
            "-p",
            "Follow the script.",
            "--permission-mode",
            "bypassPermissions",
        ])
        .args(["--output-format", "json"])
        .current_dir(&world.project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &world.home)
        .env("ANTHROPIC_BASE_URL", model.base_url())
        .env("ANTHROPIC_API_KEY", "sk-ant-fake-key")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_ERROR_REPORTING", "1")
        // Root in its namespace: the bypass mode wants a sandbox's word.
        .env("IS_SANDBOX", "1")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("runs claude");
    assert!(out.status.success(), "claude: {out:?}");
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "{out:?}");
    tackle_tests::fake_model::anthropic::tool_result(&turns[1].body, 1).expect("the call's result")
}

/// The guard refused the call, and the victim survived.
fn assert_refused(world: &World, result: &tackle_tests::fake_model::anthropic::ToolResult) {
    assert!(result.is_error, "{result:?}");
    assert!(
        result.text().contains("guard refused `sudo rm -rf victim`"),
        "{result:?}"
    );
    assert!(
        world.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
}

/// The real Claude Code reads the drop-in `install claude --managed` wrote
/// from its managed folder: the guard refuses `sudo` although the
/// project's settings say `disableAllHooks` and have a hook of their own
/// (which does not run either), and although the project's own
/// `PreToolUse` hook allows the call. With `--managed-hooks-only` a
/// project's and a user's hooks do not run, and without it they do.
#[test]
fn claude_code_runs_the_managed_hook_whatever_the_project_says() {
    let Some(claude) = claude() else { return };
    let world = World::new();
    let Some(etc) = PrivateEtc::over(&world.at("/etc"), "the managed Claude Code tests") else {
        return;
    };
    world.ok("claude", &[]);
    let project_marker = world.project.join("project-hook-ran");
    let user_marker = world.project.join("user-hook-ran");
    let project_settings = world.project.join(".claude/settings.json");
    write(
        &project_settings,
        &json!({"disableAllHooks": true, "hooks": marking_hook(&project_marker)}).to_string(),
    );
    assert_refused(&world, &claude_sudo(&claude, &world, &etc, &[]));
    assert!(!project_marker.exists(), "the project switched its own off");

    // The project's and the user's own hooks run beside the managed one,
    // and a project's hook that allows every Bash call does not get the
    // call through (2.1.330 does not even start it once the managed hook
    // has refused; the end of the test shows that it runs without)...
    let allow_marker = world.project.join("allow-hook-ran");
    let mut project_hooks = marking_hook(&project_marker);
    project_hooks["PreToolUse"] = json!([{"matcher": "Bash", "hooks": [{
        "type": "command",
        "command": format!("touch '{}'; echo '{}'", quoted(&allow_marker), json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "permissionDecisionReason": "the project allows everything",
        }})),
    }]}]);
    write(
        &project_settings,
        &json!({"hooks": project_hooks}).to_string(),
    );
    write(
        &world.home.join(".claude/settings.json"),
        &json!({"hooks": marking_hook(&user_marker)}).to_string(),
    );
    assert_refused(&world, &claude_sudo(&claude, &world, &etc, &[]));
    assert!(
        (project_marker.exists(), user_marker.exists()) == (true, true),
        "theirs ran too: project {}, user {}",
        project_marker.exists(),
        user_marker.exists()
    );

    // ...until managed hooks only: then only the managed one runs.
    std::fs::remove_file(&project_marker).expect("removed");
    std::fs::remove_file(&user_marker).expect("removed");
    world.ok("claude", &["--managed-hooks-only"]);
    assert_refused(&world, &claude_sudo(&claude, &world, &etc, &[]));
    assert!(!project_marker.exists(), "the project's hook did not run");
    assert!(!user_marker.exists(), "the user's hook did not run");

    // Control: uninstalled, nothing refuses the call and the project's
    // allowing hook runs (no `sudo` here: the call fails by itself).
    world.ok("claude", &["--uninstall"]);
    let result = claude_sudo(&claude, &world, &etc, &[]);
    assert!(!result.text().contains("guard refused"), "{result:?}");
    assert!(allow_marker.exists(), "the project's allowing hook runs");
}

/// `install claude --managed --hooks-via URL`: Claude Code POSTs the event
/// to the team's `mcp --http` server with its token, and the guard there
/// refuses `sudo`, although the organisation's own managed settings list
/// only another server's URLs for http hooks and the project disables all
/// hooks: the drop-in's URL joins the organisation's list.
#[test]
fn claude_code_posts_the_managed_hook_to_the_team_server() {
    let Some(claude) = claude() else { return };
    let world = World::new();
    let Some(etc) = PrivateEtc::over(&world.at("/etc"), "the managed Claude Code tests") else {
        return;
    };
    let server = tackle_tests::http_server::HttpServer::start(
        HOST,
        &["--bearer-token-env", "TEAM_HOOK_TOKEN"],
        &[("TEAM_HOOK_TOKEN", "team-secret")],
    );
    let url = format!("http://{}", server.addr);
    write(
        &world.at("/etc/claude-code/managed-settings.json"),
        &json!({"allowedHttpHookUrls": ["https://elsewhere.example/*"]}).to_string(),
    );
    world.ok(
        "claude",
        &["--hooks-via", &url, "--hook-token-env", "TEAM_HOOK_TOKEN"],
    );
    write(
        &world.project.join(".claude/settings.json"),
        &json!({"disableAllHooks": true}).to_string(),
    );
    let result = claude_sudo(&claude, &world, &etc, &[("TEAM_HOOK_TOKEN", "team-secret")]);
    assert_refused(&world, &result);
}

/// Codex, installed by `scripts/install-agent-clis.sh`.
fn codex() -> Option<PathBuf> {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the managed install tests against Codex",
        skipped: "the managed install tests against Codex",
    };
    tackle_tests::venv::install_or_skip(&install, ["codex"]).map(|[codex]| codex)
}

/// Codex's app server in the world's project, with the private `/etc`:
/// the answers to `calls`, after `initialize`.
fn codex_app_server(
    codex: &Path,
    world: &World,
    etc: &PrivateEtc,
    calls: &[(&str, Value)],
) -> Vec<Value> {
    let command = etc.command(codex);
    tackle_tests::codex_app_server::ask(command, &world.project, &world.home, calls)
}

/// The real Codex reads the hooks `install codex --managed` merged into
/// its requirements from `/etc/codex/requirements.toml`: the guard
/// refuses `sudo` with no trust step, although the user's config says
/// `[features] hooks = false`; the hooks are listed as managed. With
/// `--managed-hooks-only` the trusted project's own hook is no longer
/// listed, and without it it is.
#[test]
fn codex_runs_the_managed_hook_although_the_user_switches_hooks_off() {
    use tackle_tests::fake_model::responses::call_output;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let Some(codex) = codex() else { return };
    let world = World::new();
    let Some(etc) = PrivateEtc::over(&world.at("/etc"), "the managed Codex tests") else {
        return;
    };
    world.ok("codex", &[]);
    let model = FakeModel::responses(vec![
        Turn::tool("exec_command", json!({"cmd": "sudo rm -rf victim"})),
        Turn::say("Done."),
    ]);
    let project = world.project.to_string_lossy().into_owned();
    write(
        &world.home.join(".codex/config.toml"),
        &format!(
            "model = \"gpt-5.5\"\nmodel_provider = \"fake\"\n\n[features]\nhooks = false\n\n\
             [analytics]\nenabled = false\n\n[model_providers.fake]\nname = \"Fake\"\n\
             base_url = \"{}/v1\"\nwire_api = \"responses\"\nenv_key = \"FAKE_OPENAI_API_KEY\"\n\n\
             [projects.{}]\ntrust_level = \"trusted\"\n",
            model.base_url(),
            json!(&project)
        ),
    );
    write(
        &world.project.join(".codex/hooks.json"),
        &json!({"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]}]}})
            .to_string(),
    );
    let victim = world.project.join("victim");
    std::fs::create_dir_all(&victim).expect("mkdir");
    std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
    let out = etc
        .command(&codex)
        .args(["exec", "--json", "--skip-git-repo-check"])
        .arg("--dangerously-bypass-approvals-and-sandbox")
        .arg("Follow the script.")
        .current_dir(&world.project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &world.home)
        .env("FAKE_OPENAI_API_KEY", "sk-fake-key")
        .stdin(Stdio::null())
        .output()
        .expect("runs codex exec");
    assert!(out.status.success(), "codex exec: {out:?}");
    let turns = model.turns();
    let last = turns.len() - 1;
    let said = call_output(&turns[last].body, last)
        .expect("the call's output")
        .text();
    assert!(
        said.contains("guard refused `sudo rm -rf victim`"),
        "{said}"
    );
    assert!(victim.join("keep.txt").is_file(), "the victim survives");

    let listed = |world: &World| {
        let answers = codex_app_server(
            &codex,
            world,
            &etc,
            &[("hooks/list", json!({"cwds": [&project]}))],
        );
        answers[0]["data"][0]["hooks"]
            .as_array()
            .expect("hooks")
            .clone()
    };
    // Trusted, the project's hook is listed beside the managed ones (the
    // user's `hooks = false` notwithstanding: the requirements pin it).
    let hooks = listed(&world);
    let managed: Vec<&Value> = hooks.iter().filter(|h| h["isManaged"] == true).collect();
    assert!(!managed.is_empty(), "{hooks:?}");
    for hook in &managed {
        assert_eq!(hook["trustStatus"], "managed", "{hook}");
    }
    assert!(hooks.iter().any(|h| h["command"] == "true"), "{hooks:?}");

    world.ok("codex", &["--managed-hooks-only"]);
    let hooks = listed(&world);
    assert!(!hooks.is_empty(), "{hooks:?}");
    assert!(
        hooks.iter().all(|h| h["isManaged"] == true),
        "only the managed hooks: {hooks:?}"
    );
}

/// Copilot CLI, installed by `scripts/install-agent-clis.sh`.
fn copilot() -> Option<PathBuf> {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the managed install tests against Copilot CLI",
        skipped: "the managed install tests against Copilot CLI",
    };
    tackle_tests::venv::install_or_skip(&install, ["copilot"]).map(|[copilot]| copilot)
}

/// Runs Copilot CLI, headless and offline against the fake model (as
/// `live_copilot.rs` does), in the world's project, a folder it was never
/// told to trust, with the private `/etc`, through `sudo rm -rf victim`
/// (a `sudo` on PATH that runs it); returns what the model was sent for
/// the call.
fn copilot_sudo(copilot: &Path, world: &World, etc: &PrivateEtc) -> String {
    use tackle_tests::fake_model::openai::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};
    let bin = world.home.join("bin");
    let sudo = bin.join("sudo");
    write(&sudo, "#!/bin/sh\nexec \"$@\"\n");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let victim = world.project.join("victim");
    std::fs::create_dir_all(&victim).expect("mkdir");
    std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
    let model = FakeModel::openai(vec![
        Turn::tool(
            "bash",
            json!({"command": "sudo rm -rf victim", "description": "Run it"}),
        ),
        Turn::say("Done."),
    ]);
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&path)))
        .expect("PATH");
    // Where the install script had Copilot CLI extract itself.
    let cache = copilot
        .ancestors()
        .nth(3)
        .expect("the install prefix")
        .join("cache");
    let out = etc
        .command(copilot)
        .args(["-p", "Follow the script.", "--allow-all-tools"])
        .args(["--output-format", "json"])
        .current_dir(&world.project)
        .env_clear()
        .env("PATH", path)
        .env("HOME", &world.home)
        .env("XDG_CACHE_HOME", cache)
        .env("COPILOT_OFFLINE", "true")
        .env("COPILOT_AUTO_UPDATE", "false")
        .env(
            "COPILOT_PROVIDER_BASE_URL",
            format!("{}/v1", model.base_url()),
        )
        .env("COPILOT_PROVIDER_API_KEY", "fake")
        .env("COPILOT_MODEL", "fake-model")
        .stdin(Stdio::null())
        .output()
        .expect("runs copilot");
    assert!(out.status.success(), "copilot: {out:?}");
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "{out:?}");
    tool_result(&turns[1].body, 1)
        .expect("the call's result")
        .text()
}

/// The real Copilot CLI reads the hooks `install copilot --managed` wrote
/// into `/etc/github-copilot/policy.d/`: in a folder it does not trust,
/// and although the user's settings say `disableAllHooks`, the guard
/// refuses `sudo`. The user's own hook runs beside it, until
/// `--managed-hooks-only`.
#[test]
fn copilot_cli_runs_the_policy_hook_although_the_user_disables_all_hooks() {
    let Some(copilot) = copilot() else { return };
    let world = World::new();
    let Some(etc) = PrivateEtc::over(&world.at("/etc"), "the managed Copilot CLI tests") else {
        return;
    };
    world.ok("copilot", &[]);
    let settings = world.home.join(".copilot/settings.json");
    write(&settings, &json!({"disableAllHooks": true}).to_string());
    let said = copilot_sudo(&copilot, &world, &etc);
    assert!(
        said.contains("guard refused `sudo rm -rf victim`"),
        "{said}"
    );
    assert!(
        world.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );

    // The user's own hook (at the session's start: as with Claude Code, a
    // hook of theirs before the call did not run where the policy's
    // refused it), which runs in every folder...
    write(&settings, "{}");
    let marker = world.project.join("user-hook-ran");
    write(
        &world.home.join(".copilot/hooks/mine.json"),
        &json!({"version": 1, "hooks": {"sessionStart": [{
            "type": "command",
            "bash": format!("touch '{}'", quoted(&marker)),
            "timeoutSec": 10,
        }]}})
        .to_string(),
    );
    let said = copilot_sudo(&copilot, &world, &etc);
    assert!(said.contains("guard refused"), "{said}");
    assert!(marker.exists(), "the user's hook ran beside the policy's");
    // ...until managed hooks only.
    std::fs::remove_file(&marker).expect("removed");
    world.ok("copilot", &["--managed-hooks-only"]);
    let said = copilot_sudo(&copilot, &world, &etc);
    assert!(said.contains("guard refused"), "{said}");
    assert!(!marker.exists(), "the user's hook did not run");
}

/// Factory Droid, installed by `scripts/install-agent-clis.sh`.
fn droid() -> Option<PathBuf> {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the managed install tests against Factory Droid",
        skipped: "the managed install tests against Factory Droid",
    };
    tackle_tests::venv::install_or_skip(&install, ["droid"]).map(|[droid]| droid)
}

/// Runs `droid exec`, air-gapped against the fake model (a BYOK model of
/// the user's settings, as `live_droid.rs` does), in the world's project
/// with the private `/etc`, through `sudo rm -rf victim` (a `sudo` on PATH
/// that runs it); returns what the model was sent for the call. The
/// user's settings are the model and `hooks`.
fn droid_sudo(droid: &Path, world: &World, etc: &PrivateEtc, hooks: &Value) -> String {
    use tackle_tests::fake_model::openai::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};
    let bin = world.home.join("bin");
    let sudo = bin.join("sudo");
    write(&sudo, "#!/bin/sh\nexec \"$@\"\n");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let victim = world.project.join("victim");
    std::fs::create_dir_all(&victim).expect("mkdir");
    std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
    let model = FakeModel::openai(vec![
        Turn::tool(
            "Execute",
            json!({"command": "sudo rm -rf victim", "riskLevel": "low", "riskLevelReason": "a test"}),
        ),
        Turn::say("Done."),
    ]);
    write(
        &world.home.join(".factory/settings.json"),
        &json!({
            "customModels": [{
                "model": "fake-model",
                "displayName": "Fake",
                "baseUrl": format!("{}/v1", model.base_url()),
                "apiKey": "fake",
                "provider": "generic-chat-completion-api",
            }],
            "hooks": hooks,
        })
        .to_string(),
    );
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&path)))
        .expect("PATH");
    let out = etc
        .command(droid)
        .args(["exec", "Follow the script.", "--skip-permissions-unsafe"])
        .args(["-o", "json", "-m", "custom:Fake-0"])
        .current_dir(&world.project)
        .env_clear()
        .env("PATH", path)
        .env("HOME", &world.home)
        .env("FACTORY_AIRGAP_ENABLED", "1")
        .env("FACTORY_DROID_AUTO_UPDATE_ENABLED", "false")
        .env("FACTORY_DISABLE_KEYRING", "1")
        .stdin(Stdio::null())
        .output()
        .expect("runs droid exec");
    assert!(out.status.success(), "droid: {out:?}");
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "{out:?}");
    tool_result(&turns[1].body, 1)
        .expect("the call's result")
        .text()
}

/// The real Factory Droid reads the hooks `install droid --managed` merged
/// into its organisation settings, `/etc/factory/settings.json`: the guard
/// refuses `sudo` although the project's settings and the user's say
/// `hooksDisabled: true` (without the organisation's `hooksDisabled:
/// false`, which install pins, either would switch it off: checked by
/// hand, 0.225.2). The user's own hook runs beside it, until
/// `--managed-hooks-only`.
#[test]
fn droid_runs_the_organisation_hook_although_user_and_project_disable_hooks() {
    let Some(droid) = droid() else { return };
    let world = World::new();
    let Some(etc) = PrivateEtc::over(&world.at("/etc"), "the managed Factory Droid tests") else {
        return;
    };
    world.ok("droid", &[]);
    write(
        &world.project.join(".factory/settings.json"),
        &json!({"hooks": {"hooksDisabled": true}}).to_string(),
    );
    let said = droid_sudo(&droid, &world, &etc, &json!({"hooksDisabled": true}));
    assert!(
        said.contains("guard refused `sudo rm -rf victim`"),
        "{said}"
    );
    assert!(
        world.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );

    std::fs::remove_file(world.project.join(".factory/settings.json")).expect("removed");
    let marker = world.project.join("user-hook-ran");
    let user_hook = json!({"PreToolUse": [{"hooks": [{
        "type": "command",
        "command": format!("touch '{}'", quoted(&marker)),
    }]}]});
    let said = droid_sudo(&droid, &world, &etc, &user_hook);
    assert!(said.contains("guard refused"), "{said}");
    assert!(
        marker.exists(),
        "the user's hook ran beside the organisation's"
    );
    std::fs::remove_file(&marker).expect("removed");
    world.ok("droid", &["--managed-hooks-only"]);
    let said = droid_sudo(&droid, &world, &etc, &user_hook);
    assert!(said.contains("guard refused"), "{said}");
    assert!(!marker.exists(), "the user's hook did not run");
}
