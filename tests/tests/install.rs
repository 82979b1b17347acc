//! `install <agent>`: the package put where the agent reads it, against
//! real config files in a temporary home and project. The user's entries
//! survive, a second install changes nothing, `--uninstall` gives back
//! the file byte for byte (or removes the one install created), a dry
//! run writes nothing and prints the diff, a malformed file is refused
//! untouched, and the installed hook refuses what `guard` refuses.

mod opencode_live;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::claude::rm_rf;

/// guard, doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// The same plugins in a hook-only binary.
const HOOK_ONLY: &str = env!("CARGO_BIN_EXE_tackle-export-hook-only");
/// The binary's name, and so the package folder's.
const BIN: &str = "tackle-export-host";
const REFUSED: &str = "guard refused `rm -rf /`";

#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// A home, a data folder and a project, all under one temp folder whose
/// path has a space and a quote.
struct World {
    _tmp: tempfile::TempDir,
    home: PathBuf,
    data: PathBuf,
    project: PathBuf,
}

impl World {
    fn new() -> World {
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = tmp
            .path()
            .canonicalize()
            .expect("resolves")
            .join("it's here");
        let world = World {
            home: root.join("home"),
            data: root.join("data"),
            project: root.join("project"),
            _tmp: tmp,
        };
        for dir in [&world.home, &world.project] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        world
    }

    /// `HOST install ARGS...` in the project, with this world's home.
    fn install(&self, args: &[&str]) -> Run {
        self.install_by(Path::new(HOST), args)
    }

    /// `PROGRAM install ARGS...` in the project, with this world's home.
    fn install_by(&self, program: &Path, args: &[&str]) -> Run {
        let out = self.command(program, args).output().expect("runs");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// The command `install_by` runs.
    fn command(&self, program: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .arg("install")
            .args(args)
            .current_dir(&self.project)
            .env("HOME", &self.home)
            .env("XDG_DATA_HOME", &self.data)
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("COPILOT_HOME")
            .env_remove("CODEX_HOME")
            .env_remove("KIMI_CODE_HOME")
            .env_remove("KIMI_SHARE_DIR")
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .stdin(Stdio::null());
        command
    }

    /// `install ARGS...`, killed if it has not returned after a minute
    /// (far more than an install takes), so that a hang fails the test
    /// with what it was doing rather than hanging it.
    fn install_or_kill(&self, args: &[&str]) -> Run {
        use std::io::Read;
        let mut child = self
            .command(Path::new(HOST), args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let drain = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = pipe.read_to_string(&mut text);
                text
            })
        };
        let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
        let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let status = loop {
            if let Some(status) = child.try_wait().expect("waits") {
                break Some(status);
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let (stdout, stderr) = (
            stdout.join().expect("stdout read"),
            stderr.join().expect("stderr read"),
        );
        Run {
            code: status.and_then(|s| s.code()).unwrap_or(-1),
            stdout,
            stderr: match status {
                Some(_) => stderr,
                None => format!("install {args:?} still ran after a minute: killed\n{stderr}"),
            },
        }
    }

    fn ok(&self, args: &[&str]) -> Run {
        let out = self.install(args);
        assert_eq!(out.code, 0, "install {args:?}: {out:?}");
        out
    }

    /// Every file under the world, with its bytes.
    fn snapshot(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        for root in [&self.home, &self.data, &self.project] {
            walk(root, &mut files);
        }
        files.sort();
        files
    }
}

/// Every file under `dir`, with its bytes; a link with where it leads,
/// anything else (a FIFO, a socket) with what it is: neither is followed
/// or read, which could block.
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
        } else if kind.is_symlink() {
            let to = std::fs::read_link(&path).expect("a link");
            files.push((path, format!("-> {}", to.display()).into_bytes()));
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

/// What the agent said of the call shows guard refused it.
fn assert_refused(said: &str, whose: &str) {
    assert!(
        said.contains("guard refused `sudo rm -rf victim`"),
        "{whose}: {said}"
    );
}

/// With the hooks uninstalled nothing refused the call: the command ran.
fn assert_ran(world: &World, said: &str) {
    assert!(
        !said.contains("guard refused"),
        "no hook after uninstall: {said}"
    );
    assert!(
        !world.project.join("victim").exists(),
        "the command ran: {said}"
    );
}

/// Runs `program ARGS` (or `sh -c COMMAND`) in `cwd` with `event` on stdin.
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

/// The user's settings: other keys, a hook of their own at an event the
/// package also registers, in the 2-space layout Claude Code writes.
const USER_SETTINGS: &str = r#"{
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Write",
        "hooks": [
          {
            "type": "command",
            "command": "my-own-check"
          }
        ]
      }
    ]
  },
  "permissions": {
    "allow": [
      "Bash(ls:*)"
    ]
  }
}
"#;

#[test]
fn claude_user_install_merges_runs_is_idempotent_and_uninstalls_byte_for_byte() {
    let world = World::new();
    let settings = world.home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    std::fs::write(&settings, USER_SETTINGS).expect("writes");

    let out = world.ok(&["claude"]);
    assert!(out.stdout.contains("+++ "), "{out:?}");
    let package = world.data.join("tackle").join(BIN).join("claude");
    let bin = package.join("bin").join(BIN);
    assert!(bin.is_file(), "{out:?}");

    let merged = json_file(&settings);
    assert_eq!(merged["model"], "opus");
    assert_eq!(merged["permissions"], json!({"allow": ["Bash(ls:*)"]}));
    let keys: Vec<&str> = merged
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["model", "hooks", "permissions"], "order kept");
    let pre = merged["hooks"]["PreToolUse"].as_array().expect("array");
    assert_eq!(
        pre[0]["hooks"][0]["command"], "my-own-check",
        "theirs first"
    );
    let ours = &pre.last().expect("ours")["hooks"][0];
    assert_eq!(ours["command"], bin.to_str().expect("utf-8"));
    assert_eq!(ours["args"], json!(["hook", "claude", "PreToolUse"]));
    assert!(
        merged["hooks"]["SessionStart"].is_array(),
        "the package's other events: {merged}"
    );

    // The entry, run as Claude Code runs a settings hook in exec form.
    let (program, args) = tackle_tests::claude::exec_form(ours, Path::new("/unused"));
    let mut command = Command::new(program);
    command.args(args);
    let ran = run_hook(command, &world.project, &rm_rf(&world.project));
    assert!(ran.stdout.contains(REFUSED), "{ran:?}");
    assert!(ran.stdout.contains("\"deny\""), "{ran:?}");

    // Twice = once.
    let before = world.snapshot();
    let again = world.ok(&["claude", "--user"]);
    assert!(again.stdout.contains("unchanged"), "{again:?}");
    assert_eq!(
        world.snapshot(),
        before,
        "the second install changed something"
    );

    // Uninstall: the user's file as it was, the package gone.
    let out = world.ok(&["claude", "--uninstall"]);
    assert!(out.stdout.contains("--- "), "{out:?}");
    assert_eq!(read(&settings), USER_SETTINGS);
    assert!(!package.exists());
    assert!(!world.data.join("tackle").exists(), "empty folders removed");
}

#[test]
fn claude_project_install_creates_settings_local_and_uninstall_removes_it() {
    let world = World::new();
    let before = world.snapshot();
    world.ok(&["claude", "--project"]);
    let settings = world.project.join(".claude/settings.local.json");
    let package = world.project.join(".tackle").join(BIN).join("claude");
    let created = json_file(&settings);
    let command = created["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .expect("command");
    assert_eq!(Path::new(command), package.join("bin").join(BIN));
    assert!(!world.home.join(".claude").exists(), "the user's untouched");

    world.ok(&["claude", "--project", "--uninstall"]);
    assert_eq!(
        world.snapshot(),
        before,
        "everything install created is gone"
    );
}

/// A project's package holds this machine's binaries and paths: its own
/// `.gitignore` keeps all of it out of git, so `git status` shows only
/// the agent's config file; uninstall takes the file out with the rest.
#[test]
fn a_project_install_keeps_its_package_out_of_git() {
    let world = World::new();
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(args)
            .current_dir(&world.project)
            .output()
            .expect("runs git");
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    git(&["init", "-q"]);
    world.ok(&["claude", "--project"]);
    let package = world.project.join(".tackle").join(BIN).join("claude");
    assert!(package.join("bin").join(BIN).is_file());
    let ignore = read(&package.join(".gitignore"));
    assert!(ignore.ends_with("\n*\n"), "{ignore}");
    assert_eq!(
        git(&["status", "--porcelain", "--untracked-files=all"]),
        "?? .claude/settings.local.json\n"
    );
    world.ok(&["claude", "--project", "--uninstall"]);
    assert!(!world.project.join(".tackle").exists(), "all of it removed");
}

/// The folders a user's install made above its packages
/// (`~/.local/share`, `~/.local`) go with uninstall while empty; the home
/// and what was there before stay.
#[test]
fn uninstall_removes_the_empty_folders_install_made_in_the_home() {
    let world = World::new();
    let run = |args: &[&str]| {
        let out = world
            .command(Path::new(HOST), args)
            .env_remove("XDG_DATA_HOME")
            .output()
            .expect("runs");
        assert!(out.status.success(), "{args:?}: {out:?}");
    };
    std::fs::create_dir_all(world.home.join(".claude")).expect("mkdir");
    let before = world.snapshot();
    run(&["claude"]);
    let package = world
        .home
        .join(".local/share/tackle")
        .join(BIN)
        .join("claude");
    assert!(package.join("bin").join(BIN).is_file());
    run(&["claude", "--uninstall"]);
    assert!(!world.home.join(".local").exists(), "install made it");
    assert!(world.home.join(".claude").is_dir(), "there before");
    assert_eq!(world.snapshot(), before);

    // A `~/.local/share` that was there before stays.
    std::fs::create_dir_all(world.home.join(".local/share")).expect("mkdir");
    run(&["claude"]);
    run(&["claude", "--uninstall"]);
    assert!(world.home.join(".local/share").is_dir());
    assert!(!world.home.join(".local/share/tackle").exists());
}

/// Claude Code names an MCP tool by the route that brought it, and no
/// server name makes the routes agree: install and export both say the
/// name a skill or `--allowedTools` must write.
#[test]
fn install_and_export_claude_say_the_tool_names_of_each_route() {
    let world = World::new();
    let name = "tackle-export-host";
    let routes = format!(
        "`mcp__plugin_{name}_{name}__<tool>` with `claude --plugin-dir` (or a marketplace), `mcp__{name}__<tool>` after `install claude`"
    );
    let out = world.ok(&["claude"]);
    let said = format!("{}{}", out.stdout, out.stderr);
    assert!(said.contains(&routes), "{out:?}");
    let dir = world.project.join("dist");
    let export = Command::new(HOST)
        .arg("export")
        .arg("claude")
        .arg(&dir)
        .current_dir(&world.project)
        .env("HOME", &world.home)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&export.stdout).into_owned()
        + &String::from_utf8_lossy(&export.stderr);
    assert!(export.status.success(), "{said}");
    assert!(
        said.contains(&format!("`mcp__plugin_{name}_{name}__"))
            && said.contains(&format!("`mcp__{name}__")),
        "{said}"
    );
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    let world = World::new();
    let settings = world.home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    std::fs::write(&settings, USER_SETTINGS).expect("writes");
    let before = world.snapshot();

    let out = world.ok(&["claude", "--dry-run"]);
    assert_eq!(world.snapshot(), before, "a dry run wrote: {out:?}");
    let path = settings.display().to_string();
    assert!(out.stdout.contains(&format!("--- {path}")), "{out:?}");
    assert!(out.stdout.contains(&format!("+++ {path}")), "{out:?}");
    let bin = world
        .data
        .join("tackle")
        .join(BIN)
        .join("claude/bin")
        .join(BIN);
    // The diff names the binary where the real install puts it.
    let added = format!(
        "+            \"command\": {},",
        json!(bin.to_str().expect("utf-8"))
    );
    assert!(out.stdout.contains(&added), "{added}\n{}", out.stdout);
    assert!(
        !out.stdout.contains("-  \"model\""),
        "the user's keys stay: {}",
        out.stdout
    );

    // A dry-run uninstall of an install: the diff takes the entries out.
    world.ok(&["claude"]);
    let installed = world.snapshot();
    let out = world.ok(&["claude", "--uninstall", "--dry-run"]);
    assert_eq!(world.snapshot(), installed);
    assert!(out.stdout.contains("-            \"command\""), "{out:?}");
}

