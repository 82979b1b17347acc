//! The shared session store on a real `redis-server` (started by each test
//! on a loopback port the kernel picks, `scripts/install-fleet.sh`
//! installs it). First the contract every store keeps, run on the memory
//! store, the file store and the Redis store alike; then what only a
//! store on a server must do: no lost update between processes, idle
//! sessions expiring by their time to live, a deadline on every call when
//! the server is slow or down and state again when it is back, stored
//! formats and plugin versions kept apart, deployments kept apart by their
//! prefix, and the password from the environment.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle::prelude::{Deserialize, Serialize};
use tackle::session::{Session, SessionError, SessionKey, SessionStore, Slot};
use tackle_runtime::redis_store::RedisStore;
use tackle_runtime::session::{FileStore, MemoryStore, SessionLimits};
use tackle_tests::redis_server::RedisServer;

const SLOT: Slot = Slot {
    plugin: "p",
    version: "1.0.0",
    value: "counter",
};
const OTHER_SLOT: Slot = Slot {
    plugin: "q",
    version: "1.0.0",
    value: "counter",
};

fn key(id: &str) -> SessionKey<'_> {
    SessionKey::new(id).expect("a short id")
}

fn set(store: &dyn SessionStore, id: &str, slot: Slot, value: Value) -> Result<(), SessionError> {
    store.update(key(id), slot, &mut |_| Ok(Some(value.clone())))
}

fn get(store: &dyn SessionStore, id: &str, slot: Slot) -> Option<Value> {
    store.get(key(id), slot).expect("reads")
}

/// Adds one to the number kept in `SLOT`.
fn increment(store: &dyn SessionStore, id: &str) {
    store
        .update(key(id), SLOT, &mut |old| {
            let n = old.and_then(Value::as_u64).unwrap_or(0);
            Ok(Some(json!(n + 1)))
        })
        .expect("updates");
}

/// A prefix no other test of this run uses.
fn fresh_prefix() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "t{}-{}:",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// A Redis store at `url` (`?...` added to it), `limits`.
fn redis_store(url: &str, query: &str, limits: SessionLimits) -> RedisStore {
    let url = format!("{url}?{query}");
    RedisStore::open(&url, None, limits).expect("opens")
}

/// The stores a contract test runs on: `make` gives a new handle on the
/// same store, as another host would have (for files and Redis, one of
/// its own: a new store on the same folder or server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Memory,
    Files,
    Redis,
}

fn each_store(
    kinds: &[Kind],
    limits: SessionLimits,
    test: impl Fn(Kind, &dyn Fn() -> Arc<dyn SessionStore>),
) {
    for &kind in kinds {
        match kind {
            Kind::Memory => {
                let memory: Arc<dyn SessionStore> = Arc::new(MemoryStore::new(limits));
                test(kind, &|| memory.clone());
            }
            Kind::Files => {
                let dir = tempfile::tempdir().expect("tempdir");
                let path = dir.path().join("sessions");
                test(kind, &|| Arc::new(FileStore::new(&path, limits)));
            }
            Kind::Redis => {
                let Some(redis) = RedisServer::start() else {
                    continue;
                };
                // A generous deadline: these tests are about what is kept.
                let query = format!("prefix={}&timeout_ms=10000", fresh_prefix());
                test(kind, &|| {
                    Arc::new(redis_store(&redis.url(), &query, limits))
                });
            }
        }
    }
}

const ALL: [Kind; 3] = [Kind::Memory, Kind::Files, Kind::Redis];

// ----- the contract, on every store -----

#[test]
fn a_session_starts_empty_and_keeps_its_values_apart() {
    each_store(&ALL, SessionLimits::default(), |kind, make| {
        let store = make();
        assert_eq!(get(&*store, "s1", SLOT), None, "{kind:?}");
        set(&*store, "s1", SLOT, json!({"a": 1})).expect("saves");
        set(&*store, "s1", OTHER_SLOT, json!("other plugin")).expect("saves");
        set(&*store, "s2", SLOT, json!(2)).expect("saves");
        let again = make();
        assert_eq!(get(&*again, "s1", SLOT), Some(json!({"a": 1})), "{kind:?}");
        assert_eq!(get(&*again, "s1", OTHER_SLOT), Some(json!("other plugin")));
        assert_eq!(get(&*again, "s2", SLOT), Some(json!(2)));
        assert_eq!(get(&*again, "s2", OTHER_SLOT), None);
    });
}

