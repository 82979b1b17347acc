//! The shared session store as hosts use it, on a real `redis-server`:
//! the hook binary with `[sessions] store` in the user's config (one
//! process per event, from two users' homes), `mcp --http --session-store`
//! (two replicas), what happens to their hooks when the store is down or
//! paused and once it is back, a project that tries to name the store,
//! and a password or a bad URL where the store is named.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle_tests::http_server::HttpServer;
use tackle_tests::private_etc::PrivateEtc;
use tackle_tests::process::{finish, isolate, isolated};
use tackle_tests::redis_server::RedisServer;

/// guard (fail-closed, stateless), doom-loop (fail-open, keeps a streak)
/// and tally (fail-closed, keeps a count).
const HOST: &str = env!("CARGO_BIN_EXE_tackle-store-host");

/// How long an event may take when the store is down or paused: its
/// hooks' calls end at their 200 ms deadline; more would be a hang.
const BOUND: Duration = Duration::from_secs(5);

/// A user's home with a project in it, and a user config that names the
/// store.
struct Home {
    _dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
}

impl Home {
    fn new(store: &str) -> Home {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().join("home");
        let project = home.join("project");
        std::fs::create_dir_all(&project).expect("creates the project");
        let tackle = home.join(".tackle");
        std::fs::create_dir_all(&tackle).expect("creates ~/.tackle");
        std::fs::write(
            tackle.join("tackle.toml"),
            format!("[sessions]\nstore = \"{store}\"\n"),
        )
        .expect("writes the user's config");
        Home {
            _dir: dir,
            home,
            project,
        }
    }

    /// `hook claude PreToolUse` for a `Bash` call of `command`.
    fn bash(&self, session: &str, command: &str) -> Reply {
        self.bash_in(None, session, command)
    }

    /// The same, with `etc` as the machine's `/etc` if given.
    fn bash_in(&self, etc: Option<&PrivateEtc>, session: &str, command: &str) -> Reply {
        let payload = json!({
            "session_id": session,
            "cwd": self.project,
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
        });
        let started = Instant::now();
        let mut hook = match etc {
            Some(etc) => etc.command(HOST),
            None => std::process::Command::new(HOST),
        };
        isolate(&mut hook, &self.home);
        let child = hook
            .args(["hook", "claude", "PreToolUse"])
            .current_dir(&self.project)
            .spawn()
            .expect("the host starts");
        let out = finish(child, payload.to_string().as_bytes());
        Reply {
            code: out.status.code(),
            stdout: serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            took: started.elapsed(),
        }
    }

    fn sessions_folder(&self) -> PathBuf {
        self.home.join(".tackle/sessions")
    }
}

#[derive(Debug)]
struct Reply {
    code: Option<i32>,
    stdout: Value,
    stderr: String,
    took: Duration,
}

impl Reply {
    fn denied(&self) -> bool {
        assert_eq!(self.code, Some(0), "{self:?}");
        self.stdout["hookSpecificOutput"]["permissionDecision"] == "deny"
    }

    fn reason(&self) -> &str {
        self.stdout["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap_or_default()
    }
}

fn store_url(redis: &RedisServer, prefix: &str) -> String {
    format!("{}?prefix={prefix}&timeout_ms=200", redis.url())
}

#[test]
fn the_hook_binary_of_two_users_keeps_one_streak_in_the_shared_store() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let url = store_url(&redis, "hooks:");
    let (alice, bob) = (Home::new(&url), Home::new(&url));
    // One session's events from two machines' hook processes, in turn.
    assert!(!alice.bash("s1", "cargo test").denied());
    assert!(!bob.bash("s1", "cargo test").denied());
    let third = alice.bash("s1", "cargo test");
    assert!(third.denied(), "{third:?}");
    assert!(
        third
            .reason()
            .contains("`Bash` has now been called 3 times in a row"),
        "{third:?}"
    );
    assert!(third.stderr.is_empty(), "{third:?}");
    // Another session has its own streak; nothing was kept in files.
    assert!(!bob.bash("s2", "cargo test").denied());
    assert!(!alice.sessions_folder().exists() && !bob.sessions_folder().exists());
    assert!(
        redis.keys("hooks:s:").len() == 2,
        "{:?}",
        redis.keys("hooks:")
    );
}

