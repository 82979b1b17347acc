//! `replay`: recorded sessions through the example hooks, by the API and by
//! a host binary's command line. The fixtures are in
//! `tests/fixtures/replay/`: a Claude Code session that runs the same
//! `cargo test` three times, edits a file it has not read, tries `sudo rm`
//! and pushes to main; and a tackle event log recorded under an older
//! policy.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tackle::hook::{BeforeToolCall, HookEvent, SessionEnd};
use tackle_runtime::replay::{self, Format, Replay, ReplayOptions, Replayed, Report, Ruling};
use tackle_runtime::{Host, Registry};
use tackle_tests::process::isolated;

tackle_runtime::link!(guard, doomloop, read_before_edit, audit, agentish);

const HOST: &str = env!("CARGO_BIN_EXE_tackle-replay-host");
const HOOKS: [&str; 3] = ["guard", "doom-loop", "read-before-edit"];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/replay")
        .join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("fixture")
}

/// A checkout of the recorded project: the file the session edits exists,
/// so `read-before-edit` has something to say about it.
fn checkout() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("src")).expect("src");
    std::fs::write(dir.path().join("src/cart.rs"), "pub fn total() {}\n").expect("file");
    dir
}

async fn host(plugins: &[&str], dir: &Path) -> Host {
    Host::builder()
        .registry(Registry::global().expect("registry").only(plugins))
        .agent_dir(dir)
        .strict(true)
        .build()
        .await
        .expect("host builds")
}

fn at(report: &Report, line: usize, point: &str) -> Replayed {
    report
        .events
        .iter()
        .find(|e| e.line == line && e.point.name() == point)
        .cloned()
        .unwrap_or_else(|| panic!("no {point} at line {line}: {:#?}", report.events))
}

async fn replay_session(dir: &Path) -> Report {
    let host = host(&HOOKS, dir).await;
    let transcript = replay::read(&text("claude-session.jsonl"));
    let options = ReplayOptions {
        cwd: Some(dir.to_path_buf()),
        session: None,
    };
    let report = host.replay(&transcript, &options, |_, _, _| {}).await;
    host.shutdown().await;
    report
}

// ----- the API -----

#[tokio::test]
async fn a_claude_session_shows_what_the_hooks_would_have_done() {
    let dir = checkout();
    let report = replay_session(dir.path()).await;
    assert_eq!(report.format, Some(Format::Claude));

    // The third identical `cargo test` in a row: doom-loop.
    let third = at(&report, 7, "before_tool_call");
    assert_eq!(third.verdict, Ruling::Deny);
    assert_eq!(
        third.decided_by.as_deref(),
        Some("doom-loop::break_the_loop")
    );
    assert!(
        third
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("3 times")),
        "{third:?}"
    );
    for line in [3, 5] {
        assert_eq!(
            at(&report, line, "before_tool_call").verdict,
            Ruling::Abstain
        );
    }
    // A denied call would not have run: its recorded result is not replayed.
    let result = at(&report, 8, "after_tool_call");
    assert_eq!(result.verdict, Ruling::Skipped);
    assert_eq!(result.hooks_run, 0);

    // The first edit of a file not read yet gets read-before-edit's advice;
    // after the read, the next edit gets none.
    let blind = at(&report, 9, "before_tool_call");
    assert_eq!(blind.verdict, Ruling::Abstain);
    assert_eq!(blind.context.len(), 1, "{blind:?}");
    assert_eq!(blind.context[0].hook, "read-before-edit::read_first");
    assert!(blind.context[0].text.contains("src/cart.rs"), "{blind:?}");
    assert_eq!(blind.subject, "src/cart.rs");
    assert!(at(&report, 14, "before_tool_call").context.is_empty());

    // `sudo`: the guard; its failed result is skipped too.
    let sudo = at(&report, 16, "before_tool_call");
    assert_eq!(sudo.verdict, Ruling::Deny);
    assert_eq!(
        sudo.decided_by.as_deref(),
        Some("guard::refuse_destructive")
    );
    assert_eq!(sudo.subject, "$ sudo rm -rf target/");
    assert_eq!(at(&report, 17, "tool_error").verdict, Ruling::Skipped);

    // `git push`: the guard's permission rule asks, at `permission_request`
    // ahead of `before_tool_call`, as Claude Code's PreToolUse runs them.
    let push = at(&report, 22, "before_tool_call");
    assert_eq!(push.verdict, Ruling::Ask);
    assert!(
        push.decided_by
            .as_deref()
            .is_some_and(|d| d.contains("git push*") && d.contains("guard")),
        "{push:?}"
    );
    assert_eq!(push.native, Some("PreToolUse"));

    // The session's start gets the guard's context file, as live.
    let start = at(&report, 2, "session_start");
    let hooks: Vec<&str> = start.context.iter().map(|c| c.hook.as_str()).collect();
    assert_eq!(hooks, [replay::SYSTEM_CONTEXT], "{start:?}");
    assert!(
        start.context[0].text.starts_with("## Shell guard"),
        "{start:?}"
    );

    let s = &report.summary;
    assert_eq!(
        (
            s.denied,
            s.asked,
            s.context_added,
            s.skipped,
            s.modified,
            s.changed
        ),
        (2, 1, 2, 2, 0, 0)
    );
    assert_eq!(s.events, report.events.len());
    assert_eq!(s.sessions, 1);
    assert_eq!(s.points[&tackle::hook::HookPoint::BeforeToolCall], 8);
    assert_eq!(s.points[&tackle::hook::HookPoint::Stop], 2);
    assert_eq!(s.malformed_lines, 1);
    assert_eq!(s.skipped_lines.get("file-history-snapshot"), Some(&1));
    // The slash command's line is no prompt.
    assert_eq!(s.skipped_lines.get("user (meta)"), Some(&1));
    assert_eq!(report.problems.len(), 1);
    assert_eq!(report.problems[0].line, 13);
    assert_eq!(s.duration, Some(128.5));
}

