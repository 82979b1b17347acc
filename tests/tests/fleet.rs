//! The policy server as a fleet: three replicas of `tackle-fleet-host mcp
//! --http` behind a real haproxy (round robin, health checks), sharing a
//! real Redis session store, each started on a loopback port the kernel
//! picks (`scripts/install-fleet.sh` installs Debian's `redis-server` and
//! `haproxy`). Hook events reach a different replica each time, and the
//! session values (the doom-loop's streak, read-before-edit's reads) hold
//! across them; a replica killed under load, a store stopped and
//! restarted, and two plugin versions side by side lose nothing.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle_tests::haproxy::{self, Front, Haproxy};
use tackle_tests::http_server::HttpServer;
use tackle_tests::redis_server::RedisServer;

/// guard (fail-closed), doom-loop, read-before-edit, and mcpish.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-fleet-host");
/// The guard and `tally` 1.0.0, which says each call's count.
const TALLY_V1: &str = env!("CARGO_BIN_EXE_tackle-fleet-host-tally-v1");
/// The guard and `tally` 2.0.0: the count in another shape.
const TALLY_V2: &str = env!("CARGO_BIN_EXE_tackle-fleet-host-tally-v2");

/// How long an event may take when the store is down: its hooks' calls
/// end at their 200 ms deadline; more would be a hang.
const BOUND: Duration = Duration::from_secs(5);

/// The line that makes haproxy name, in each answer, the replica that gave
/// it: proof that a session's events reached different replicas.
const NAME_THE_REPLICA: &str = "    http-response set-header X-Replica %[srv_name]\n";

/// The key every replica seals MCP calls' state with.
const STATE_KEY: (&str, &str) = (
    "TACKLE_STATE_KEY",
    "the fleet's shared state key, of at least 32 characters",
);

/// Three replicas, each told the balancer's name, with `args` added.
fn replicas(front: &Front, args: &[&str], env: &[(&str, &str)]) -> Vec<HttpServer> {
    let mut all_args = vec!["--allow-host", &front.addr, "--state-key-env", STATE_KEY.0];
    all_args.extend_from_slice(args);
    let mut all_env = vec![STATE_KEY];
    all_env.extend_from_slice(env);
    (0..3)
        .map(|_| HttpServer::start(HOST, &all_args, &all_env))
        .collect()
}

fn addrs(replicas: &[HttpServer]) -> Vec<String> {
    replicas.iter().map(|r| r.addr.clone()).collect()
}

/// A runtime for the tests' requests.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A POST of JSON `body` to `url` with `headers`, bounded (a hung fleet
/// fails the test, it does not hang it): the status, the headers, the body.
async fn post(
    url: &str,
    headers: &[(&str, &str)],
    body: &Value,
) -> (u16, reqwest::header::HeaderMap, String) {
    let mut request = reqwest::Client::new()
        .post(url)
        .timeout(Duration::from_secs(30))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request
        .body(body.to_string())
        .send()
        .await
        .unwrap_or_else(|e| panic!("no answer from {url}: {e}"));
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap_or_default())
}

/// An older MCP client's session (protocol 2025-06-18) through `url`: its
/// `initialize`, then `calls` more requests in the session; how many of
/// them were answered with the tools.
async fn older_client_session(url: &str, calls: u64) -> u64 {
    let version = ("mcp-protocol-version", "2025-06-18");
    let (status, headers, _) = post(
        url,
        &[version],
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "older", "version": "1"}}}),
    )
    .await;
    assert_eq!(status, 200);
    let id = headers
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .expect("a session id")
        .to_owned();
    let session = ("mcp-session-id", id.as_str());
    post(
        url,
        &[version, session],
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;
    let mut answered = 0;
    for n in 0..calls {
        let (status, _, body) = post(
            url,
            &[version, session],
            &json!({"jsonrpc": "2.0", "id": 10 + n, "method": "tools/list"}),
        )
        .await;
        if status == 200 && body.contains("interview") {
            answered += 1;
        }
    }
    answered
}