/// The machine's config (`/etc/tackle/tackle.toml`, root's) names the
/// team's store, and wins over the store each user's config names: the
/// hook processes of two users keep one streak there, and nothing in the
/// stores the users named.
#[test]
fn the_machine_s_config_names_the_store_over_the_users() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let upper = tmp.path().join("etc");
    let Some(etc) = PrivateEtc::over(&upper, "the machine's config tests") else {
        return;
    };
    std::fs::create_dir_all(upper.join("tackle")).expect("creates /etc/tackle");
    let machine = format!(
        "[sessions]\nstore = \"{}\"\n",
        store_url(&redis, "machine:")
    );
    std::fs::write(upper.join("tackle/tackle.toml"), machine).expect("writes the machine's config");
    let (alice, bob) = (
        Home::new(&store_url(&redis, "alice:")),
        Home::new(&store_url(&redis, "bob:")),
    );
    assert!(!alice.bash_in(Some(&etc), "s1", "cargo test").denied());
    assert!(!bob.bash_in(Some(&etc), "s1", "cargo test").denied());
    let third = alice.bash_in(Some(&etc), "s1", "cargo test");
    assert!(third.denied(), "{third:?}");
    assert_eq!(redis.keys("machine:s:").len(), 1, "{:?}", redis.keys(""));
    assert!(redis.keys("alice:").is_empty() && redis.keys("bob:").is_empty());
    // Without it, each user's own store.
    assert!(!alice.bash("s1", "cargo test").denied());
    assert_eq!(redis.keys("alice:s:").len(), 1);
}

#[test]
fn with_the_store_down_the_guard_still_refuses_sudo_and_what_needs_state_ends_by_its_deadline() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let home = Home::new(&store_url(&redis, "down:"));
    assert!(!home.bash("s", "ls").denied());
    for (how, stop) in [("killed", true), ("paused", false)] {
        if stop {
            redis.kill();
        } else {
            redis.restart();
            redis.pause();
        }
        let sudo = home.bash("s", "sudo rm -rf /var/lib");
        assert!(sudo.denied(), "{how}: {sudo:?}");
        assert!(sudo.reason().contains("guard"), "{how}: {sudo:?}");
        assert!(sudo.took < BOUND, "{how}: {:?}", sudo.took);
        // tally needs its count and fails closed: it refuses, saying why.
        let ls = home.bash("s", "ls");
        assert!(ls.denied(), "{how}: {ls:?}");
        assert!(
            ls.reason().contains("tally::count") && ls.reason().contains("session store"),
            "{how}: {ls:?}"
        );
        assert!(ls.took < BOUND, "{how}: {:?}", ls.took);
        if !stop {
            redis.resume();
        }
    }
    // Back (paused, then resumed): the same config works again.
    let ls = home.bash("s", "ls");
    assert!(!ls.denied(), "{ls:?}");
}

#[test]
fn a_project_cannot_name_the_session_store_before_it_is_trusted() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join("home");
    let project = dir.path().join("cloned");
    std::fs::create_dir_all(&project).expect("creates the project");
    // The project's own store, which it could fill with whatever state.
    std::fs::write(
        project.join("tackle.toml"),
        format!("[sessions]\nstore = \"{}?prefix=planted:\"\n", redis.url()),
    )
    .expect("writes");
    let payload = json!({
        "session_id": "s",
        "cwd": project,
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
    });
    let child = isolated(HOST, &home)
        .args(["hook", "claude", "PreToolUse"])
        .current_dir(&project)
        .spawn()
        .expect("starts");
    let out = finish(child, payload.to_string().as_bytes());
    assert!(out.status.success(), "{out:?}");
    assert!(
        redis.keys("planted:").is_empty(),
        "nothing went to the project's store"
    );
    assert!(
        home.join(".tackle/sessions").is_dir(),
        "the user's own files kept it"
    );
    let doctor = isolated(HOST, &home)
        .args(["doctor"])
        .current_dir(&project)
        .output()
        .expect("runs doctor");
    let text = String::from_utf8_lossy(&doctor.stdout);
    assert!(
        text.contains("`sessions` is not applied"),
        "doctor names what was refused:\n{text}"
    );
}