#[test]
fn a_failed_edit_keeps_the_value_and_none_removes_it() {
    each_store(&ALL, SessionLimits::default(), |kind, make| {
        let store = make();
        set(&*store, "s", SLOT, json!(1)).expect("saves");
        let failed = store.update(key("s"), SLOT, &mut |_| {
            Err(SessionError::Unavailable("no".into()))
        });
        assert!(failed.is_err(), "{kind:?}");
        assert_eq!(get(&*store, "s", SLOT), Some(json!(1)), "{kind:?}");
        // The failed edit left nothing held: the next update goes through.
        increment(&*make(), "s");
        assert_eq!(get(&*store, "s", SLOT), Some(json!(2)), "{kind:?}");
        store
            .update(key("s"), SLOT, &mut |_| Ok(None))
            .expect("clears");
        assert_eq!(get(&*store, "s", SLOT), None, "{kind:?}");
    });
}

#[test]
fn ending_a_session_forgets_it_and_only_it() {
    each_store(&ALL, SessionLimits::default(), |kind, make| {
        let store = make();
        set(&*store, "s1", SLOT, json!(1)).expect("saves");
        set(&*store, "s2", SLOT, json!(2)).expect("saves");
        store.end(key("s1")).expect("ends");
        store.end(key("never-seen")).expect("ends nothing");
        assert_eq!(get(&*store, "s1", SLOT), None, "{kind:?}");
        assert_eq!(get(&*store, "s2", SLOT), Some(json!(2)), "{kind:?}");
    });
}

#[test]
fn an_update_past_the_byte_cap_fails_and_keeps_the_old_value() {
    let limits = SessionLimits {
        max_session_bytes: 200,
        ..SessionLimits::default()
    };
    each_store(&ALL, limits, |kind, make| {
        let store = make();
        set(&*store, "s", SLOT, json!("small")).expect("saves");
        let error = set(&*store, "s", SLOT, json!("x".repeat(300))).expect_err("too large");
        assert!(
            matches!(error, SessionError::TooLarge { cap: 200, .. }),
            "{kind:?}: {error}"
        );
        assert_eq!(get(&*store, "s", SLOT), Some(json!("small")), "{kind:?}");
        // The cap is the session's, all its values together: 102 bytes fit
        // alone, not beside 102 more.
        set(&*store, "s", OTHER_SLOT, json!("y".repeat(100))).expect("fits beside");
        let error =
            set(&*store, "s", SLOT, json!("z".repeat(100))).expect_err("together too large");
        assert!(
            matches!(error, SessionError::TooLarge { .. }),
            "{kind:?}: {error}"
        );
    });
}

#[test]
fn concurrent_updates_of_one_session_lose_nothing() {
    each_store(&ALL, SessionLimits::default(), |kind, make| {
        std::thread::scope(|scope| {
            for _ in 0..8 {
                let store = make();
                scope.spawn(move || {
                    for _ in 0..25 {
                        increment(&*store, "busy");
                    }
                });
            }
        });
        assert_eq!(get(&*make(), "busy", SLOT), Some(json!(200)), "{kind:?}");
    });
}

#[test]
fn a_flood_of_new_sessions_never_erases_an_active_one() {
    let limits = SessionLimits {
        max_sessions: 3,
        ..SessionLimits::default()
    };
    each_store(&ALL, limits, |kind, make| {
        let store = make();
        for _ in 0..2 {
            increment(&*store, "victim");
        }
        let mut ran = 0;
        for n in 0..50 {
            store
                .update(key(&format!("flood-{n}")), SLOT, &mut |old| {
                    ran += 1;
                    assert_eq!(old, None, "a new session starts empty");
                    Ok(Some(json!(n)))
                })
                .expect("served, not refused");
        }
        assert_eq!(ran, 50, "{kind:?}: every change ran");
        assert_eq!(
            get(&*store, "victim", SLOT),
            Some(json!(2)),
            "{kind:?}: kept"
        );
        assert_eq!(get(&*store, "flood-1", SLOT), Some(json!(1)), "{kind:?}");
        assert_eq!(get(&*store, "flood-2", SLOT), None, "{kind:?}");
        assert_eq!(get(&*store, "flood-49", SLOT), None, "{kind:?}");
        increment(&*store, "victim");
        assert_eq!(get(&*store, "victim", SLOT), Some(json!(3)), "{kind:?}");
    });
}

