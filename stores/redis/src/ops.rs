//! The store's commands, run on its thread ([`worker`](crate::worker)):
//! one round trip each, a few more while another host holds the session's
//! lease.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{RedisError, Script, ScriptInvocation};

use tackle::session::SessionLimits;

use crate::keys::Keys;
use crate::settings::StoreUrl;

/// The stored format this tackle writes and reads: a session is a hash of
/// `id`, `f`, `b` and `v:<plugin>@<version>/<type>` fields (see
/// [`keys`](crate::keys)). A session in a newer format is left alone.
pub(crate) const FORMAT: u32 = 1;

/// The longest pause between two tries at a lease another host holds.
const MOST_PAUSE: Duration = Duration::from_millis(8);

/// What a command needs of its store: the connection, the scripts, the
/// keys' prefix, the bounds and the lease. The store holds it in an `Arc`,
/// which each command takes onto the store's thread.
#[derive(Debug)]
pub(crate) struct Link {
    pub(crate) conn: Conn,
    pub(crate) scripts: Scripts,
    pub(crate) prefix: String,
    pub(crate) limits: SessionLimits,
    /// How long an update may hold a session's lease.
    pub(crate) lease: Duration,
}

/// The connection, made on the store's thread at its first use and kept:
/// redis's connection manager connects again by itself when a call finds
/// the server gone.
#[derive(Debug)]
pub(crate) struct Conn {
    client: redis::Client,
    config: ConnectionManagerConfig,
    manager: Mutex<Option<ConnectionManager>>,
}

impl Conn {
    pub(crate) fn new(url: &StoreUrl) -> Result<Conn, String> {
        let client = redis::Client::open(url.info.clone())
            .map_err(|e| format!("the session store's URL cannot be used: {e}"))?;
        // One quick retry per connection attempt: a refused connection
        // fails its call in milliseconds, not at the deadline, and the
        // next call tries again (so the store is back as soon as it is).
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(url.timeout))
            .set_response_timeout(Some(url.timeout))
            .set_number_of_retries(1)
            .set_min_delay(Duration::from_millis(25))
            .set_max_delay(Duration::from_millis(100));
        Ok(Conn {
            client,
            config,
            manager: Mutex::new(None),
        })
    }

    /// The connection; on the store's runtime (it starts a task there).
    fn manager(&self) -> Result<ConnectionManager, Failure> {
        let mut manager = self.manager.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(manager) = &*manager {
            return Ok(manager.clone());
        }
        let made =
            ConnectionManager::new_lazy_with_config(self.client.clone(), self.config.clone())
                .map_err(Failure::Redis)?;
        *manager = Some(made.clone());
        Ok(made)
    }
}

/// The scripts, hashed once; each is sent by its hash (EVALSHA), and
/// loaded again when the server does not know it (after a restart).
#[derive(Debug)]
pub(crate) struct Scripts {
    acquire: Script,
    commit: Script,
    release: Script,
    end: Script,
}

impl Default for Scripts {
    fn default() -> Self {
        Scripts {
            acquire: Script::new(include_str!("lua/acquire.lua")),
            commit: Script::new(include_str!("lua/commit.lua")),
            release: Script::new(include_str!("lua/release.lua")),
            end: Script::new(include_str!("lua/end.lua")),
        }
    }
}

/// Why a command did not give its answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The client's or the server's error.
    Redis(RedisError),
    /// Another host held the session's lease until the deadline.
    Busy,
    /// An answer tackle's scripts never give.
    Reply(String),
}

/// What taking a session's lease found.
#[derive(Debug)]
pub(crate) enum Acquired {
    /// The lease is the caller's: the id the session holds (none for a new
    /// session) and the value.
    Held {
        id: Option<String>,
        value: Option<Vec<u8>>,
    },
    /// A new session, and no room for it: so many sessions are kept, all
    /// active.
    Full(usize),
    /// The session is in this format, newer than [`FORMAT`].
    Newer(String),
}

