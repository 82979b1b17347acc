//! A store named by a URL (`[sessions] store`, `mcp --session-store`),
//! opened by whoever links the client for it: the runtime, with its
//! `redis-store` feature. The engine links no network client, so a binary
//! built without one keeps an [`UnlinkedStore`] in its place.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use serde_json::Value;
use tackle::session::{
    Edit, SessionError, SessionKey, SessionLimits, SessionStore, Slot, StoreHealth,
};

/// A store as the config or the command line names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreSetting {
    /// Its URL (`redis://10.0.0.5:6379/0`). It may hold what a message
    /// must not show (a password the store then refuses): never print it
    /// whole.
    pub url: String,
    /// The environment variable that holds its password, if it needs one.
    pub password_env: Option<String>,
    /// Where it was set, for messages: a config file, or `the command line`.
    pub origin: String,
    /// The key or option that set it (`sessions.store`, `--session-store`).
    pub key: String,
    /// The key or option that named the password's variable
    /// (`sessions.password_env`, `--session-store-password-env`).
    pub password_key: String,
}

impl StoreSetting {
    /// The URL's scheme (`redis`), which a message may show.
    pub fn scheme(&self) -> &str {
        self.url.split_once("://").map_or("", |(scheme, _)| scheme)
    }
}

/// Opens the store a [`StoreSetting`] names
/// ([`HostBuilder::store_opener`](crate::HostBuilder::store_opener)).
pub trait StoreOpener: Send + Sync + fmt::Debug {
    /// The store `setting` names, keeping `limits`; `Err` says what is
    /// wrong with the setting (the host reports it at `setting.origin` and
    /// `setting.key`, and does not start). A store that cannot be reached
    /// yet is no error: it is opened all the same, and answers
    /// [`SessionError::Unavailable`] until it can be reached.
    fn open(
        &self,
        setting: &StoreSetting,
        limits: SessionLimits,
    ) -> Result<Arc<dyn SessionStore>, String>;
}

/// What a host without a [`StoreOpener`] keeps in place of the store its
/// config names: every call fails [`SessionError::Unavailable`], saying
/// that this binary cannot reach such a store. As with a store that is
/// down, hooks that need session values fail (a fail-closed one refuses,
/// never allows) and the others go on; the first event's reply says why
/// ([`take_problems`](SessionStore::take_problems)).
#[derive(Debug)]
pub struct UnlinkedStore {
    why: String,
    since: SystemTime,
    said: AtomicBool,
}

impl UnlinkedStore {
    /// The stand-in for the store `setting` names.
    pub fn new(setting: &StoreSetting) -> Self {
        // The URL is not shown: it was never checked for a password.
        UnlinkedStore {
            why: format!(
                "`{}` in {} names a `{}://` session store, but this binary was built without a client for it (tackle-runtime's feature `redis-store`): session values are not kept, and hooks that need them fail",
                setting.key,
                setting.origin,
                setting.scheme()
            ),
            since: SystemTime::now(),
            said: AtomicBool::new(false),
        }
    }

    fn refuse<T>(&self) -> Result<T, SessionError> {
        Err(SessionError::Unavailable(self.why.clone()))
    }
}

impl SessionStore for UnlinkedStore {
    fn get(&self, _: SessionKey<'_>, _: Slot) -> Result<Option<Value>, SessionError> {
        self.refuse()
    }

    fn update(&self, _: SessionKey<'_>, _: Slot, _: &mut Edit<'_>) -> Result<(), SessionError> {
        self.refuse()
    }

    fn end(&self, _: SessionKey<'_>) -> Result<(), SessionError> {
        self.refuse()
    }

    fn take_problems(&self) -> Vec<String> {
        if self.said.swap(true, Ordering::Relaxed) {
            Vec::new()
        } else {
            vec![self.why.clone()]
        }
    }

    fn health(&self) -> StoreHealth {
        StoreHealth::unreachable("unlinked", self.since, self.why.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;
    use crate::{Host, HostError};

    /// Opens every store as a memory store, or refuses every URL.
    #[derive(Debug)]
    struct Opener {
        refuse: bool,
    }

    impl StoreOpener for Opener {
        fn open(
            &self,
            setting: &StoreSetting,
            limits: SessionLimits,
        ) -> Result<Arc<dyn SessionStore>, String> {
            if self.refuse {
                return Err(format!("no such store ({})", setting.scheme()));
            }
            assert_eq!(limits.max_sessions, 7, "the config's limits");
            Ok(Arc::new(crate::session::MemoryStore::new(limits)))
        }
    }

    const CONFIG: &str = "[sessions]\nstore = \"redis://10.0.0.5/0\"\nmax_sessions = 7\n";

    async fn build(opener: Option<Opener>, flag: Option<StoreSetting>) -> Result<Host, HostError> {
        let registry = Registry::from_all(crate::registry::Defs::default()).expect("empty");
        let mut builder = Host::builder()
            .registry(registry)
            .config_toml(CONFIG, "/home/u/.tackle/tackle.toml");
        if let Some(opener) = opener {
            builder = builder.store_opener(Arc::new(opener));
        }
        if let Some(flag) = flag {
            builder = builder.session_store_url(flag);
        }
        builder.build().await
    }

    #[tokio::test]
    async fn the_configured_store_is_opened_refused_at_its_key_or_unlinked() {
        let host = build(Some(Opener { refuse: false }), None)
            .await
            .expect("builds");
        assert_eq!(host.session_store().health().store, "memory");
        let error = build(Some(Opener { refuse: true }), None)
            .await
            .expect_err("refused");
        let text = error.to_string();
        assert!(
            text.contains("/home/u/.tackle/tackle.toml")
                && text.contains("`sessions.store`: no such store (redis)"),
            "{text}"
        );
        // Without an opener: built, and every session call says why not.
        let host = build(None, None).await.expect("builds");
        let health = host.session_store().health();
        assert!(
            !health.reachable && health.store == "unlinked",
            "{health:?}"
        );
        // The command line's store is opened over the config's.
        let flag = StoreSetting {
            url: "rediss://elsewhere/1".into(),
            password_env: None,
            origin: "the command line".into(),
            key: "--session-store".into(),
            password_key: "--session-store-password-env".into(),
        };
        let error = build(Some(Opener { refuse: true }), Some(flag))
            .await
            .expect_err("refused");
        let text = error.to_string();
        assert!(
            text.contains("the command line")
                && text.contains("`--session-store`: no such store (rediss)"),
            "{text}"
        );
    }

    #[test]
    fn an_unlinked_store_refuses_every_call_saying_where_it_was_named() {
        let setting = StoreSetting {
            url: "redis://:secret@10.0.0.5/0".into(),
            password_env: None,
            origin: "/home/u/.tackle/tackle.toml".into(),
            key: "sessions.store".into(),
            password_key: "sessions.password_env".into(),
        };
        let store = UnlinkedStore::new(&setting);
        let key = SessionKey::new("s").expect("an id");
        let slot = Slot {
            plugin: "p",
            version: "1.0.0",
            value: "v",
        };
        let error = store.get(key, slot).expect_err("refused").to_string();
        assert!(
            error.contains(
                "`sessions.store` in /home/u/.tackle/tackle.toml names a `redis://` session store"
            ) && error.contains("`redis-store`"),
            "{error}"
        );
        assert!(!error.contains("secret"), "{error}");
        assert!(store.update(key, slot, &mut |_| Ok(None)).is_err());
        assert!(store.end(key).is_err());
        assert_eq!(store.take_problems().len(), 1);
        assert!(store.take_problems().is_empty(), "said once");
        assert!(!store.health().reachable);
    }
}