#[test]
fn past_max_sessions_the_least_recently_updated_go() {
    // No session counts as active: any may make room. (The file store's
    // order is by its files' times, which its own tests set.)
    let limits = SessionLimits {
        max_sessions: 2,
        active: Duration::ZERO,
        ..SessionLimits::default()
    };
    each_store(&[Kind::Memory, Kind::Redis], limits, |kind, make| {
        let store = make();
        for id in ["a", "b", "c"] {
            set(&*store, id, SLOT, json!(id)).expect("saves");
            // Apart by more than the store's clock's millisecond.
            std::thread::sleep(Duration::from_millis(3));
        }
        assert_eq!(get(&*store, "a", SLOT), None, "{kind:?}");
        assert_eq!(get(&*store, "b", SLOT), Some(json!("b")), "{kind:?}");
        assert_eq!(get(&*store, "c", SLOT), Some(json!("c")), "{kind:?}");
    });
}

#[test]
fn hostile_session_ids_keep_their_own_values() {
    let hostile = [
        "../../escaped",
        "/tmp/absolute",
        "a:b",
        "s:",
        "index",
        "nul\0byte",
        "",
        "new\nline",
    ];
    each_store(&ALL, SessionLimits::default(), |kind, make| {
        let store = make();
        for id in hostile {
            set(&*store, id, SLOT, json!(id)).expect("saves");
        }
        for id in hostile {
            assert_eq!(get(&*store, id, SLOT), Some(json!(id)), "{kind:?}: {id:?}");
        }
    });
}

/// A plugin's value at version 1.
#[tackle::data]
#[derive(Default, Serialize, Deserialize)]
struct V1 {
    count: u32,
}

/// The same value at version 2: another shape.
#[tackle::data]
#[derive(Default, Serialize, Deserialize)]
struct V2 {
    count: u64,
    last: String,
}

#[test]
fn each_plugin_version_keeps_its_own_value() {
    // A rolling upgrade: hosts of version 1 and 2 of one plugin share the
    // store, and the type changed between them.
    // Type names differ here; two real versions have the same one.
    const TYPE: &str = "plugin::Streak";
    each_store(
        &[Kind::Memory, Kind::Redis],
        SessionLimits::default(),
        |kind, make| {
            let old = make();
            let new = make();
            let slot = |version| Slot {
                plugin: "p",
                version,
                value: TYPE,
            };
            let v1 = |n: u32| json!(V1 { count: n });
            set(&*old, "s", slot("1.0.0"), v1(3)).expect("v1 saves");
            set(
                &*new,
                "s",
                slot("2.0.0"),
                json!(V2 {
                    count: 10,
                    last: "ls".into()
                }),
            )
            .expect("v2 saves");
            assert_eq!(get(&*old, "s", slot("1.0.0")), Some(v1(3)), "{kind:?}");
            assert_eq!(
                get(&*new, "s", slot("2.0.0")),
                Some(json!({"count": 10, "last": "ls"})),
                "{kind:?}"
            );
            // Through `Session`, as a hook of version 1 sees it.
            let counted = Session::<V1>::new(&*old, "t", "p")
                .expect("an id")
                .at_version("1.0.0");
            counted.update(|v| v.count = 7).expect("updates");
            let typed = |version| Slot {
                plugin: "p",
                version,
                value: std::any::type_name::<V1>(),
            };
            assert_eq!(get(&*new, "t", typed("1.0.0")), Some(v1(7)), "{kind:?}");
            assert_eq!(get(&*new, "t", typed("2.0.0")), None, "{kind:?}");
            assert!(new.take_problems().is_empty() && old.take_problems().is_empty());
        },
    );
}

// ----- only a store on a server -----