#[test]
fn a_malformed_settings_file_is_refused_and_left_as_it_is() {
    let world = World::new();
    let settings = world.home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    let broken = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n}\n";
    std::fs::write(&settings, broken).expect("writes");
    let before = world.snapshot();

    let out = world.install(&["claude"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains(&format!("{}:5:", settings.display())),
        "names the file and position: {out:?}"
    );
    assert_eq!(world.snapshot(), before, "nothing written");

    std::fs::write(&settings, r#"{"hooks": {"PreToolUse": {}}}"#).expect("writes");
    let out = world.install(&["claude"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains("`hooks.PreToolUse` is not an array"),
        "{out:?}"
    );
}

#[test]
fn cursor_project_install_keeps_the_users_hooks_and_runs_through_the_shell() {
    let world = World::new();
    let hooks = world.project.join(".cursor/hooks.json");
    std::fs::create_dir_all(hooks.parent().expect("parent")).expect("mkdir");
    let theirs = "{\n    \"version\": 1,\n    \"hooks\": {\n        \"afterFileEdit\": [\n            {\n                \"command\": \"./format.sh\"\n            }\n        ]\n    }\n}\n";
    std::fs::write(&hooks, theirs).expect("writes");

    world.ok(&["cursor", "--project", "--allow-partial"]);
    let merged = json_file(&hooks);
    assert_eq!(merged["version"], 1);
    assert_eq!(
        merged["hooks"]["afterFileEdit"][0]["command"],
        "./format.sh"
    );
    let command = merged["hooks"]["preToolUse"][0]["command"]
        .as_str()
        .expect("command");
    assert!(
        read(&hooks).contains("\n        \"preToolUse\""),
        "4-space indent kept"
    );
    let event = json!({
        "conversation_id": "c1", "generation_id": "g1", "hook_event_name": "preToolUse",
        "tool_name": "Shell", "tool_input": {"command": "rm -rf /"},
        "workspace_roots": [world.project],
    });
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command);
    let ran = run_hook(sh, &world.project, &event);
    assert!(ran.stdout.contains("\"deny\""), "{ran:?}");

    let before = world.snapshot();
    world.ok(&["cursor", "--project", "--allow-partial"]);
    assert_eq!(world.snapshot(), before, "twice = once");

    world.ok(&["cursor", "--project", "--uninstall"]);
    assert_eq!(read(&hooks), theirs);
    assert!(!world.project.join(".tackle").exists());
}

/// The server entry of `file`'s `mcpServers` named for the package.
fn installed_server(file: &Path) -> Value {
    json_file(file)["mcpServers"][BIN].clone()
}

/// `entry` started as an agent starts a stdio MCP server (no shell, in
/// the project): the names of the tools it lists.
fn listed_tools(entry: &Value, cwd: &Path) -> Vec<String> {
    use tackle_tests::mcp::Process;
    let mut command = Command::new(entry["command"].as_str().expect("a command"));
    for arg in entry["args"].as_array().expect("args") {
        command.arg(arg.as_str().expect("an argument"));
    }
    command
        .current_dir(cwd)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR");
    let mut server = Process::spawn(command);
    server.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "install-test", "version": "1"}}}),
    );
    assert!(server.answer(&json!(1))["result"].is_object());
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    server.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    let listed = server.answer(&json!(2));
    assert_eq!(server.close(), Some(0));
    listed["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|t| t["name"].as_str().expect("a name").to_owned())
        .collect()
}

