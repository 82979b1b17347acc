//! [`RedisStore`]: the `SessionStore` on a server the hosts share.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Once, OnceLock, Weak};
use std::time::{Duration, Instant};

use serde_json::Value;
use tackle::session::{
    Edit, Overflow, Problems, SessionError, SessionKey, SessionLimits, SessionStore, Slot,
    StoreHealth,
};

use crate::health::Health;
use crate::keys::{self, Keys};
use crate::ops::{self, Acquired, Committed, Conn, FORMAT, Failure, Link, Scripts};
use crate::settings::StoreUrl;
use crate::worker::Worker;

/// How often a store whose health is asked for (a server's `/healthz`)
/// checks that its server answers, between the calls hooks make.
const PROBE_EVERY: Duration = Duration::from_secs(1);

/// How long an update may wait its turn while other hosts update the same
/// session: they are making progress, so this is no sign of a slow store
/// (each round trip still has the store's deadline). 100 events of one
/// session at once, over three replicas, take well under it.
const TURN_WAIT: Duration = Duration::from_secs(2);

/// Session values on Valkey or Redis, shared by every host that opens the
/// same URL: a team's policy servers behind a balancer, or the hook
/// binaries of many machines.
///
/// - An update is atomic per session across hosts: it takes the session's
///   lease and reads the value in one step, runs the change here, then
///   writes only if the lease is still its own, in one step (two Lua
///   scripts). A change runs exactly once, as `Session::update` promises;
///   a host stalled past its lease writes nothing.
/// - The bounds are [`SessionLimits`], for all hosts together: the byte
///   cap per session, `max_idle` as the session's time to live, and the
///   flood rule: a new session makes room only by forgetting sessions idle
///   past `active`, and is served without stored values otherwise.
/// - Every round trip returns by its deadline (`?timeout_ms=`, 200 ms by
///   default), with [`SessionError::Unavailable`] naming the store when
///   the server is down or slow; the connection comes back by itself. An
///   update waits its turn behind other hosts' updates of the session for
///   2 s more at most.
/// - No session id names another's keys (they are named by the SHA-256 of
///   the id, which the session holds and is checked), and a prefix
///   (`?prefix=`) keeps deployments that share a server apart.
/// - Each value is kept per plugin version ([`Slot::version`]); a session
///   in a newer stored format is never overwritten.
///
/// Opening it connects to nothing: the first call does, on the store's own
/// thread, which its calls wait on.
///
/// ```
/// use tackle::session::SessionLimits;
/// use tackle_store_redis::RedisStore;
///
/// let store = RedisStore::open("redis://127.0.0.1:6379/0?prefix=team-a:", None, SessionLimits::default())
///     .expect("a valid URL");
/// assert_eq!(store.name(), "redis://127.0.0.1:6379/0");
///
/// let error = RedisStore::open("redis://:hunter2@10.0.0.5/0", None, SessionLimits::default())
///     .expect_err("a password in the URL");
/// assert!(error.contains("holds a password") && !error.contains("hunter2"));
/// ```
#[derive(Debug)]
pub struct RedisStore {
    shared: Arc<Shared>,
    worker: OnceLock<Result<Worker, String>>,
    probe: Once,
}

/// What the store's calls and its thread's tasks share.
#[derive(Debug)]
struct Shared {
    link: Arc<Link>,
    timeout: Duration,
    name: String,
    health: Health,
    problems: Problems,
    overflow: Overflow,
    nonce: u64,
    tokens: AtomicU64,
}

impl RedisStore {
    /// The store at `url` (`redis://HOST:PORT/DB`, `rediss://` for TLS,
    /// `redis+unix:///PATH`; `?prefix=` for the keys, default `tackle:`;
    /// `?timeout_ms=` for each call's deadline), with `password` (from the
    /// environment: one in the URL is refused) and `limits`. `Err` says
    /// what is wrong with the URL, never repeating it.
    pub fn open(
        url: &str,
        password: Option<String>,
        limits: SessionLimits,
    ) -> Result<RedisStore, String> {
        let url = StoreUrl::parse(url, password)?;
        #[cfg(feature = "tls")]
        if url.tls {
            // The client builds its TLS config from the process's default
            // provider: name one, whatever else the binary links.
            let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
        }
        let conn = Conn::new(&url)?;
        let nonce = getrandom::u64().unwrap_or_else(|_| {
            // Unique per process all the same: the pid and the clock.
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            now ^ (u64::from(std::process::id()) << 32)
        });
        Ok(RedisStore {
            shared: Arc::new(Shared {
                link: Arc::new(Link {
                    conn,
                    scripts: Scripts::default(),
                    prefix: url.prefix,
                    limits,
                    lease: (url.timeout * 2).max(Duration::from_millis(100)),
                }),
                timeout: url.timeout,
                health: Health::new(&url.name),
                name: url.name,
                problems: Problems::default(),
                overflow: Overflow::default(),
                nonce,
                tokens: AtomicU64::new(0),
            }),
            worker: OnceLock::new(),
            probe: Once::new(),
        })
    }