#[tokio::test]
async fn progress_is_reported_after_every_event_in_order() {
    let dir = checkout();
    let host = host(&HOOKS, dir.path()).await;
    let transcript = replay::read(&text("claude-session.jsonl"));
    let mut seen: Vec<(usize, usize, usize)> = Vec::new();
    let report = host
        .replay(&transcript, &ReplayOptions::default(), |e, done, total| {
            seen.push((e.line, done, total));
        })
        .await;
    assert_eq!(seen.len(), report.events.len());
    let total = transcript.steps.len();
    for (i, (line, done, all)) in seen.iter().enumerate() {
        assert_eq!((*done, *all), (i + 1, total));
        assert_eq!(*line, report.events[i].line);
    }
    host.shutdown().await;
}

#[tokio::test]
async fn a_second_replay_on_the_same_host_decides_the_same() {
    // doom-loop's streaks are per session and forgotten at `session_end`,
    // which the replay sends at the end of the file.
    let dir = checkout();
    let host = host(&HOOKS, dir.path()).await;
    let transcript = replay::read(&text("claude-session.jsonl"));
    let options = ReplayOptions {
        cwd: Some(dir.path().to_path_buf()),
        session: None,
    };
    let first = host.replay(&transcript, &options, |_, _, _| {}).await;
    let second = host.replay(&transcript, &options, |_, _, _| {}).await;
    assert_eq!(first.summary, second.summary);
    assert_eq!(first.summary.denied, 2);
    host.shutdown().await;
}

#[tokio::test]
async fn only_the_session_asked_for_is_replayed() {
    let dir = checkout();
    let host = host(&HOOKS, dir.path()).await;
    let one = text("claude-session.jsonl");
    let two = one.replace("7f3c2a1e-5b9d-4e8a-9c61-2d4f8b0a6e13", "second-session");
    let transcript = replay::read(&format!("{one}{two}"));
    let all = host
        .replay(&transcript, &ReplayOptions::default(), |_, _, _| {})
        .await;
    assert_eq!(all.summary.sessions, 2);
    // The sessions reuse the tool ids: a call denied in one does not
    // skip the other's.
    assert_eq!((all.summary.denied, all.summary.skipped), (4, 4));
    let options = ReplayOptions {
        session: Some("second-session".into()),
        cwd: None,
    };
    let only = host.replay(&transcript, &options, |_, _, _| {}).await;
    assert_eq!(only.summary.sessions, 1);
    assert!(only.events.iter().all(|e| e.session_id == "second-session"));
    assert_eq!(only.events.len() * 2, all.events.len());
    // Its own third `cargo test` and its `sudo`.
    assert_eq!(only.summary.denied, 2);
    host.shutdown().await;
}