/// Counts up `TACKLE_TEST_REDIS_COUNT` times in the store at
/// `TACKLE_TEST_REDIS_URL`, from 4 threads: one of the three processes of
/// `a_hundred_updates_from_three_processes_lose_none`.
#[test]
#[ignore = "a child of a_hundred_updates_from_three_processes_lose_none"]
fn counting_process() {
    let url = std::env::var("TACKLE_TEST_REDIS_URL").expect("the store");
    let count: usize = std::env::var("TACKLE_TEST_REDIS_COUNT")
        .expect("the count")
        .parse()
        .expect("a number");
    let store = RedisStore::open(&url, None, SessionLimits::default()).expect("opens");
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                while next.fetch_add(1, Ordering::Relaxed) < count {
                    increment(&store, "one-session");
                }
            });
        }
    });
}

#[test]
fn a_hundred_updates_from_three_processes_lose_none() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let url = format!("{}?prefix={}&timeout_ms=10000", redis.url(), fresh_prefix());
    let test_binary = std::env::current_exe().expect("the test binary");
    let children: Vec<_> = [34, 33, 33]
        .into_iter()
        .map(|count: usize| {
            std::process::Command::new(&test_binary)
                .args(["--exact", "counting_process", "--ignored", "--nocapture"])
                .env("TACKLE_TEST_REDIS_URL", &url)
                .env("TACKLE_TEST_REDIS_COUNT", count.to_string())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("starts a counting process")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("it ends");
        assert!(out.status.success(), "{out:?}");
    }
    let store = RedisStore::open(&url, None, SessionLimits::default()).expect("opens");
    assert_eq!(get(&store, "one-session", SLOT), Some(json!(100)));
}

#[test]
fn an_idle_session_expires_by_its_time_to_live() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let limits = SessionLimits {
        max_idle: Duration::from_millis(300),
        ..SessionLimits::default()
    };
    let prefix = fresh_prefix();
    let store = redis_store(&redis.url(), &format!("prefix={prefix}"), limits);
    set(&store, "s", SLOT, json!(1)).expect("saves");
    let [index, values] = <[String; 2]>::try_from(redis.keys(&prefix)).expect("two keys");
    assert_eq!(index, format!("{prefix}index"));
    let ttl: u64 = redis
        .cli(&["PTTL", &values])
        .parse()
        .expect("a time to live");
    assert!(
        ttl > 0 && ttl <= 300,
        "the session's key lives max_idle: {ttl} ms"
    );
    // Gone by itself, with no new session to prune it.
    let deadline = Instant::now() + Duration::from_secs(10);
    while get(&store, "s", SLOT).is_some() {
        assert!(Instant::now() < deadline, "expired");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The next new session drops it from the index too.
    set(&store, "t", SLOT, json!(2)).expect("saves");
    assert_eq!(redis.cli(&["ZCARD", &index]), "1");
}

/// The store at `redis`, its calls' deadline 200 ms.
fn quick_store(redis: &RedisServer) -> RedisStore {
    let query = format!("prefix={}&timeout_ms=200", fresh_prefix());
    redis_store(&redis.url(), &query, SessionLimits::default())
}

/// `call`'s error, and how long it took.
fn timed<T: std::fmt::Debug>(
    call: impl FnOnce() -> Result<T, SessionError>,
) -> (SessionError, Duration) {
    let started = Instant::now();
    let error = call().expect_err("the store is not there");
    (error, started.elapsed())
}

