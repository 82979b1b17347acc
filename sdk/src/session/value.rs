//! `&Session<T>`: the typed view of one value of one session.

use std::fmt;
use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{SessionError, SessionKey, SessionStore, Slot};
use crate::__private::{FromHook, Lent};
use crate::hook::HookCall;

/// What a plugin can keep per session: saved as JSON between events, and
/// `Default` for a session that has none yet.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be kept per session",
    label = "a session value is saved as JSON between events and starts from its default",
    note = "derive what it needs: `#[tackle::data] #[derive(Default, Serialize, Deserialize)]` on `{Self}`"
)]
pub trait SessionValue: Serialize + DeserializeOwned + Default + 'static {}

// Not recommended, so that a type that falls short is reported as not a
// `SessionValue`, with the message above, rather than bound by bound.
#[diagnostic::do_not_recommend]
impl<T: Serialize + DeserializeOwned + Default + 'static> SessionValue for T {}

/// The `T` a plugin keeps for one session; a hook gets it by taking
/// `&Session<T>` (see [the module](super)).
pub struct Session<'a, T> {
    store: &'a dyn SessionStore,
    key: SessionKey<'a>,
    slot: Slot,
    _value: PhantomData<fn() -> T>,
}

impl<'a, T: SessionValue> Session<'a, T> {
    /// The value `plugin` keeps for session `id` in `store`: what a hook's
    /// `&Session<T>` parameter holds. Fails when the id is too long.
    pub fn new(
        store: &'a dyn SessionStore,
        id: &'a str,
        plugin: &'static str,
    ) -> Result<Self, SessionError> {
        Ok(Session {
            store,
            key: SessionKey::new(id)?,
            slot: Slot {
                plugin,
                version: "",
                value: std::any::type_name::<T>(),
            },
            _value: PhantomData,
        })
    }

    /// The same value as kept by `version` of the plugin: a hook's
    /// `&Session<T>` is at its plugin's version, so that a store shared
    /// with hosts of another version never mixes the two values.
    #[must_use]
    pub fn at_version(mut self, version: &'static str) -> Self {
        self.slot.version = version;
        self
    }

    /// The session's id.
    pub fn session_id(&self) -> &'a str {
        self.key.as_str()
    }

    /// A copy of the value (the default if the session has none). To change
    /// it, use [`update`](Self::update): a copy changed and saved back
    /// could lose another event's update.
    pub fn get(&self) -> Result<T, SessionError> {
        let stored = self.store.get(self.key, self.slot)?;
        Ok(self.decode(stored.as_ref()))
    }

    /// Changes the value in place and saves it, atomically: no other
    /// update of this session runs in between, in this process or another.
    /// Returns what `change` returns. Keep `change` short and do not
    /// update another value of the session inside it: it runs under the
    /// session's lock.
    pub fn update<R>(&self, change: impl FnOnce(&mut T) -> R) -> Result<R, SessionError> {
        let mut change = Some(change);
        let mut out = None;
        self.store.update(self.key, self.slot, &mut |stored| {
            let change = change.take().ok_or_else(|| {
                SessionError::Store("the session store ran one change twice".into())
            })?;
            let mut value = self.decode(stored);
            out = Some(change(&mut value));
            serde_json::to_value(&value)
                .map(Some)
                .map_err(|e| SessionError::Encode {
                    value: self.slot.value,
                    message: e.to_string(),
                })
        })?;
        out.ok_or_else(|| SessionError::Store("the session store did not run the change".into()))
    }

    /// Forgets the value: the session starts from the default again.
    pub fn clear(&self) -> Result<(), SessionError> {
        self.store.update(self.key, self.slot, &mut |_| Ok(None))
    }

    /// The stored value as `T`; one that does not read as `T` is reported
    /// and replaced by the default.
    fn decode(&self, stored: Option<&Value>) -> T {
        let Some(stored) = stored else {
            return T::default();
        };
        T::deserialize(stored).unwrap_or_else(|e| {
            self.store.report(format!(
                "session {}: the stored `{}` is not a `{}` ({e}); it starts again from the default",
                self.key, self.slot, self.slot.value
            ));
            T::default()
        })
    }
}

impl<T> fmt::Debug for Session<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("id", &self.key.as_str())
            .field("slot", &self.slot)
            .finish_non_exhaustive()
    }
}

/// A hook of any plugin may take `&Session<T>`: the value its own plugin
/// keeps for the event's session.
impl<'a, P, T: SessionValue> FromHook<'a, P> for Session<'a, T> {
    fn from_hook(call: &HookCall<'a>) -> Result<Lent<'a, Self>, String> {
        let store = call.sessions().ok_or_else(|| {
            SessionError::Unavailable("the host gave this hook no session store".into()).to_string()
        })?;
        let def = call.plugin().def();
        Session::new(store, call.dyn_event().session_id(), def.id)
            .map(|session| Lent::Owned(session.at_version(def.version)))
            .map_err(|e| e.to_string())
    }
}
