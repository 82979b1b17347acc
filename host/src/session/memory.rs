//! Session values in memory: one process sees every event of a session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Instant;

use serde_json::Value;
use tackle::session::{
    Edit, Overflow, Problems, SessionError, SessionKey, SessionStore, Slot, StoreHealth,
};

use super::SessionLimits;

/// The store a host uses unless told otherwise: values in memory, for as
/// long as the host runs, within its [`SessionLimits`]. Each session has
/// its own lock, so a slow update holds up only its session.
#[derive(Debug, Default)]
pub struct MemoryStore {
    limits: SessionLimits,
    sessions: Mutex<HashMap<String, Arc<Mutex<Values>>>>,
    problems: Problems,
    overflow: Overflow,
    claims: Mutex<HashMap<String, Instant>>,
}

/// The most keys [`SessionStore::claim_once`] remembers at once: past it a
/// claim fails (its caller refuses what it guarded) until claims expire.
pub const MAX_CLAIMS: usize = 100_000;

/// One session's values, each with the length of its JSON.
#[derive(Debug)]
struct Values {
    slots: HashMap<Slot, (Value, usize)>,
    bytes: usize,
    touched: Instant,
    /// Forgotten (ended, pruned) while an update waited for it: the update
    /// starts over with the session as it is now.
    gone: bool,
}

impl MemoryStore {
    /// An empty store with these limits.
    pub fn new(limits: SessionLimits) -> Self {
        MemoryStore {
            limits,
            ..MemoryStore::default()
        }
    }

    /// How many sessions it holds.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Mutex<Values>>>> {
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The session's values, made (and room made for them) if new; `None`
    /// when every session kept is active and none may go.
    fn session(&self, key: SessionKey<'_>) -> Option<Arc<Mutex<Values>>> {
        let mut map = self.map();
        if let Some(values) = map.get(key.as_str()) {
            return Some(values.clone());
        }
        if !self.make_room(&mut map) {
            let kept = map.len();
            drop(map);
            self.overflow.note(key.as_str(), kept);
            return None;
        }
        let values = Arc::new(Mutex::new(Values {
            slots: HashMap::new(),
            bytes: 0,
            touched: Instant::now(),
            gone: false,
        }));
        map.insert(key.as_str().to_owned(), values.clone());
        Some(values)
    }

    /// Forgets the idle sessions, then the least recently updated ones not
    /// active until a new one fits; whether it does. Sessions being
    /// updated are left alone.
    fn make_room(&self, map: &mut HashMap<String, Arc<Mutex<Values>>>) -> bool {
        let now = Instant::now();
        let mut kept = Vec::new();
        map.retain(|id, values| {
            let Some(mut values) = try_lock(values) else {
                return true;
            };
            if now.duration_since(values.touched) >= self.limits.max_idle {
                values.gone = true;
                return false;
            }
            if now.duration_since(values.touched) >= self.limits.active {
                kept.push((values.touched, id.clone()));
            }
            true
        });
        let mut excess = (map.len() + 1).saturating_sub(self.limits.max_sessions);
        kept.sort();
        for (_, id) in kept {
            if excess == 0 {
                break;
            }
            let Some(values) = map.get(&id).cloned() else {
                continue;
            };
            if let Some(mut values) = try_lock(&values) {
                values.gone = true;
                map.remove(&id);
                excess -= 1;
            }
        }
        excess == 0
    }
}

impl SessionStore for MemoryStore {
    fn get(&self, session: SessionKey<'_>, slot: Slot) -> Result<Option<Value>, SessionError> {
        let Some(values) = self.map().get(session.as_str()).cloned() else {
            return Ok(None);
        };
        let values = lock(&values);
        Ok(values.slots.get(&slot).map(|(value, _)| value.clone()))
    }

    fn update(
        &self,
        session: SessionKey<'_>,
        slot: Slot,
        edit: &mut Edit<'_>,
    ) -> Result<(), SessionError> {
        loop {
            let Some(values) = self.session(session) else {
                // No room: the change is made on nothing and not kept.
                edit(None)?;
                return Ok(());
            };
            let mut values = lock(&values);
            if values.gone {
                continue;
            }
            let old = values.slots.get(&slot);
            let new = edit(old.map(|(value, _)| value))?;
            let old_bytes = old.map_or(0, |(_, bytes)| *bytes);
            let rest = values.bytes - old_bytes;
            match new {
                None => {
                    values.slots.remove(&slot);
                    values.bytes = rest;
                }
                Some(value) => {
                    let bytes = json_len(&value);
                    if rest + bytes > self.limits.max_session_bytes {
                        return Err(SessionError::TooLarge {
                            session: session.to_string(),
                            bytes: rest + bytes,
                            cap: self.limits.max_session_bytes,
                        });
                    }
                    values.slots.insert(slot, (value, bytes));
                    values.bytes = rest + bytes;
                }
            }
            values.touched = Instant::now();
            return Ok(());
        }
    }

    fn end(&self, session: SessionKey<'_>) -> Result<(), SessionError> {
        let removed = self.map().remove(session.as_str());
        if let Some(values) = removed {
            lock(&values).gone = true;
        }
        Ok(())
    }

    fn claim_once(&self, key: &str, ttl: std::time::Duration) -> Result<bool, SessionError> {
        let mut claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if claims.len() >= MAX_CLAIMS {
            claims.retain(|_, until| *until > now);
        }
        if let Some(until) = claims.get(key)
            && *until > now
        {
            return Ok(false);
        }
        if claims.len() >= MAX_CLAIMS {
            return Err(SessionError::Unavailable(format!(
                "the store remembers {MAX_CLAIMS} one-time keys already"
            )));
        }
        claims.insert(key.to_owned(), now + ttl);
        Ok(true)
    }

    fn report(&self, problem: String) {
        self.problems.push(problem);
    }

    fn take_problems(&self) -> Vec<String> {
        self.problems.take()
    }

    fn health(&self) -> StoreHealth {
        StoreHealth::reachable("memory")
    }
}

fn lock(values: &Mutex<Values>) -> MutexGuard<'_, Values> {
    values.lock().unwrap_or_else(|e| e.into_inner())
}

fn try_lock(values: &Mutex<Values>) -> Option<MutexGuard<'_, Values>> {
    match values.try_lock() {
        Ok(values) => Some(values),
        Err(TryLockError::Poisoned(e)) => Some(e.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

/// The length of `value` as compact JSON, without building the text.
pub(super) fn json_len(value: &Value) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing a `Value` to a writer that never fails cannot fail.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}
