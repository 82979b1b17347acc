//! # tackle-store-redis
//!
//! A session store ([`tackle::session::SessionStore`]) on Valkey or Redis,
//! which the hosts of a team share: policy servers behind a balancer
//! (`mcp --http ADDR --session-store redis://HOST:PORT/DB`) or the hook
//! binaries of many machines (`[sessions] store = "redis://..."` in the
//! user's config). A doom-loop streak or a read-before-edit ledger is then
//! one per session, whichever host each event reaches.
//!
//! [`RedisStore`] says what it guarantees. `tackle-runtime` links it behind
//! its `redis-store` feature (in `cli`), so that the engine (`tackle-host`)
//! links no network client. It needs one Redis or Valkey server (tackle's
//! tests run Redis 7), not a Cluster: its scripts touch the index of
//! sessions beside the session's own keys.

mod health;
mod keys;
mod ops;
mod settings;
mod store;
mod worker;

pub use settings::{DEFAULT_PREFIX, DEFAULT_TIMEOUT};
pub use store::RedisStore;