#[test]
fn a_bad_store_in_the_user_config_is_reported_at_its_file_and_key() {
    let home = Home::new("http://10.0.0.5/0");
    let reply = home.bash("s", "ls");
    // The host cannot start: the fail-closed hooks refuse, saying why.
    assert!(reply.denied(), "{reply:?}");
    let config = home.home.join(".tackle/tackle.toml");
    let text = format!("{} {}", reply.reason(), reply.stderr);
    assert!(
        text.contains(&config.display().to_string())
            && text.contains("sessions.store")
            && text.contains("starts with `http://`"),
        "{reply:?}"
    );
}

// ----- mcp --http --session-store -----

/// A Claude Code `PreToolUse` of `Bash`.
fn pre_tool_use(session: &str, cwd: &Path, command: &str) -> Value {
    json!({
        "session_id": session,
        "cwd": cwd,
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
    })
}

/// POSTs a Claude Code `PreToolUse` to `server`: its answer, and how long
/// it took.
fn post(server: &HttpServer, body: &Value) -> (Value, Duration) {
    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let text = runtime.block_on(async {
        let response = reqwest::Client::new()
            .post(format!("http://{}/hooks/claude/PreToolUse", server.addr))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status().as_u16(), 200);
        response.text().await.expect("a body")
    });
    let answer = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (answer, started.elapsed())
}

fn decision(answer: &Value) -> &str {
    answer["hookSpecificOutput"]["permissionDecision"]
        .as_str()
        .unwrap_or("none")
}

#[test]
fn two_replicas_keep_one_streak_and_refuse_by_their_deadline_while_the_store_is_down() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let url = store_url(&redis, "replicas:");
    let one = HttpServer::start(HOST, &["--session-store", &url], &[]);
    let two = HttpServer::start(HOST, &["--session-store", &url], &[]);
    let cwd = one.dir().to_owned();
    let call = pre_tool_use("s", &cwd, "cargo test");
    assert_eq!(decision(&post(&one, &call).0), "none");
    assert_eq!(decision(&post(&two, &call).0), "none");
    let (third, _) = post(&one, &call);
    assert_eq!(decision(&third), "deny", "{third}");
    assert!(
        third.to_string().contains("called 3 times in a row"),
        "{third}"
    );
    redis.kill();
    let (sudo, took) = post(&two, &pre_tool_use("s", &cwd, "sudo ls"));
    assert_eq!(decision(&sudo), "deny", "{sudo}");
    assert!(took < BOUND, "{took:?}");
    let (ls, took) = post(&two, &pre_tool_use("s", &cwd, "ls"));
    assert_eq!(decision(&ls), "deny", "tally fails closed: {ls}");
    assert!(ls.to_string().contains("session store"), "{ls}");
    assert!(took < BOUND, "{took:?}");
    assert!(
        two.stderr().contains("cannot be reached"),
        "the log says so:\n{}",
        two.stderr()
    );
    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(15);
    while decision(&post(&two, &pre_tool_use("s", &cwd, "ls")).0) == "deny" {
        assert!(Instant::now() < deadline, "state never came back");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        two.stderr().contains("answers again"),
        "the log says so:\n{}",
        two.stderr()
    );
}

#[test]
fn a_password_in_the_session_store_flag_is_refused_without_being_shown() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = isolated(HOST, dir.path());
        command
            .args(["mcp", "--http", "127.0.0.1:0"])
            .args(args)
            .current_dir(dir.path());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("starts");
        drop(child.stdin.take());
        let out = child.wait_with_output().expect("ends");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = run(
        &["--session-store", "redis://:hunter2@127.0.0.1:6379/0"],
        &[],
    );
    assert_ne!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("holds a password") && stderr.contains("--session-store"),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2"), "{stderr}");
    let (code, stderr) = run(
        &[
            "--session-store",
            "redis://127.0.0.1:6379/0",
            "--session-store-password-env",
            "TACKLE_TEST_UNSET_STORE_PASSWORD",
        ],
        &[],
    );
    assert_ne!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("`--session-store-password-env` names $TACKLE_TEST_UNSET_STORE_PASSWORD, which is not set"),
        "{stderr}"
    );
}
