//! The session store. Through the hook binary, one process per event as
//! agents run it: `doom-loop` counts identical calls and `read-before-edit`
//! remembers reads across processes, concurrent processes of one session
//! lose no update, sessions stay apart, `SessionEnd` and age clean up, and
//! hostile or broken state never crashes a hook or turns into a refusal.
//! In process: the same hooks in a long-lived MCP server, an embedder's
//! own store, and a fail-closed hook that cannot reach its store.

use std::io::Write;
use std::path::PathBuf;
use std::process::Child;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use serde_json::{Value, json};
use tackle::hook::{BeforeToolCall, HookEvent, SessionEnd};
use tackle::prelude::*;
use tackle::session::{Edit, SessionKey, SessionStore, Slot};
use tackle_runtime::session::{FileStore, MemoryStore, SessionLimits};
use tackle_runtime::{Host, Registry};
use tackle_tests::mcp::{Client, text};
use tackle_tests::process::isolated;
use tackle_tests::store::sessions_kept;

tackle_runtime::link!(doomloop, textkit);

// A plugin of this test: a fail-closed hook that counts a session's shell
// calls.
tackle::plugin! { id: "tally", description: "Counts shell calls per session, failing closed." }

/// Shell calls so far.
#[tackle::data]
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Tally {
    calls: u32,
}

/// Counts the call; refuses it when it cannot.
#[hook(before_tool_call, matcher = "Bash", on_error = "closed")]
fn count(_: &BeforeToolCall, tally: &Session<Tally>) -> Result<Decision, SessionError> {
    tally.update(|tally| tally.calls += 1)?;
    Ok(Decision::abstain())
}

/// Links `doom-loop` and `read-before-edit`.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-session-host");

/// A user's home with a project in it; the config (outside the project)
/// sets doom-loop's threshold to 5.
struct Setup {
    _dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
    config: PathBuf,
}

impl Setup {
    fn new() -> Setup {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().join("home");
        let project = home.join("project");
        std::fs::create_dir_all(&project).expect("creates the project");
        let config = home.join("tackle.toml");
        std::fs::write(&config, "[plugins.doom-loop]\nthreshold = 5\n").expect("writes");
        Setup {
            _dir: dir,
            home,
            project,
            config,
        }
    }

    /// Where the hook binary keeps session values.
    fn sessions(&self) -> PathBuf {
        self.home.join(".tackle/sessions")
    }

    /// The sessions there, each with the files of its values.
    fn sessions_kept(&self) -> Vec<Vec<PathBuf>> {
        sessions_kept(&self.sessions()).into_values().collect()
    }

    /// `hook claude EVENT`, started with `payload` on its stdin.
    fn start(&self, event: &str, payload: &Value) -> Child {
        let mut child = isolated(HOST, &self.home)
            .args(["hook", "claude", event, "--config"])
            .arg(&self.config)
            .current_dir(&self.project)
            .spawn()
            .expect("the session host starts");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(payload.to_string().as_bytes())
            .expect("writes the event");
        child
    }

    fn hook(&self, event: &str, payload: &Value) -> Reply {
        Reply::of(self.start(event, payload))
    }

    /// A `Bash` call of `command` in `session`.
    fn bash(&self, session: &str, command: &str) -> Reply {
        self.hook(
            "PreToolUse",
            &self.tool_event(session, "Bash", json!({"command": command})),
        )
    }

    fn tool_event(&self, session: &str, tool: &str, input: Value) -> Value {
        json!({
            "session_id": session,
            "cwd": self.project,
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": input,
        })
    }

    fn end(&self, session: &str) -> Reply {
        let payload = json!({
            "session_id": session,
            "cwd": self.project,
            "hook_event_name": "SessionEnd",
            "reason": "logout",
        });
        self.hook("SessionEnd", &payload)
    }
}

#[derive(Debug)]
struct Reply {
    code: Option<i32>,
    stdout: Value,
    stderr: String,
}

