//! Both stores keep the same contract; the file store's own duties
//! (corrupt files, hostile ids, files left behind) after it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use serde_json::{Value, json};
use tackle::session::{Session, SessionError, SessionKey, SessionStore, Slot};

use super::{FileStore, MemoryStore, SessionLimits, copies};

const SLOT: Slot = Slot {
    plugin: "p",
    version: "",
    value: "counter",
};
const OTHER_SLOT: Slot = Slot {
    plugin: "q",
    version: "",
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

/// Adds one to a number kept in `slot`.
fn increment(store: &dyn SessionStore, id: &str) {
    store
        .update(key(id), SLOT, &mut |old| {
            let n = old.and_then(Value::as_u64).unwrap_or(0);
            Ok(Some(json!(n + 1)))
        })
        .expect("updates");
}

/// Each test runs on both stores; `make` gives a new handle on the same
/// store (for the file store, as another process would: its own files).
fn both(limits: SessionLimits, test: impl Fn(&dyn Fn() -> Arc<dyn SessionStore>)) {
    let memory: Arc<dyn SessionStore> = Arc::new(MemoryStore::new(limits));
    test(&|| memory.clone());
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("sessions");
    test(&|| Arc::new(FileStore::new(&path, limits)));
}

#[test]
fn a_session_starts_empty_and_keeps_its_values_apart() {
    both(SessionLimits::default(), |make| {
        let store = make();
        assert_eq!(get(&*store, "s1", SLOT), None);
        set(&*store, "s1", SLOT, json!({"a": 1})).expect("saves");
        set(&*store, "s1", OTHER_SLOT, json!("other plugin")).expect("saves");
        set(&*store, "s2", SLOT, json!(2)).expect("saves");
        let again = make();
        assert_eq!(get(&*again, "s1", SLOT), Some(json!({"a": 1})));
        assert_eq!(get(&*again, "s1", OTHER_SLOT), Some(json!("other plugin")));
        assert_eq!(get(&*again, "s2", SLOT), Some(json!(2)));
        assert_eq!(get(&*again, "s2", OTHER_SLOT), None);
    });
}

#[test]
fn a_failed_edit_keeps_the_value_and_none_removes_it() {
    both(SessionLimits::default(), |make| {
        let store = make();
        set(&*store, "s", SLOT, json!(1)).expect("saves");
        let failed = store.update(key("s"), SLOT, &mut |_| {
            Err(SessionError::Unavailable("no".into()))
        });
        assert!(failed.is_err());
        assert_eq!(get(&*store, "s", SLOT), Some(json!(1)));
        store
            .update(key("s"), SLOT, &mut |_| Ok(None))
            .expect("clears");
        assert_eq!(get(&*store, "s", SLOT), None);
    });
}

#[test]
fn ending_a_session_forgets_it_and_only_it() {
    both(SessionLimits::default(), |make| {
        let store = make();
        set(&*store, "s1", SLOT, json!(1)).expect("saves");
        set(&*store, "s2", SLOT, json!(2)).expect("saves");
        store.end(key("s1")).expect("ends");
        store.end(key("never-seen")).expect("ends nothing");
        assert_eq!(get(&*store, "s1", SLOT), None);
        assert_eq!(get(&*store, "s2", SLOT), Some(json!(2)));
    });
}

#[test]
fn an_update_past_the_byte_cap_fails_and_keeps_the_old_value() {
    let limits = SessionLimits {
        max_session_bytes: 200,
        ..SessionLimits::default()
    };
    both(limits, |make| {
        let store = make();
        set(&*store, "s", SLOT, json!("small")).expect("saves");
        let error = set(&*store, "s", SLOT, json!("x".repeat(300))).expect_err("too large");
        assert!(
            matches!(error, SessionError::TooLarge { cap: 200, .. }),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("over the store's cap of 200 bytes")
        );
        assert_eq!(get(&*store, "s", SLOT), Some(json!("small")));
    });
}

#[test]
fn concurrent_updates_of_one_session_lose_nothing() {
    both(SessionLimits::default(), |make| {
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
        assert_eq!(get(&*make(), "busy", SLOT), Some(json!(200)));
    });
}

#[test]
fn idle_sessions_are_forgotten_when_a_new_one_starts() {
    // Every session is idle past a limit of zero.
    let limits = SessionLimits {
        max_idle: Duration::ZERO,
        ..SessionLimits::default()
    };
    both(limits, |make| {
        let store = make();
        set(&*store, "old", SLOT, json!(1)).expect("saves");
        // Updating a known session prunes nothing.
        set(&*store, "old", SLOT, json!(2)).expect("saves");
        assert_eq!(get(&*store, "old", SLOT), Some(json!(2)));
        set(&*store, "new", SLOT, json!(3)).expect("saves");
        assert_eq!(get(&*store, "old", SLOT), None);
        assert_eq!(get(&*store, "new", SLOT), Some(json!(3)));
    });
    // Within the limit, nothing goes.
    both(SessionLimits::default(), |make| {
        let store = make();
        set(&*store, "old", SLOT, json!(1)).expect("saves");
        set(&*store, "new", SLOT, json!(2)).expect("saves");
        assert_eq!(get(&*store, "old", SLOT), Some(json!(1)));
    });
}

#[test]
fn past_max_sessions_the_least_recently_updated_go() {
    // No session counts as active: any may make room.
    let limits = SessionLimits {
        max_sessions: 2,
        active: Duration::ZERO,
        ..SessionLimits::default()
    };
    let memory = MemoryStore::new(limits);
    for id in ["a", "b", "c"] {
        set(&memory, id, SLOT, json!(id)).expect("saves");
    }
    assert_eq!(memory.len(), 2);
    assert_eq!(get(&memory, "a", SLOT), None);
    assert_eq!(get(&memory, "c", SLOT), Some(json!("c")));

    let dir = tempfile::tempdir().expect("tempdir");
    let files = FileStore::new(dir.path(), limits);
    set(&files, "a", SLOT, json!("a")).expect("saves");
    set(&files, "b", SLOT, json!("b")).expect("saves");
    // `b` was updated before `a`, by a day.
    age(&files, "b", Duration::from_secs(24 * 3600 - 60));
    age(&files, "a", Duration::from_secs(60));
    set(&files, "c", SLOT, json!("c")).expect("saves");
    assert_eq!(get(&files, "b", SLOT), None);
    assert_eq!(get(&files, "a", SLOT), Some(json!("a")));
    assert_eq!(sessions_in(dir.path()).len(), 2);
}

#[test]
fn a_flood_of_new_sessions_never_erases_an_active_one() {
    let limits = SessionLimits {
        max_sessions: 3,
        ..SessionLimits::default()
    };
    both(limits, |make| {
        let store = make();
        // The victim's streak, updated just now: active.
        for _ in 0..2 {
            increment(&*store, "victim");
        }
        // A flood of fresh ids, far past the cap.
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
        assert_eq!(ran, 50, "every change ran");
        assert_eq!(get(&*store, "victim", SLOT), Some(json!(2)), "kept");
        // The first two fit; the rest were served without stored values.
        assert_eq!(get(&*store, "flood-1", SLOT), Some(json!(1)));
        assert_eq!(get(&*store, "flood-2", SLOT), None);
        assert_eq!(get(&*store, "flood-49", SLOT), None);
        // The victim goes on counting.
        increment(&*store, "victim");
        assert_eq!(get(&*store, "victim", SLOT), Some(json!(3)));
    });
}

#[test]
fn sessions_past_their_active_time_make_room_for_new_ones() {
    let limits = SessionLimits {
        max_sessions: 2,
        active: Duration::from_secs(60),
        ..SessionLimits::default()
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let files = FileStore::new(dir.path(), limits);
    set(&files, "old", SLOT, json!("old")).expect("saves");
    set(&files, "recent", SLOT, json!("recent")).expect("saves");
    age(&files, "old", Duration::from_secs(120));
    set(&files, "new", SLOT, json!("new")).expect("saves");
    assert_eq!(
        get(&files, "old", SLOT),
        None,
        "past its active time: it made room"
    );
    assert_eq!(get(&files, "recent", SLOT), Some(json!("recent")));
    assert_eq!(get(&files, "new", SLOT), Some(json!("new")));
}

#[cfg(unix)]
#[test]
fn a_link_or_fifo_planted_as_a_session_file_is_refused_not_followed() {
    let root = tempfile::tempdir().expect("tempdir");
    let dir = root.path().join("sessions");
    let store = FileStore::new(&dir, SessionLimits::default());
    set(&store, "s", SLOT, json!("mine")).expect("saves");
    let outside = root.path().join("outside.txt");
    std::fs::write(&outside, "the user's file").expect("writes");
    // Both copies replaced by links to a file outside the store.
    for copy in copies_of(&store, "s") {
        std::fs::remove_file(&copy).ok();
        std::os::unix::fs::symlink(&outside, &copy).expect("links");
    }
    let refused = set(&store, "s", SLOT, json!("through the link")).expect_err("refused");
    assert!(refused.to_string().contains("symbolic link"), "{refused}");
    assert!(store.get(key("s"), SLOT).is_err(), "nor read through it");
    assert_eq!(
        std::fs::read_to_string(&outside).expect("reads"),
        "the user's file",
        "nothing was written through the link"
    );
    // A FIFO in a copy's place is refused at once, not waited on.
    let fifo_store = FileStore::new(root.path().join("fifo"), SessionLimits::default());
    set(&fifo_store, "f", SLOT, json!(1)).expect("saves");
    let [a, _] = copies_of(&fifo_store, "f");
    std::fs::remove_file(&a).expect("removes");
    let made = std::process::Command::new("mkfifo")
        .arg(&a)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let error = store_error(&fifo_store, "f");
    assert!(error.contains("not a regular file"), "{error}");
}

/// The error of reading session `id`.
fn store_error(store: &FileStore, id: &str) -> String {
    match store.get(key(id), SLOT) {
        Ok(value) => panic!("read {value:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_value_that_no_longer_reads_as_its_type_is_reported_and_starts_afresh() {
    let store = MemoryStore::default();
    #[derive(Default, serde::Serialize, serde::Deserialize)]
    struct Count {
        n: u32,
    }
    let count = Session::<Count>::new(&store, "s", "p").expect("an id");
    let slot = Slot {
        plugin: "p",
        version: "",
        value: std::any::type_name::<Count>(),
    };
    set(&store, "s", slot, json!({"n": "not a number"})).expect("saves");
    assert_eq!(count.get().expect("reads").n, 0);
    assert_eq!(
        count
            .update(|c| {
                c.n += 1;
                c.n
            })
            .expect("updates"),
        1
    );
    assert_eq!(get(&store, "s", slot), Some(json!({"n": 1})));
    let problems = store.take_problems();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("session \"s\"") && problems[0].contains("is not a `"),
        "{problems:?}"
    );
    assert!(store.take_problems().is_empty(), "taken once");
}

#[test]
fn session_ids_over_the_cap_are_refused() {
    let store = MemoryStore::default();
    let long = "x".repeat(tackle::session::MAX_SESSION_ID_BYTES + 1);
    let error = Session::<u32>::new(&store, &long, "p").expect_err("refused");
    assert!(
        error.to_string().contains("257 bytes long, over the 256"),
        "{error}"
    );
    assert!(
        Session::<u32>::new(&store, "", "p").is_ok(),
        "no id is one session"
    );
}

// ----- the file store -----

/// The sessions with values in `dir`: the names of their copies.
fn sessions_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("lists")
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let (stem, kind) = name.rsplit_once('.')?;
            matches!(kind, "a" | "b").then(|| stem.to_owned())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// A session's two copies, `a` then `b`.
fn copies_of(store: &FileStore, id: &str) -> [PathBuf; 2] {
    let stem = super::file::name_of(key(id));
    let dir = store.dir().expect("a dir");
    [dir.join(format!("{stem}.a")), dir.join(format!("{stem}.b"))]
}

/// Makes a session's last update `ago` old.
fn age(store: &FileStore, id: &str, ago: Duration) {
    for copy in copies_of(store, id).iter().filter(|copy| copy.exists()) {
        std::fs::File::options()
            .write(true)
            .open(copy)
            .and_then(|file| file.set_modified(SystemTime::now() - ago))
            .expect("sets the time");
    }
}

#[test]
fn no_session_id_names_a_file_outside_the_folder() {
    let root = tempfile::tempdir().expect("tempdir");
    let dir = root.path().join("home/sessions");
    let store = FileStore::new(&dir, SessionLimits::default());
    let hostile = [
        "../../escaped",
        "/tmp/absolute",
        "a/b",
        "..",
        ".",
        "nul\0byte",
        "",
        "new\nline",
    ];
    for id in hostile {
        set(&store, id, SLOT, json!(id)).expect("saves");
    }
    for id in hostile {
        assert_eq!(get(&store, id, SLOT), Some(json!(id)), "{id:?}");
    }
    let names = sessions_in(&dir);
    assert_eq!(names.len(), hostile.len());
    assert!(
        names
            .iter()
            .all(|n| n.len() == 64 && n.bytes().all(|b| b.is_ascii_hexdigit())),
        "{names:?}"
    );
    // Nothing was written beside the folder.
    let beside: Vec<_> = std::fs::read_dir(root.path().join("home"))
        .expect("lists")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(beside, ["sessions"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&dir)
            .expect("exists")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700, "the folder is the user's alone");
    }
}

#[test]
fn a_session_with_no_whole_copy_is_reported_and_read_as_empty() {
    let dir = tempfile::tempdir().expect("tempdir");
    let limits = SessionLimits {
        max_session_bytes: 1000,
        ..SessionLimits::default()
    };
    let store = FileStore::new(dir.path(), limits);
    let [a, b] = copies_of(&store, "s");
    let whole = |json: &str| copies::encode(7, json.as_bytes());
    let cases = [
        (b"not json".to_vec(), "is not a session file"),
        (
            whole(r#"{"values": {}}"#),
            "is not a session file (missing field `id`",
        ),
        (b"tackle-session 9 1 2 00\n{}".to_vec(), "has format 9"),
        (
            whole(r#"{"id": "t", "values": {"p/counter": 5}}"#),
            "belongs to session \"t\"",
        ),
        (
            whole(&format!("{{\"x\": \"{}\"}}", "y".repeat(2000))),
            "over the cap of 1000 bytes",
        ),
    ];
    for (bytes, why) in cases {
        // Both copies so: one passed over beside a whole one is no problem.
        for copy in [&a, &b] {
            std::fs::write(copy, &bytes).expect("plants");
        }
        assert_eq!(get(&store, "s", SLOT), None, "{why}");
        increment(&store, "s");
        assert_eq!(get(&store, "s", SLOT), Some(json!(1)), "{why}: rewritten");
        let problems = store.take_problems();
        assert!(
            problems
                .iter()
                .all(|p| p.contains(why) && p.contains("starts afresh")),
            "{why}: {problems:?}"
        );
        assert_eq!(problems.len(), 2, "{why}: once per read: {problems:?}");
    }
}

#[test]
fn an_update_cut_short_leaves_the_one_before_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = FileStore::new(dir.path(), SessionLimits::default());
    for _ in 0..2 {
        increment(&store, "s");
    }
    // The third update goes to `a`, over the first: cut it at every byte.
    let [a, _] = copies_of(&store, "s");
    let first = std::fs::read(&a).expect("reads");
    let third = copies::encode(3, br#"{"id":"s","values":{"p/counter":3}}"#);
    for cut in 1..third.len() {
        let mut torn = first.clone();
        torn.resize(cut.max(first.len()), 0);
        torn[..cut].copy_from_slice(&third[..cut]);
        std::fs::write(&a, &torn).expect("tears");
        // Cut past its last new byte, the write is whole.
        let expected = if torn == third { 3 } else { 2 };
        assert_eq!(
            get(&store, "s", SLOT),
            Some(json!(expected)),
            "cut at {cut}"
        );
    }
    assert!(
        store.take_problems().is_empty(),
        "a torn copy is no problem"
    );
    let mut torn = first.clone();
    torn[..40].copy_from_slice(&third[..40]);
    std::fs::write(&a, &torn).expect("tears");
    increment(&store, "s");
    assert_eq!(get(&store, "s", SLOT), Some(json!(3)));
    increment(&store, "s");
    assert_eq!(
        get(&store, "s", SLOT),
        Some(json!(4)),
        "and on, alternating"
    );
}

#[test]
fn readers_without_the_lock_never_see_half_an_update() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().to_owned();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            let path = path.clone();
            scope.spawn(move || {
                let store = FileStore::new(&path, SessionLimits::default());
                for _ in 0..300 {
                    increment(&store, "s");
                }
            });
        }
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let path = path.clone();
                scope.spawn(move || {
                    let store = FileStore::new(&path, SessionLimits::default());
                    let mut last = 0;
                    while last < 600 {
                        let now =
                            get(&store, "s", SLOT).map_or(0, |v| v.as_u64().expect("a count"));
                        assert!(now >= last, "{now} read after {last}");
                        last = now;
                    }
                    store.take_problems()
                })
            })
            .collect();
        for reader in readers {
            let problems = reader.join().expect("the reader ends");
            assert!(problems.is_empty(), "{problems:?}");
        }
    });
}

