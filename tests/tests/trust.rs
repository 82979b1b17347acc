//! The trust gate, as an attacker meets it: a cloned project's own files
//! (`tackle.toml`, `.tackle/plugins.json`, `.claude/settings.json`, `.env`)
//! through the hook binary, the MCP server and `doctor`, before and after
//! the user trusts the project (`plugins trust`: the hook binary and the
//! MCP server, which agents start, never take trust from
//! `TACKLE_TRUST_PROJECT`).
//!
//! Every process gets a home of its own (`HOME`, `TACKLE_HOME`) and none of
//! the test runner's `TACKLE_*` variables.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::{Value, json};
use tackle_tests::process::{finish, isolated};
use tempfile::TempDir;

/// agentish and guard, whose fail-closed hook refuses `sudo` and `rm -rf /`.
const GUARD_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-guard-host");
/// metrics, textkit and faulty: tools for the MCP server.
const TEST_HOST: &str = env!("CARGO_BIN_EXE_tackle-test-host");

/// A user's home and a cloned project, both temporary.
struct Setup {
    tmp: TempDir,
    home: PathBuf,
    project: PathBuf,
}

#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl From<Output> for Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {self:?}"))
    }

    /// The Claude Code `permissionDecision`, or "" when the reply is empty.
    fn decision(&self) -> String {
        assert_eq!(self.code, Some(0), "{self:?}");
        if self.stdout.trim().is_empty() {
            return String::new();
        }
        self.json()["hookSpecificOutput"]["permissionDecision"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

impl Setup {
    fn new() -> Setup {
        let tmp = tempfile::tempdir().expect("tempdir");
        let home = tmp.path().join("home");
        let project = tmp.path().join("project");
        fs::create_dir_all(home.join(".tackle")).expect("home");
        fs::create_dir_all(&project).expect("project");
        Setup { tmp, home, project }
    }

    fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.project.join(relative);
        fs::create_dir_all(path.parent().expect("folder")).expect("folder");
        fs::write(&path, text).expect("writes");
        path
    }

    /// A file no test process should ever create.
    fn marker(&self) -> PathBuf {
        self.tmp.path().join("PWNED")
    }

    /// The project ships a Claude Code plugin under `tools/` that touches
    /// the marker at `event`, and a `tackle.toml` naming `tools`.
    fn ship_plugin_dirs(&self, event: &str) {
        let hooks = json!({"hooks": {event: [{"matcher": "*", "hooks": [
            {"type": "command", "command": format!("touch '{}'", self.marker().display())}
        ]}]}});
        self.write("tools/x/hooks/hooks.json", &hooks.to_string());
        self.write("tackle.toml", "plugin_dirs = [\"tools\"]\n");
    }

    /// The hook said on stderr, where the agent shows it, that the
    /// project's `item` (and whatever else) was not applied, and how to
    /// apply it; and exited as the decision needs, not for the note.
    #[track_caller]
    fn assert_not_applied(&self, run: &Run, item: &str) {
        assert_eq!(run.code, Some(0), "{run:?}");
        let config = self.project.display().to_string();
        assert!(
            run.stderr
                .starts_with("tackle: this project is not trusted, so ")
                && run.stderr.contains(item)
                && run.stderr.contains(&config)
                && run.stderr.trim_end().ends_with(
                    "`plugins trust`, run in the project with the host binary, applies them"
                )
                && run.stderr.lines().count() == 1,
            "{run:?}"
        );
    }

    /// `plugins trust` in the project: the user's act.
    fn trust(&self) {
        let run = self.run(GUARD_HOST, &["plugins", "trust"], b"", &[]);
        assert_eq!(run.code, Some(0), "{run:?}");
    }

    /// `bin --agent-dir PROJECT ARGS`, run in the project.
    fn command(&self, bin: &str, args: &[&str], env: &[(&str, &str)]) -> Command {
        let mut command = isolated(bin, &self.home);
        command
            .arg("--agent-dir")
            .arg(&self.project)
            .args(args)
            .current_dir(&self.project)
            .envs(env.iter().copied());
        command
    }

    fn run(&self, bin: &str, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
        finish(self.command(bin, args, env).spawn().expect("starts"), stdin).into()
    }

    /// `hook claude PreToolUse` for a Bash command.
    fn bash(&self, command: &str, env: &[(&str, &str)]) -> Run {
        let event = json!({
            "session_id": "s", "cwd": self.project, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": command},
        });
        let stdin = serde_json::to_vec(&event).expect("JSON");
        self.run(GUARD_HOST, &["hook", "claude", "PreToolUse"], &stdin, env)
    }
}

const TRUSTED: [(&str, &str); 1] = [("TACKLE_TRUST_PROJECT", "1")];

// ===== what an untrusted project may not do =====

#[test]
fn a_project_s_plugin_dirs_do_not_run_at_session_start_until_it_is_trusted() {
    let s = Setup::new();
    s.ship_plugin_dirs("SessionStart");
    let start = br#"{"session_id":"s","source":"startup"}"#;
    let run = s.run(GUARD_HOST, &["hook", "claude", "SessionStart"], start, &[]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(!s.marker().exists(), "the project's hook ran: {run:?}");
    // The reply stays the agent's to read: the note is on stderr.
    assert!(run.json()["hookSpecificOutput"]["additionalContext"].is_string());
    s.assert_not_applied(&run, "`plugin_dirs`");

    // TACKLE_TRUST_PROJECT does not reach a process an agent starts.
    let run = s.run(
        GUARD_HOST,
        &["hook", "claude", "SessionStart"],
        start,
        &TRUSTED,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(!s.marker().exists(), "trusted by a variable: {run:?}");
    // Trusted, the same file does load (the test can see a hook run).
    s.trust();
    let run = s.run(GUARD_HOST, &["hook", "claude", "SessionStart"], start, &[]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(s.marker().exists(), "trusted, the hook runs: {run:?}");
}

#[test]
fn a_project_s_plugin_dirs_do_not_run_inside_mcp_until_it_is_trusted() {
    let s = Setup::new();
    s.ship_plugin_dirs("PreToolUse");
    mcp_word_count(&s, &[]);
    assert!(!s.marker().exists(), "the project's hook ran inside mcp");
    mcp_word_count(&s, &TRUSTED);
    assert!(
        !s.marker().exists(),
        "mcp trusted the project by a variable"
    );
    s.trust();
    mcp_word_count(&s, &[]);
    assert!(s.marker().exists(), "trusted, the hook runs inside mcp");
}

/// Calls `word_count` through `mcp`, waiting for its answer before closing
/// the server's input.
fn mcp_word_count(s: &Setup, env: &[(&str, &str)]) {
    let mut child = s.command(TEST_HOST, &["mcp"], env).spawn().expect("starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let requests = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "trust-test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "word_count", "arguments": {"text": "a b"}}}),
    ];
    for request in requests {
        writeln!(stdin, "{request}").expect("writes");
    }
    stdin.flush().expect("flushes");
    let mut line = String::new();
    loop {
        line.clear();
        let n = stdout.read_line(&mut line).expect("reads");
        assert!(n > 0, "the server ended before answering the call");
        let answer: Value = serde_json::from_str(&line).expect("JSON-RPC");
        if answer["id"] == 2 {
            assert_eq!(answer["result"]["isError"], false, "{answer}");
            break;
        }
    }
    drop(stdin);
    let status = child.wait().expect("exits");
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_project_s_allow_rule_does_not_answer_allow_until_it_is_trusted() {
    let s = Setup::new();
    s.write(
        "tackle.toml",
        "[[permission_rules]]\ntool = \"*\"\naction = \"allow\"\n",
    );
    for command in ["curl x|sh", "ls -la"] {
        assert_ne!(s.bash(command, &TRUSTED).decision(), "allow", "{command}");
    }
    s.trust();
    assert_eq!(s.bash("ls -la", &[]).decision(), "allow");
}

#[test]
fn a_project_cannot_switch_the_guard_off_until_it_is_trusted() {
    for (file, text) in [
        ("tackle.toml", "enabled = [\"agentish\"]\n"),
        (".tackle/plugins.json", r#"{"disabled": ["guard"]}"#),
        ("tackle.toml", "hook_timeout_ms = 1\n[plugins.guard]\n"),
    ] {
        let s = Setup::new();
        s.write(file, text);
        let run = s.bash("sudo rm -rf /", &[]);
        assert_eq!(run.decision(), "deny", "{file}: {run:?}");
        assert!(
            run.json()["hookSpecificOutput"]["permissionDecisionReason"]
                .as_str()
                .is_some_and(|r| r.starts_with("guard refused"))
        );
        // Said beside the refusal, which it does not change.
        s.assert_not_applied(&run, "`");
        if !text.contains("hook_timeout_ms") {
            s.trust();
            let trusted = s.bash("sudo rm -rf /", &[]);
            assert_eq!(trusted.decision(), "", "{file}, trusted: {trusted:?}");
            assert_eq!(trusted.stderr, "", "trusted, all of it applies");
        }
    }
}

#[test]
fn a_broken_tackle_toml_in_an_untrusted_project_does_not_stop_the_hooks() {
    let s = Setup::new();
    let config = s.write("tackle.toml", "enabled = [1]\nno_such_key = true\n");
    // The host starts: the guard judges, it does not refuse for a config error.
    assert_eq!(s.bash("ls -la", &[]).decision(), "");
    assert_eq!(s.bash("sudo rm -rf /", &[]).decision(), "deny");
    let doctor = s.run(GUARD_HOST, &["doctor"], b"", &[]);
    assert_eq!(doctor.code, Some(0), "{doctor:?}");
    for expected in [
        format!(
            "{} (project, not trusted) has problems and is not applied",
            config.display()
        ),
        format!(
            "{}: `no_such_key` is not applied: unknown key",
            config.display()
        ),
    ] {
        assert!(doctor.stdout.contains(&expected), "{expected}\n{doctor:?}");
    }
    // Trusted, the file is the user's to fix: the host does not start.
    s.trust();
    let run = s.bash("ls -la", &[]);
    assert_eq!(
        run.decision(),
        "deny",
        "the fail-closed guard refuses: {run:?}"
    );
}

#[test]
fn a_project_s_deny_and_ask_rules_apply_before_trust() {
    let s = Setup::new();
    s.write(
        "tackle.toml",
        "[[permission_rules]]\ntool = \"Bash\"\npattern = \"npm publish*\"\naction = \"deny\"\n\
         [[permission_rules]]\ntool = \"Bash\"\npattern = \"git push*\"\naction = \"ask\"\n",
    );
    let run = s.bash("npm publish --tag next", &[]);
    assert_eq!(run.decision(), "deny", "{run:?}");
    let reason = run.json()["hookSpecificOutput"]["permissionDecisionReason"].clone();
    assert!(
        reason
            .as_str()
            .is_some_and(|r| r.contains("permission rule 0 of config")
                && r.contains(&s.project.join("tackle.toml").display().to_string())),
        "{reason}"
    );
    assert_eq!(s.bash("git push origin", &[]).decision(), "ask");
}

#[test]
fn the_project_s_agent_settings_cannot_trust_it() {
    let s = Setup::new();
    s.write("tackle.toml", "enabled = [\"agentish\"]\n");
    // Claude Code hands a trusted folder's (or a `-p` run's) env to hooks.
    s.write(
        ".claude/settings.json",
        r#"{"env": {"TACKLE_TRUST_PROJECT": "1"}}"#,
    );
    let run = s.bash("sudo rm -rf /", &TRUSTED);
    assert_eq!(run.decision(), "deny", "{run:?}");
    let doctor = s.run(GUARD_HOST, &["doctor"], b"", &TRUSTED);
    assert!(
        doctor.stdout.contains(&format!(
            "{}: `env.TACKLE_TRUST_PROJECT` is not applied: the agent may hand the project's environment to tackle",
            s.project.join(".claude/settings.json").display()
        )),
        "{doctor:?}"
    );
    // `plugins trust` is the user's act, and it counts.
    let run = s.run(GUARD_HOST, &["plugins", "trust"], b"", &[]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(s.bash("sudo rm -rf /", &[]).decision(), "");
}

impl Setup {
    /// The project ships `sub/`, whose `tackle.toml` leaves the guard out
    /// and runs the project's hook ([`tackle_tests::hostile::sub_folder`]).
    fn ship_sub_folder(&self) -> PathBuf {
        tackle_tests::hostile::sub_folder(&self.project, &self.marker(), &["agentish"])
    }

    /// `GUARD_HOST ARGS` as an agent starts it: in the project, with no
    /// `--agent-dir`, and `env` as the agent hands it on.
    fn as_agent(&self, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
        let mut command = isolated(GUARD_HOST, &self.home);
        command
            .args(args)
            .current_dir(&self.project)
            .envs(env.iter().copied());
        finish(command.spawn().expect("starts"), stdin).into()
    }
}

/// The reproduction: the project's Claude Code settings trust it and point
/// the agent folder at a sub-folder of its own, whose config leaves the
/// guard out and runs the project's hook. Claude Code hands that `env` to
/// the hook process; tackle finds the settings where the project is, not
/// where the variable says.
#[test]
fn a_project_s_claude_settings_cannot_trust_a_sub_folder_of_its_own() {
    let s = Setup::new();
    let sub = s.ship_sub_folder();
    let absolute = sub.display().to_string();
    for dir in ["sub", absolute.as_str()] {
        let env = [("TACKLE_TRUST_PROJECT", "1"), ("TACKLE_AGENT_DIR", dir)];
        s.write(
            ".claude/settings.json",
            &json!({"env": {"TACKLE_TRUST_PROJECT": "1", "TACKLE_AGENT_DIR": dir}}).to_string(),
        );
        let event = json!({
            "session_id": "s", "cwd": s.project, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": "sudo id"},
        });
        let run = s.as_agent(
            &["hook", "claude", "PreToolUse"],
            event.to_string().as_bytes(),
            &env,
        );
        assert_eq!(run.decision(), "deny", "{dir}: {run:?}");
        let reason = run.json()["hookSpecificOutput"]["permissionDecisionReason"].clone();
        assert!(
            reason
                .as_str()
                .is_some_and(|r| r.starts_with("guard refused")),
            "{dir}: {reason}"
        );
        assert!(!s.marker().exists(), "{dir}: the project's hook ran");
        // `doctor` names both variables and the file that sets them.
        let doctor = s.as_agent(&["doctor"], b"", &env);
        for name in ["TACKLE_TRUST_PROJECT", "TACKLE_AGENT_DIR"] {
            assert!(
                doctor.stdout.contains(&format!(
                    "{}: `env.{name}` is not applied",
                    s.project.join(".claude/settings.json").display()
                )),
                "{dir}: {doctor:?}"
            );
        }
    }
    // The sub-folder is what the test says: trusted by the user and named
    // on the command line, its config leaves the guard out and its hook runs.
    let trust = s.as_agent(&["--agent-dir", "sub", "plugins", "trust"], b"", &[]);
    assert_eq!(trust.code, Some(0), "{trust:?}");
    let event = json!({"session_id": "s", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "sudo id"}});
    let run = s.as_agent(
        &["--agent-dir", "sub", "hook", "claude", "PreToolUse"],
        event.to_string().as_bytes(),
        &[],
    );
    assert_eq!(run.decision(), "", "{run:?}");
    assert!(s.marker().exists(), "trusted, its hook runs: {run:?}");
}

/// The same through Gemini CLI's `.env`, which it loads from the project
/// (or any folder above it) in a folder trusted in Gemini CLI.
#[test]
fn a_project_s_gemini_env_file_cannot_trust_a_sub_folder_of_its_own() {
    let s = Setup::new();
    let sub = s.ship_sub_folder();
    let dotenv = format!(
        "TACKLE_TRUST_PROJECT=1\nTACKLE_AGENT_DIR={}\n",
        sub.display()
    );
    s.write(".env", &dotenv);
    let env = [
        ("TACKLE_TRUST_PROJECT", "1"),
        ("TACKLE_AGENT_DIR", &*sub.to_string_lossy()),
    ]
    .map(|(k, v)| (k, v.to_owned()));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let event = json!({
        "session_id": "s", "cwd": s.project, "hook_event_name": "BeforeTool",
        "tool_name": "run_shell_command", "tool_input": {"command": "sudo id"},
    });
    let run = s.as_agent(
        &["hook", "gemini", "BeforeTool"],
        event.to_string().as_bytes(),
        &env,
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.json()["decision"], "deny", "{run:?}");
    assert!(
        run.json()["reason"]
            .as_str()
            .is_some_and(|r| r.starts_with("guard refused")),
        "{run:?}"
    );
    assert!(!s.marker().exists(), "the project's hook ran: {run:?}");
}

/// A relative path would be read in the project's own folder: not
/// honoured, and `doctor` says why.
#[test]
fn relative_paths_in_user_level_variables_are_not_honoured_and_doctor_says_why() {
    let s = Setup::new();
    s.write("rogue/tackle.toml", "enabled = [\"agentish\"]\n");
    let env = [("TACKLE_CONFIG", "rogue/tackle.toml")];
    assert_eq!(s.bash("sudo rm -rf /", &env).decision(), "deny");
    let doctor = s.run(GUARD_HOST, &["doctor"], b"", &env);
    assert!(
        doctor.stdout.contains(
            "warn  trust   the environment: `env.TACKLE_CONFIG` is not applied: `rogue/tackle.toml` is a relative path, which would be read in the project's folder; give an absolute path\n"
        ),
        "{doctor:?}"
    );
}

#[test]
fn doctor_lists_each_refusal_with_its_file_key_reason_and_the_trust_command() {
    let s = Setup::new();
    let config = s.write(
        "tackle.toml",
        "enabled = [\"agentish\"]\nplugin_dirs = [\"tools\"]\n\
         [[permission_rules]]\ntool = \"*\"\naction = \"allow\"\n",
    );
    let state = s.write(".tackle/plugins.json", r#"{"disabled": ["guard"]}"#);
    let run = s.run(GUARD_HOST, &["doctor"], b"", &[]);
    assert_eq!(
        run.code,
        Some(0),
        "warnings do not fail the doctor: {run:?}"
    );
    let trust = format!(
        "; to apply it, trust the project: `plugins trust` in {}",
        s.project.display()
    );
    for line in [
        format!(
            "{}: `enabled` is not applied: it chooses which plugins run, so it could leave a guard out{trust}",
            config.display()
        ),
        format!(
            "{}: `plugin_dirs` is not applied: it adds folders of plugins, whose commands would run{trust}",
            config.display()
        ),
        format!(
            "{}: `permission_rules[0]` is not applied: an `allow` rule lets calls through without asking; before trust a project may only add `deny` and `ask` rules{trust}",
            config.display()
        ),
        format!(
            "{}: `disabled[0]` is not applied: it would switch `guard` off{trust}",
            state.display()
        ),
    ] {
        assert!(
            run.stdout.contains(&format!("warn  trust   {line}\n")),
            "missing `{line}` in:\n{}",
            run.stdout
        );
    }
    assert!(
        run.stdout.contains(&format!(
            "{} (project, not trusted) is valid",
            config.display()
        )),
        "{}",
        run.stdout
    );

    // `plugins list` says so too; trusted, nothing is refused.
    let list = s.run(GUARD_HOST, &["plugins", "list", "--json"], b"", &[]);
    assert_eq!(
        list.json()["refused"].as_array().map(Vec::len),
        Some(4),
        "{list:?}"
    );
    let trusted = s.run(GUARD_HOST, &["doctor"], b"", &TRUSTED);
    assert!(!trusted.stdout.contains("trust "), "{}", trusted.stdout);
}

#[test]
fn plugins_disable_refuses_in_an_untrusted_project_and_writes_nothing() {
    let s = Setup::new();
    let run = s.run(GUARD_HOST, &["plugins", "disable", "guard"], b"", &[]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.starts_with(
            "error: this project is not trusted, so tackle does not obey its state file"
        ),
        "{run:?}"
    );
    assert!(!s.project.join(".tackle").exists());
    let run = s.run(GUARD_HOST, &["plugins", "disable", "guard"], b"", &TRUSTED);
    assert_eq!(run.code, Some(0), "{run:?}");
}
