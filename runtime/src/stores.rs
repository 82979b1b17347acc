//! The session stores on a server this binary can open (`[sessions]
//! store`, `mcp --session-store`): the engine's
//! [`StoreOpener`](crate::session::StoreOpener) for them, and the password
//! read from the variable the user names.

use std::sync::Arc;

use crate::session::StoreOpener;

/// The opener for the stores this binary links: Redis and Valkey with the
/// `redis-store` feature, none without (a configured store is then an
/// [`UnlinkedStore`](crate::session::UnlinkedStore)).
pub(crate) fn opener() -> Option<Arc<dyn StoreOpener>> {
    #[cfg(feature = "redis-store")]
    return Some(Arc::new(redis::Redis));
    #[cfg(not(feature = "redis-store"))]
    return None;
}

#[cfg(feature = "redis-store")]
mod redis {
    use std::sync::Arc;

    use tackle::session::{SessionLimits, SessionStore};
    use tackle_host::session::{StoreOpener, StoreSetting};

    /// Opens `redis://`, `rediss://` and `redis+unix://` (and `valkey`'s).
    #[derive(Debug)]
    pub(super) struct Redis;

    impl StoreOpener for Redis {
        fn open(
            &self,
            setting: &StoreSetting,
            limits: SessionLimits,
        ) -> Result<Arc<dyn SessionStore>, String> {
            let password = match &setting.password_env {
                Some(var) => Some(super::password(var, &setting.password_key)?),
                None => None,
            };
            let store = tackle_store_redis::RedisStore::open(&setting.url, password, limits)?;
            Ok(Arc::new(store))
        }
    }
}

/// The password in `$var`, which `key` named; an error never shows it.
#[cfg_attr(not(feature = "redis-store"), allow(dead_code))]
fn password(var: &str, key: &str) -> Result<String, String> {
    // `std::env::var` may panic on a name with `=` or NUL: checked first.
    let valid = !var.is_empty()
        && !var.starts_with(|c: char| c.is_ascii_digit())
        && var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        return Err(format!(
            "`{key}` must name an environment variable (letters, digits, `_`), not hold the password itself: put the password in that variable"
        ));
    }
    crate::secret::from_env(var)
        .map_err(|no| format!("`{key}` names ${var}, which {}", no.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_variable_must_be_a_name_and_set() {
        let error = password("hunter2 with spaces", "--session-store-password-env")
            .expect_err("not a name");
        assert!(!error.contains("hunter2"), "{error}");
        assert!(
            error.contains("must name an environment variable"),
            "{error}"
        );
        let error =
            password("TACKLE_TEST_NEVER_SET_9F2C", "sessions.password_env").expect_err("not set");
        assert!(
            error.contains(
                "`sessions.password_env` names $TACKLE_TEST_NEVER_SET_9F2C, which is not set"
            ),
            "{error}"
        );
    }
}