    /// How messages name the store: `redis://10.0.0.5:6379/0`.
    pub fn name(&self) -> &str {
        &self.shared.name
    }

    /// Each call's deadline.
    pub fn timeout(&self) -> Duration {
        self.shared.timeout
    }

    fn worker(&self) -> Result<&Worker, SessionError> {
        self.worker
            .get_or_init(|| Worker::start().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| {
                SessionError::Unavailable(format!(
                    "the session store {} cannot start its thread: {e}",
                    self.shared.name
                ))
            })
    }

    /// Runs `task` on the store's thread by `deadline`; its outcome, or
    /// the error it comes to, recorded in the store's health.
    fn run<T: Send + 'static>(
        &self,
        session: &str,
        deadline: Instant,
        task: impl Future<Output = Result<T, Failure>> + Send + 'static,
    ) -> Result<T, SessionError> {
        let shared = &self.shared;
        let Some(outcome) = self.worker()?.run(deadline, task) else {
            let error = format!("no answer within {} ms", shared.timeout.as_millis());
            shared.health.unreachable(&error);
            return Err(SessionError::Unavailable(format!(
                "the session store {} gave {error}",
                shared.name
            )));
        };
        match outcome {
            Ok(out) => {
                shared.health.answered();
                Ok(out)
            }
            Err(Failure::Busy) => {
                shared.health.answered();
                Err(SessionError::Store(
                    format!(
                        "session {session} stayed busy for {} ms: other hosts were updating it (the session store {})",
                        (shared.timeout + TURN_WAIT).as_millis(),
                        shared.name
                    )
                    .into(),
                ))
            }
            Err(Failure::Reply(what)) => {
                let error = format!("an answer tackle did not expect ({what})");
                shared.health.refused(&error);
                Err(SessionError::Store(
                    format!("the session store {} gave {error}", shared.name).into(),
                ))
            }
            Err(Failure::Redis(e)) if unreachable(&e) => {
                let error = e.to_string();
                shared.health.unreachable(&error);
                Err(SessionError::Unavailable(format!(
                    "the session store {} cannot be used: {error}",
                    shared.name
                )))
            }
            Err(Failure::Redis(e)) => {
                let error = e.to_string();
                shared.health.refused(&error);
                Err(SessionError::Store(
                    format!("the session store {} refused: {error}", shared.name).into(),
                ))
            }
        }
    }

    /// Lets a lease go without waiting (an update that failed or gave up).
    fn release_later(&self, keys: &Keys, token: &str) {
        let Ok(worker) = self.worker() else {
            return;
        };
        let task = ops::release(self.shared.link.clone(), keys.clone(), token.to_owned());
        let timeout = self.shared.timeout;
        worker.spawn(async move {
            let _ = tokio::time::timeout(timeout, task).await;
        });
    }

    /// A token no other update, of this host or another, holds.
    fn token(&self) -> String {
        let n = self.shared.tokens.fetch_add(1, Ordering::Relaxed);
        format!("{:016x}{n:016x}", self.shared.nonce)
    }

    fn keys(&self, session: SessionKey<'_>) -> Keys {
        Keys::of(&self.shared.link.prefix, session)
    }

    /// The stored value as JSON; one that is not is reported and read as
    /// none.
    fn decode(&self, session: SessionKey<'_>, slot: Slot, value: Option<Vec<u8>>) -> Option<Value> {
        let value = value?;
        match serde_json::from_slice(&value) {
            Ok(value) => Some(value),
            Err(e) => {
                self.report(format!(
                    "session {session}: the stored `{slot}` in {} is not JSON ({e}); it starts afresh",
                    self.shared.name
                ));
                None
            }
        }
    }

    /// Whether the session's entry is its own; another id's is reported
    /// (and read as empty).
    fn own(&self, session: SessionKey<'_>, id: Option<&str>) -> bool {
        match id {
            Some(id) if id != session.as_str() => {
                self.report(format!(
                    "session {session}: its entry in {} belongs to session {id:?}; the session starts afresh",
                    self.shared.name
                ));
                false
            }
            _ => true,
        }
    }

    fn newer(&self, session: SessionKey<'_>, format: &str) -> SessionError {
        SessionError::Store(
            format!(
                "session {session} in {} is in stored format {format}, newer than this tackle's {FORMAT}: a newer tackle shares the store, and this host leaves the session as it is (upgrade this host)",
                self.shared.name
            )
            .into(),
        )
    }

    /// Starts the probe that keeps [`health`](SessionStore::health)
    /// current while no hook calls the store.
    fn start_probe(&self) {
        let Ok(worker) = self.worker() else {
            return;
        };
        let shared: Weak<Shared> = Arc::downgrade(&self.shared);
        worker.spawn(async move {
            loop {
                tokio::time::sleep(PROBE_EVERY).await;
                let Some(shared) = shared.upgrade() else {
                    return;
                };
                let timeout = shared.timeout;
                match tokio::time::timeout(timeout, ops::ping(shared.link.clone())).await {
                    Ok(Ok(())) => shared.health.answered(),
                    Ok(Err(Failure::Redis(e))) if unreachable(&e) => {
                        shared.health.unreachable(&e.to_string());
                    }
                    Ok(Err(_)) => shared.health.answered(),
                    Err(_) => shared
                        .health
                        .unreachable(&format!("no answer within {} ms", timeout.as_millis())),
                }
            }
        });
    }
}