#[tokio::test]
async fn an_event_log_shows_where_todays_hooks_decide_otherwise() {
    let dir = checkout();
    let host = host(&HOOKS, dir.path()).await;
    let transcript = replay::read(&text("audit-log.jsonl"));
    assert_eq!(transcript.format, Some(Format::Log));
    let report = host
        .replay(&transcript, &ReplayOptions::default(), |_, _, _| {})
        .await;
    host.shutdown().await;
    let changed: Vec<(usize, Ruling, Ruling)> = report
        .events
        .iter()
        .filter(|e| e.changed)
        .map(|e| {
            let was = e.recorded.as_ref().expect("recorded").verdict;
            (e.line, was, e.verdict)
        })
        .collect();
    assert_eq!(
        changed,
        [
            // An older rule allowed every push; the guard's asks.
            (3, Ruling::Allow, Ruling::Ask),
            // No guard then; `sudo` is denied now.
            (6, Ruling::Abstain, Ruling::Deny),
            // An older guard denied any `rm -rf`; today's lets `build` go.
            (8, Ruling::Deny, Ruling::Abstain),
        ]
    );
    assert_eq!(report.summary.changed, 3);
    // `sudo make install` would not have run: its result is skipped.
    assert_eq!(at(&report, 7, "after_tool_call").verdict, Ruling::Skipped);
    let was = at(&report, 8, "before_tool_call")
        .recorded
        .expect("recorded");
    assert_eq!(was.decided_by.as_deref(), Some("guard::refuse_destructive"));
    assert_eq!(report.problems.len(), 1);
    assert_eq!(report.problems[0].line, 9);
}

#[tokio::test]
async fn the_audit_loggers_own_log_replays_unchanged() {
    // Record a session with the audit logger beside the guard, then replay
    // the log through the guard alone: nothing changed, so nothing differs.
    let dir = checkout();
    let recording = Host::builder()
        .registry(
            Registry::global()
                .expect("registry")
                .only(&["guard", "audit-logger"]),
        )
        .agent_dir(dir.path())
        .config_toml(
            "[plugins.audit-logger]\npath = \"audit.jsonl\"\n",
            "test.toml",
        )
        .strict(true)
        .build()
        .await
        .expect("host builds");
    let cwd = dir.path();
    for command in ["ls", "sudo ls", "git push origin main", "cargo build"] {
        let call = BeforeToolCall {
            tool_name: "Bash".into(),
            arguments: serde_json::json!({ "command": command }),
            ..Default::default()
        }
        .in_session("rec")
        .in_dir(cwd);
        let _ = recording.dispatch(call).await;
    }
    let _ = recording
        .dispatch(
            tackle::hook::PermissionRequest {
                tool_name: "Bash".into(),
                arguments: serde_json::json!({ "command": "git push origin main" }),
                ..Default::default()
            }
            .in_session("rec"),
        )
        .await;
    let _ = recording
        .dispatch(SessionEnd::default().in_session("rec"))
        .await;
    recording.shutdown().await;
    let log = std::fs::read_to_string(dir.path().join("audit.jsonl")).expect("the log");

    let transcript = replay::read(&log);
    assert_eq!(transcript.format, Some(Format::Log));
    assert!(transcript.problems.is_empty(), "{:?}", transcript.problems);
    assert_eq!(transcript.steps.len(), 6);
    let host = host(&["guard"], dir.path()).await;
    let report = host
        .replay(&transcript, &ReplayOptions::default(), |_, _, _| {})
        .await;
    host.shutdown().await;
    assert_eq!(report.summary.changed, 0, "{:#?}", report.events);
    assert_eq!((report.summary.denied, report.summary.asked), (1, 1));
    let recorded: Vec<Ruling> = report
        .events
        .iter()
        .map(|e| e.recorded.as_ref().expect("recorded").verdict)
        .collect();
    let now: Vec<Ruling> = report.events.iter().map(|e| e.verdict).collect();
    assert_eq!(recorded, now);
}

