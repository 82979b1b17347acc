//! Where a session lives in Redis: every key under the store's prefix,
//! each session's keys named by the SHA-256 of its id.
//!
//! - `<prefix>s:<sha256 hex>`: the session, a hash: `id` (the id in full,
//!   checked on every read), `f` (the format), `b` (bytes of values) and
//!   one field per value, `v:<plugin>@<version>/<type>`; its time to live
//!   is `max_idle`, renewed by each update.
//! - `<prefix>l:<sha256 hex>`: the session's lease while an update holds
//!   it (a random token, expiring on its own).
//! - `<prefix>c:<sha256 hex>`: a key claimed once
//!   ([`SessionStore::claim_once`](tackle::session::SessionStore::claim_once)),
//!   expiring with its claim.
//! - `<prefix>index`: every session kept, a sorted set scored by the time
//!   of its last update: what makes room for a new one.

use tackle::session::{SessionKey, Slot};

/// One session's keys.
#[derive(Debug, Clone)]
pub(crate) struct Keys {
    /// The hash of its values.
    pub(crate) values: String,
    /// Its lease.
    pub(crate) lease: String,
    /// The index of sessions (the store's, not the session's).
    pub(crate) index: String,
    /// Its name in the index: the SHA-256 of its id, in hex.
    pub(crate) member: String,
}

impl Keys {
    /// The keys of `session` under `prefix`: no id, whatever it holds,
    /// names another session's keys or another deployment's.
    pub(crate) fn of(prefix: &str, session: SessionKey<'_>) -> Keys {
        let member = hex(&hmac_sha256::Hash::hash(session.as_str().as_bytes()));
        Keys {
            values: format!("{prefix}s:{member}"),
            lease: format!("{prefix}l:{member}"),
            index: format!("{prefix}index"),
            member,
        }
    }
}

/// The key that records `key` as claimed, under `prefix`.
pub(crate) fn claim(prefix: &str, key: &str) -> String {
    format!(
        "{prefix}c:{}",
        hex(&hmac_sha256::Hash::hash(key.as_bytes()))
    )
}

/// The hash field of a value: the plugin at its version, and the type, so
/// that hosts of two versions of a plugin never read each other's values.
pub(crate) fn field(slot: Slot) -> String {
    format!("v:{}@{}/{}", slot.plugin, slot.version, slot.value)
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_s_keys_are_its_id_s_digest_under_the_prefix() {
        let keys = Keys::of("team-a:", SessionKey::new("abc").expect("an id"));
        let digest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(keys.values, format!("team-a:s:{digest}"));
        assert_eq!(keys.lease, format!("team-a:l:{digest}"));
        assert_eq!(keys.index, "team-a:index");
        assert_eq!(keys.member, digest);
        for hostile in ["../x", "a:b", "s:", "\n", "", "team-a:index"] {
            let keys = Keys::of("p:", SessionKey::new(hostile).expect("an id"));
            assert_eq!(keys.values.len(), "p:s:".len() + 64, "{hostile:?}");
        }
    }

    #[test]
    fn a_value_s_field_names_its_plugin_s_version() {
        let slot = Slot {
            plugin: "doom-loop",
            version: "1.2.0",
            value: "doomloop::Streak",
        };
        assert_eq!(field(slot), "v:doom-loop@1.2.0/doomloop::Streak");
    }
}