/// What writing a value found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Committed {
    Written,
    /// The lease expired before the write, which was not made.
    Lost,
    /// The session would hold this many bytes, over its cap.
    Large(usize),
    /// The session is in this format, newer than [`FORMAT`].
    Newer(String),
}

impl Link {
    /// Runs a script's `call`: its reply, a status first.
    async fn run(&self, call: &ScriptInvocation<'_>) -> Result<Vec<Option<Vec<u8>>>, Failure> {
        let mut conn = self.conn.manager()?;
        call.invoke_async(&mut conn).await.map_err(Failure::Redis)
    }
}

/// A call of `script` on a session's keys: its values, its lease and the
/// store's index, in the order every script takes them.
fn on_session<'a>(script: &'a Script, keys: &Keys) -> ScriptInvocation<'a> {
    let mut call = script.prepare_invoke();
    call.key(&keys.values).key(&keys.lease).key(&keys.index);
    call
}

/// A session's id, format and one value (`HMGET`: one step, so a value
/// written by an update is seen whole or not at all).
pub(crate) async fn read(
    link: Arc<Link>,
    keys: Keys,
    field: String,
) -> Result<[Option<Vec<u8>>; 3], Failure> {
    let mut conn = link.conn.manager()?;
    let reply: Vec<Option<Vec<u8>>> = redis::cmd("HMGET")
        .arg(&keys.values)
        .arg("id")
        .arg("f")
        .arg(&field)
        .query_async(&mut conn)
        .await
        .map_err(Failure::Redis)?;
    <[Option<Vec<u8>>; 3]>::try_from(reply)
        .map_err(|reply| Failure::Reply(format!("{} fields for 3", reply.len())))
}

/// Takes the session's lease and reads the value (`acquire.lua`), trying
/// again while another host holds the lease, until `deadline`.
pub(crate) async fn acquire(
    link: Arc<Link>,
    keys: Keys,
    field: String,
    token: String,
    deadline: Instant,
) -> Result<Acquired, Failure> {
    let limits = link.limits;
    let mut pause = Duration::from_millis(1);
    let mut call = on_session(&link.scripts.acquire, &keys);
    call.arg(&token)
        .arg(millis(link.lease))
        .arg(&field)
        .arg(FORMAT)
        .arg(&keys.member)
        .arg(&link.prefix)
        .arg(limits.max_sessions)
        .arg(millis(limits.max_idle))
        .arg(millis(limits.active));
    loop {
        let reply = link.run(&call).await?;
        match status(&reply)? {
            "held" => {
                let [_, id, value] = <[Option<Vec<u8>>; 3]>::try_from(reply)
                    .map_err(|_| Failure::Reply("`held` without id and value".into()))?;
                let id = id.map(|id| String::from_utf8_lossy(&id).into_owned());
                return Ok(Acquired::Held { id, value });
            }
            "full" => return Ok(Acquired::Full(number(&reply)?)),
            "newer" => return Ok(Acquired::Newer(text(&reply, 1))),
            "busy" => {
                let left = Duration::from_millis(number(&reply)?.try_into().unwrap_or(0));
                wait(pause.min(left.max(Duration::from_millis(1))), deadline).await?;
                pause = (pause * 2).min(MOST_PAUSE);
            }
            other => return Err(Failure::Reply(format!("`{other}` to acquire"))),
        }
    }
}

/// Writes the value (`None` removes it) if the lease is still `token`'s,
/// and lets the lease go (`commit.lua`).
pub(crate) async fn commit(
    link: Arc<Link>,
    keys: Keys,
    id: String,
    field: String,
    value: Option<String>,
    token: String,
) -> Result<Committed, Failure> {
    let mut call = on_session(&link.scripts.commit, &keys);
    call.arg(&token)
        .arg(&id)
        .arg(&field)
        .arg(if value.is_some() { "set" } else { "del" })
        .arg(value.as_deref().unwrap_or(""))
        .arg(FORMAT)
        .arg(link.limits.max_session_bytes)
        .arg(millis(link.limits.max_idle).max(1))
        .arg(&keys.member);
    let reply = link.run(&call).await?;
    match status(&reply)? {
        "ok" => Ok(Committed::Written),
        "lost" => Ok(Committed::Lost),
        "large" => Ok(Committed::Large(number(&reply)?)),
        "newer" => Ok(Committed::Newer(text(&reply, 1))),
        other => Err(Failure::Reply(format!("`{other}` to commit"))),
    }
}