#[tokio::test]
async fn the_timeline_fits_its_width_and_lists_what_was_refused() {
    let dir = checkout();
    let mut report = replay_session(dir.path()).await;
    report.file = Some("session.jsonl".into());
    let text = report.render(&replay::RenderOptions::plain(72));
    let timeline: Vec<&str> = text.lines().filter(|l| l.starts_with('+')).collect();
    assert_eq!(timeline.len(), report.events.len(), "{text}");
    for line in &timeline {
        assert!(line.chars().count() <= 72, "too wide: {line}");
    }
    assert!(timeline[0].starts_with("+00:00"), "{text}");
    assert!(
        timeline
            .iter()
            .any(|l| l.contains("before_tool_call") && l.contains("DENY")),
        "{text}"
    );
    assert!(text.contains("line 16"), "{text}");
    assert!(text.contains("line 13: "), "{text}");
    assert!(!text.contains('\u{1b}'), "no colour asked for");
    // In colour, the same text with the verdicts painted.
    let coloured = report.render(&replay::RenderOptions {
        color: true,
        ..replay::RenderOptions::plain(72)
    });
    assert!(coloured.contains("\u{1b}[31mDENY\u{1b}[0m"), "{coloured}");
    let stripped = strip_colours(&coloured);
    assert_eq!(stripped, text);
    let only = replay::RenderOptions {
        only: vec![replay::Only::Denied],
        ..replay::RenderOptions::plain(200)
    };
    let denied: Vec<String> = report.timeline(&only).lines().map(str::to_owned).collect();
    assert_eq!(denied.len(), 2, "{denied:?}");
    assert!(denied.iter().all(|l| l.contains("DENY")), "{denied:?}");
}

/// A transcript line of session `s`.
fn claude_line(kind: &str, content: Value) -> String {
    let line = serde_json::json!({
        "type": kind, "sessionId": "s", "cwd": "/p", "timestamp": "2026-01-05T10:00:00Z",
        "message": {"role": kind, "content": content},
    });
    format!("{line}\n")
}

fn tool_use(id: &str, tool: &str, input: Value) -> String {
    claude_line(
        "assistant",
        serde_json::json!([{"type": "tool_use", "id": id, "name": tool, "input": input}]),
    )
}

#[tokio::test]
async fn rewrites_rules_allows_and_hook_failures_are_reported() {
    // `agentish` answers by the words in the event.
    use serde_json::json;
    let text = [
        claude_line("user", json!("please rewrite-me now")),
        tool_use("t1", "Bash", json!({"command": "echo perm-rewrite-me"})),
        tool_use("t2", "Bash", json!({"command": "cat forbidden.txt"})),
        tool_use("t3", "Bash", json!({"command": "echo fail-me"})),
        tool_use("t4", "Read", json!({"file_path": "/p/allow-me.txt"})),
    ]
    .concat();
    let dir = checkout();
    let host = host(&["agentish"], dir.path()).await;
    let report = host
        .replay(
            &replay::read(&text),
            &ReplayOptions::default(),
            |_, _, _| {},
        )
        .await;
    host.shutdown().await;

    let start = at(&report, 1, "session_start");
    assert_eq!(start.context.len(), 2, "{start:?}");
    assert!(start.context[0].hook.starts_with("agentish::"), "{start:?}");
    assert_eq!(start.context[1].hook, replay::SYSTEM_CONTEXT, "{start:?}");
    let prompt = at(&report, 1, "user_prompt_submit");
    assert_eq!(prompt.modified, Some(json!("please rewritten now")));
    // Rewritten at `permission_request`, carried into `before_tool_call`.
    let rewritten = at(&report, 2, "before_tool_call");
    let command = rewritten.modified.as_ref().expect("modified")["command"].clone();
    assert_eq!(command, "echo perm-rewritten");
    assert_eq!(rewritten.verdict, Ruling::Abstain);
    let ruled = at(&report, 3, "before_tool_call");
    assert_eq!(ruled.verdict, Ruling::Deny);
    assert!(
        ruled
            .decided_by
            .as_deref()
            .is_some_and(|d| d.starts_with("rule `deny Bash") && d.contains("agentish")),
        "{ruled:?}"
    );
    let failed = at(&report, 4, "before_tool_call");
    assert_eq!(failed.verdict, Ruling::Abstain);
    assert_eq!(failed.failures.len(), 1, "{failed:?}");
    assert!(failed.failures[0].contains("fail-me"), "{failed:?}");
    assert_eq!(at(&report, 5, "before_tool_call").verdict, Ruling::Allow);
    let s = &report.summary;
    assert_eq!(
        (s.modified, s.denied, s.allowed, s.hook_failures),
        (2, 1, 1, 1)
    );

    let text = report.render(&replay::RenderOptions::plain(0));
    // Width 0: no limit, the whole line.
    assert!(
        text.lines()
            .any(|l| l.starts_with('+') && l.ends_with("modify → $ echo perm-rewritten")),
        "{text}"
    );
    assert!(text.contains("Modified:"), "{text}");
    assert!(text.contains("Hook failures:"), "{text}");
}

