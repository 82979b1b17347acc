//! One call of one hook, as the runtime hands it to the generated glue.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::context::HookContext;
use super::def::HookDef;
use super::event::{AnyEvent, DynEvent};
use super::outcome::Outcome;
use super::session::SessionInfo;
use crate::plugin::PluginInfo;
use crate::plugin::{AnyConfig, AnyState};
use crate::session::SessionStore;

/// Everything a hook's glue needs: the event, the session, the plugin's
/// loaded config and state, the host's session store, and the hook itself.
/// All borrowed: building one costs nothing.
#[derive(Clone, Copy)]
pub struct HookCall<'a> {
    event: &'a dyn DynEvent,
    /// The same event, for downcasting without a second virtual call.
    any: &'a (dyn Any + Send + Sync),
    session: &'a SessionInfo,
    plugin: &'a Arc<PluginInfo>,
    config: &'a AnyConfig,
    state: Option<&'a AnyState>,
    hook: &'static HookDef,
    outcome: Option<&'a Outcome>,
    sessions: Option<&'a dyn SessionStore>,
}

impl<'a> HookCall<'a> {
    /// Assembled by the runtime for each hook it runs.
    pub fn new<E: DynEvent>(
        event: &'a E,
        session: &'a SessionInfo,
        plugin: &'a Arc<PluginInfo>,
        config: &'a AnyConfig,
        state: Option<&'a AnyState>,
        hook: &'static HookDef,
    ) -> Self {
        HookCall {
            event,
            any: event,
            session,
            plugin,
            config,
            state,
            hook,
            outcome: None,
            sessions: None,
        }
    }

    /// The same call, with the store that keeps the session's values
    /// (what a hook's `&Session<T>` reads and updates).
    #[must_use]
    pub fn with_sessions(mut self, store: &'a dyn SessionStore) -> Self {
        self.sessions = Some(store);
        self
    }

    /// The same call, for a catch-all `event` hook, with the outcome of the
    /// event's own hooks.
    #[must_use]
    pub fn with_outcome(mut self, outcome: &'a Outcome) -> Self {
        self.outcome = Some(outcome);
        self
    }

    /// The erased event with its outcome, for catch-all `event` hooks.
    pub fn any_event(&self) -> Result<AnyEvent<'a>, String> {
        match self.outcome {
            Some(outcome) => Ok(AnyEvent::new(self.event, outcome)),
            None => Err(format!(
                "internal error: hook `{}` expects every event with its outcome, and was given a bare `{}` event",
                self.hook.id(),
                self.event.point()
            )),
        }
    }

    /// The event, typed (the macro passes the point's own event type).
    pub fn event<E: Any>(&self) -> Result<&'a E, String> {
        self.any.downcast_ref().ok_or_else(|| {
            format!(
                "internal error: hook `{}` was given a `{}` event, not a `{}`",
                self.hook.id(),
                self.event.point(),
                std::any::type_name::<E>()
            )
        })
    }

    /// The erased event.
    pub fn dyn_event(&self) -> &'a dyn DynEvent {
        self.event
    }

    /// The hook's context, typed by `C` (`()` or the plugin's config type).
    pub fn context<C: Any + Send + Sync>(&self) -> Result<HookContext<'a, C>, String> {
        match crate::invocation::config_ref::<C>(self.config) {
            Some(config) => Ok(HookContext::new(*self, config)),
            None => Err(format!(
                "internal error: {}",
                crate::invocation::wrong_config::<C>(self.plugin)
            )),
        }
    }

    /// The plugin's state, typed.
    pub fn state<S: Any + Send + Sync>(&self) -> Result<&'a S, String> {
        self.state
            .and_then(|s| s.downcast_ref::<S>())
            .ok_or_else(|| {
                format!(
                    "internal error: {}",
                    crate::invocation::wrong_state::<S>(self.plugin)
                )
            })
    }

    /// The host's session store, if it gave one.
    pub fn sessions(&self) -> Option<&'a dyn SessionStore> {
        self.sessions
    }

    /// What the host knows of the session (agent, provider, model, ...).
    pub fn session(&self) -> &'a SessionInfo {
        self.session
    }

    pub(crate) fn plugin(&self) -> &'a Arc<PluginInfo> {
        self.plugin
    }

    pub(crate) fn any_config(&self) -> &'a AnyConfig {
        self.config
    }

    /// The hook being called: hooks the runtime builds at run time
    /// (declarative plugins) share one handler and look themselves up by it.
    pub fn hook(&self) -> &'static HookDef {
        self.hook
    }
}

impl fmt::Debug for HookCall<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HookCall")
            .field("hook", &self.hook.id())
            .field("point", &self.event.point())
            .field("session_id", &self.event.session_id())
            .finish_non_exhaustive()
    }
}