/// Older MCP clients keep a session in the replica that opened it: behind
/// a plain round robin their later requests reach replicas that do not
/// know the session; with the guide's `stick` rule on `Mcp-Session-Id`,
/// every one reaches the right replica.
#[test]
fn older_clients_sessions_need_the_balancers_stick_rule_and_work_with_it() {
    if haproxy::program().is_none() {
        return;
    }
    let front = Front::bind();
    let fleet = replicas(&front, &[], &[]);
    let plain = Haproxy::start(front, &addrs(&fleet), "");
    let url = format!("http://{}/mcp", plain.addr);
    let answered = runtime().block_on(older_client_session(&url, 6));
    assert!(
        answered < 6,
        "round robin alone kept the session: {answered}"
    );
    drop(plain);

    let front = Front::bind();
    let fleet = replicas(&front, &[], &[]);
    let sticky = Haproxy::start(
        front,
        &addrs(&fleet),
        "    stick-table type string len 64 size 100k expire 30m\n    stick on req.hdr(mcp-session-id)\n    stick store-response res.hdr(mcp-session-id)\n",
    );
    let url = format!("http://{}/mcp", sticky.addr);
    let answered = runtime().block_on(older_client_session(&url, 6));
    assert_eq!(answered, 6, "{}", sticky.log());
}

// ----- hook events through the balancer, with the session store shared -----

/// Three replicas of `hosts` sharing one Redis, behind haproxy (round
/// robin, each answer naming its replica).
struct Fleet {
    redis: RedisServer,
    replicas: Vec<HttpServer>,
    balancer: Haproxy,
    /// Where the events' files live (the replicas' shared project).
    project: tempfile::TempDir,
}

impl Fleet {
    /// `None` when the fleet's tests are skipped (never in CI).
    fn start(hosts: [&str; 3]) -> Option<Fleet> {
        haproxy::program()?;
        let redis = RedisServer::start()?;
        let front = Front::bind();
        let replicas: Vec<HttpServer> = hosts
            .iter()
            .map(|host| Fleet::replica(host, "127.0.0.1:0", &front.addr, &redis.url()))
            .collect();
        let balancer = Haproxy::start(front, &addrs(&replicas), NAME_THE_REPLICA);
        let project = tempfile::tempdir().expect("a project folder");
        Some(Fleet {
            redis,
            replicas,
            balancer,
            project,
        })
    }

    /// A replica of `host` on `addr`: told the balancer's name, the state
    /// key and the store.
    fn replica(host: &str, addr: &str, front: &str, store: &str) -> HttpServer {
        let args = [
            "--allow-host",
            front,
            "--state-key-env",
            STATE_KEY.0,
            "--session-store",
            store,
        ];
        HttpServer::start_at(host, addr, &args, &[STATE_KEY])
    }

    /// Replica `n` replaced by one of `host`, on the same address (a step
    /// of a rolling upgrade).
    fn replace(&mut self, n: usize, host: &str) {
        let addr = self.replicas[n].addr.clone();
        self.replicas[n].kill();
        self.replicas[n] = Fleet::replica(host, &addr, &self.balancer.addr, &self.redis.url());
    }

    fn cwd(&self) -> &Path {
        self.project.path()
    }

    fn url(&self, event: &str) -> String {
        format!("http://{}/hooks/claude/{event}", self.balancer.addr)
    }
}

/// An event's answer through the balancer.
#[derive(Debug)]
struct Answer {
    /// The replica that gave it (`r1`..`r3`).
    replica: String,
    body: Value,
}

impl Answer {
    fn decision(&self) -> &str {
        self.body["hookSpecificOutput"]["permissionDecision"]
            .as_str()
            .unwrap_or("none")
    }

