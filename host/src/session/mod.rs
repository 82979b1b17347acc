//! The session store: where the values plugins keep per session
//! ([`tackle::session::Session`]) live between events.
//!
//! One trait ([`SessionStore`]), two stores here: [`MemoryStore`], which a host
//! uses unless told otherwise (an embedding, `mcp`, `replay`: one process
//! sees every event of a session), and [`FileStore`], which the hook binary
//! uses (`hook <agent> <event>`: the agent starts one process per event, so
//! values must outlive the process). An embedder passes its own with
//! [`HostBuilder::session_store`](crate::HostBuilder::session_store).
//!
//! Both keep the same [`SessionLimits`] (sessions, bytes per session, idle
//! time), make updates atomic (per session: a lock held while a value is
//! read, changed and saved), forget a session when the host dispatches its
//! `session_end`, and treat a value they cannot read as empty, reporting
//! it.
//!
//! A store on a server that several hosts share (`tackle-store-redis`,
//! which the runtime links behind its `redis-store` feature) is opened from
//! a URL ([`StoreOpener`]): the engine links no network client. A binary
//! built without one answers a configured store with [`UnlinkedStore`].

mod atomic;
mod copies;
mod file;
mod memory;
mod opener;

pub use file::FileStore;
pub use memory::MemoryStore;
pub use opener::{StoreOpener, StoreSetting, UnlinkedStore};
pub use tackle::session::{
    SessionError, SessionKey, SessionLimits, SessionStore, Slot, StoreHealth,
};

#[cfg(test)]
mod tests;
