//! A hook as `#[hook]` registers it, and one call of it as the runtime
//! hands it to the generated glue. One file, because each names the other:
//! the glue takes the call, and the call carries its hook.

use std::any::Any;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use super::decision::Decision;
use super::event::{AnyEvent, DynEvent};
use super::outcome::{HookId, Outcome};
use super::point::HookPoint;
use super::session::SessionInfo;
use crate::location::SourceLocation;
use crate::plugin::{AnyConfig, AnyState, PluginDef, PluginInfo};
use crate::session::SessionStore;

/// What a hook's glue returns: its decision (observers abstain; prompt
/// hooks return their text as context), or its error as text.
pub type HookReturn = Result<Decision, String>;

/// The future of an async hook, borrowing the event for its lifetime.
pub type HookFuture<'a> = Pin<Box<dyn Future<Output = HookReturn> + Send + 'a>>;

/// One hook, as declared by `#[hook(point, ...)]`.
pub struct HookDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// Where it runs.
    pub point: HookPoint,
    /// Its name within the plugin: the function's, or `name = "..."`.
    pub name: &'static str,
    /// Its description, from the doc comment (may be empty).
    pub description: &'static str,
    /// `matcher = "..."`: tool names (`Bash`, `Edit|Write`) or a regex, as
    /// Claude Code reads matchers; checked at compile time.
    pub matcher: Option<&'static str>,
    /// `args = "..."`: a glob one of the tool's argument values must match
    /// whole (`*` crosses `/`); checked at compile time.
    pub args: Option<&'static str>,
    /// `order = N` among the plugin's hooks at this point (default 0).
    pub order: i32,
    /// `timeout_ms = N` (async hooks only); the host's default otherwise.
    pub timeout_ms: Option<u64>,
    /// What a failure means.
    pub on_error: OnError,
    /// Where the function was written.
    pub location: SourceLocation,
    /// The generated glue.
    pub handler: HookHandler,
}

impl HookDef {
    /// Its name as messages show it: `plugin::name`.
    pub fn id(&self) -> HookId {
        HookId {
            plugin: self.plugin.id,
            name: self.name,
        }
    }
}

/// What a hook's failure (error, panic, timeout) means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OnError {
    /// It abstains, as every peer system does.
    #[default]
    Open,
    /// It denies, with a reason naming the hook: for security hooks.
    Closed,
}

/// The glue of one hook: sync functions run inline, async ones return a
/// boxed future.
#[derive(Clone, Copy)]
pub enum HookHandler {
    /// A plain `fn`.
    Sync(for<'a> fn(HookCall<'a>) -> HookReturn),
    /// An `async fn`.
    Async(for<'a> fn(HookCall<'a>) -> HookFuture<'a>),
}

crate::handler::impl_debug!(HookHandler);

impl fmt::Debug for HookDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HookDef")
            .field("id", &self.id())
            .field("point", &self.point)
            .field("matcher", &self.matcher)
            .field("args", &self.args)
            .field("order", &self.order)
            .field("location", &self.location)
            .field("handler", &self.handler)
            .finish_non_exhaustive()
    }
}

/// Every hook linked into this binary, in link order (the runtime sorts them).
pub fn linked_hooks() -> impl Iterator<Item = &'static HookDef> {
    crate::__private::linked::<crate::__private::HookRegistration>()
}

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

    /// The plugin's state, typed.
    pub fn state<S: Any + Send + Sync>(&self) -> Result<&'a S, String> {
        crate::invocation::state_ref(self.plugin, self.state)
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