/// Lets the lease go if it is still `token`'s (`release.lua`).
pub(crate) async fn release(link: Arc<Link>, keys: Keys, token: String) -> Result<(), Failure> {
    let mut call = on_session(&link.scripts.release, &keys);
    call.arg(&token).arg(&keys.member);
    link.run(&call).await?;
    Ok(())
}

/// Forgets the session (`end.lua`), waiting while an update holds its
/// lease, until `deadline`.
pub(crate) async fn end(link: Arc<Link>, keys: Keys, deadline: Instant) -> Result<(), Failure> {
    let mut pause = Duration::from_millis(1);
    let mut call = on_session(&link.scripts.end, &keys);
    call.arg(&keys.member);
    loop {
        let reply = link.run(&call).await?;
        match status(&reply)? {
            "ok" => return Ok(()),
            "busy" => {
                wait(pause, deadline).await?;
                pause = (pause * 2).min(MOST_PAUSE);
            }
            other => return Err(Failure::Reply(format!("`{other}` to end"))),
        }
    }
}

/// `SET key 1 NX PX ttl`: whether this is the key's first claim, in every
/// host that shares the server, while `ttl` lasts.
pub(crate) async fn claim(link: Arc<Link>, key: String, ttl: Duration) -> Result<bool, Failure> {
    let mut conn = link.conn.manager()?;
    let set: Option<String> = redis::cmd("SET")
        .arg(&key)
        .arg(1)
        .arg("NX")
        .arg("PX")
        .arg(millis(ttl).max(1))
        .query_async(&mut conn)
        .await
        .map_err(Failure::Redis)?;
    Ok(set.is_some())
}

/// `PING`: whether the server answers.
pub(crate) async fn ping(link: Arc<Link>) -> Result<(), Failure> {
    let mut conn = link.conn.manager()?;
    let _: String = redis::cmd("PING")
        .query_async(&mut conn)
        .await
        .map_err(Failure::Redis)?;
    Ok(())
}

/// Sleeps `pause`, unless that would pass `deadline`: then the lease
/// stayed busy.
async fn wait(pause: Duration, deadline: Instant) -> Result<(), Failure> {
    if Instant::now() + pause >= deadline {
        return Err(Failure::Busy);
    }
    tokio::time::sleep(pause).await;
    Ok(())
}

/// Milliseconds, as a script reads them (Lua numbers are doubles: capped
/// well inside their exact integers).
pub(crate) fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis())
        .unwrap_or(u64::MAX)
        .min(1 << 50)
}

fn status(reply: &[Option<Vec<u8>>]) -> Result<&str, Failure> {
    reply
        .first()
        .and_then(|s| s.as_deref())
        .and_then(|s| std::str::from_utf8(s).ok())
        .ok_or_else(|| Failure::Reply("an answer without a status".into()))
}

fn text(reply: &[Option<Vec<u8>>], at: usize) -> String {
    reply
        .get(at)
        .and_then(|s| s.as_deref())
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default()
}

fn number(reply: &[Option<Vec<u8>>]) -> Result<usize, Failure> {
    let text = text(reply, 1);
    // PTTL says -1 or -2 for a lease that just went: no wait then.
    if let Ok(n) = text.parse::<i64>() {
        return Ok(usize::try_from(n).unwrap_or(0));
    }
    Err(Failure::Reply(format!("`{text}` where a number was due")))
}
