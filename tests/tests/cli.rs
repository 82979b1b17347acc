//! The command line end to end: real processes, their output and exit codes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

const HOST: &str = env!("CARGO_BIN_EXE_tackle-test-host");
const CLASH: &str = env!("CARGO_BIN_EXE_tackle-clash-host");
const UNLINKED: &str = env!("CARGO_BIN_EXE_tackle-unlinked-host");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `bin ARGS` in `dir`, a project the user trusts (its `tackle.toml` is
/// obeyed whole), with a home of its own.
fn run_in(bin: &str, dir: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .env("TACKLE_TRUST_PROJECT", "1")
        .env("TACKLE_HOME", dir.join(".tackle-home"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write");
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("wait");
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("utf8"),
        stderr: String::from_utf8(out.stderr).expect("utf8"),
    }
}

fn run(args: &[&str]) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    run_in(HOST, dir.path(), args, None)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn list_shows_plugins_status_and_tools() {
    let r = run(&["list"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "PLUGIN   VERSION     STATUS  TOOLS  HOOKS  DESCRIPTION"
    );
    assert!(
        lines[1].starts_with("faulty   2.0.0-rc.1  ready   12     1"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("\nmetrics  0.1.0       ready   3      0      Counts lines"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("write_file       textkit  destructive, idempotent"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("\nfaulty::order_probe  before_tool_call  -     With the session metadata"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn list_json_is_machine_readable() {
    let r = run(&["list", "--json"]);
    assert_eq!(r.code, 0);
    let v = json(&r.stdout);
    let ids: Vec<&str> = v["plugins"]
        .as_array()
        .expect("array")
        .iter()
        .map(|p| p["id"].as_str().expect("id"))
        .collect();
    assert_eq!(ids, ["faulty", "metrics", "textkit"]);
    assert_eq!(
        v["plugins"][1]["tools"],
        serde_json::json!(["complexity", "count_lines", "tree_stats"])
    );
    assert_eq!(v["plugins"][0]["status"], "ready");
    let head = v["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|t| t["name"] == "head")
        .expect("head");
    assert_eq!(
        head["annotations"],
        serde_json::json!({"readOnlyHint": true, "idempotentHint": true})
    );
    assert_eq!(head["callable"], true);
    assert_eq!(
        v["plugins"][0]["hooks"],
        serde_json::json!(["faulty::order_probe"])
    );
    let mut hook = v["hooks"][0].clone();
    let location = hook["location"].take();
    assert!(
        location
            .as_str()
            .is_some_and(|l| l.starts_with("tests/plugins/faulty/src/lib.rs:")),
        "{location}"
    );
    assert_eq!(
        hook,
        serde_json::json!({
            "name": "faulty::order_probe", "plugin": "faulty", "point": "before_tool_call",
            "description": "With the session metadata `order_probe`, adds `faulty` as context: tests\ncompare it with `hooky`'s to see plugin order.",
            "matcher": null, "args": null, "order": -100, "timeout_ms": null,
            "on_error": "open", "async": false, "location": null,
        })
    );
}

#[test]
fn manifest_has_schemas_for_tools_and_configs() {
    let r = run(&["manifest"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json(&r.stdout);
    let metrics = v["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .find(|p| p["id"] == "metrics")
        .expect("metrics");
    assert_eq!(metrics["config"]["type"], "MetricsConfig");
    assert_eq!(metrics["hooks"], serde_json::json!([]));
    assert_eq!(metrics["permission_rules"], serde_json::json!([]));
    let faulty = &v["plugins"][0];
    assert_eq!(faulty["hooks"][0]["name"], "faulty::order_probe");
    assert_eq!(faulty["hooks"][0]["point"], "before_tool_call");
    assert_eq!(
        metrics["config"]["schema"]["properties"]["max_file_bytes"]["type"],
        "integer"
    );
    assert!(
        metrics["location"]
            .as_str()
            .expect("loc")
            .starts_with("examples/metrics/src/lib.rs:")
    );
    let tools = metrics["tools"].as_array().expect("tools");
    let stats = tools
        .iter()
        .find(|t| t["name"] == "tree_stats")
        .expect("tree_stats");
    assert_eq!(stats["inputSchema"]["type"], "object");
    assert_eq!(
        stats["inputSchema"]["properties"]["max_files"]["minimum"],
        1
    );
    assert_eq!(stats["outputSchema"]["type"], "object");
    let complexity = tools
        .iter()
        .find(|t| t["name"] == "complexity")
        .expect("complexity");
    assert_eq!(complexity["title"], "Complexity estimate");
    let textkit = v["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .find(|p| p["id"] == "textkit")
        .expect("textkit");
    assert_eq!(textkit["config"], Value::Null, "no config: no schema");
}

#[test]
fn call_prints_the_result_and_exits_zero() {
    let r = run(&[
        "call",
        "word_count",
        "--args",
        r#"{"text": "one two three"}"#,
    ]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "{\"words\":3,\"lines\":1,\"chars\":13,\"bytes\":13}\n"),
        "{}",
        r.stderr
    );
    let j = run(&["call", "word_count", "--args", r#"{"text": "a"}"#, "--json"]);
    let v = json(&j.stdout);
    assert_eq!(v["structuredContent"]["words"], 1);
    assert_eq!(v["isError"], false);
    assert_eq!(v["content"][0]["type"], "text");
}

#[test]
fn call_reads_arguments_from_stdin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = run_in(
        HOST,
        dir.path(),
        &["call", "word_count", "--args", "-"],
        Some(r#"{"text": "x y"}"#),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\"words\":2"));
}

#[test]
fn tool_errors_and_panics_exit_one_with_the_message() {
    let r = run(&["call", "fails", "--args", r#"{"message": "disk on fire"}"#]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (1, "", "error: disk on fire\n")
    );
    let p = run(&["call", "panics", "--args", r#"{"message": "boom"}"#]);
    assert_eq!(p.code, 1);
    // Only tackle's report: Rust's "thread 'main' panicked at" stays off stderr.
    assert_eq!(p.stderr, "error: tool `panics` failed: it panicked: boom\n");
    let a = run(&["call", "panics_async", "--args", r#"{"message": "late"}"#]);
    assert_eq!(
        a.stderr,
        "error: tool `panics_async` failed: it panicked: late\n"
    );
    let j = run(&["call", "fails", "--args", r#"{"message": "m"}"#, "--json"]);
    assert_eq!(j.code, 1);
    assert_eq!(json(&j.stdout)["isError"], true);
}

#[test]
fn bad_arguments_exit_one_listing_every_problem() {
    let r = run(&["call", "head", "--args", r#"{"path": 42, "lines": 0}"#]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: invalid arguments for tool `head`:\n- `lines`: expected at least 1, found 0\n- `path`: expected a string, found 42\n"
    );
}

#[test]
fn malformed_json_is_a_usage_error() {
    let r = run(&["call", "head", "--args", "{bad"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with(
            "error: --args is not valid JSON: key must be a string at line 1 column 2"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn unknown_tools_exit_four_with_a_suggestion() {
    let r = run(&["call", "word_cuont"]);
    assert_eq!(r.code, 4);
    assert!(
        r.stderr
            .starts_with("error: no tool is named `word_cuont`; did you mean `word_count`?"),
        "{}",
        r.stderr
    );
}

#[test]
fn progress_goes_to_stderr_and_the_result_to_stdout() {
    let r = run(&["call", "steps", "--args", r#"{"steps": 2}"#]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "2 steps\n");
    assert_eq!(
        r.stderr,
        "[steps  50%] step 1\nchunk 1\n[steps 100%] step 2\nchunk 2\n"
    );
}

#[test]
fn tools_are_confined_to_the_working_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("notes.txt"), "alpha\nbeta\n").expect("write");
    let ok = run_in(
        HOST,
        dir.path(),
        &[
            "call",
            "head",
            "--args",
            r#"{"path": "notes.txt", "lines": 1}"#,
        ],
        None,
    );
    assert_eq!(ok.stdout, "   1  alpha\n");
    let escape = run_in(
        HOST,
        dir.path(),
        &[
            "call",
            "head",
            "--args",
            r#"{"path": "../../../etc/hostname"}"#,
        ],
        None,
    );
    assert_eq!(escape.code, 1);
    assert!(
        escape.stderr.contains("is outside the working directory"),
        "{}",
        escape.stderr
    );
    let write = run_in(
        HOST,
        dir.path(),
        &[
            "call",
            "write_file",
            "--args",
            r#"{"path": "out/new.txt", "content": "hi"}"#,
        ],
        None,
    );
    assert_eq!(write.code, 0, "{}", write.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out/new.txt")).expect("written"),
        "hi"
    );
    let again = run_in(
        HOST,
        dir.path(),
        &[
            "call",
            "write_file",
            "--args",
            r#"{"path": "out/new.txt", "content": "x"}"#,
        ],
        None,
    );
    assert_eq!(again.code, 1);
    assert!(
        again.stderr.contains("exists; pass \"overwrite\": true"),
        "{}",
        again.stderr
    );
}

#[test]
fn the_config_file_is_found_in_the_agent_dir_or_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("tackle.toml"), "enabled = [\"textkit\"]\n").expect("write");
    let r = run_in(HOST, dir.path(), &["list", "--json"], None);
    let v = json(&r.stdout);
    assert_eq!(v["plugins"][0]["id"], "textkit");
    assert_eq!(v["plugins"][1]["status"], "disabled");
    let off = run_in(
        HOST,
        dir.path(),
        &["call", "complexity", "--args", r#"{"code": ""}"#],
        None,
    );
    assert_eq!(off.code, 3);
    assert!(
        off.stderr
            .contains("plugin `metrics`, which is not in the config's `enabled` list"),
        "{}",
        off.stderr
    );

    let other = tempfile::tempdir().expect("tempdir");
    let named = other.path().join("custom.toml");
    std::fs::write(&named, "[plugins.faulty]\ngreeting = \"hej\"\n").expect("write");
    let with_flag = run(&[
        "--config",
        named.to_str().expect("utf8"),
        "call",
        "context-report",
        "--args",
        r#"{"tag": "a"}"#,
    ]);
    assert_eq!(json(&with_flag.stdout)["greeting"], "hej");
    let with_env = Command::new(HOST)
        .args(["call", "context-report", "--args", r#"{"tag": "a"}"#])
        .env("TACKLE_CONFIG", &named)
        .env("TACKLE_AGENT_DIR", other.path())
        .output()
        .expect("run");
    let v = json(&String::from_utf8_lossy(&with_env.stdout));
    assert_eq!(v["greeting"], "hej");
    assert_eq!(v["agent_dir"], other.path().display().to_string());
}

#[test]
fn an_invalid_plugin_config_is_reported_and_only_that_plugin_stops() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("tackle.toml"),
        "[plugins.faulty]\nlevel = \"high\"\n",
    )
    .expect("write");
    let list = run_in(HOST, dir.path(), &["list"], None);
    assert_eq!(list.code, 3);
    assert!(
        list.stdout.contains("faulty   2.0.0-rc.1  failed"),
        "{}",
        list.stdout
    );
    assert!(list.stdout.contains("plugin `faulty` is off until this is fixed:\n  - `plugins.faulty.level`: expected an integer, found \"high\""), "{}", list.stdout);
    assert!(
        list.stderr
            .starts_with("warning: plugin `faulty` is off because it failed to load:"),
        "{}",
        list.stderr
    );
    let other = run_in(
        HOST,
        dir.path(),
        &["call", "word_count", "--args", r#"{"text": "ok"}"#],
        None,
    );
    assert_eq!(other.code, 0);
    let off = run_in(
        HOST,
        dir.path(),
        &["call", "fails", "--args", r#"{"message": "m"}"#],
        None,
    );
    assert_eq!(off.code, 3);
}

#[test]
fn host_level_config_errors_stop_every_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("tackle.toml"),
        "enabled = [\"metrics\", \"nope\"]\nmax_output = 3\n",
    )
    .expect("write");
    let r = run_in(HOST, dir.path(), &["list"], None);
    assert_eq!(r.code, 3);
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("tackle.toml has 1 problem:\n  - `max_output`: unknown key; did you mean `max_output_bytes`?"), "{}", r.stderr);
    std::fs::write(dir.path().join("tackle.toml"), "enabled = [\"metrics\", \n").expect("write");
    let syntax = run_in(HOST, dir.path(), &["list"], None);
    assert_eq!(syntax.code, 3);
    assert!(
        syntax.stderr.contains("not valid TOML"),
        "{}",
        syntax.stderr
    );
    let missing = run(&["--config", "/nonexistent/tackle.toml", "list"]);
    assert_eq!(missing.code, 3);
    assert!(
        missing
            .stderr
            .contains("/nonexistent/tackle.toml has 1 problem:\n  - cannot read the file"),
        "{}",
        missing.stderr
    );
}

#[test]
fn help_is_everywhere_and_lists_exit_codes() {
    for args in [
        &["--help"][..],
        &["list", "--help"],
        &["manifest", "--help"],
        &["call", "--help"],
    ] {
        let r = run(args);
        assert_eq!(r.code, 0, "{args:?}");
        assert!(r.stdout.contains("Exit codes:"), "{args:?}: {}", r.stdout);
        assert!(
            r.stdout.contains("Usage: tackle-test-host"),
            "{args:?}: {}",
            r.stdout
        );
    }
    let bad = run(&["lst"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("unrecognized subcommand 'lst'"),
        "{}",
        bad.stderr
    );
}

/// The agent lists of `export`, `hook` and `install --help` are the
/// registry's: every agent there, each once (`install`: those it supports),
/// so a new agent appears by itself.
#[test]
fn the_help_lists_every_registered_agent() {
    use tackle_runtime::agents::{Agent, install};
    let agent_line = |command: &str| {
        let r = run(&[command, "--help"]);
        assert_eq!(r.code, 0, "{command}: {}", r.stderr);
        // The argument's paragraph, however clap wraps it.
        let from = r
            .stdout
            .find("The agent: ")
            .unwrap_or_else(|| panic!("{command} --help names no agents:\n{}", r.stdout));
        let text = &r.stdout[from..];
        let end = ["\n  <", "\n\n"]
            .iter()
            .filter_map(|stop| text.find(stop))
            .min()
            .unwrap_or(text.len());
        text[..end].split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for (command, agents) in [
        ("export", Agent::ALL.to_vec()),
        ("hook", Agent::ALL.to_vec()),
        ("install", install::supported()),
    ] {
        let line = agent_line(command);
        for agent in Agent::ALL {
            let listed = line
                .split([',', ' ', ';', ':'])
                .filter(|w| *w == agent.name())
                .count();
            let wanted = usize::from(agents.contains(&agent));
            assert_eq!(listed, wanted, "{command}: `{agent}` in {line}");
        }
    }
    assert!(install::supported().contains(&Agent::Copilot));
}

#[test]
fn clashing_plugins_stop_the_host_naming_both_places() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = run_in(CLASH, dir.path(), &["list"], None);
    assert_eq!(r.code, 3);
    assert_eq!(
        r.stderr,
        "error: the linked plugins have 1 problem:\n  - tool name `word_count` is used twice: by plugin `clash` at tests/plugins/clash/src/lib.rs:12:1 and by plugin `textkit` at examples/textkit/src/words.rs:20:1; give one `#[tool(name = \"...\")]`\n"
    );
}

#[test]
fn a_plugin_missing_from_link_is_absent_and_named_when_enabled() {
    let dir = tempfile::tempdir().expect("tempdir");
    let list = run_in(UNLINKED, dir.path(), &["list", "--json"], None);
    let v = json(&list.stdout);
    let ids: Vec<&str> = v["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .map(|p| p["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        ids,
        ["metrics"],
        "textkit is a dependency of the binary but not linked"
    );
    std::fs::write(
        dir.path().join("tackle.toml"),
        "enabled = [\"metrics\", \"textkit\"]\n",
    )
    .expect("write");
    let r = run_in(UNLINKED, dir.path(), &["list"], None);
    assert_eq!(r.code, 3);
    assert!(
        r.stderr.contains("plugins found: `metrics`"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("`enabled[1]`: no plugin `textkit`: it is not linked into this binary (if its crate is a dependency, name it in `tackle_runtime::link!(...)` in the host's main.rs), and no plugin folder has it (searched: "),
        "{}",
        r.stderr
    );
}

#[test]
fn a_plugin_whose_state_fails_to_start_is_listed_as_failed() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("tackle.toml"),
        "[plugins.faulty]\ninit = \"panic\"\n",
    )
    .expect("write");
    let list = run_in(HOST, dir.path(), &["list"], None);
    assert_eq!(list.code, 3);
    assert!(
        list.stdout.contains("faulty   2.0.0-rc.1  failed"),
        "{}",
        list.stdout
    );
    assert!(
        list.stdout.contains(
            "  - `plugins.faulty`: its state `Ledger` panicked while starting: the ledger exploded"
        ),
        "{}",
        list.stdout
    );
    let call = run_in(HOST, dir.path(), &["call", "session_calls"], None);
    assert_eq!(call.code, 3);
    let ok = run_in(
        HOST,
        dir.path(),
        &["call", "word_count", "--args", r#"{"text": "still fine"}"#],
        None,
    );
    assert_eq!(ok.code, 0, "{}", ok.stderr);
}

#[test]
fn state_lives_for_one_process() {
    let r = run(&["call", "session_calls", "--session", "s1"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "hello s1: 1\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_reader_that_goes_away_ends_output_quietly() {
    // `list | head -1`: the pipe closes before (or while) the host writes.
    let dir = tempfile::tempdir().expect("tempdir");
    for args in [
        &["list"][..],
        &["manifest"],
        &["call", "flood", "--args", r#"{"bytes": 200000}"#],
    ] {
        let mut child = Command::new(HOST)
            .args(args)
            .current_dir(dir.path())
            .env_remove("TACKLE_CONFIG")
            .env_remove("TACKLE_AGENT_DIR")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("wait");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

/// `textkit`'s file tools read what they need, not whole files: a 1 GiB
/// file (sparse: it takes no disk) under a 512 MiB address-space limit.
#[test]
fn textkit_reads_a_huge_file_a_line_at_a_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let huge = std::fs::File::create(dir.path().join("huge.txt")).expect("create");
    huge.set_len(1 << 30).expect("sparse");
    let mut huge = std::io::BufWriter::new(huge);
    huge.write_all(b"first line\nsecond needle\n")
        .expect("write");
    drop(huge);
    // The rest of the file is one line of NULs, 1 GiB long.
    let limited = |args: &str| {
        let script = format!("ulimit -v 524288 && exec \"$0\" {args}");
        let out = Command::new("sh")
            .args(["-c", &script, HOST])
            .current_dir(dir.path())
            .env_remove("TACKLE_CONFIG")
            .env_remove("TACKLE_AGENT_DIR")
            .output()
            .expect("sh runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stdout, stderr) = limited(r#"call head --args '{"path": "huge.txt", "lines": 2}'"#);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "   1  first line\n   2  second needle\n");
    // Past the lines asked for, nothing: the long line's bytes are never held.
    let (code, stdout, stderr) = limited(r#"call head --args '{"path": "huge.txt", "lines": 3}'"#);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.starts_with("   1  first line\n   2  second needle\n   3  \0"),
        "{stdout:?}"
    );
    assert!(stdout.contains("[output truncated by tackle"), "{stderr}");
    // `search` skips a file with a line over 1 MiB (it is no text).
    std::fs::write(dir.path().join("small.txt"), "a needle here\n").expect("write");
    let (code, stdout, stderr) = limited(r#"call search --args '{"needle": "needle"}'"#);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "small.txt:1: a needle here\n");
}