    fn context(&self) -> &str {
        self.body["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap_or("")
    }
}

/// Claude Code's `PreToolUse` of `tool` with `input`, in `session`.
fn pre_tool_use(session: &str, cwd: &Path, tool: &str, input: Value) -> Value {
    json!({"session_id": session, "cwd": cwd, "hook_event_name": "PreToolUse",
           "tool_name": tool, "tool_input": input})
}

/// Its `PostToolUse`, the call having succeeded.
fn post_tool_use(session: &str, cwd: &Path, tool: &str, input: Value) -> Value {
    json!({"session_id": session, "cwd": cwd, "hook_event_name": "PostToolUse",
           "tool_name": tool, "tool_input": input,
           "tool_response": {"type": "text", "file": {"content": "fn main() {}\n"}}})
}

/// POSTs `event` to `url`: its answer, or why there was none.
async fn send(client: &reqwest::Client, url: &str, event: &Value) -> Result<Answer, String> {
    let response = client
        .post(url)
        .timeout(Duration::from_secs(20))
        .header("content-type", "application/json")
        .body(event.to_string())
        .send()
        .await
        .map_err(|e| format!("no answer: {e}"))?;
    let status = response.status().as_u16();
    let replica = response
        .headers()
        .get("x-replica")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("?")
        .to_owned();
    let text = response.text().await.map_err(|e| e.to_string())?;
    if status != 200 {
        return Err(format!("{status}: {text}"));
    }
    let body = serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
    Ok(Answer { replica, body })
}

/// The same, for a test that needs the answer.
fn answer(url: &str, event: &Value) -> Answer {
    runtime()
        .block_on(send(&reqwest::Client::new(), url, event))
        .unwrap_or_else(|e| panic!("{url}: {e}"))
}

/// Each call of a session reached another replica, and still the doom-loop
/// refuses the third identical call and read-before-edit knows a read
/// made through another replica.
#[test]
fn the_doom_loop_and_read_before_edit_hold_across_three_replicas() {
    let Some(fleet) = Fleet::start([HOST; 3]) else {
        return;
    };
    let url = fleet.url("PreToolUse");
    let call = pre_tool_use("s", fleet.cwd(), "Bash", json!({"command": "cargo test"}));
    let answers: Vec<Answer> = (0..3).map(|_| answer(&url, &call)).collect();
    let replicas: Vec<&str> = answers.iter().map(|a| a.replica.as_str()).collect();
    assert_eq!(
        replicas
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        3,
        "round robin: {replicas:?}"
    );
    assert_eq!(answers[0].decision(), "none", "{:?}", answers[0]);
    assert_eq!(answers[1].decision(), "none", "{:?}", answers[1]);
    assert_eq!(answers[2].decision(), "deny", "{:?}", answers[2]);
    assert!(
        answers[2]
            .body
            .to_string()
            .contains("called 3 times in a row"),
        "{:?}",
        answers[2]
    );

    let file = fleet.cwd().join("main.rs");
    std::fs::write(&file, "fn main() {}\n").expect("writes the file");
    let edit = pre_tool_use(
        "s",
        fleet.cwd(),
        "Edit",
        json!({"file_path": file, "old_string": "main", "new_string": "start"}),
    );
    let before = answer(&url, &edit);
    assert!(
        before
            .context()
            .contains("has not been read in this session"),
        "{before:?}"
    );
    let read = answer(
        &fleet.url("PostToolUse"),
        &post_tool_use("s", fleet.cwd(), "Read", json!({"file_path": file})),
    );
    let after = answer(&url, &edit);
    assert_ne!(read.replica, after.replica, "another replica edits");
    assert_eq!(
        after.context(),
        "",
        "the read made through {} is known to {}: {after:?}",
        read.replica,
        after.replica
    );
}

/// `n`'s from `tally 1.0.0: call N` in each answer's context.
fn counts(answers: &[Answer], version: &str) -> Vec<u64> {
    let prefix = format!("tally {version}: call ");
    answers
        .iter()
        .filter_map(|a| {
            let rest = a.context().split(&prefix).nth(1)?;
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

/// 100 events of one session sent at once, spread by the balancer over
/// three replicas: each counted once, none lost (the counts are exactly
/// 1 to 100).
#[test]
fn a_hundred_concurrent_events_of_one_session_lose_no_update() {
    let Some(fleet) = Fleet::start([TALLY_V1; 3]) else {
        return;
    };
    let url = Arc::new(fleet.url("PreToolUse"));
    let cwd = fleet.cwd().to_owned();
    let answers: Vec<Answer> = runtime().block_on(async {
        let client = reqwest::Client::new();
        let mut tasks = tokio::task::JoinSet::new();
        for n in 0..100 {
            let (client, url) = (client.clone(), url.clone());
            let event = pre_tool_use("s", &cwd, "Bash", json!({"command": format!("echo {n}")}));
            tasks.spawn(async move { send(&client, &url, &event).await });
        }
        let mut answers = Vec::new();
        while let Some(done) = tasks.join_next().await {
            answers.push(done.expect("the task ran").expect("answered"));
        }
        answers
    });
    let mut seen = counts(&answers, "1.0.0");
    seen.sort_unstable();
    assert_eq!(seen, (1..=100).collect::<Vec<u64>>());
    for replica in ["r1", "r2", "r3"] {
        assert!(
            answers.iter().any(|a| a.replica == replica),
            "{replica} answered some"
        );
    }
}

/// A replica killed (SIGKILL) while 16 sessions keep sending events: every
/// event sent after the kill is answered through the balancer, by the
/// others.
#[test]
fn a_replica_killed_under_load_leaves_no_later_event_unanswered() {
    let Some(mut fleet) = Fleet::start([HOST; 3]) else {
        return;
    };
    let url = Arc::new(fleet.url("PreToolUse"));
    let cwd = Arc::new(fleet.cwd().to_owned());
    let started = Instant::now();
    let killed_at = Duration::from_millis(1500);
    let stop_at = Duration::from_millis(4000);
    let rt = runtime();
    let load = rt.spawn({
        async move {
            let client = reqwest::Client::new();
            let mut tasks = tokio::task::JoinSet::new();
            for session in 0..16 {
                let (client, url, cwd) = (client.clone(), url.clone(), cwd.clone());
                tasks.spawn(async move {
                    let mut outcomes = Vec::new();
                    let mut n = 0;
                    while started.elapsed() < stop_at {
                        n += 1;
                        let sent = started.elapsed();
                        let command = format!("echo {n}");
                        let event = pre_tool_use(
                            &format!("load-{session}"),
                            &cwd,
                            "Bash",
                            json!({"command": command}),
                        );
                        let outcome = send(&client, &url, &event).await;
                        outcomes.push((sent, started.elapsed(), outcome));
                    }
                    outcomes
                });
            }
            let mut all = Vec::new();
            while let Some(done) = tasks.join_next().await {
                all.extend(done.expect("the task ran"));
            }
            all
        }
    });
    std::thread::sleep(killed_at);
    let killed = Instant::now();
    fleet.replicas[0].kill();
    let kill_took = killed.elapsed();
    let outcomes = rt.block_on(load).expect("the load ran");
    let after: Vec<_> = outcomes
        .iter()
        .filter(|(sent, _, _)| *sent > killed_at + kill_took)
        .collect();
    assert!(
        after.len() > 50,
        "load went on after the kill: {}",
        after.len()
    );
    let failed: Vec<_> = after.iter().filter(|(_, _, o)| o.is_err()).collect();
    assert!(failed.is_empty(), "unanswered after the kill: {failed:?}");
    // Once the balancer's checks took it out, the others answer all.
    let late: Vec<&str> = after
        .iter()
        .filter(|(sent, _, _)| *sent > killed_at + Duration::from_secs(1))
        .filter_map(|(_, _, o)| o.as_ref().ok())
        .map(|a| a.replica.as_str())
        .collect();
    assert!(!late.is_empty() && !late.contains(&"r1"), "{late:?}");
}

/// `GET path` on a replica, straight (the checks answer without the
/// token and whatever the `Host`): its status and body.
fn check(replica: &HttpServer, path: &str) -> (u16, Value) {
    runtime().block_on(async {
        let response = reqwest::Client::new()
            .get(format!("http://{}{path}", replica.addr))
            .timeout(Duration::from_secs(10))
            .send()
            .await
            .expect("answers");
        let status = response.status().as_u16();
        (status, response.json().await.expect("JSON"))
    })
}

/// Redis killed: through the balancer the fail-closed guard still refuses
/// `sudo` and every event is answered by its deadline; `/healthz` stays
/// 200 saying the store is unreachable, `/readyz` 503. Redis back (empty:
/// it saved nothing): the replicas keep one streak again, with no restart.
#[test]
fn with_the_store_down_the_fleet_still_refuses_sudo_and_with_it_back_state_works() {
    let Some(mut fleet) = Fleet::start([HOST; 3]) else {
        return;
    };
    let url = fleet.url("PreToolUse");
    let cwd = fleet.cwd().to_owned();
    let call = |command: &str| pre_tool_use("s", &cwd, "Bash", json!({"command": command}));
    assert_eq!(answer(&url, &call("cargo test")).decision(), "none");
    let (status, health) = check(&fleet.replicas[0], "/healthz");
    assert_eq!(
        (status, health["store"]["reachable"].clone()),
        (200, json!(true)),
        "{health}"
    );

    fleet.redis.kill();
    for replica in ["r1", "r2", "r3"] {
        let started = Instant::now();
        let sudo = answer(&url, &call("sudo rm -rf /var"));
        assert_eq!(sudo.decision(), "deny", "{replica}: {sudo:?}");
        assert!(started.elapsed() < BOUND, "{:?}", started.elapsed());
        let started = Instant::now();
        let ls = answer(&url, &call("ls"));
        assert_eq!(
            ls.decision(),
            "none",
            "doom-loop goes on without its streak: {ls:?}"
        );
        assert!(started.elapsed() < BOUND, "{:?}", started.elapsed());
    }
    for replica in &fleet.replicas {
        let (status, health) = check(replica, "/healthz");
        assert_eq!(status, 200, "the balancer keeps it: {health}");
        assert_eq!(health["store"]["reachable"], false, "{health}");
        assert!(
            !health.to_string().contains("redis"),
            "which store, and why, are for the log: {health}"
        );
        assert_eq!(check(replica, "/readyz").0, 503);
    }

    fleet.redis.restart();
    let deadline = Instant::now() + Duration::from_secs(15);
    while fleet.replicas.iter().any(|r| check(r, "/readyz").0 != 200) {
        assert!(Instant::now() < deadline, "the store never came back");
        std::thread::sleep(Duration::from_millis(100));
    }
    let again = call("cargo build");
    let answers: Vec<Answer> = (0..3).map(|_| answer(&url, &again)).collect();
    let decisions: Vec<&str> = answers.iter().map(Answer::decision).collect();
    assert_eq!(decisions, ["none", "none", "deny"], "{answers:?}");
}

/// A rolling upgrade of `tally` from 1.0.0 to 2.0.0, replica by replica,
/// while one session's events go on: each version's count goes up by one
/// at each of its calls, never reset, skipped or misread, however the
/// calls alternate between versions; once all replicas run 2.0.0 its count
/// goes on from where its replicas had it.
#[test]
fn a_rolling_upgrade_loses_and_misreads_no_session_value() {
    let Some(mut fleet) = Fleet::start([TALLY_V1; 3]) else {
        return;
    };
    let url = fleet.url("PreToolUse");
    let cwd = fleet.cwd().to_owned();
    let event = pre_tool_use("s", &cwd, "Bash", json!({"command": "ls"}));
    let mut answers: Vec<Answer> = (0..3).map(|_| answer(&url, &event)).collect();
    for n in 0..3 {
        fleet.replace(n, TALLY_V2);
        // Events go on while the balancer finds the new replica.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let got = answer(&url, &event);
            let from_the_new_one = got.replica == format!("r{}", n + 1);
            answers.push(got);
            if from_the_new_one {
                break;
            }
            assert!(Instant::now() < deadline, "r{} never came back", n + 1);
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    answers.extend((0..3).map(|_| answer(&url, &event)));
    for a in &answers {
        assert_eq!(
            a.context().matches("tally ").count(),
            1,
            "one count in each answer, no error: {a:?}"
        );
    }
    let v1 = counts(&answers, "1.0.0");
    let v2 = counts(&answers, "2.0.0");
    assert_eq!(v1.len() + v2.len(), answers.len());
    assert_eq!(v1, (1..=v1.len() as u64).collect::<Vec<_>>(), "{answers:?}");
    assert_eq!(v2, (1..=v2.len() as u64).collect::<Vec<_>>(), "{answers:?}");
    assert!(v2.len() >= 6, "version 2 answered the last calls: {v2:?}");
    let last = answers.last().expect("answers");
    assert!(last.context().contains("after \"Bash\""), "{last:?}");
}