/// Increments `id`'s count once, trying again while the store cannot be
/// reached, for at most 15 s: the store must come back by itself.
fn until_it_answers(store: &RedisStore, id: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let counted = store.update(key(id), SLOT, &mut |old| {
            Ok(Some(json!(old.and_then(Value::as_u64).unwrap_or(0) + 1)))
        });
        match counted {
            Ok(()) => return,
            Err(e) => assert!(Instant::now() < deadline, "never came back: {e}"),
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_paused_store_answers_by_the_deadline_and_works_again_when_resumed() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let store = quick_store(&redis);
    increment(&store, "s");
    redis.pause();
    // Far past 200 ms would be a hang; each call ends at its deadline.
    let bound = Duration::from_secs(2);
    let (error, took) = timed(|| store.get(key("s"), SLOT));
    assert!(matches!(error, SessionError::Unavailable(_)), "{error}");
    assert!(
        error.to_string().contains(&redis.url()),
        "names the store: {error}"
    );
    assert!(took < bound, "{took:?}");
    let mut ran = false;
    let (error, took) = timed(|| {
        store.update(key("s"), SLOT, &mut |_| {
            ran = true;
            Ok(Some(json!(100)))
        })
    });
    assert!(matches!(error, SessionError::Unavailable(_)), "{error}");
    assert!(took < bound, "{took:?}");
    assert!(!ran, "no change runs without the session's value");
    let (_, took) = timed(|| store.end(key("s")));
    assert!(took < bound, "{took:?}");
    let health = store.health();
    assert!(
        !health.reachable && health.unreachable_since.is_some(),
        "{health:?}"
    );
    redis.resume();
    // The next calls go through (the first may still meet the answers the
    // paused server owed, or a connection being made again).
    until_it_answers(&store, "s");
    assert_eq!(get(&store, "s", SLOT), Some(json!(2)));
    assert!(store.health().reachable);
}

#[test]
fn a_killed_store_is_unavailable_until_it_is_back_on_its_port() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let store = quick_store(&redis);
    increment(&store, "s");
    redis.kill();
    let (error, took) = timed(|| store.get(key("s"), SLOT));
    assert!(matches!(error, SessionError::Unavailable(_)), "{error}");
    assert!(took < Duration::from_secs(2), "{took:?}");
    let (error, _) = timed(|| set(&store, "s", SLOT, json!(5)));
    assert!(
        error
            .to_string()
            .contains("the session store redis://127.0.0.1"),
        "{error}"
    );
    let health = store.health();
    assert!(!health.reachable, "{health:?}");
    assert!(health.last_error.is_some(), "{health:?}");
    assert_eq!(
        health.store,
        format!("redis://127.0.0.1:{}/0", redis.port())
    );
    // Back on the same port, empty (it saved nothing): the same store
    // reconnects by itself, with no restart of the host.
    redis.restart();
    until_it_answers(&store, "s");
    assert_eq!(
        get(&store, "s", SLOT),
        Some(json!(1)),
        "the new server's first value"
    );
    let health = store.health();
    assert!(
        health.reachable && health.unreachable_since.is_none(),
        "{health:?}"
    );
}

/// A store at `redis` with one session, `s`, counted once: the store, and
/// the Redis key of the session's values.
fn one_session_stored(redis: &RedisServer) -> (RedisStore, String) {
    let prefix = fresh_prefix();
    let store = redis_store(
        &redis.url(),
        &format!("prefix={prefix}"),
        SessionLimits::default(),
    );
    increment(&store, "s");
    let values = redis
        .keys(&prefix)
        .into_iter()
        .find(|k| k.starts_with(&format!("{prefix}s:")))
        .expect("the session's key");
    (store, values)
}

#[test]
fn a_session_in_a_newer_format_is_left_as_it_is() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let (store, values) = one_session_stored(&redis);
    // What a newer tackle wrote.
    redis.cli(&["HSET", &values, "f", "2", "layout", "new"]);
    let error = store.get(key("s"), SLOT).expect_err("newer");
    assert!(
        error
            .to_string()
            .contains("stored format 2, newer than this tackle's 1"),
        "{error}"
    );
    let mut ran = false;
    let error = store
        .update(key("s"), SLOT, &mut |_| {
            ran = true;
            Ok(Some(json!(0)))
        })
        .expect_err("not overwritten");
    assert!(error.to_string().contains("stored format 2"), "{error}");
    assert!(!ran);
    assert_eq!(redis.cli(&["HGET", &values, "f"]), "2");
    assert_eq!(redis.cli(&["HGET", &values, "layout"]), "new");
}