impl SessionStore for RedisStore {
    fn get(&self, session: SessionKey<'_>, slot: Slot) -> Result<Option<Value>, SessionError> {
        let deadline = Instant::now() + self.shared.timeout;
        let task = ops::read(
            self.shared.link.clone(),
            self.keys(session),
            keys::field(slot),
        );
        let [id, format, value] = self.run(session.as_str(), deadline, task)?;
        let Some(id) = id else {
            return Ok(None);
        };
        if let Some(format) = format {
            let format = String::from_utf8_lossy(&format);
            if !format.parse::<u32>().is_ok_and(|f| f <= FORMAT) {
                return Err(self.newer(session, &format));
            }
        }
        if !self.own(session, Some(&String::from_utf8_lossy(&id))) {
            return Ok(None);
        }
        Ok(self.decode(session, slot, value))
    }

    fn update(
        &self,
        session: SessionKey<'_>,
        slot: Slot,
        edit: &mut Edit<'_>,
    ) -> Result<(), SessionError> {
        let started = Instant::now();
        let keys = self.keys(session);
        let field = keys::field(slot);
        let token = self.token();
        let deadline = started + self.shared.timeout;
        let turn = deadline + TURN_WAIT;
        let task = ops::acquire(
            self.shared.link.clone(),
            keys.clone(),
            field.clone(),
            token.clone(),
            turn,
        );
        let acquired = self.run(session.as_str(), turn, task).inspect_err(|_| {
            // The lease may have been taken as the caller gave up.
            self.release_later(&keys, &token);
        })?;
        let (id, value) = match acquired {
            Acquired::Held { id, value } => (id, value),
            Acquired::Newer(format) => return Err(self.newer(session, &format)),
            Acquired::Full(kept) => {
                // No room: the change is made on nothing and not kept.
                self.shared.overflow.note(session.as_str(), kept);
                edit(None)?;
                return Ok(());
            }
        };
        let old = if self.own(session, id.as_deref()) {
            self.decode(session, slot, value)
        } else {
            None
        };
        let new = edit(old.as_ref()).inspect_err(|_| self.release_later(&keys, &token))?;
        // The write has the store's deadline of its own.
        let deadline = Instant::now() + self.shared.timeout;
        let task = ops::commit(
            self.shared.link.clone(),
            keys.clone(),
            session.as_str().to_owned(),
            field,
            new.map(|value| value.to_string()),
            token.clone(),
        );
        let committed = self
            .run(session.as_str(), deadline, task)
            .inspect_err(|_| self.release_later(&keys, &token))?;
        match committed {
            Committed::Written => Ok(()),
            Committed::Large(bytes) => Err(SessionError::TooLarge {
                session: session.to_string(),
                bytes,
                cap: self.shared.link.limits.max_session_bytes,
            }),
            Committed::Lost => Err(SessionError::Store(
                format!(
                    "session {session}: the update held its lease in {} past {} ms, so another host may have changed the value since; nothing was written",
                    self.shared.name,
                    self.shared.link.lease.as_millis()
                )
                .into(),
            )),
            Committed::Newer(format) => Err(self.newer(session, &format)),
        }
    }

    fn end(&self, session: SessionKey<'_>) -> Result<(), SessionError> {
        let deadline = Instant::now() + self.shared.timeout;
        let task = ops::end(self.shared.link.clone(), self.keys(session), deadline);
        self.run(session.as_str(), deadline, task)
    }

    fn report(&self, problem: String) {
        self.shared.problems.push(problem);
    }

    fn take_problems(&self) -> Vec<String> {
        self.shared.problems.take()
    }

    fn claim_once(&self, key: &str, ttl: Duration) -> Result<bool, SessionError> {
        let deadline = Instant::now() + self.shared.timeout;
        let task = ops::claim(
            self.shared.link.clone(),
            keys::claim(&self.shared.link.prefix, key),
            ttl,
        );
        self.run(key, deadline, task)
    }

    fn health(&self) -> StoreHealth {
        self.probe.call_once(|| self.start_probe());
        self.shared.health.view()
    }
}

/// Whether `error` means the store cannot be used at all (down, slow,
/// refusing the credentials, loading its data), rather than refusing one
/// command.
fn unreachable(error: &redis::RedisError) -> bool {
    error.is_io_error()
        || error.is_timeout()
        || error.is_connection_refusal()
        || error.is_connection_dropped()
        || matches!(
            error.kind(),
            redis::ErrorKind::AuthenticationFailed
                | redis::ErrorKind::Server(redis::ServerErrorKind::BusyLoading)
        )
        || matches!(error.code(), Some("NOAUTH" | "WRONGPASS" | "NOPERM"))
}