#[tokio::test]
async fn a_call_refused_at_permission_request_is_not_run_in_an_event_log() {
    use serde_json::json;
    let record = |point: &str, event: Value| {
        let line = json!({"ts": 1.0, "point": point, "session_id": "s", "event": event,
                          "outcome": {"point": point, "hooks_run": 0, "verdict": "abstain"}});
        format!("{line}\n")
    };
    let call = json!({"session_id": "s", "tool_name": "Bash", "tool_use_id": "t1",
                      "arguments": {"command": "cat forbidden.txt"}});
    let mut result = call.clone();
    result["response"] = json!("secret");
    let text = [
        record("permission_request", call.clone()),
        record("before_tool_call", call),
        record("after_tool_call", result),
    ]
    .concat();
    let dir = checkout();
    let host = host(&["agentish"], dir.path()).await;
    let report = host
        .replay(
            &replay::read(&text),
            &ReplayOptions::default(),
            |_, _, _| {},
        )
        .await;
    host.shutdown().await;
    let verdicts: Vec<Ruling> = report.events.iter().map(|e| e.verdict).collect();
    assert_eq!(verdicts, [Ruling::Deny, Ruling::Skipped, Ruling::Skipped]);
    // All were recorded as abstain: the refusal is the change; the
    // skipped events follow from it and are not counted again.
    assert_eq!(report.summary.changed, 1);
}

#[tokio::test]
async fn events_no_hook_could_judge_are_refused_where_a_fail_closed_hook_was_to_see_them() {
    use serde_json::json;
    let record = |event: Value| {
        let line = json!({"ts": 1.0, "point": "before_tool_call", "session_id": "s",
                          "event": event,
                          "outcome": {"point": "before_tool_call", "hooks_run": 0, "verdict": "abstain"}});
        format!("{line}\n")
    };
    let dir = checkout();
    // A tool name in a shape no event reads: guard's matcher (`Bash`)
    // cannot say it would not have wanted it, and guard fails closed.
    let unreadable = record(json!({"session_id": "s", "tool_name": ["Bash"],
                                   "arguments": {"command": "sudo rm -rf /"}}));
    let host = host(&["guard"], dir.path()).await;
    let report = host
        .replay(
            &replay::read(&unreadable),
            &ReplayOptions::default(),
            |_, _, _| {},
        )
        .await;
    host.shutdown().await;
    let event = &report.events[0];
    assert_eq!(event.verdict, Ruling::Deny, "{event:?}");
    let reason = event.reason.as_deref().unwrap_or_default();
    assert!(
        reason.contains("the event does not fit `before_tool_call`"),
        "{reason}"
    );
    assert!(
        reason.contains("`guard::refuse_destructive` fails closed"),
        "{reason}"
    );

    // A guard whose config is invalid is off, and refuses what it guards.
    let host = Host::builder()
        .registry(Registry::global().expect("registry").only(&["guard"]))
        .agent_dir(dir.path())
        .config_toml("[plugins.guard]\ndeny_prefixes = 5\n", "test.toml")
        .build()
        .await
        .expect("host builds");
    let ls =
        record(json!({"session_id": "s", "tool_name": "Bash", "arguments": {"command": "ls"}}));
    let report = host
        .replay(&replay::read(&ls), &ReplayOptions::default(), |_, _, _| {})
        .await;
    host.shutdown().await;
    let event = &report.events[0];
    assert_eq!(event.verdict, Ruling::Deny, "{event:?}");
    let reason = event.reason.as_deref().unwrap_or_default();
    assert!(reason.contains("its plugin `guard` is off"), "{reason}");
}