#[test]
fn an_entry_of_another_id_or_not_json_is_reported_and_starts_afresh() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let (store, values) = one_session_stored(&redis);
    redis.cli(&["HSET", &values, "id", "someone-else"]);
    assert_eq!(get(&store, "s", SLOT), None);
    increment(&store, "s");
    assert_eq!(
        get(&store, "s", SLOT),
        Some(json!(1)),
        "afresh, and its own again"
    );
    assert_eq!(redis.cli(&["HGET", &values, "id"]), "s");
    let field = "v:p@1.0.0/counter";
    redis.cli(&["HSET", &values, field, "{not json"]);
    assert_eq!(get(&store, "s", SLOT), None);
    increment(&store, "s");
    assert_eq!(get(&store, "s", SLOT), Some(json!(1)));
    let problems = store.take_problems();
    assert_eq!(problems.len(), 4, "{problems:?}");
    assert!(
        problems[0].contains("belongs to session \"someone-else\""),
        "{problems:?}"
    );
    assert!(problems[2].contains("is not JSON"), "{problems:?}");
}

#[test]
fn deployments_with_their_own_prefix_share_a_server_apart() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let limits = SessionLimits {
        max_sessions: 1,
        ..SessionLimits::default()
    };
    let a = redis_store(&redis.url(), "prefix=team-a:", limits);
    let b = redis_store(&redis.url(), "prefix=team-b:", limits);
    set(&a, "s", SLOT, json!("a")).expect("saves");
    set(&b, "s", SLOT, json!("b")).expect("saves, each with its own room");
    set(&b, "t", SLOT, json!("b")).expect("served");
    assert_eq!(get(&a, "s", SLOT), Some(json!("a")));
    assert_eq!(get(&b, "s", SLOT), Some(json!("b")));
    assert_eq!(
        get(&b, "t", SLOT),
        None,
        "b's room is full of active sessions"
    );
    assert!(
        redis
            .keys("team-a:")
            .iter()
            .all(|k| k.starts_with("team-a:"))
    );
    assert_eq!(
        redis.keys("").len(),
        redis.keys("team-").len(),
        "nothing outside the prefixes"
    );
}

#[test]
fn the_password_comes_from_the_environment() {
    let Some(redis) = RedisServer::with_password("s3cret-for-the-test") else {
        return;
    };
    let query = format!("prefix={}&timeout_ms=2000", fresh_prefix());
    let url = format!("{}?{query}", redis.url());
    let with = RedisStore::open(
        &url,
        Some("s3cret-for-the-test".into()),
        SessionLimits::default(),
    )
    .expect("opens");
    increment(&with, "s");
    assert_eq!(get(&with, "s", SLOT), Some(json!(1)));
    for password in [None, Some("wrong".to_owned())] {
        let store =
            RedisStore::open(&url, password.clone(), SessionLimits::default()).expect("opens");
        let error = store.get(key("s"), SLOT).expect_err("refused");
        assert!(
            matches!(error, SessionError::Unavailable(_)),
            "{password:?}: {error}"
        );
        assert!(!error.to_string().contains("s3cret"), "{error}");
        assert!(!store.health().reachable, "{password:?}");
    }
    let error = RedisStore::open(
        &redis
            .url()
            .replace("127.0.0.1", ":s3cret-for-the-test@127.0.0.1"),
        None,
        SessionLimits::default(),
    )
    .expect_err("a password in the URL");
    assert!(
        error.contains("holds a password") && !error.contains("s3cret"),
        "{error}"
    );
}

#[test]
fn a_key_is_claimed_once_across_hosts_until_its_claim_expires() {
    each_store(
        &[Kind::Memory, Kind::Redis],
        SessionLimits::default(),
        |kind, make| {
            let (one, other) = (make(), make());
            let ttl = Duration::from_millis(300);
            assert!(one.claim_once("mrtr/a", ttl).expect("claims"), "{kind:?}");
            assert!(
                !other.claim_once("mrtr/a", ttl).expect("claims"),
                "another host's second claim: {kind:?}"
            );
            assert!(!one.claim_once("mrtr/a", ttl).expect("claims"), "{kind:?}");
            assert!(other.claim_once("mrtr/b", ttl).expect("claims"), "{kind:?}");
            std::thread::sleep(ttl + Duration::from_millis(100));
            assert!(
                other.claim_once("mrtr/a", ttl).expect("claims"),
                "free again once its claim expired: {kind:?}"
            );
        },
    );
}