impl Reply {
    fn of(child: Child) -> Reply {
        let out = child.wait_with_output().expect("the hook finishes");
        let text = String::from_utf8_lossy(&out.stdout);
        Reply {
            code: out.status.code(),
            stdout: serde_json::from_str(text.trim()).unwrap_or(Value::Null),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    fn specific(&self, field: &str) -> Option<&str> {
        self.stdout["hookSpecificOutput"][field].as_str()
    }

    fn denied(&self) -> bool {
        assert_eq!(self.code, Some(0), "{self:?}");
        self.specific("permissionDecision") == Some("deny")
    }

    fn reason(&self) -> &str {
        self.specific("permissionDecisionReason")
            .unwrap_or_default()
    }
}

/// `n` identical calls in `session`, one process each, one after the
/// other: whether each was denied.
fn calls(setup: &Setup, session: &str, n: usize) -> Vec<bool> {
    (0..n)
        .map(|_| setup.bash(session, "cargo test").denied())
        .collect()
}

#[test]
fn the_configured_identical_call_is_refused_across_processes() {
    let setup = Setup::new();
    assert_eq!(calls(&setup, "s1", 4), [false; 4]);
    let fifth = setup.bash("s1", "cargo test");
    assert!(fifth.denied(), "{fifth:?}");
    assert!(
        fifth
            .reason()
            .contains("`Bash` has now been called 5 times in a row"),
        "{fifth:?}"
    );
    assert!(fifth.stderr.is_empty(), "{fifth:?}");
    // A different call breaks the streak.
    assert!(!setup.bash("s1", "cargo check").denied());
    assert!(!setup.bash("s1", "cargo test").denied());
}

#[test]
fn a_read_in_one_process_counts_for_the_edit_in_the_next() {
    let setup = Setup::new();
    let file = setup.project.join("main.rs");
    std::fs::write(&file, "fn main() {}\n").expect("writes");
    let edit = setup.tool_event(
        "s1",
        "Edit",
        json!({"file_path": file, "old_string": "main", "new_string": "start"}),
    );
    let blind = setup.hook("PreToolUse", &edit);
    let advice = blind.specific("additionalContext").unwrap_or_default();
    assert!(
        advice.contains("`main.rs` already exists and has not been read"),
        "{blind:?}"
    );

    let mut read = setup.tool_event("s1", "Read", json!({"file_path": file}));
    read["hook_event_name"] = json!("PostToolUse");
    read["tool_response"] = json!({"type": "text", "file": {"filePath": file}});
    let after = setup.hook("PostToolUse", &read);
    assert_eq!(after.code, Some(0), "{after:?}");

    let informed = setup.hook("PreToolUse", &edit);
    assert_eq!(informed.code, Some(0), "{informed:?}");
    assert_eq!(informed.specific("additionalContext"), None, "{informed:?}");
    // The read was this session's only.
    let other = setup.hook(
        "PreToolUse",
        &setup.tool_event("s2", "Edit", edit["tool_input"].clone()),
    );
    assert!(other.specific("additionalContext").is_some(), "{other:?}");
}

#[test]
fn hook_processes_of_one_session_at_once_lose_no_update() {
    let setup = Setup::new();
    const AT_ONCE: usize = 24;
    let event = setup.tool_event("busy", "Bash", json!({"command": "cargo test"}));
    let children: Vec<Child> = (0..AT_ONCE)
        .map(|_| setup.start("PreToolUse", &event))
        .collect();
    let replies: Vec<Reply> = children.into_iter().map(Reply::of).collect();
    // Counts 1 to 24, each once: the 5th to the 24th are refused.
    let denied = replies.iter().filter(|r| r.denied()).count();
    assert_eq!(denied, AT_ONCE - 4, "{replies:#?}");
    let mut counts: Vec<u32> = replies
        .iter()
        .filter_map(|r| {
            let reason = r.reason();
            let (_, rest) = reason.split_once("called ")?;
            rest.split_once(' ')?.0.parse().ok()
        })
        .collect();
    counts.sort_unstable();
    assert_eq!(counts, (5..=24).collect::<Vec<u32>>(), "{replies:#?}");
    let next = setup.bash("busy", "cargo test");
    assert!(next.reason().contains("called 25 times"), "{next:?}");
}

#[test]
fn two_sessions_do_not_see_each_other() {
    let setup = Setup::new();
    for _ in 0..4 {
        assert!(!setup.bash("s1", "make").denied());
        assert!(!setup.bash("s2", "make").denied());
    }
    assert!(setup.bash("s1", "make").denied());
    // s1's fifth call neither broke nor lent s2's streak.
    assert!(setup.bash("s2", "make").denied());
    assert_eq!(setup.sessions_kept().len(), 2);
}

#[test]
fn session_end_forgets_the_session() {
    let setup = Setup::new();
    assert_eq!(calls(&setup, "s1", 4), [false; 4]);
    assert_eq!(calls(&setup, "s2", 1), [false]);
    assert_eq!(setup.sessions_kept().len(), 2);
    let end = setup.end("s1");
    assert_eq!(end.code, Some(0), "{end:?}");
    assert!(end.stderr.is_empty(), "{end:?}");
    assert_eq!(setup.sessions_kept().len(), 1, "s2's file is left");
    // s1 starts over: four more calls pass.
    assert_eq!(calls(&setup, "s1", 4), [false; 4]);
    assert!(setup.bash("s1", "cargo test").denied());
}

#[test]
fn sessions_idle_for_a_day_are_pruned_when_a_new_one_starts() {
    let setup = Setup::new();
    assert_eq!(calls(&setup, "crashed", 4), [false; 4]);
    let [files] = setup.sessions_kept().try_into().expect("one session");
    // The agent crashed two days ago, without `SessionEnd`.
    for file in &files {
        std::fs::File::options()
            .write(true)
            .open(file)
            .and_then(|f| f.set_modified(SystemTime::now() - Duration::from_secs(2 * 24 * 3600)))
            .expect("ages the file");
    }
    assert!(!setup.bash("new", "ls").denied());
    assert!(
        files.iter().all(|file| !file.exists()),
        "the idle session was pruned"
    );
    assert_eq!(setup.sessions_kept().len(), 1);
    assert_eq!(calls(&setup, "crashed", 4), [false; 4], "it starts over");
}

#[test]
fn a_corrupt_state_file_is_reported_and_the_session_starts_afresh() {
    let setup = Setup::new();
    assert_eq!(calls(&setup, "s1", 4), [false; 4]);
    let [files] = setup.sessions_kept().try_into().expect("one session");
    assert_eq!(files.len(), 2, "four updates wrote both copies");
    for file in &files {
        std::fs::write(file, "{\"values\": garbage").expect("corrupts it");
    }
    let reply = setup.bash("s1", "cargo test");
    assert!(!reply.denied(), "{reply:?}");
    assert!(
        reply.stderr.contains("is not a session file") && reply.stderr.contains("starts afresh"),
        "{reply:?}"
    );
    // Counting starts again at 1: three more pass, the fifth is refused.
    assert_eq!(calls(&setup, "s1", 3), [false; 3]);
    assert!(setup.bash("s1", "cargo test").denied());
}

/// The count `killed_writer` keeps.
const COUNTER: Slot = Slot {
    plugin: "p",
    version: "",
    value: "counter",
};

fn count_in(store: &FileStore) -> Option<u64> {
    let session = SessionKey::new("s").expect("an id");
    let value = store.get(session, COUNTER).expect("reads");
    value.map(|v| v.as_u64().expect("a count"))
}

fn count_up(store: &FileStore) {
    let session = SessionKey::new("s").expect("an id");
    store
        .update(session, COUNTER, &mut |old| {
            let n = old.and_then(Value::as_u64).unwrap_or(0);
            Ok(Some(json!(n + 1)))
        })
        .expect("updates");
}

/// Run by `a_writer_killed_at_any_moment_loses_no_whole_update`, in a
/// process of its own: counts up in `TACKLE_TEST_KILLED_WRITER` until
/// killed.
#[test]
#[ignore = "the child of a_writer_killed_at_any_moment_loses_no_whole_update"]
fn killed_writer() {
    let dir = std::env::var_os("TACKLE_TEST_KILLED_WRITER").expect("the folder");
    let store = FileStore::new(PathBuf::from(dir), SessionLimits::default());
    loop {
        count_up(&store);
    }
}

#[test]
fn a_writer_killed_at_any_moment_loses_no_whole_update() {
    // The hook binary's store, killed mid-stride twelve times: each time
    // the last whole update is read, and counting goes on from it.
    let dir = tempfile::tempdir().expect("tempdir");
    let store = FileStore::new(dir.path(), SessionLimits::default());
    let test_binary = std::env::current_exe().expect("the test binary");
    let mut last = 0;
    for round in 0..12u64 {
        let mut child = std::process::Command::new(&test_binary)
            .args(["--exact", "killed_writer", "--ignored"])
            .env("TACKLE_TEST_KILLED_WRITER", dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("starts the writer");
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while count_in(&store).unwrap_or(0) <= last {
            assert!(std::time::Instant::now() < deadline, "the writer writes");
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(1 + round % 4));
        child.kill().expect("kills");
        child.wait().expect("reaps");
        let now = count_in(&store).expect("a whole update is read");
        assert!(now > last, "round {round}: {now} after {last}");
        last = now;
    }
    assert!(store.take_problems().is_empty(), "no copy read as broken");
    count_up(&store);
    assert_eq!(count_in(&store), Some(last + 1));
}

#[test]
fn hostile_session_ids_stay_in_the_store() {
    let setup = Setup::new();
    for id in ["../../escaped", "/tmp/x", "a/../../b"] {
        assert_eq!(calls(&setup, id, 4), [false; 4], "{id}");
        assert!(setup.bash(id, "cargo test").denied(), "{id}");
    }
    assert_eq!(setup.sessions_kept().len(), 3);
    let home: Vec<_> = std::fs::read_dir(&setup.home)
        .expect("lists")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(home.len(), 3, "project, config and .tackle only: {home:?}");
    // An id over the cap fails the hook, which fails open, saying why.
    let long = "x".repeat(300);
    let reply = setup.bash(&long, "cargo test");
    assert!(!reply.denied(), "{reply:?}");
    assert!(
        reply.stderr.contains("300 bytes long, over the 256 bytes"),
        "{reply:?}"
    );
    assert_eq!(setup.sessions_kept().len(), 3, "nothing kept for it");
}

#[test]
fn an_unusable_store_fails_the_hook_open_saying_why() {
    let setup = Setup::new();
    std::fs::create_dir_all(setup.home.join(".tackle")).expect("creates");
    std::fs::write(setup.sessions(), "a file where the folder goes").expect("writes");
    let reply = setup.bash("s1", "cargo test");
    assert!(!reply.denied(), "{reply:?}");
    assert!(
        reply.stderr.contains("doom-loop::break_the_loop") && reply.stderr.contains("sessions"),
        "{reply:?}"
    );
}

// ----- in process -----

/// A store whose disk is gone.
#[derive(Debug)]
struct Unreachable;

impl SessionStore for Unreachable {
    fn get(&self, _: SessionKey<'_>, _: Slot) -> Result<Option<Value>, SessionError> {
        Err(SessionError::Store("the disk is gone".into()))
    }

    fn update(&self, _: SessionKey<'_>, _: Slot, _: &mut Edit<'_>) -> Result<(), SessionError> {
        Err(SessionError::Store("the disk is gone".into()))
    }

    fn end(&self, _: SessionKey<'_>) -> Result<(), SessionError> {
        Ok(())
    }
}

/// How long an MCP server may take to stop once its input closes.
const CLOSE: Duration = Duration::from_secs(10);

async fn host_with(plugins: &[&str], store: Arc<dyn SessionStore>) -> Host {
    Host::builder()
        .registry(Registry::global().expect("registry").only(plugins))
        .session_store(store)
        .strict(true)
        .build()
        .await
        .expect("host builds")
}

fn shell(session: &str) -> BeforeToolCall {
    BeforeToolCall {
        tool_name: "Bash".into(),
        arguments: json!({"command": "make"}),
        ..Default::default()
    }
    .in_session(session)
}

#[tokio::test]
async fn a_fail_closed_hook_that_cannot_reach_its_store_refuses() {
    let host = host_with(&["tally"], Arc::new(Unreachable)).await;
    let out = host.dispatch(shell("s")).await;
    let reason = out.deny_reason().unwrap_or_default();
    assert!(
        reason.contains("tally::count") && reason.contains("the disk is gone"),
        "{out:?}"
    );
    // A fail-open hook abstains, and the failure is reported.
    let host = host_with(&["doom-loop"], Arc::new(Unreachable)).await;
    let out = host.dispatch(shell("s")).await;
    assert!(out.is_abstain(), "{out:?}");
    assert!(
        out.failures[0].message.contains("the disk is gone"),
        "{out:?}"
    );
}

#[tokio::test]
async fn a_store_the_binary_cannot_open_fails_what_needs_it_closed_and_says_why() {
    // A host without a client for the store its config names (a hook-only
    // binary built without `redis-store`: no `StoreOpener`).
    let host = Host::builder()
        .registry(
            Registry::global()
                .expect("registry")
                .only(&["tally", "doom-loop"]),
        )
        .config_toml(
            "[sessions]\nstore = \"redis://10.0.0.5:6379/0\"\n",
            "/home/u/.tackle/tackle.toml",
        )
        .strict(true)
        .build()
        .await
        .expect("host builds");
    let out = host.dispatch(shell("s")).await;
    let reason = out.deny_reason().unwrap_or_default();
    assert!(
        reason.contains("tally::count")
            && reason.contains(
                "`sessions.store` in /home/u/.tackle/tackle.toml names a `redis://` session store"
            )
            && reason.contains("built without a client for it"),
        "{out:?}"
    );
    let problems = host.session_store().take_problems();
    assert_eq!(problems.len(), 1, "said once: {problems:?}");
}

#[tokio::test]
async fn an_unreadable_value_is_reported_and_a_fail_closed_hook_still_decides() {
    let store = Arc::new(MemoryStore::default());
    let host = host_with(&["tally"], store.clone()).await;
    // A hook's value is kept at its plugin's version (this crate's).
    let slot = Slot {
        plugin: "tally",
        version: env!("CARGO_PKG_VERSION"),
        value: std::any::type_name::<Tally>(),
    };
    let key = SessionKey::new("s").expect("an id");
    store
        .update(key, slot, &mut |_| Ok(Some(json!({"calls": "many"}))))
        .expect("saves");
    let out = host.dispatch(shell("s")).await;
    assert!(out.is_abstain() && out.failures.is_empty(), "{out:?}");
    assert_eq!(
        store.get(key, slot).expect("reads"),
        Some(json!({"calls": 1}))
    );
    let problems = store.take_problems();
    assert!(
        problems.len() == 1 && problems[0].contains("tally/"),
        "{problems:?}"
    );
}

#[tokio::test]
async fn the_host_forgets_a_session_at_session_end_even_with_no_hook_there() {
    let store = Arc::new(MemoryStore::default());
    let host = host_with(&["tally"], store.clone()).await;
    host.dispatch(shell("s1")).await;
    host.dispatch(shell("s2")).await;
    assert_eq!(store.len(), 2);
    let end = host.dispatch(SessionEnd::default().in_session("s1")).await;
    assert_eq!(end.hooks_run, 0, "tally has no `session_end` hook");
    assert_eq!(store.len(), 1);
}

#[tokio::test]
async fn a_long_lived_mcp_server_keeps_each_session_s_streak() {
    let host =
        Arc::new(host_with(&["doom-loop", "textkit"], Arc::new(MemoryStore::default())).await);
    let mut one = Client::ready(host.clone(), "one", json!({})).await;
    let mut two = Client::ready(host.clone(), "two", json!({})).await;
    let count = json!({"text": "a b c"});
    for _ in 0..2 {
        assert_eq!(
            one.call("word_count", count.clone()).await["isError"],
            false
        );
        assert_eq!(
            two.call("word_count", count.clone()).await["isError"],
            false
        );
    }
    let third = one.call("word_count", count.clone()).await;
    assert_eq!(third["isError"], true, "{third}");
    assert!(text(&third).contains("called 3 times in a row"), "{third}");
    let third = two.call("word_count", count).await;
    assert_eq!(third["isError"], true, "{third}");
    one.close(CLOSE).await;
    two.close(CLOSE).await;
}
