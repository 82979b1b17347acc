//! The keys that seal a call's `requestState` (protocol 2026-07-28), so
//! that any replica of a server, and no client, can open it.
//!
//! A sealed state is encrypted and authenticated with XChaCha20-Poly1305:
//! a client can neither read it (the arguments a hook rewrote, the answers
//! of earlier rounds) nor change a byte of it unnoticed. The key comes from
//! the environment of every replica alike (`mcp --state-key-env VAR`); a
//! key being rotated out is still accepted for opening while it is given
//! as the previous one (`--previous-state-key-env VAR`), and a state
//! outlives neither its input timeout nor its one use. Without a key, a
//! server makes one of its own at start: its states open only there.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};

/// What every sealed state is bound to, besides its key.
const CONTEXT: &[u8] = b"tackle requestState v1";

/// The bytes of a key's id, ahead of the nonce.
const ID_BYTES: usize = 4;

/// The bytes of a nonce: random, 192 bits, so that no two seals share one.
const NONCE_BYTES: usize = 24;

/// The keys a server seals and opens states with.
#[derive(Clone)]
pub struct StateKeys {
    current: Key,
    previous: Option<Key>,
}

#[derive(Clone)]
struct Key {
    id: [u8; ID_BYTES],
    cipher: XChaCha20Poly1305,
}

impl Key {
    /// The key for secret `text`: its SHA-256, so that any text of enough
    /// entropy serves (a `openssl rand -hex 32`, a password manager's).
    fn of(text: &str) -> Key {
        let key = hmac_sha256::Hash::hash(text.as_bytes());
        let mut id = [0u8; ID_BYTES];
        id.copy_from_slice(&hmac_sha256::Hash::hash(&key)[..ID_BYTES]);
        Key {
            id,
            cipher: XChaCha20Poly1305::new((&key).into()),
        }
    }
}

/// Why a state did not open.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsealed {
    /// Not a state this server's keys sealed (another key, or not a state).
    #[error(
        "`requestState` was not sealed by this server's keys: it was changed, or sealed by a server with another key (give every replica the same --state-key-env)"
    )]
    ForeignKey,
    /// Sealed with a known key, but changed since.
    #[error("`requestState` was changed after the server sealed it")]
    Tampered,
}

/// The least a state key's text may hold.
pub const MIN_KEY_BYTES: usize = 32;

impl StateKeys {
    /// Keys from the secret `current`, and `previous` while it is being
    /// rotated out.
    ///
    /// # Errors
    ///
    /// A key shorter than [`MIN_KEY_BYTES`], saying so (never echoing it).
    pub fn new(current: &str, previous: Option<&str>) -> Result<StateKeys, String> {
        for text in std::iter::once(current).chain(previous) {
            if text.trim().len() < MIN_KEY_BYTES {
                return Err(format!(
                    "a state key is at least {MIN_KEY_BYTES} characters of secret (e.g. `openssl rand -hex 32`)"
                ));
            }
        }
        Ok(StateKeys {
            current: Key::of(current.trim()),
            previous: previous.map(|p| Key::of(p.trim())),
        })
    }

    /// A key of this process's own, from the OS's generator: its states
    /// open only here.
    ///
    /// # Errors
    ///
    /// When the OS's generator fails.
    pub fn random() -> Result<StateKeys, String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| format!("the server could not make a state key: {e}"))?;
        let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        StateKeys::new(&text, None)
    }

    /// `plain`, sealed with the current key, as URL-safe base64.
    pub(crate) fn seal(&self, plain: &[u8]) -> Result<String, String> {
        let mut nonce = [0u8; NONCE_BYTES];
        getrandom::fill(&mut nonce)
            .map_err(|e| format!("the server could not seal the call's state: {e}"))?;
        let sealed = self
            .current
            .cipher
            .encrypt(
                &XNonce::from(nonce),
                Payload {
                    msg: plain,
                    aad: CONTEXT,
                },
            )
            .map_err(|e| format!("the server could not seal the call's state: {e}"))?;
        let mut out = Vec::with_capacity(ID_BYTES + NONCE_BYTES + sealed.len());
        out.extend_from_slice(&self.current.id);
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        Ok(URL_SAFE_NO_PAD.encode(out))
    }

    /// What `text` sealed, if one of the keys sealed it.
    pub(crate) fn open(&self, text: &str) -> Result<Vec<u8>, Unsealed> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|_| Unsealed::ForeignKey)?;
        if bytes.len() < ID_BYTES + NONCE_BYTES {
            return Err(Unsealed::ForeignKey);
        }
        let (id, rest) = bytes.split_at(ID_BYTES);
        let (nonce, sealed) = rest.split_at(NONCE_BYTES);
        let key = std::iter::once(&self.current)
            .chain(&self.previous)
            .find(|k| k.id == id)
            .ok_or(Unsealed::ForeignKey)?;
        let nonce = XNonce::try_from(nonce).map_err(|_| Unsealed::ForeignKey)?;
        key.cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: sealed,
                    aad: CONTEXT,
                },
            )
            .map_err(|_| Unsealed::Tampered)
    }
}

impl std::fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StateKeys(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0123456789abcdef0123456789abcdef-a";
    const B: &str = "0123456789abcdef0123456789abcdef-b";

    #[test]
    fn a_state_opens_with_its_key_and_the_previous_one_while_rotating() {
        let a = StateKeys::new(A, None).expect("a key");
        let sealed = a.seal(b"state").expect("seals");
        assert_eq!(a.open(&sealed).expect("opens"), b"state");
        // Another replica with the same key opens it; one mid-rotation too.
        assert_eq!(
            StateKeys::new(A, None)
                .expect("key")
                .open(&sealed)
                .expect("opens"),
            b"state"
        );
        let rotating = StateKeys::new(B, Some(A)).expect("keys");
        assert_eq!(rotating.open(&sealed).expect("opens"), b"state");
        // Once the old key is gone, it does not.
        let rotated = StateKeys::new(B, None).expect("key");
        assert_eq!(rotated.open(&sealed), Err(Unsealed::ForeignKey));
        assert_eq!(
            StateKeys::random().expect("key").open(&sealed),
            Err(Unsealed::ForeignKey)
        );
    }

    #[test]
    fn a_changed_byte_or_garbage_never_opens() {
        let keys = StateKeys::new(A, None).expect("a key");
        let sealed = keys.seal(b"the call's state").expect("seals");
        let mut bytes = URL_SAFE_NO_PAD.decode(&sealed).expect("base64");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert_eq!(
            keys.open(&URL_SAFE_NO_PAD.encode(&bytes)),
            Err(Unsealed::Tampered)
        );
        for garbage in ["", "not base64!", "AAAA", &"A".repeat(200)] {
            assert!(keys.open(garbage).is_err(), "{garbage}");
        }
        // Two seals of one state differ (fresh nonces), and hide it.
        let again = keys.seal(b"the call's state").expect("seals");
        assert_ne!(sealed, again);
        assert!(
            !URL_SAFE_NO_PAD
                .decode(&sealed)
                .expect("base64")
                .windows(4)
                .any(|w| w == b"call")
        );
    }

    #[test]
    fn short_keys_are_refused_without_being_echoed() {
        let error = StateKeys::new("short-secret", None).expect_err("too short");
        assert!(!error.contains("short-secret"), "{error}");
        assert!(StateKeys::new(A, Some("short")).is_err());
    }
}