/// The text without its ANSI colour codes.
fn strip_colours(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('\u{1b}') {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find('m')
            .map_or(rest.len(), |m| start + m + 1);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

// ----- the command line -----

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = isolated(HOST, &dir.join(".home"))
        .args(args)
        .current_dir(dir)
        .env_remove("COLUMNS")
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

fn session_args<'a>(dir: &'a str, file: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["replay", file, "--cwd", dir];
    args.extend_from_slice(more);
    args
}

#[test]
fn the_cli_prints_a_timeline_and_a_summary() {
    let dir = checkout();
    let cwd = dir.path().to_str().expect("utf8");
    let file = fixture("claude-session.jsonl");
    let file = file.to_str().expect("utf8");
    let r = run(dir.path(), &session_args(cwd, file, &[]), None);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("(Claude Code transcript)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .lines()
            .any(|l| l.contains("$ sudo rm -rf target/") && l.contains("DENY")),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Denied:"), "{}", r.stdout);
    assert!(
        r.stdout.contains("doom-loop::break_the_loop"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("denied 2, asked 1"), "{}", r.stdout);
    assert!(r.stdout.contains("line 13: "), "{}", r.stdout);
    // Not a terminal: no colour; no more than 100 columns.
    assert!(!r.stdout.contains('\u{1b}'));
    assert!(
        r.stdout
            .lines()
            .filter(|l| l.starts_with('+'))
            .all(|l| l.chars().count() <= 100),
        "{}",
        r.stdout
    );
}

#[test]
fn the_cli_prints_one_json_document() {
    let dir = checkout();
    let cwd = dir.path().to_str().expect("utf8");
    let file = fixture("claude-session.jsonl");
    let file = file.to_str().expect("utf8");
    let r = run(dir.path(), &session_args(cwd, file, &["--json"]), None);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let json: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(json["format"], "claude-transcript");
    assert_eq!(json["file"], file);
    assert_eq!(json["summary"]["denied"], 2);
    assert_eq!(json["summary"]["points"]["before_tool_call"], 8);
    assert_eq!(json["problems"][0]["line"], 13);
    let events = json["events"].as_array().expect("events");
    assert_eq!(
        events.len() as u64,
        json["summary"]["events"].as_u64().expect("n")
    );
    let sudo = events
        .iter()
        .find(|e| e["line"] == 16 && e["point"] == "before_tool_call")
        .expect("the sudo call");
    assert_eq!(sudo["verdict"], "deny");
    assert_eq!(sudo["decided_by"], "guard::refuse_destructive");
    assert_eq!(sudo["tool"], "Bash");
    assert_eq!(sudo["native"], "PreToolUse");
    assert_eq!(sudo["points"][0], "permission_request");
    assert_eq!(sudo["at"], 45.0);

    // --only keeps those events; the summary still counts them all.
    let r = run(
        dir.path(),
        &session_args(cwd, file, &["--json", "--only", "denied,asked"]),
        None,
    );
    let json: Value = serde_json::from_str(&r.stdout).expect("JSON");
    let verdicts: Vec<&str> = json["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["verdict"].as_str().expect("verdict"))
        .collect();
    assert_eq!(verdicts, ["deny", "deny", "ask"]);
    assert_eq!(json["summary"]["events"], 22);
}

#[test]
fn fail_on_makes_the_exit_code_say_what_was_found() {
    let dir = checkout();
    let cwd = dir.path().to_str().expect("utf8");
    let file = fixture("claude-session.jsonl");
    let file = file.to_str().expect("utf8");
    let deny = run(
        dir.path(),
        &session_args(cwd, file, &["--fail-on", "deny"]),
        None,
    );
    assert_eq!(deny.code, 1, "{}", deny.stderr);
    let modify = run(
        dir.path(),
        &session_args(cwd, file, &["--fail-on", "modify"]),
        None,
    );
    assert_eq!(modify.code, 0, "{}", modify.stderr);
    let log = fixture("audit-log.jsonl");
    let log = log.to_str().expect("utf8");
    let change = run(dir.path(), &["replay", log, "--fail-on", "change"], None);
    assert_eq!(change.code, 1, "{}", change.stderr);
    assert!(
        change.stdout.contains("(tackle event log)"),
        "{}",
        change.stdout
    );
    assert!(
        change
            .stdout
            .lines()
            .any(|l| l.contains("rm -rf build") && l.contains("CHANGED (was deny)")),
        "{}",
        change.stdout
    );
    assert!(
        change.stdout.contains("was allow, now ask"),
        "{}",
        change.stdout
    );
    let bad = run(
        dir.path(),
        &["replay", log, "--fail-on", "everything"],
        None,
    );
    assert_eq!(bad.code, 2, "{}", bad.stderr);
}

#[test]
fn stdin_is_read_with_a_dash() {
    let dir = checkout();
    let r = run(
        dir.path(),
        &["replay", "-", "--json"],
        Some(&text("audit-log.jsonl")),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let json: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(json["format"], "tackle-log");
    assert_eq!(json["file"], "-");
    assert_eq!(json["summary"]["changed"], 3);
}

#[test]
fn a_file_without_events_is_an_error_and_malformed_lines_are_not() {
    let dir = checkout();
    let missing = run(dir.path(), &["replay", "no-such.jsonl"], None);
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("cannot read `no-such.jsonl`"),
        "{}",
        missing.stderr
    );
    std::fs::write(dir.path().join("empty.jsonl"), "").expect("write");
    let empty = run(dir.path(), &["replay", "empty.jsonl"], None);
    assert_eq!(empty.code, 2);
    assert!(
        empty.stderr.contains("neither a Claude Code transcript"),
        "{}",
        empty.stderr
    );
    std::fs::write(dir.path().join("junk.jsonl"), "oops\n{\"a\":\n").expect("write");
    let junk = run(dir.path(), &["replay", "junk.jsonl"], None);
    assert_eq!(junk.code, 2);
    assert!(junk.stderr.contains("line 1: "), "{}", junk.stderr);
    let other = run(
        dir.path(),
        &["replay", "-", "--session", "nope"],
        Some(&text("audit-log.jsonl")),
    );
    assert_eq!(other.code, 2);
    assert!(
        other.stderr.contains("no event of session `nope`"),
        "{}",
        other.stderr
    );
    // One good line among bad ones is enough.
    let mixed = format!("not json\n{}", text("claude-session.jsonl"));
    let r = run(dir.path(), &["replay", "-"], Some(&mixed));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("line 1: "), "{}", r.stdout);
    assert!(r.stdout.contains("2 malformed"), "{}", r.stdout);
}

#[tokio::test]
async fn a_refusal_by_a_permission_rule_is_named_once() {
    let dir = checkout();
    let host = host(&HOOKS, dir.path()).await;
    let line = serde_json::json!({
        "type": "assistant", "sessionId": "s", "cwd": "/home/dev/shop",
        "timestamp": "2026-01-05T10:02:03.000Z",
        "message": {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1",
            "name": "Bash", "input": {"command": "npm publish"}}]},
    });
    let transcript = replay::read(&format!("{line}\n"));
    let report = host
        .replay(&transcript, &ReplayOptions::default(), |_, _, _| {})
        .await;
    host.shutdown().await;
    let denied = at(&report, 1, "before_tool_call");
    assert_eq!(denied.verdict, Ruling::Deny, "{denied:?}");
    let text = report.render(&replay::RenderOptions::plain(0));
    let refused: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("npm publish*"))
        .collect();
    assert!(!refused.is_empty(), "{text}");
    for line in refused {
        assert_eq!(
            line.matches("npm publish*").count(),
            1,
            "said twice: {line}"
        );
    }
}