#[test]
fn the_mcp_server_goes_beside_the_users_serves_the_tools_and_comes_out_again() {
    let world = World::new();
    let file = world.project.join(".cursor/mcp.json");
    std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
    let theirs = "{\n    \"mcpServers\": {\n        \"theirs\": {\n            \"command\": \"npx\",\n            \"args\": [\n                \"their-server\"\n            ]\n        }\n    }\n}\n";
    std::fs::write(&file, theirs).expect("writes");

    let out = world.ok(&["cursor", "--project", "--allow-partial"]);
    assert!(
        out.stdout.contains(&format!(
            "the plugins' tools: MCP server `{BIN}` in {}",
            file.display()
        )),
        "{out:?}"
    );
    let servers = json_file(&file)["mcpServers"].clone();
    let names: Vec<&String> = servers.as_object().expect("object").keys().collect();
    assert_eq!(names, ["theirs", BIN], "theirs first, untouched");
    let bin = world
        .project
        .join(".tackle")
        .join(BIN)
        .join("cursor/bin")
        .join(BIN);
    assert_eq!(
        servers[BIN],
        json!({"command": bin.to_str().expect("utf-8"), "args": ["mcp"]}),
        "the installed binary by its absolute path (it has a space and a quote)"
    );
    assert!(
        read(&file).contains("\n        \"theirs\""),
        "4-space indent kept"
    );
    let mut tools = listed_tools(&servers[BIN], &world.project);
    tools.sort();
    assert_eq!(tools, ["complexity", "count_lines", "tree_stats"]);

    let installed = world.snapshot();
    world.ok(&["cursor", "--project", "--allow-partial"]);
    assert_eq!(world.snapshot(), installed, "twice = once");

    world.ok(&["cursor", "--project", "--uninstall"]);
    assert_eq!(read(&file), theirs, "byte for byte");

    // A server of the user's by the package's name is theirs: refused,
    // nothing written.
    let taken = theirs.replace("\"theirs\"", &format!("\"{BIN}\""));
    std::fs::write(&file, &taken).expect("writes");
    let before = world.snapshot();
    let out = world.install(&["cursor", "--project", "--allow-partial"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains(&format!(
            "already has an MCP server `{BIN}` that `install` did not add"
        )),
        "{out:?}"
    );
    assert_eq!(world.snapshot(), before, "nothing written");
}

/// Where each agent's user MCP servers are: install registers the
/// package's server there, in the shape the agent reads, and uninstall
/// takes out the file it created.
#[test]
fn each_agent_gets_the_server_in_its_own_user_mcp_file() {
    let data = |world: &World, agent: &str| world.data.join("tackle").join(BIN).join(agent);
    let cases = [
        ("claude", ".claude.json"),
        ("copilot", ".copilot/mcp-config.json"),
        ("droid", ".factory/mcp.json"),
        ("cline", ".cline/data/settings/cline_mcp_settings.json"),
        ("windsurf", ".codeium/windsurf/mcp_config.json"),
        ("kimi", ".kimi-code/mcp.json"),
    ];
    for (agent, file) in cases {
        let world = World::new();
        let out = world.ok(&[agent, "--allow-partial"]);
        let file = world.home.join(file);
        let package = data(&world, agent);
        let entry = if agent == "copilot" {
            // Copilot CLI's local server, all its tools.
            json!({"type": "local", "command": package.join(".github/hooks/bin").join(BIN),
                "args": ["mcp"], "tools": ["*"]})
        } else {
            json!({"command": package.join("bin").join(BIN), "args": ["mcp"]})
        };
        assert_eq!(installed_server(&file), entry, "{agent}: {out:?}");
        let tools = listed_tools(&installed_server(&file), &world.project);
        assert!(
            tools.iter().any(|t| t == "count_lines"),
            "{agent}: {tools:?}"
        );
        world.ok(&[agent, "--uninstall"]);
        assert!(!file.exists(), "{agent}: the file install created is gone");
    }
    // Where the agent gets the server another way, no file of install's.
    let world = World::new();
    world.ok(&["gemini"]);
    assert!(!world.home.join(".gemini/settings.json").exists());
}

/// A copy of the host at `<world>/build/my-host`, with the hook-only
/// build beside it when `with_hook` (and without, when not).
fn my_host(world: &World, with_hook: bool) -> PathBuf {
    let dir = world.home.with_file_name("build");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let host = dir.join("my-host");
    if !host.exists() {
        std::fs::copy(HOST, &host).expect("copies the host");
    }
    let hook = dir.join("my-host-hook");
    if with_hook {
        std::fs::copy(HOOK_ONLY, &hook).expect("copies the hook build");
    } else if hook.exists() {
        std::fs::remove_file(&hook).expect("removes the hook build");
    }
    host
}

/// The hook-only build beside the host is installed with it and the
/// entries name it; installing with and then without it replaces the
/// entries each time (one per event, never both), and uninstall gives the
/// user's file back byte for byte. Claude Code's entries name the binary
/// as a plain path, Cursor's as a shell word.
#[test]
fn a_hook_build_beside_the_host_is_installed_and_its_entries_replace_the_hosts() {
    let world = World::new();
    let settings = world.home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    std::fs::write(&settings, USER_SETTINGS).expect("writes");
    let package = world.data.join("tackle/my-host/claude/bin");
    let ours = |settings: &Path| -> Vec<Value> {
        json_file(settings)["hooks"]["PreToolUse"]
            .as_array()
            .expect("array")
            .iter()
            .skip(1)
            .map(|group| group["hooks"][0].clone())
            .collect()
    };

    let host = my_host(&world, false);
    let out = world.install_by(&host, &["claude"]);
    assert_eq!(out.code, 0, "{out:?}");
    let entries = ours(&settings);
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["command"], json!(package.join("my-host")));

    let host = my_host(&world, true);
    let out = world.install_by(&host, &["claude"]);
    assert_eq!(out.code, 0, "{out:?}");
    let entries = ours(&settings);
    assert_eq!(entries.len(), 1, "the host's entry replaced: {entries:?}");
    assert_eq!(entries[0]["command"], json!(package.join("my-host-hook")));
    assert_eq!(
        std::fs::read(package.join("my-host-hook")).expect("installed"),
        std::fs::read(HOOK_ONLY).expect("the hook build")
    );
    let (program, args) = tackle_tests::claude::exec_form(&entries[0], Path::new("/unused"));
    let mut command = Command::new(program);
    command.args(args);
    let ran = run_hook(command, &world.project, &rm_rf(&world.project));
    assert!(ran.stdout.contains(REFUSED), "{ran:?}");
    assert!(ran.stdout.contains("\"deny\""), "{ran:?}");

    let host = my_host(&world, false);
    let out = world.install_by(&host, &["claude"]);
    assert_eq!(out.code, 0, "{out:?}");
    let entries = ours(&settings);
    assert_eq!(
        entries.len(),
        1,
        "the hook build's entry replaced: {entries:?}"
    );
    assert_eq!(entries[0]["command"], json!(package.join("my-host")));
    assert!(!package.join("my-host-hook").exists(), "no longer shipped");

    let host = my_host(&world, true);
    assert_eq!(world.install_by(&host, &["claude"]).code, 0);
    let out = world.install_by(&host, &["claude", "--uninstall"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(read(&settings), USER_SETTINGS);

    // Cursor: a shell word for the binary, replaced the same way.
    let hooks = world.project.join(".cursor/hooks.json");
    let host = my_host(&world, false);
    let args = ["cursor", "--project", "--allow-partial"];
    assert_eq!(world.install_by(&host, &args).code, 0);
    let host = my_host(&world, true);
    assert_eq!(world.install_by(&host, &args).code, 0);
    let pre = json_file(&hooks)["hooks"]["preToolUse"].clone();
    let pre = pre.as_array().expect("array");
    assert_eq!(pre.len(), 1, "{pre:?}");
    let command = pre[0]["command"].as_str().expect("command");
    assert!(
        command.contains("/bin/my-host-hook' hook cursor"),
        "{command}"
    );
    let out = world.install_by(&host, &["cursor", "--project", "--uninstall"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!hooks.exists(), "{out:?}");
}

#[test]
fn a_bad_hook_build_refuses_the_install_with_nothing_written() {
    let world = World::new();
    let before = world.snapshot();
    let missing = world.home.join("no-such-hook");
    let missing = missing.to_str().expect("utf-8");
    let out = world.install(&["claude", "--hook-bin", missing]);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stderr
            .contains(&format!("`--hook-bin {missing}` cannot be read")),
        "{out:?}"
    );
    assert_eq!(world.snapshot(), before);

    // Named, a good one is installed and named by the entries.
    world.ok(&["claude", "--hook-bin", HOOK_ONLY]);
    let settings = json_file(&world.home.join(".claude/settings.json"));
    let command = &settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"];
    let hook = world
        .data
        .join("tackle")
        .join(BIN)
        .join("claude/bin")
        .join(format!("{BIN}-hook"));
    assert_eq!(command, &json!(hook));
}

#[test]
fn an_agent_install_does_not_support_says_so_and_writes_nothing() {
    let world = World::new();
    let before = world.snapshot();
    let out = world.install(&["vscode"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stderr.contains("does not support VS Code"), "{out:?}");
    assert!(out.stderr.contains(".github/hooks/"), "says why: {out:?}");
    assert!(out.stderr.contains("export vscode DIR"), "{out:?}");
    assert_eq!(world.snapshot(), before);
}

#[test]
fn copilot_user_install_writes_its_hooks_file_and_the_guard_refuses_through_it() {
    let world = World::new();
    let before = world.snapshot();
    let out = world.ok(&["copilot"]);
    assert!(
        out.stdout.contains("in every folder, trusted or not"),
        "{out:?}"
    );
    let file = world
        .home
        .join(".copilot/hooks")
        .join(format!("{BIN}.json"));
    let hooks = json_file(&file);
    assert_eq!(hooks["version"], 1);
    let installed = world
        .data
        .join("tackle")
        .join(BIN)
        .join("copilot/.github/hooks/bin")
        .join(BIN);
    let entry = &hooks["hooks"]["preToolUse"][0];
    let bash = entry["bash"].as_str().expect("a bash line");
    assert_eq!(
        bash,
        format!(
            "'{}' hook copilot preToolUse",
            installed.display().to_string().replace('\'', r"'\''")
        ),
        "the installed binary by its absolute path, quoted (the path has a space and a quote)"
    );
    let installed_once = world.snapshot();
    world.ok(&["copilot"]);
    assert_eq!(world.snapshot(), installed_once, "twice = once");

    let event = json!({
        "timestamp": 1, "cwd": world.project, "toolName": "bash",
        "toolArgs": "{\"command\": \"rm -rf /\"}",
    });
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(bash);
    let ran = run_hook(sh, &world.project, &event);
    assert!(ran.stdout.contains("\"deny\""), "{ran:?}");
    assert!(ran.stdout.contains(REFUSED), "{ran:?}");

    world.ok(&["copilot", "--uninstall"]);
    let mut after = world.snapshot();
    // The hook's own session state, under the TACKLE_HOME `run_hook` gives it.
    after.retain(|(path, _)| !path.to_string_lossy().contains(".tackle-home"));
    assert_eq!(after, before, "uninstall leaves nothing");
}

#[test]
fn copilot_project_install_points_at_export_and_writes_nothing() {
    let world = World::new();
    let before = world.snapshot();
    let out = world.install(&["copilot", "--project"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr
            .contains("`.github/hooks/`, which `export copilot .` writes in place"),
        "{out:?}"
    );
    assert_eq!(world.snapshot(), before);
}

/// Gemini CLI, installed by `scripts/install-agent-clis.sh`.
fn gemini() -> Option<PathBuf> {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Gemini CLI",
        skipped: "the install test against Gemini CLI",
    };
    tackle_tests::venv::install_or_skip(&install, ["gemini"]).map(|[gemini]| gemini)
}

#[test]
fn gemini_install_links_the_extension_and_uninstall_removes_the_link() {
    let world = World::new();
    let before = world.snapshot();
    let out = world.install(&["gemini", "--project"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stderr.contains("no project-scope install"), "{out:?}");
    assert_eq!(world.snapshot(), before);

    world.ok(&["gemini"]);
    let package = world.data.join("tackle").join(BIN).join("gemini");
    let link = world
        .home
        .join(".gemini/extensions")
        .join(BIN)
        .join(".gemini-extension-install.json");
    assert_eq!(
        json_file(&link),
        json!({"source": package.to_str().expect("utf-8"), "type": "link"})
    );
    assert!(package.join("gemini-extension.json").is_file());
    let installed = world.snapshot();
    world.ok(&["gemini"]);
    assert_eq!(world.snapshot(), installed, "twice = once");

    world.ok(&["gemini", "--uninstall"]);
    assert_eq!(
        world.snapshot(),
        before,
        "the link and the package are gone"
    );

    // A link of the user's own under that name is not replaced.
    std::fs::create_dir_all(link.parent().expect("parent")).expect("mkdir");
    let theirs = r#"{"source": "/elsewhere", "type": "link"}"#;
    std::fs::write(&link, theirs).expect("writes");
    let out = world.install(&["gemini"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains("was not written by `install`"),
        "{out:?}"
    );
    assert_eq!(read(&link), theirs);
}

/// Gemini CLI itself lists the installed extension, linked and enabled.
#[test]
fn gemini_cli_lists_the_installed_extension() {
    let Some(gemini) = gemini() else { return };
    let world = World::new();
    world.ok(&["gemini"]);
    let package = world.data.join("tackle").join(BIN).join("gemini");
    let list = |world: &World| {
        let out = Command::new(&gemini)
            .args(["extensions", "list"])
            .current_dir(&world.project)
            .env("HOME", &world.home)
            .env("GEMINI_CLI_NO_RELAUNCH", "true")
            .stdin(Stdio::null())
            .output()
            .expect("gemini runs");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    };
    let listed = list(&world);
    assert!(listed.contains(&format!("{BIN} (0.1.0)")), "{listed}");
    assert!(
        listed.contains(&format!("Source: {} (Type: link)", package.display())),
        "{listed}"
    );
    assert!(listed.contains("Enabled (User): true"), "{listed}");

    world.ok(&["gemini", "--uninstall"]);
    let listed = list(&world);
    assert!(!listed.contains(BIN), "{listed}");
}

/// Claude Code, installed by `scripts/install-agent-clis.sh`.
fn claude() -> Option<PathBuf> {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Claude Code",
        skipped: "the install test against Claude Code",
    };
    tackle_tests::venv::install_or_skip(&install, ["claude"]).map(|[claude]| claude)
}

/// The real Claude Code, headless and offline against the fake model API
/// with no plugin flag: the hooks `install claude` merged into the user's
/// settings refuse `sudo rm -rf victim`, the MCP server it registered in
/// `~/.claude.json` runs the plugins' tool, and after `--uninstall` the
/// same call runs and the tool is gone.
#[test]
fn claude_code_runs_the_installed_hooks_and_not_after_uninstall() {
    use tackle_tests::fake_model::anthropic::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let Some(claude) = claude() else { return };
    let world = World::new();
    let settings = world.home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    std::fs::write(&settings, USER_SETTINGS).expect("writes");
    world.ok(&["claude"]);

    let mcp_tool = format!("mcp__{BIN}__count_lines");
    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let model = FakeModel::anthropic(vec![
            Turn::tool(&mcp_tool, json!({"path": "victim/keep.txt"})),
            Turn::tool(
                "Bash",
                json!({"command": "sudo rm -rf victim", "description": "Remove the folder"}),
            ),
            Turn::say("Done."),
        ]);
        let out = Command::new(&claude)
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
            .env("IS_SANDBOX", "1")
            .stdin(Stdio::null())
            .output()
            .expect("runs claude");
        assert!(out.status.success(), "claude: {out:?}");
        let turns = model.turns();
        assert_eq!(turns.len(), 3, "{out:?}");
        (
            tool_result(&turns[1].body, 1).expect("the MCP tool's result"),
            tool_result(&turns[2].body, 2).expect("the call's result"),
        )
    };

    // The server install registered in ~/.claude.json: Claude Code starts
    // it, and the plugins' tool counts the lines.
    let (counted, refused) = run(&world);
    assert!(!counted.is_error, "{counted:?}");
    assert!(counted.text().contains("\"total\":1"), "{counted:?}");
    assert!(refused.is_error, "{refused:?}");
    assert!(
        refused
            .text()
            .contains("guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(world.project.join("victim/keep.txt").is_file());

    world.ok(&["claude", "--uninstall"]);
    let (unknown, ran) = run(&world);
    assert!(
        !ran.text().contains("guard refused"),
        "no hook after uninstall: {ran:?}"
    );
    assert!(unknown.is_error, "no server after uninstall: {unknown:?}");
    let again = world.ok(&["claude", "--uninstall"]);
    assert!(again.stdout.contains("nothing to uninstall"), "{again:?}");

    // The project's `settings.local.json` is read as well.
    world.ok(&["claude", "--project"]);
    let (_, refused) = run(&world);
    assert!(
        refused
            .text()
            .contains("guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
}

#[test]
fn an_entry_the_user_adds_after_install_keeps_its_place_on_reinstall() {
    let world = World::new();
    world.ok(&["claude"]);
    let settings = world.home.join(".claude/settings.json");
    let mut edited = json_file(&settings);
    edited["hooks"]["PreToolUse"]
        .as_array_mut()
        .expect("array")
        .push(json!({"hooks": [{"type": "command", "command": "added-later"}]}));
    let text = serde_json::to_string_pretty(&edited).expect("encodes") + "\n";
    std::fs::write(&settings, &text).expect("writes");

    let out = world.ok(&["claude"]);
    assert!(out.stdout.contains("unchanged"), "{out:?}");
    assert_eq!(read(&settings), text);

    world.ok(&["claude", "--uninstall"]);
    assert_eq!(
        json_file(&settings),
        json!({"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "added-later"}]}]}}),
        "only the user's entry is left, in a file that is now theirs too"
    );
}

/// A cloned repository ships links: its `.claude/settings.local.json` to a
/// secret outside the project, its `.tackle/<bin>/claude` to the checkout
/// itself. Install copies nothing into the project and uninstall deletes
/// nothing; both name the link.
#[test]
fn a_projects_links_are_refused_and_nothing_is_read_written_or_deleted() {
    use std::os::unix::fs::symlink;
    let world = World::new();
    let secret = world.home.join("secret.json");
    std::fs::write(&secret, r#"{"token": "s3cret"}"#).expect("writes");
    std::fs::create_dir_all(world.project.join(".claude")).expect("mkdir");
    let shipped = world.project.join(".claude/settings.local.json");
    symlink(&secret, &shipped).expect("a link");
    let before = world.snapshot();
    let out = world.install(&["claude", "--project"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr
            .contains(&format!("{}: a symbolic link", shipped.display())),
        "{out:?}"
    );
    assert_eq!(world.snapshot(), before, "nothing written");
    assert_eq!(read(&secret), r#"{"token": "s3cret"}"#);
    std::fs::remove_file(&shipped).expect("rm");

    // A package folder that is a link to the checkout: uninstall keeps it.
    let packages = world.project.join(".tackle").join(BIN);
    std::fs::create_dir_all(&packages).expect("mkdir");
    symlink("../..", packages.join("claude")).expect("a link");
    std::fs::write(world.project.join(".tackle-export.json"), "{}").expect("writes");
    std::fs::write(world.project.join("main.rs"), "fn main() {}").expect("writes");
    let out = world.install(&["claude", "--project", "--uninstall"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stderr.contains("a symbolic link"), "{out:?}");
    assert!(
        world.project.join("main.rs").is_file(),
        "the checkout is kept"
    );
}

/// A user's settings kept as a link (a dotfiles manager's) stay a link;
/// the file it names gets the entries, and loses them on uninstall.
#[test]
fn a_users_linked_settings_stay_a_link() {
    use std::os::unix::fs::symlink;
    let world = World::new();
    let dotfiles = world.home.join("dotfiles/claude.json");
    std::fs::create_dir_all(dotfiles.parent().expect("parent")).expect("mkdir");
    std::fs::write(&dotfiles, USER_SETTINGS).expect("writes");
    std::fs::create_dir_all(world.home.join(".claude")).expect("mkdir");
    let settings = world.home.join(".claude/settings.json");
    symlink(&dotfiles, &settings).expect("a link");
    world.ok(&["claude"]);
    let meta = std::fs::symlink_metadata(&settings).expect("there");
    assert!(meta.file_type().is_symlink(), "still a link");
    assert!(json_file(&dotfiles)["hooks"]["PreToolUse"].is_array());
    world.ok(&["claude", "--uninstall"]);
    assert!(
        std::fs::symlink_metadata(&settings)
            .expect("there")
            .file_type()
            .is_symlink()
    );
    assert_eq!(read(&dotfiles), USER_SETTINGS);
}

/// What can stand where install reads a file, other than the file.
enum Planted {
    /// A FIFO: reading it waits for a writer, forever.
    Fifo,
    /// A symbolic link to a device (`/dev/zero` never ends).
    Link(&'static str),
    /// A folder.
    Folder,
}

#[cfg(unix)]
fn plant(path: &Path, planted: &Planted) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    match planted {
        Planted::Fifo => {
            let made = Command::new("mkfifo")
                .arg(path)
                .status()
                .expect("mkfifo runs");
            assert!(made.success(), "mkfifo {}", path.display());
        }
        Planted::Link(to) => std::os::unix::fs::symlink(to, path).expect("links"),
        Planted::Folder => std::fs::create_dir(path).expect("mkdir"),
    }
}

/// A FIFO, a device or a folder put where install reads a file (the
/// agent's settings, its MCP servers file, Codex's config.toml, a hook
/// file install wrote whole, install's record, export's manifest, a file
/// of the package) is refused at once by install, `--dry-run` and
/// `--uninstall`, naming the file and what it is (exit 3), and nothing is
/// written or deleted.
#[cfg(unix)]
#[test]
fn a_fifo_a_device_or_a_folder_in_place_of_a_file_is_refused_at_once() {
    type At = fn(&World) -> PathBuf;
    fn package(world: &World) -> PathBuf {
        world.project.join(".tackle").join(BIN).join("claude")
    }
    let fifo = "a FIFO (named pipe)";
    let device = "a character device";
    let user: &[&str] = &["claude"];
    let project: &[&str] = &["claude", "--project"];
    let cases: [(&[&str], At, Planted, &str); 10] = [
        (
            user,
            |w| w.home.join(".claude/settings.json"),
            Planted::Fifo,
            fifo,
        ),
        (user, |w| w.home.join(".claude.json"), Planted::Fifo, fifo),
        (
            &["codex"],
            |w| w.home.join(".codex/config.toml"),
            Planted::Fifo,
            fifo,
        ),
        (
            &["cline", "--project", "--allow-partial"],
            |w| w.project.join(".clinerules/hooks/PreToolUse"),
            Planted::Fifo,
            fifo,
        ),
        (
            project,
            |w| package(w).join(".tackle-install.json"),
            Planted::Fifo,
            fifo,
        ),
        (
            project,
            |w| package(w).join(".tackle-export.json"),
            Planted::Fifo,
            fifo,
        ),
        (
            project,
            |w| package(w).join("hooks/hooks.json"),
            Planted::Fifo,
            fifo,
        ),
        (
            user,
            |w| w.home.join(".claude/settings.json"),
            Planted::Link("/dev/zero"),
            device,
        ),
        // The install's own stdin (here /dev/null).
        (
            user,
            |w| w.home.join(".claude.json"),
            Planted::Link("/dev/stdin"),
            device,
        ),
        (
            user,
            |w| w.home.join(".claude/settings.json"),
            Planted::Folder,
            "a folder",
        ),
    ];
    for (args, at, planted, what) in cases {
        let world = World::new();
        world.ok(args);
        let path = at(&world);
        std::fs::remove_file(&path).expect("installed");
        plant(&path, &planted);
        let before = world.snapshot();
        for mode in [None, Some("--dry-run"), Some("--uninstall")] {
            let args: Vec<&str> = args.iter().copied().chain(mode).collect();
            let out = world.install_or_kill(&args);
            assert!(
                out.stderr.contains(&format!(
                    "{}: is {what}, not a regular file",
                    path.display()
                )),
                "{args:?}: {out:?}"
            );
            assert_eq!(out.code, 3, "{args:?}: {out:?}");
            assert_eq!(world.snapshot(), before, "{args:?}: nothing written");
        }
    }
}

/// A record a repository planted as a link (to a file of the user's) is
/// refused, and nothing is written through it.
#[cfg(unix)]
#[test]
fn a_record_planted_as_a_link_is_refused_and_nothing_is_written_through_it() {
    let world = World::new();
    let precious = world.home.join("precious.txt");
    std::fs::write(&precious, "mine\n").expect("writes");
    let package = world.project.join(".tackle").join(BIN).join("claude");
    std::fs::create_dir_all(&package).expect("mkdir");
    let record = package.join(".tackle-install.json");
    std::os::unix::fs::symlink(&precious, &record).expect("links");
    let before = world.snapshot();
    for mode in [None, Some("--dry-run"), Some("--uninstall")] {
        let args: Vec<&str> = ["claude", "--project"].into_iter().chain(mode).collect();
        let out = world.install_or_kill(&args);
        assert!(
            out.stderr.contains(&format!(
                "{}: is a symbolic link, not a regular file",
                record.display()
            )),
            "{args:?}: {out:?}"
        );
        assert_eq!(out.code, 3, "{args:?}: {out:?}");
        assert_eq!(world.snapshot(), before, "{args:?}: nothing written");
    }
}

/// `--uninstall` removes from the package folder only what install wrote
/// there and nobody changed since: a file the user added stays, and so
/// does one install wrote that the user edited, each named, and the folder
/// that holds them; the settings come back byte for byte. A hook file
/// install wrote whole, since edited, stays too, named.
#[test]
fn uninstall_keeps_and_names_what_the_user_added_or_changed() {
    let world = World::new();
    let settings = world.home.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    std::fs::write(&settings, USER_SETTINGS).expect("writes");
    world.ok(&["claude"]);
    let package = world.data.join("tackle").join(BIN).join("claude");
    let added = package.join("notes.md");
    std::fs::write(&added, "mine\n").expect("writes");
    std::fs::create_dir_all(package.join("mine")).expect("mkdir");
    std::fs::write(package.join("mine/todo.txt"), "mine too\n").expect("writes");
    let edited = package.join("hooks/hooks.json");
    let text = read(&edited) + "\n";
    std::fs::write(&edited, &text).expect("writes");

    let before = world.snapshot();
    let out = world.ok(&["claude", "--uninstall", "--dry-run"]);
    assert_eq!(world.snapshot(), before, "a dry run wrote: {out:?}");
    let said = |out: &Run| {
        let changed = format!("kept {}: changed since install wrote it", edited.display());
        assert!(out.stdout.contains(&changed), "{out:?}");
        assert!(
            out.stdout.contains("kept what install did not write")
                && out.stdout.contains(&added.display().to_string()),
            "{out:?}"
        );
    };
    said(&out);

    let out = world.ok(&["claude", "--uninstall"]);
    said(&out);
    assert_eq!(read(&settings), USER_SETTINGS);
    let mut left = Vec::new();
    walk(&package, &mut left);
    let left: Vec<PathBuf> = left
        .into_iter()
        .map(|(path, _)| path.strip_prefix(&package).expect("inside").to_owned())
        .collect();
    let mut expected: Vec<PathBuf> = [
        "hooks",
        "hooks/hooks.json",
        "mine",
        "mine/todo.txt",
        "notes.md",
    ]
    .map(PathBuf::from)
    .into();
    expected.sort();
    let mut left = left;
    left.sort();
    assert_eq!(left, expected, "{out:?}");
    assert_eq!(read(&edited), text);
    assert_eq!(read(&added), "mine\n");

    let world = World::new();
    world.ok(&["cline", "--project", "--allow-partial"]);
    let hook = world.project.join(".clinerules/hooks/PreToolUse");
    let text = read(&hook) + "# mine\n";
    std::fs::write(&hook, &text).expect("writes");
    let out = world.ok(&["cline", "--project", "--uninstall"]);
    let changed = format!("kept {}: changed since install wrote it", hook.display());
    assert!(out.stdout.contains(&changed), "{out:?}");
    assert_eq!(read(&hook), text);
}

/// An install recorded by an earlier version (a list of config records,
/// no package files) uninstalls as before, minus the user's files: the
/// settings come back byte for byte, the files export wrote go, a file the
/// user added in the package folder stays. A reinstall over such a record
/// records the package, and uninstalls the same.
#[test]
fn an_install_recorded_by_an_earlier_version_still_uninstalls() {
    for reinstall in [false, true] {
        let world = World::new();
        let settings = world.home.join(".claude/settings.json");
        std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
        std::fs::write(&settings, USER_SETTINGS).expect("writes");
        world.ok(&["claude"]);
        let installed = read(&settings);
        let package = world.data.join("tackle").join(BIN).join("claude");
        let record = package.join(".tackle-install.json");
        let current: Value = serde_json::from_str(&read(&record)).expect("JSON");
        std::fs::write(&record, current["configs"].to_string()).expect("writes");
        let added = package.join("notes.md");
        std::fs::write(&added, "mine\n").expect("writes");
        if reinstall {
            let out = world.ok(&["claude"]);
            assert_eq!(read(&settings), installed, "{out:?}");
            let again: Value = serde_json::from_str(&read(&record)).expect("JSON");
            // As a new install writes it, but for the folders above
            // `tackle/`: the old record does not say install made them
            // (here the data folder), so uninstall leaves them.
            let mut expected = current.clone();
            let data = world.data.display().to_string();
            if let Some(dirs) = expected["package"]["created_dirs"].as_array_mut() {
                dirs.retain(|d| *d != data.as_str());
            }
            assert_eq!(again, expected, "the record as a new install writes it");
        }
        let out = world.ok(&["claude", "--uninstall"]);
        assert_eq!(read(&settings), USER_SETTINGS, "{out:?}");
        let left: Vec<PathBuf> = std::fs::read_dir(&package)
            .expect("kept for the user's file")
            .map(|e| e.expect("entry").path())
            .collect();
        assert_eq!(left, std::slice::from_ref(&added), "{out:?}");
    }
}

/// In a project the record is the repository's: an edited or hostile one
/// (a file elsewhere that names the binary, by `..` too; folders that are
/// not above the file install created; package files named by `..`, by an
/// absolute path or through a link out, each with the right SHA-256)
/// makes neither install nor uninstall delete what install did not
/// write.
#[cfg(unix)]
#[test]
fn a_hostile_record_deletes_nothing_install_did_not_write() {
    let world = World::new();
    let args = ["cline", "--project", "--allow-partial"];
    world.ok(&args);
    let hooks = world.project.join(".clinerules/hooks");
    let package = world.project.join(".tackle").join(BIN).join("cline");
    let record_file = package.join(".tackle-install.json");
    let hook_text = read(&hooks.join("PreToolUse"));
    let away = world.home.join("away");
    std::fs::create_dir_all(&away).expect("mkdir");
    let empty = world.home.join("empty");
    std::fs::create_dir_all(&empty).expect("mkdir");
    // A copy elsewhere of a hook file install wrote: it names the binary.
    let victim = away.join("PreToolUse");
    std::fs::write(&victim, &hook_text).expect("writes");
    let stale = hooks.join("TaskCancel");
    let entry = |config: &Path, dirs: &[&Path]| {
        json!({"config": config, "created_file": true, "created_dirs": dirs,
            "created_keys": [], "whole": true})
    };

    // As an earlier version wrote records: a list.
    let current: Value = serde_json::from_str(&read(&record_file)).expect("JSON");
    let mut earlier = current["configs"].as_array().expect("configs").clone();
    earlier.extend([
        entry(&victim, &[&empty]),
        entry(&hooks.join("../../../home/away/PreToolUse"), &[&empty]),
        // A stale hook file of install's, with folders that are not its.
        entry(&stale, &[&empty, &world.home, &away]),
    ]);
    std::fs::write(&stale, &hook_text).expect("writes");
    std::fs::write(&record_file, Value::from(earlier).to_string()).expect("writes");
    let out = world.ok(&args);
    assert!(!stale.exists(), "install's stale hook file goes: {out:?}");
    assert_eq!(read(&victim), hook_text, "{out:?}");
    assert!(empty.is_dir(), "{out:?}");

    // As this version writes them, with SHA-256 that match.
    let mut record: Value = serde_json::from_str(&read(&record_file)).expect("JSON");
    let sha256 = record["configs"]
        .as_array()
        .expect("configs")
        .iter()
        .find(|r| r["config"] == json!(hooks.join("PreToolUse")))
        .expect("the hook file's record")["sha256"]
        .clone();
    let files = record["package"]["files"]
        .as_object()
        .expect("files")
        .clone();
    let (name, digest) = files
        .iter()
        .find(|(rel, _)| rel.starts_with("hooks/"))
        .expect("a hook file of the package");
    let copy = away.join("copy");
    std::fs::copy(package.join(name), &copy).expect("copies");
    std::os::unix::fs::symlink(&away, package.join("link")).expect("links");
    for config in [victim.clone(), hooks.join("../../../home/away/PreToolUse")] {
        let mut hostile = entry(&config, &[&empty]);
        hostile["sha256"] = sha256.clone();
        record["configs"]
            .as_array_mut()
            .expect("configs")
            .push(hostile);
    }
    let package_files = record["package"]["files"].as_object_mut().expect("files");
    for rel in [
        "../../../../home/away/copy".to_owned(),
        "link/copy".to_owned(),
        copy.display().to_string(),
    ] {
        package_files.insert(rel, digest.clone());
    }
    record["package"]["created_dirs"] = json!([world.home, world.project, empty, away]);
    std::fs::write(&record_file, record.to_string()).expect("writes");
    let out = world.ok(&["cline", "--project", "--uninstall"]);
    assert_eq!(read(&victim), hook_text, "{out:?}");
    assert!(copy.is_file() && empty.is_dir(), "{out:?}");
    assert!(
        !hooks.join("PreToolUse").exists(),
        "install's own go: {out:?}"
    );
    let left: Vec<PathBuf> = std::fs::read_dir(&package)
        .expect("kept for the link")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(left, [package.join("link")], "{out:?}");
}

/// Qwen Code links an extension as Gemini CLI does; user scope only.
#[test]
fn qwen_install_links_the_extension_and_uninstall_removes_the_link() {
    let world = World::new();
    let before = world.snapshot();
    let out = world.install(&["qwen", "--project"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stderr.contains("no project-scope install"), "{out:?}");

    world.ok(&["qwen"]);
    let package = world.data.join("tackle").join(BIN).join("qwen");
    let link = world
        .home
        .join(".qwen/extensions")
        .join(BIN)
        .join(".qwen-extension-install.json");
    assert_eq!(
        json_file(&link),
        json!({"source": package.to_str().expect("utf-8"), "type": "link"})
    );
    assert!(package.join("qwen-extension.json").is_file());
    let installed = world.snapshot();
    world.ok(&["qwen"]);
    assert_eq!(world.snapshot(), installed, "twice = once");
    world.ok(&["qwen", "--uninstall"]);
    assert_eq!(
        world.snapshot(),
        before,
        "the link and the package are gone"
    );
}

/// An extension installed by hand (or by the agent's own `extensions
/// install`) has its folder but no link file: install refuses rather than
/// shadow it, and writes nothing.
#[test]
fn a_hand_installed_extension_is_not_shadowed() {
    for (agent, dir, manifest) in [
        ("gemini", ".gemini", "gemini-extension.json"),
        ("qwen", ".qwen", "qwen-extension.json"),
    ] {
        let world = World::new();
        let folder = world.home.join(dir).join("extensions").join(BIN);
        std::fs::create_dir_all(&folder).expect("mkdir");
        let theirs = r#"{"name": "tackle-export-host", "version": "9.9.9"}"#;
        std::fs::write(folder.join(manifest), theirs).expect("writes");
        let before = world.snapshot();
        let out = world.install(&[agent]);
        assert_eq!(out.code, 3, "{agent}: {out:?}");
        assert!(
            out.stderr.contains(&format!(
                "{}: holds an extension installed another way",
                folder.display()
            )),
            "{agent}: {out:?}"
        );
        assert!(
            out.stderr
                .contains(&format!("`{agent} extensions uninstall NAME`")),
            "{agent}: {out:?}"
        );
        assert_eq!(world.snapshot(), before, "{agent}: nothing written");
    }
}

/// Qwen Code itself lists the installed extension, from the linked folder.
#[test]
fn qwen_code_lists_the_installed_extension() {
    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Qwen Code",
        skipped: "the install test against Qwen Code",
    };
    let Some([qwen]) = tackle_tests::venv::install_or_skip(&install, ["qwen"]) else {
        return;
    };
    let world = World::new();
    world.ok(&["qwen"]);
    let package = world.data.join("tackle").join(BIN).join("qwen");
    let list = |world: &World| {
        let out = Command::new(&qwen)
            .args(["extensions", "list"])
            .current_dir(&world.project)
            .env("HOME", &world.home)
            .env("QWEN_USAGE_STATISTICS_ENABLED", "false")
            .stdin(Stdio::null())
            .output()
            .expect("qwen runs");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    };
    let listed = list(&world);
    assert!(listed.contains(BIN), "{listed}");
    assert!(
        listed.contains(&package.display().to_string()),
        "listed from the package: {listed}"
    );
    world.ok(&["qwen", "--uninstall"]);
    let listed = list(&world);
    assert!(!listed.contains(BIN), "{listed}");
}

/// Crush: the package's `PreToolUse` entries merged into the project's
/// `crush.json` after the user's own, naming the installed binary by its
/// absolute path; the command, run as Crush runs it, refuses; the user's
/// `~/.config/crush/crush.json` the same; uninstall gives both back.
#[test]
fn crush_install_merges_the_hooks_into_crush_json_beside_the_users() {
    let world = World::new();
    let config = world.project.join("crush.json");
    let theirs = "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"^bash$\",\n        \"command\": \"./no-haskell.sh\"\n      }\n    ]\n  },\n  \"options\": {\n    \"debug\": false\n  }\n}\n";
    std::fs::write(&config, theirs).expect("writes");

    let out = world.install(&["crush", "--project"]);
    assert_eq!(out.code, 3, "drops hooks only when asked: {out:?}");
    world.ok(&["crush", "--project", "--allow-partial"]);
    let merged = json_file(&config);
    assert_eq!(merged["options"]["debug"], false, "the user's keys stay");
    let entries = merged["hooks"]["PreToolUse"].as_array().expect("entries");
    assert_eq!(entries[0]["command"], "./no-haskell.sh", "theirs first");
    let command = entries[1]["command"].as_str().expect("command");
    let package = world.project.join(".tackle").join(BIN).join("crush");
    let bin = package.join("bin").join(BIN).display().to_string();
    assert!(command.contains(&bin.replace('\'', "'\\''")), "{command}");
    let event = json!({"event": "PreToolUse", "session_id": "s1", "cwd": world.project,
        "tool_name": "bash", "tool_input": {"command": "rm -rf /"}});
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command);
    let ran = run_hook(sh, &world.project, &event);
    assert_eq!(ran.code, 0, "{ran:?}");
    assert!(
        ran.stdout.contains(r#""permissionDecision":"deny""#),
        "{ran:?}"
    );
    assert!(ran.stdout.contains(REFUSED), "{ran:?}");

    let before = world.snapshot();
    world.ok(&["crush", "--project", "--allow-partial"]);
    assert_eq!(world.snapshot(), before, "twice = once");
    world.ok(&["crush", "--project", "--uninstall"]);
    assert_eq!(read(&config), theirs, "byte for byte");

    let user = world.home.join(".config/crush/crush.json");
    let untouched = world.snapshot();
    world.ok(&["crush", "--allow-partial"]);
    let command = json_file(&user)["hooks"]["PreToolUse"][0]["command"]
        .as_str()
        .expect("command")
        .to_owned();
    let installed = world.data.join("tackle").join(BIN).join("crush");
    assert!(
        command.contains(
            &installed
                .join("bin")
                .join(BIN)
                .display()
                .to_string()
                .replace('\'', "'\\''")
        ),
        "{command}"
    );
    world.ok(&["crush", "--uninstall"]);
    assert_eq!(world.snapshot(), untouched, "byte for byte");
}

/// Auggie: the package's groups merged into the project's
/// `.augment/settings.local.json` (the entries name this machine's
/// binary) after the user's own, naming the installed binary as a
/// command Auggie starts without a shell; run as Auggie runs it, it
/// refuses; the project's shared `.augment/settings.json` is left alone;
/// the user's `~/.augment/settings.json` the same; uninstall gives both
/// back.
#[test]
fn auggie_install_merges_the_hooks_into_its_settings_beside_the_users() {
    let world = World::new();
    let augment = world.project.join(".augment");
    std::fs::create_dir_all(&augment).expect("mkdir");
    let config = augment.join("settings.local.json");
    let theirs = "{\n  \"model\": \"sonnet4.5\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"launch-process\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./no-force-push.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n";
    std::fs::write(&config, theirs).expect("writes");
    let shared = augment.join("settings.json");
    std::fs::write(&shared, "{\"hooks\": {}}\n").expect("writes");

    world.ok(&["auggie", "--project", "--allow-partial"]);
    assert_eq!(read(&shared), "{\"hooks\": {}}\n", "the team's file");
    let merged = json_file(&config);
    assert_eq!(merged["model"], "sonnet4.5", "the user's keys stay");
    let groups = merged["hooks"]["PreToolUse"].as_array().expect("groups");
    assert_eq!(
        groups[0]["hooks"][0]["command"], "./no-force-push.sh",
        "theirs first"
    );
    let hook = &groups[1]["hooks"][0];
    let package = world.project.join(".tackle").join(BIN).join("auggie");
    let (program, args) = tackle_tests::auggie::spawned(hook, |name| std::env::var(name).ok());
    assert_eq!(Path::new(&program), package.join("bin").join(BIN));
    let mut command = Command::new(&program);
    command.args(&args);
    let ran = run_hook(
        command,
        &world.project,
        &tackle_tests::auggie::rm_rf(&world.project),
    );
    assert_eq!(ran.code, 0, "{ran:?}");
    let reply: Value = serde_json::from_str(&ran.stdout).expect("JSON reply");
    assert_eq!(
        reply["hookSpecificOutput"]["permissionDecision"], "deny",
        "{ran:?}"
    );
    assert!(ran.stdout.contains(REFUSED), "{ran:?}");

    let before = world.snapshot();
    world.ok(&["auggie", "--project", "--allow-partial"]);
    assert_eq!(world.snapshot(), before, "twice = once");
    world.ok(&["auggie", "--project", "--uninstall"]);
    assert_eq!(read(&config), theirs, "byte for byte");

    let user = world.home.join(".augment/settings.json");
    let untouched = world.snapshot();
    world.ok(&["auggie", "--allow-partial"]);
    let hook = &json_file(&user)["hooks"]["PreToolUse"][0]["hooks"][0];
    let (program, _) = tackle_tests::auggie::spawned(hook, |name| std::env::var(name).ok());
    let installed = world.data.join("tackle").join(BIN).join("auggie");
    assert_eq!(Path::new(&program), installed.join("bin").join(BIN));
    world.ok(&["auggie", "--uninstall"]);
    assert_eq!(world.snapshot(), untouched, "byte for byte");
}

#[test]
fn windsurf_project_install_keeps_the_users_hooks_and_refuses_through_the_shell() {
    let world = World::new();
    let hooks = world.project.join(".windsurf/hooks.json");
    std::fs::create_dir_all(hooks.parent().expect("parent")).expect("mkdir");
    let theirs = "{\n\t\"hooks\": {\n\t\t\"post_write_code\": [\n\t\t\t{\n\t\t\t\t\"command\": \"./lint.sh\"\n\t\t\t}\n\t\t]\n\t}\n}";
    std::fs::write(&hooks, theirs).expect("writes");

    let out = world.install(&["windsurf", "--project"]);
    assert_eq!(out.code, 3, "drops hooks only when asked: {out:?}");
    world.ok(&["windsurf", "--project", "--allow-partial"]);
    let merged = json_file(&hooks);
    assert_eq!(
        merged["hooks"]["post_write_code"][0]["command"],
        "./lint.sh"
    );
    assert!(
        read(&hooks).contains("\n\t\t\"pre_run_command\""),
        "tabs kept"
    );
    let command = merged["hooks"]["pre_run_command"][0]["command"]
        .as_str()
        .expect("command");
    let package = world.project.join(".tackle").join(BIN).join("windsurf");
    assert!(
        command.contains(
            &package
                .join("bin")
                .join(BIN)
                .display()
                .to_string()
                .replace('\'', "'\\''")
        ),
        "{command}"
    );
    let event = json!({
        "agent_action_name": "pre_run_command", "trajectory_id": "t1", "execution_id": "e1",
        "timestamp": "2026-01-01T00:00:00Z",
        "tool_info": {"command_line": "rm -rf /", "cwd": world.project},
    });
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command);
    let ran = run_hook(sh, &world.project, &event);
    assert_eq!(ran.code, 2, "Windsurf's refusal: {ran:?}");
    assert!(ran.stderr.contains(REFUSED), "{ran:?}");

    let before = world.snapshot();
    world.ok(&["windsurf", "--project", "--allow-partial"]);
    assert_eq!(world.snapshot(), before, "twice = once");
    world.ok(&["windsurf", "--project", "--uninstall"]);
    assert_eq!(read(&hooks), theirs, "byte for byte");
    assert!(!world.project.join(".tackle").exists());
}

/// Kiro's agent file, copied whole into the user's agents: a second
/// install changes nothing, a file of that name that is not install's is
/// refused, uninstall removes the file and the folders it made.
#[test]
fn kiro_install_writes_the_agent_file_and_its_hook_refuses() {
    let world = World::new();
    let before = world.snapshot();
    let out = world.ok(&["kiro", "--allow-partial", "--dry-run"]);
    assert!(out.stdout.contains("+  \"hooks\": {"), "{out:?}");
    assert_eq!(world.snapshot(), before, "a dry run writes nothing");

    world.ok(&["kiro", "--allow-partial"]);
    let file = world.home.join(format!(".kiro/agents/{BIN}.json"));
    let agent = json_file(&file);
    assert_eq!(agent["name"], BIN);
    let command = agent["hooks"]["preToolUse"][0]["command"]
        .as_str()
        .expect("command");
    let event = json!({
        "hook_event_name": "preToolUse", "cwd": world.project,
        "tool_name": "execute_bash", "tool_input": {"command": "rm -rf /"},
    });
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command);
    let ran = run_hook(sh, &world.project, &event);
    assert_eq!(ran.code, 2, "Kiro's refusal: {ran:?}");
    assert!(ran.stderr.contains(REFUSED), "{ran:?}");
    // The hook's session state, not install's.
    std::fs::remove_dir_all(world.project.join(".tackle-home")).expect("rm");

    let installed = world.snapshot();
    let again = world.ok(&["kiro", "--allow-partial"]);
    assert!(again.stdout.contains("unchanged"), "{again:?}");
    assert_eq!(world.snapshot(), installed, "twice = once");
    world.ok(&["kiro", "--uninstall"]);
    assert_eq!(world.snapshot(), before, "byte for byte");

    std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
    std::fs::write(&file, "{\"name\": \"mine\"}").expect("writes");
    let out = world.install(&["kiro", "--allow-partial"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains("was not written by `install`"),
        "{out:?}"
    );
    assert_eq!(read(&file), "{\"name\": \"mine\"}");
}

/// The binary a generated shim runs: its `file:` URL, decoded.
fn shim_binary(source: &str) -> PathBuf {
    let start = source.find("\"file://").expect("a file URL") + "\"file://".len();
    let end = start + source[start..].find('"').expect("closed");
    let encoded = &source[start..end];
    let mut bytes = Vec::new();
    let mut rest = encoded.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(&tail[..2]).expect("hex");
            bytes.push(u8::from_str_radix(hex, 16).expect("hex"));
            rest = &tail[2..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    PathBuf::from(String::from_utf8(bytes).expect("utf-8"))
}

/// OpenCode's and Kilo Code's plugin and Pi's extension go into the
/// agent's folder and run the binary in the package, named by an absolute
/// `file:` URL (the folder has a space and a quote); uninstall gives the
/// folder back.
#[test]
fn opencode_kilo_and_pi_install_the_shim_naming_the_packages_binary() {
    for (agent, dir, project_file, user_file) in [
        (
            "opencode",
            ".opencode",
            format!(".opencode/plugins/{BIN}.js"),
            format!(".config/opencode/plugins/{BIN}.js"),
        ),
        (
            "kilo",
            ".kilo",
            format!(".kilo/plugins/{BIN}.js"),
            format!(".config/kilo/plugins/{BIN}.js"),
        ),
        (
            "pi",
            ".pi",
            format!(".pi/extensions/{BIN}.ts"),
            format!(".pi/agent/extensions/{BIN}.ts"),
        ),
    ] {
        let world = World::new();
        let before = world.snapshot();
        world.ok(&[agent, "--project"]);
        let shim = read(&world.project.join(&project_file));
        let package = world.project.join(".tackle").join(BIN).join(agent);
        assert_eq!(
            shim_binary(&shim),
            package.join(dir).join("bin").join(BIN),
            "{agent}"
        );
        assert!(shim_binary(&shim).is_file(), "{agent}");
        assert!(!shim.contains("\"../bin/"), "{agent}: no relative URL left");
        let installed = world.snapshot();
        world.ok(&[agent, "--project"]);
        assert_eq!(world.snapshot(), installed, "{agent}: twice = once");
        world.ok(&[agent, "--project", "--uninstall"]);
        assert_eq!(world.snapshot(), before, "{agent}: byte for byte");

        world.ok(&[agent]);
        let shim = read(&world.home.join(&user_file));
        let package = world.data.join("tackle").join(BIN).join(agent);
        assert_eq!(
            shim_binary(&shim),
            package.join(dir).join("bin").join(BIN),
            "{agent}"
        );
        world.ok(&[agent, "--uninstall"]);
        assert_eq!(world.snapshot(), before, "{agent}: byte for byte");
    }
}

/// Codex's app server (`codex app-server`, JSON-RPC over stdio) in the
/// world's project, with its HOME: the answers to `calls`, after
/// `initialize`.
fn codex_app_server(codex: &Path, world: &World, calls: &[(&str, Value)]) -> Vec<Value> {
    tackle_tests::codex_app_server::ask(Command::new(codex), &world.project, &world.home, calls)
}

/// The real Codex, headless and offline against the fake Responses API:
/// it lists the hooks `install codex` merged into `~/.codex/hooks.json`
/// as untrusted (and runs none of them); once trusted as `/hooks` trusts
/// them, the guard refuses `sudo rm -rf victim`; after `--uninstall`
/// Codex lists none, and the user's config is as it was.
#[test]
fn codex_lists_the_installed_hooks_untrusted_and_runs_them_once_trusted() {
    use tackle_tests::fake_model::responses::call_output;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Codex",
        skipped: "the install test against Codex",
    };
    let Some([codex]) = tackle_tests::venv::install_or_skip(&install, ["codex"]) else {
        return;
    };
    let world = World::new();
    // Two runs of the same script: untrusted, then trusted.
    let sudo = || Turn::tool("exec_command", json!({"cmd": "sudo rm -rf victim"}));
    let model = FakeModel::responses(vec![sudo(), Turn::say("Done."), sudo(), Turn::say("Done.")]);
    let config = world.home.join(".codex/config.toml");
    std::fs::create_dir_all(config.parent().expect("parent")).expect("mkdir");
    let theirs = format!(
        "model = \"gpt-5.5\"\nmodel_provider = \"fake\"\n\n[analytics]\nenabled = false\n\n\
         [model_providers.fake]\nname = \"Fake\"\nbase_url = \"{}/v1\"\n\
         wire_api = \"responses\"\nenv_key = \"FAKE_OPENAI_API_KEY\"\n",
        model.base_url()
    );
    std::fs::write(&config, &theirs).expect("writes");
    world.ok(&["codex"]);
    let hooks_file = world.home.join(".codex/hooks.json");
    let package = world.data.join("tackle").join(BIN).join("codex");

    let project = world.project.to_string_lossy().into_owned();
    let list = || {
        let answers = codex_app_server(
            &codex,
            &world,
            &[("hooks/list", json!({"cwds": [project]}))],
        );
        answers[0]["data"][0].clone()
    };
    let listed = list();
    assert_eq!(listed["errors"], json!([]), "{listed}");
    let hooks = listed["hooks"].as_array().expect("hooks").clone();
    assert!(!hooks.is_empty(), "{listed}");
    for hook in &hooks {
        assert_eq!(hook["sourcePath"], json!(hooks_file), "{hook}");
        assert_eq!(hook["trustStatus"], "untrusted", "{hook}");
        let command = hook["command"].as_str().expect("a command");
        assert!(
            command.contains(&format!("{}/bin/{BIN}", package.display()).replace('\'', "'\\''")),
            "{command}"
        );
    }

    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let out = Command::new(&codex)
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
        call_output(&turns[last].body, last)
            .expect("the call's output")
            .text()
    };
    let ran = run(&world);
    assert!(
        !ran.contains("guard refused"),
        "untrusted hooks do not run: {ran}"
    );

    // Trusted as /hooks does: each hook's current hash in hooks.state.
    let mut state = serde_json::Map::new();
    for hook in &hooks {
        let key = hook["key"].as_str().expect("a key").to_owned();
        state.insert(key, json!({"trusted_hash": hook["currentHash"]}));
    }
    codex_app_server(
        &codex,
        &world,
        &[(
            "config/batchWrite",
            json!({"edits": [{"keyPath": "hooks.state", "value": state, "mergeStrategy": "upsert"}]}),
        )],
    );
    let refused = run(&world);
    assert_refused(&refused, "the user's install");
    assert!(world.project.join("victim/keep.txt").is_file());
    // The MCP server install registered in config.toml, as Codex reads it.
    let text = read(&config);
    assert!(
        text.starts_with(&theirs),
        "the user's config first, as it was: {text}"
    );
    let servers = codex_mcp_list(&codex, &world);
    let server = servers
        .iter()
        .find(|s| s["name"] == BIN)
        .unwrap_or_else(|| panic!("{servers:?}"));
    assert_eq!(server["enabled"], true, "{server}");
    assert_eq!(
        server["transport"],
        json!({"type": "stdio", "command": package.join("bin").join(BIN), "args": ["mcp"],
            "env": null, "env_vars": [], "cwd": null}),
    );
    let tools = listed_tools(&server["transport"], &world.project);
    assert!(tools.iter().any(|t| t == "count_lines"), "{tools:?}");

    // A reinstall keeps the entries, their keys and hashes: still trusted.
    world.ok(&["codex"]);
    let listed = list();
    for hook in listed["hooks"].as_array().expect("hooks") {
        assert_eq!(hook["trustStatus"], "trusted", "{hook}");
    }

    world.ok(&["codex", "--uninstall"]);
    assert!(
        !hooks_file.exists(),
        "install created it, uninstall removes it"
    );
    assert_eq!(list()["hooks"], json!([]));
    assert!(!read(&config).contains("mcp_servers"), "{}", read(&config));
    assert_eq!(codex_mcp_list(&codex, &world), Vec::<Value>::new());
}

/// `codex mcp list --json` for the world's user: the MCP servers Codex
/// reads from its config.
fn codex_mcp_list(codex: &Path, world: &World) -> Vec<Value> {
    let out = Command::new(codex)
        .args(["mcp", "list", "--json"])
        .current_dir(&world.project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &world.home)
        .stdin(Stdio::null())
        .output()
        .expect("runs codex mcp list");
    assert!(out.status.success(), "codex mcp list: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {out:?}"))
}

/// Kimi's `config.toml` with the fake provider at `base_url`: the user's
/// own, with a comment, a hook of theirs and a table after it.
fn kimi_config(base_url: &str) -> String {
    format!(
        "# my Kimi\ndefault_model = \"fake\"  # the fake\n\n\
         [[hooks]]\nevent = \"Stop\"\ncommand = \"true\"\n\n\
         [providers.fake]\ntype = \"openai\"\napi_key = \"sk-fake-key\"\nbase_url = \"{base_url}/v1\"\n\n\
         [models.fake]\nprovider = \"fake\"\nmodel = \"kimi-fake\"\nmax_context_size = 131072\ncapabilities = [\"tool_use\"]\n"
    )
}

/// Kimi's `[[hooks]]` tables go into its config.toml after the user's
/// own, keeping every comment and table; twice is once; uninstall gives
/// the file back byte for byte; a file that is not TOML is refused.
#[test]
fn kimi_install_merges_its_tables_into_config_toml() {
    let world = World::new();
    let config = world.home.join(".kimi-code/config.toml");
    std::fs::create_dir_all(config.parent().expect("parent")).expect("mkdir");
    let theirs = kimi_config("http://127.0.0.1:9");
    std::fs::write(&config, &theirs).expect("writes");
    let out = world.install(&["kimi", "--project"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stderr.contains("no project-scope install"), "{out:?}");

    world.ok(&["kimi", "--allow-partial"]);
    let merged = read(&config);
    assert!(merged.starts_with(&theirs[..theirs.find("[providers").expect("a table")]));
    let parsed: toml::Table = toml::from_str(&merged).expect("TOML");
    let hooks = parsed["hooks"].as_array().expect("hooks");
    assert_eq!(hooks[0]["command"].as_str(), Some("true"), "theirs first");
    let package = world.data.join("tackle").join(BIN).join("kimi");
    let pre = hooks
        .iter()
        .find(|h| h["event"].as_str() == Some("PreToolUse"))
        .expect("PreToolUse");
    let command = pre["command"].as_str().expect("command");
    assert!(
        command.contains(
            &package
                .join("bin")
                .join(BIN)
                .display()
                .to_string()
                .replace('\'', "'\\''")
        ),
        "{command}"
    );
    assert_eq!(
        parsed["models"]["fake"]["model"].as_str(),
        Some("kimi-fake")
    );

    let installed = world.snapshot();
    let again = world.ok(&["kimi", "--allow-partial"]);
    assert!(again.stdout.contains("unchanged"), "{again:?}");
    assert_eq!(world.snapshot(), installed, "twice = once");
    world.ok(&["kimi", "--uninstall"]);
    assert_eq!(read(&config), theirs, "byte for byte");

    std::fs::write(&config, "default_model = = 1\n").expect("writes");
    let out = world.install(&["kimi", "--allow-partial"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains(&format!("{}:1:", config.display())),
        "{out:?}"
    );
    assert_eq!(read(&config), "default_model = = 1\n");
}

/// With `KIMI_SHARE_DIR` set (the archived Python Kimi CLI's folder,
/// `kimi_cli/share.py` of kimi-cli 1.52.0) and no Kimi Code folder,
/// `install kimi` writes where that CLI reads; a relative value is not
/// honoured, and Kimi Code's folder, once there, wins.
#[test]
fn kimi_install_writes_where_kimi_share_dir_says() {
    let world = World::new();
    let run = |args: &[&str], share: &Path| {
        let out = world
            .command(Path::new(HOST), args)
            .env("KIMI_SHARE_DIR", share)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{args:?}: {out:?}");
    };
    let share = world.home.join("kimi share");
    run(&["kimi", "--allow-partial"], &share);
    let config = read(&share.join("config.toml"));
    assert!(config.contains("event = \"PreToolUse\""), "{config}");
    assert!(!world.home.join(".kimi-code").exists());
    assert!(!world.home.join(".kimi").exists());
    run(&["kimi", "--allow-partial", "--uninstall"], &share);
    assert!(!share.join("config.toml").exists(), "install created it");

    run(&["kimi", "--allow-partial"], Path::new("relative"));
    assert!(world.home.join(".kimi-code/config.toml").is_file());
    assert!(!world.project.join("relative").exists());
    run(&["kimi", "--allow-partial"], &share);
    assert!(
        !share.join("config.toml").exists(),
        "Kimi Code's folder wins"
    );
}

/// The real Kimi Code CLI, headless and offline against the fake Chat
/// Completions API, refuses `sudo rm -rf victim` through the tables
/// `install kimi` merged, runs the plugins' tool on the MCP server it
/// registered in mcp.json, and runs the call after `--uninstall`.
#[test]
fn kimi_code_runs_the_installed_hooks_and_not_after_uninstall() {
    use tackle_tests::fake_model::openai::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Kimi Code CLI",
        skipped: "the install test against Kimi Code CLI",
    };
    let Some([kimi]) = tackle_tests::venv::install_or_skip(&install, ["kimi"]) else {
        return;
    };
    let world = World::new();
    let sudo = || Turn::tool("Bash", json!({"command": "sudo rm -rf victim"}));
    // The plugins' `count_lines` as Kimi names a tool of the MCP server
    // install registered in its mcp.json.
    let count = Turn::tool(
        format!("mcp__{BIN}__count_lines"),
        json!({"path": "victim/keep.txt"}),
    );
    let model = FakeModel::openai(vec![
        count,
        sudo(),
        Turn::say("Done."),
        sudo(),
        Turn::say("Done."),
    ]);
    let config = world.home.join(".kimi-code/config.toml");
    std::fs::create_dir_all(config.parent().expect("parent")).expect("mkdir");
    std::fs::write(&config, kimi_config(&model.base_url())).expect("writes");
    world.ok(&["kimi", "--allow-partial"]);

    // A `sudo` that runs the command as it is: the hook is all that stands
    // in the way.
    let bin = world.home.join("fake-bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let sudo_path = bin.join("sudo");
    std::fs::write(&sudo_path, "#!/bin/sh\nexec \"$@\"\n").expect("writes");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo_path, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = Command::new(&kimi)
            .args(["-p", "Follow the script.", "--output-format", "stream-json"])
            .current_dir(&world.project)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &world.home)
            .env("KIMI_CODE_HOME", world.home.join(".kimi-code"))
            .env("KIMI_DISABLE_TELEMETRY", "1")
            .env("KIMI_CODE_NO_AUTO_UPDATE", "1")
            .stdin(Stdio::null())
            .output()
            .expect("runs kimi");
        assert!(out.status.success(), "kimi: {out:?}");
        let turns = model.turns();
        let last = turns.len() - 1;
        tool_result(&turns[last].body, last)
            .expect("the call's result")
            .text()
    };
    let refused = run(&world);
    assert_refused(&refused, "the user's install");
    assert!(world.project.join("victim/keep.txt").is_file());
    let counted = tool_result(&model.turns()[1].body, 1)
        .expect("the MCP tool's result")
        .text();
    assert!(
        counted.replace(' ', "").contains("\"total\":1"),
        "{counted}"
    );

    world.ok(&["kimi", "--uninstall"]);
    assert!(!world.home.join(".kimi-code/mcp.json").exists());
    let ran = run(&world);
    assert_ran(&world, &ran);
}

/// The real Factory Droid, headless (`droid exec`), air-gapped, against
/// the fake Chat Completions API (a BYOK model of the user's settings):
/// the hooks `install droid` merged into `~/.factory/settings.json` (the
/// user's keys kept) refuse `sudo rm -rf victim`, a project's
/// `.factory/settings.json` too; the MCP server install registered beside
/// them (`~/.factory/mcp.json`, the project's `.factory/mcp.json`) runs the
/// plugins' tool; after `--uninstall` the call runs and the settings are
/// as they were, byte for byte.
#[test]
fn droid_runs_the_installed_hooks_and_not_after_uninstall() {
    use tackle_tests::fake_model::openai::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Factory Droid",
        skipped: "the install test against Factory Droid",
    };
    let Some([droid]) = tackle_tests::venv::install_or_skip(&install, ["droid"]) else {
        return;
    };
    let world = World::new();
    let sudo = || {
        Turn::tool(
            "Execute",
            json!({"command": "sudo rm -rf victim", "riskLevel": "low", "riskLevelReason": "a test"}),
        )
    };
    // The plugins' `count_lines` as Droid names a tool of the MCP server
    // install registered in ~/.factory/mcp.json (`<server>___<tool>`,
    // deferred: offered through its ToolSearch, callable by name).
    let mcp_tool = format!("{BIN}___count_lines");
    let count = || Turn::tool(&mcp_tool, json!({"path": "victim/keep.txt"}));
    // The user's install, the project's, and neither.
    let model = FakeModel::openai(vec![
        count(),
        sudo(),
        Turn::say("Done."),
        count(),
        sudo(),
        Turn::say("Done."),
        sudo(),
        Turn::say("Done."),
    ]);
    let settings = world.home.join(".factory/settings.json");
    std::fs::create_dir_all(settings.parent().expect("parent")).expect("mkdir");
    let theirs = serde_json::to_string_pretty(&json!({"customModels": [{
        "model": "fake-model",
        "displayName": "Fake",
        "baseUrl": format!("{}/v1", model.base_url()),
        "apiKey": "fake",
        "provider": "generic-chat-completion-api",
    }]}))
    .expect("JSON")
        + "\n";
    std::fs::write(&settings, &theirs).expect("writes");
    world.ok(&["droid"]);

    let bin = world.home.join("fake-bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let sudo_path = bin.join("sudo");
    std::fs::write(&sudo_path, "#!/bin/sh\nexec \"$@\"\n").expect("writes");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo_path, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = Command::new(&droid)
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
        let last = turns.len() - 1;
        tool_result(&turns[last].body, last)
            .expect("the call's result")
            .text()
    };
    let refused = run(&world);
    assert_refused(&refused, "the user's install");
    assert!(world.project.join("victim/keep.txt").is_file());
    let counted = |n: usize| {
        let turns = model.turns();
        let counted = tool_result(&turns[n].body, n).expect("the MCP tool's result");
        let counted: Value = serde_json::from_str(&counted.text()).expect("the tool's JSON");
        assert_eq!(counted["total"], 1, "{counted}");
    };
    counted(1);

    world.ok(&["droid", "--uninstall"]);
    assert_eq!(read(&settings), theirs, "byte for byte");

    world.ok(&["droid", "--project"]);
    let refused = run(&world);
    assert_refused(&refused, "the project's .factory/settings.json");
    // The server install registered in the project's .factory/mcp.json.
    counted(4);
    world.ok(&["droid", "--project", "--uninstall"]);
    assert!(!world.project.join(".factory").exists());

    let ran = run(&world);
    assert_ran(&world, &ran);
}

/// The real Pi, headless (`pi -p`) and offline against the fake Chat
/// Completions API: the extension `install pi` put in the user's
/// `~/.pi/agent/extensions/` runs the package's binary by its `file:` URL
/// (the path has a space and a quote) and refuses `sudo rm -rf victim`;
/// so does the project's; after `--uninstall` the call runs.
#[test]
fn pi_runs_the_installed_extension_and_not_after_uninstall() {
    use tackle_tests::fake_model::openai::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Pi",
        skipped: "the install test against Pi",
    };
    let Some([pi]) = tackle_tests::venv::install_or_skip(&install, ["pi"]) else {
        return;
    };
    let world = World::new();
    let sudo = || Turn::tool("bash", json!({"command": "sudo rm -rf victim"}));
    let model = FakeModel::openai((0..3).flat_map(|_| [sudo(), Turn::say("Done.")]).collect());
    let agent_dir = world.home.join(".pi/agent");
    std::fs::create_dir_all(&agent_dir).expect("mkdir");
    // The fake speaks neither the `developer` role nor reasoning effort.
    let models = json!({"providers": {"fake": {
        "baseUrl": format!("{}/v1", model.base_url()),
        "api": "openai-completions",
        "apiKey": "sk-fake-key",
        "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false},
        "models": [{"id": "fake-model"}],
    }}});
    std::fs::write(agent_dir.join("models.json"), models.to_string()).expect("writes");
    let bin = world.home.join("fake-bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let sudo_path = bin.join("sudo");
    std::fs::write(&sudo_path, "#!/bin/sh\nexec \"$@\"\n").expect("writes");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo_path, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = Command::new(&pi)
            .args(["-p", "--provider", "fake", "--model", "fake-model"])
            .arg("Follow the script.")
            .current_dir(&world.project)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &world.home)
            .env("PI_OFFLINE", "1")
            .stdin(Stdio::null())
            .output()
            .expect("runs pi");
        assert!(out.status.success(), "pi: {out:?}");
        let turns = model.turns();
        let last = turns.len() - 1;
        tool_result(&turns[last].body, last)
            .expect("the call's result")
            .text()
    };

    world.ok(&["pi"]);
    let refused = run(&world);
    assert_refused(&refused, "the user's install");
    assert!(world.project.join("victim/keep.txt").is_file());
    world.ok(&["pi", "--uninstall"]);

    world.ok(&["pi", "--project"]);
    let refused = run(&world);
    assert_refused(&refused, "the project's extension");
    world.ok(&["pi", "--project", "--uninstall"]);

    let ran = run(&world);
    assert_ran(&world, &ran);
}

/// The real OpenCode (`opencode run`), offline against the fake Chat
/// Completions API (the project's `opencode.json`): the plugin `install
/// opencode` put in the user's `~/.config/opencode/plugins/` runs the
/// package's binary by its `file:` URL and refuses `sudo rm -rf victim`;
/// so does the project's; after `--uninstall` the call runs.
#[test]
fn opencode_runs_the_installed_plugin_and_not_after_uninstall() {
    runs_the_installed_plugin_and_not_after_uninstall(&opencode_live::OPENCODE);
}

/// The same with the real Kilo Code (`kilo run`, the project's
/// `kilo.json`), from `~/.config/kilo/plugins/` and `.kilo/plugins/`.
#[test]
fn kilo_runs_the_installed_plugin_and_not_after_uninstall() {
    runs_the_installed_plugin_and_not_after_uninstall(&opencode_live::KILO);
}

/// `install <fork>` for the user, then for the project: the real agent
/// refuses the guard's call through each; after both `--uninstall`s it
/// runs.
fn runs_the_installed_plugin_and_not_after_uninstall(fork: &'static opencode_live::Fork) {
    use tackle_tests::fake_model::openai::tool_result;
    use tackle_tests::fake_model::{FakeModel, Turn};

    let Some(cli) = fork.cli() else { return };
    let world = World::new();
    let sudo = || {
        Turn::tool(
            "bash",
            json!({"command": "sudo rm -rf victim", "description": "Run it"}),
        )
    };
    let model = FakeModel::openai((0..3).flat_map(|_| [sudo(), Turn::say("Done.")]).collect());
    fork.write_config(&world.project, &model);
    let bin = world.home.join("fake-bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let sudo_path = bin.join("sudo");
    std::fs::write(&sudo_path, "#!/bin/sh\nexec \"$@\"\n").expect("writes");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo_path, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = fork.run(&cli, &world.project, &world.home, path.into(), &model);
        assert!(out.status.success(), "{}: {out:?}", fork.title);
        let turns = model.turns();
        let last = turns.len() - 1;
        tool_result(&turns[last].body, last)
            .expect("the call's result")
            .text()
    };

    let agent = fork.agent;
    world.ok(&[agent]);
    let refused = run(&world);
    assert_refused(&refused, "the user's install");
    assert!(world.project.join("victim/keep.txt").is_file());
    world.ok(&[agent, "--uninstall"]);

    world.ok(&[agent, "--project"]);
    let refused = run(&world);
    assert_refused(&refused, "the project's plugin");
    world.ok(&[agent, "--project", "--uninstall"]);

    let ran = run(&world);
    assert_ran(&world, &ran);
}

/// Cline's hook files, one per event, copied into the project's
/// `.clinerules/hooks` beside a hook of the user's own, which stays; one of
/// the user's by an event's name is refused before anything is written;
/// uninstall takes out only install's files.
#[test]
fn cline_install_copies_one_hook_file_per_event() {
    let world = World::new();
    let hooks = world.project.join(".clinerules/hooks");
    std::fs::create_dir_all(&hooks).expect("mkdir");
    std::fs::write(hooks.join("TaskStart.sh"), "#!/bin/sh\necho mine\n").expect("writes");
    let before = world.snapshot();

    world.ok(&["cline", "--project", "--allow-partial"]);
    let pre = read(&hooks.join("PreToolUse"));
    let package = world.project.join(".tackle").join(BIN).join("cline");
    let bin = package.join("bin").join(BIN).display().to_string();
    assert!(pre.contains(&bin.replace('\'', "'\\''")), "{pre}");
    let installed: Vec<String> = std::fs::read_dir(&hooks)
        .expect("hooks")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(installed.len() > 2, "{installed:?}");
    let event = json!({
        "clineVersion": "3.0.65", "hookName": "PreToolUse", "timestamp": "1",
        "taskId": "t1", "workspaceRoots": [world.project], "userId": "u",
        "tool_call": {"id": "c1", "name": "run_commands", "input": {"commands": ["rm -rf /"]}},
        "preToolUse": {"toolName": "run_commands", "parameters": {"commands": "[\"rm -rf /\"]"}},
    });
    // Cline starts it by its shebang: the file need not be executable.
    let mut sh = Command::new("sh");
    sh.arg(hooks.join("PreToolUse"));
    let ran = run_hook(sh, &world.project, &event);
    assert!(ran.stdout.contains("\"cancel\":true"), "{ran:?}");
    std::fs::remove_dir_all(world.project.join(".tackle-home")).expect("rm");

    let snapshot = world.snapshot();
    world.ok(&["cline", "--project", "--allow-partial"]);
    assert_eq!(world.snapshot(), snapshot, "twice = once");

    // A hook file an earlier version installed for an event this one does
    // not need goes on reinstall, while it still names the binary; one the
    // user has since rewritten stays.
    let record_file = package.join(".tackle-install.json");
    let mut records: Value = serde_json::from_str(&read(&record_file)).expect("JSON");
    for (event, text) in [
        ("TaskCancel", pre.replace("PreToolUse", "TaskCancel")),
        ("TaskResume", "#!/bin/sh\necho now mine\n".to_owned()),
    ] {
        std::fs::write(hooks.join(event), text).expect("writes");
        records["configs"]
            .as_array_mut()
            .expect("records")
            .push(json!({
                "config": hooks.join(event), "created_file": true,
                "created_dirs": [], "created_keys": [], "whole": true,
            }));
    }
    std::fs::write(&record_file, records.to_string()).expect("writes");
    let out = world.ok(&["cline", "--project", "--allow-partial"]);
    assert!(
        out.stdout
            .contains(&format!("--- {}", hooks.join("TaskCancel").display())),
        "{out:?}"
    );
    assert!(!hooks.join("TaskCancel").exists(), "{out:?}");
    assert_eq!(
        read(&hooks.join("TaskResume")),
        "#!/bin/sh\necho now mine\n"
    );
    std::fs::remove_file(hooks.join("TaskResume")).expect("rm");
    assert_eq!(world.snapshot(), snapshot, "as before");

    world.ok(&["cline", "--project", "--uninstall"]);
    assert_eq!(world.snapshot(), before, "only the user's hook is left");

    std::fs::write(hooks.join("PreToolUse"), "#!/bin/sh\necho mine\n").expect("writes");
    let before = world.snapshot();
    let out = world.install(&["cline", "--project", "--allow-partial"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains("was not written by `install`"),
        "{out:?}"
    );
    assert_eq!(world.snapshot(), before, "nothing written");
}

/// The real Cline CLI, headless and offline against the fake Chat
/// Completions API: the hook files `install cline` put in the user's
/// `~/.cline/hooks` refuse `sudo rm -rf victim` (which ends the task: no
/// further turn), the MCP server it registered runs the plugins' tool,
/// and after `--uninstall` the call runs.
#[test]
fn cline_runs_the_installed_hooks_and_not_after_uninstall() {
    use tackle_tests::fake_model::{FakeModel, Turn};

    let install = tackle_tests::venv::Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the install test against Cline",
        skipped: "the install test against Cline",
    };
    let Some([cline]) = tackle_tests::venv::install_or_skip(&install, ["cline"]) else {
        return;
    };
    let world = World::new();
    let sudo = || Turn::tool("run_commands", json!({"commands": ["sudo rm -rf victim"]}));
    // The plugins' `count_lines` as Cline names a tool of the MCP server
    // install registered in its `cline_mcp_settings.json`.
    let count = Turn::tool(
        format!("{BIN}__count_lines"),
        json!({"path": "victim/keep.txt"}),
    );
    let model = FakeModel::openai(vec![count, sudo(), sudo(), Turn::say("Done.")]);
    let settings = world.home.join(".cline/data/settings");
    std::fs::create_dir_all(&settings).expect("mkdir");
    std::fs::write(
        settings.join("global-settings.json"),
        json!({"telemetryOptOut": true}).to_string(),
    )
    .expect("writes");
    std::fs::write(
        settings.join("providers.json"),
        json!({"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
            "providers": {"openai-compatible": {
                "settings": {"provider": "openai-compatible", "apiKey": "sk-fake-key",
                    "model": "cline-fake", "baseUrl": format!("{}/v1", model.base_url())},
                "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}})
        .to_string(),
    )
    .expect("writes");
    let bin = world.home.join("fake-bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let sudo_path = bin.join("sudo");
    std::fs::write(&sudo_path, "#!/bin/sh\nexec \"$@\"\n").expect("writes");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sudo_path, std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    let run = |world: &World| {
        let victim = world.project.join("victim");
        std::fs::create_dir_all(&victim).expect("mkdir");
        std::fs::write(victim.join("keep.txt"), "one\n").expect("writes");
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new(&cline)
            .current_dir(&world.project)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &world.home)
            .env("CLINE_NO_AUTO_UPDATE", "1")
            .args(["-P", "openai-compatible", "-m", "cline-fake", "--json"])
            .arg("Follow the script.")
            .stdin(Stdio::null())
            .output()
            .expect("runs cline")
    };

    world.ok(&["cline", "--allow-partial"]);
    let out = run(&world);
    assert!(
        world.project.join("victim/keep.txt").is_file(),
        "the victim survives: {out:?}"
    );
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "the refusal ends the task: {out:?}");
    let counted = tackle_tests::fake_model::openai::tool_result(&turns[1].body, 1)
        .expect("the MCP tool's result")
        .text();
    assert!(
        counted.replace(' ', "").contains("\"total\":1"),
        "{counted}"
    );

    world.ok(&["cline", "--uninstall"]);
    assert!(!world.home.join(".cline/hooks").exists(), "install made it");
    let out = run(&world);
    assert!(
        !world.project.join("victim").exists(),
        "the command ran: {out:?}"
    );
}

/// goose's plugin folder in the user's `~/.agents/plugins/`: its manifest
/// and hooks, the commands naming the package's binary (no `PLUGIN_ROOT`
/// needed), run as goose runs them (`sh -c`); twice is once; uninstall
/// leaves the home as it was; a plugin of that name installed another
/// way is refused. goose is not installed by the tests.
#[test]
fn goose_install_writes_the_plugin_folder_and_its_hook_refuses() {
    let world = World::new();
    let before = world.snapshot();
    world.ok(&["goose", "--allow-partial"]);
    let plugin = world.home.join(".agents/plugins").join(BIN);
    assert_eq!(json_file(&plugin.join("plugin.json"))["name"], BIN);
    let hooks = json_file(&plugin.join("hooks/hooks.json"));
    let command = hooks["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .expect("command");
    assert!(!command.contains("PLUGIN_ROOT"), "{command}");
    let event = json!({
        "event": "PreToolUse", "session_id": "s1", "matcher_context": "developer__shell",
        "tool_call_id": "c1", "tool_name": "developer__shell",
        "tool_input": {"command": "rm -rf /"}, "working_dir": world.project,
    });
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(command);
    let ran = run_hook(sh, &world.project, &event);
    assert!(ran.stdout.contains("\"block\""), "{ran:?}");
    std::fs::remove_dir_all(world.project.join(".tackle-home")).expect("rm");

    let installed = world.snapshot();
    world.ok(&["goose", "--allow-partial"]);
    assert_eq!(world.snapshot(), installed, "twice = once");
    world.ok(&["goose", "--uninstall"]);
    assert_eq!(world.snapshot(), before, "byte for byte");

    std::fs::create_dir_all(&plugin).expect("mkdir");
    std::fs::write(plugin.join("plugin.json"), r#"{"name": "mine"}"#).expect("writes");
    let out = world.install(&["goose", "--allow-partial"]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr.contains("was not written by `install`"),
        "{out:?}"
    );
}