#[test]
fn an_ended_session_leaves_no_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = FileStore::new(dir.path(), SessionLimits::default());
    set(&store, "s", SLOT, json!(1)).expect("saves");
    set(&store, "s", SLOT, json!(2)).expect("both copies");
    set(&store, "t", SLOT, json!(1)).expect("saves");
    store.end(key("s")).expect("ends");
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .expect("lists")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let t = super::file::name_of(key("t"));
    assert_eq!(left, [format!("{t}.a"), format!("{t}.lock")]);
}

#[test]
fn a_lock_left_alone_is_pruned_with_the_idle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let limits = SessionLimits {
        max_idle: Duration::from_secs(3600),
        ..SessionLimits::default()
    };
    let store = FileStore::new(dir.path(), limits);
    let stale = dir.path().join(format!("{}.lock", "0".repeat(64)));
    let fresh = dir.path().join(format!("{}.lock", "1".repeat(64)));
    let other = dir.path().join("notes.a");
    for file in [&stale, &fresh, &other] {
        std::fs::write(file, "").expect("writes");
    }
    let two_hours = SystemTime::now() - Duration::from_secs(7200);
    for file in [&stale, &other] {
        std::fs::File::options()
            .write(true)
            .open(file)
            .and_then(|f| f.set_modified(two_hours))
            .expect("ages");
    }
    set(&store, "new", SLOT, json!(1)).expect("saves");
    assert!(!stale.exists());
    assert!(fresh.exists(), "an update may be under way");
    assert!(other.exists(), "not the store's");
}

#[test]
fn without_a_folder_every_call_says_what_to_set() {
    let store = FileStore::at(None, SessionLimits::default());
    let error = set(&store, "s", SLOT, json!(1)).expect_err("no folder");
    assert!(
        error.to_string().contains("set HOME or TACKLE_HOME"),
        "{error}"
    );
}
