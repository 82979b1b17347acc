//! What a hook sees besides its event.

use std::any::Any;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::def::HookCall;
use super::outcome::HookId;
use super::point::HookPoint;
use super::session::SessionInfo;
use crate::plugin::{PluginContext, PluginInfo};

/// A hook's view of the session and of its plugin, typed by the plugin's
/// config (`HookContext` alone when the hook does not read it).
///
/// Take it as a parameter: `ctx: &HookContext<GuardConfig>`. It borrows
/// everything; building it costs nothing.
pub struct HookContext<'a, C = ()> {
    call: HookCall<'a>,
    config: &'a C,
}

impl<'a> HookCall<'a> {
    /// The hook's context, typed by `C` (`()` or the plugin's config type).
    pub fn context<C: Any + Send + Sync>(&self) -> Result<HookContext<'a, C>, String> {
        match crate::invocation::config_ref::<C>(self.any_config()) {
            Some(config) => Ok(HookContext::new(*self, config)),
            None => Err(crate::invocation::internal(
                crate::invocation::wrong_config::<C>(self.plugin()),
            )),
        }
    }
}

impl<'a, C> HookContext<'a, C> {
    pub(crate) fn new(call: HookCall<'a>, config: &'a C) -> Self {
        HookContext { call, config }
    }

    /// The session the event belongs to.
    pub fn session_id(&self) -> &'a str {
        self.call.dyn_event().session_id()
    }

    /// The session's working directory.
    pub fn working_directory(&self) -> &'a Path {
        self.call.dyn_event().cwd()
    }

    /// The agent the event comes from (`claude`, `gemini`, ...), if the host said.
    pub fn agent(&self) -> Option<&'a str> {
        self.call.session().agent.as_deref()
    }

    /// The model provider, if the host said.
    pub fn provider(&self) -> Option<&'a str> {
        self.call.session().provider.as_deref()
    }

    /// The model, if the host said.
    pub fn model(&self) -> Option<&'a str> {
        self.call.session().model.as_deref()
    }

    /// The agent loop's iteration (0 when unknown).
    pub fn iteration(&self) -> u64 {
        self.call.session().iteration
    }

    /// The host's free-form metadata for this session.
    pub fn metadata(&self) -> &'a Map<String, Value> {
        &self.call.session().metadata
    }

    /// Everything the host passed about the session.
    pub fn session(&self) -> &'a SessionInfo {
        self.call.session()
    }

    /// The point being dispatched.
    pub fn point(&self) -> HookPoint {
        self.call.hook().point
    }

    /// This hook's name, as messages and logs show it (`guard::refuse_destructive`).
    pub fn hook(&self) -> HookId {
        self.call.hook().id()
    }

    /// The plugin's id.
    pub fn plugin_id(&self) -> &'static str {
        self.call.plugin().id()
    }

    /// The plugin's config.
    pub fn config(&self) -> &'a C {
        self.config
    }

    /// The plugin's `tracing` span.
    pub fn span(&self) -> &'a tracing::Span {
        self.call.plugin().span()
    }

    /// The plugin's untyped facts (id, declaration).
    pub fn plugin_info(&self) -> &'a Arc<PluginInfo> {
        self.call.plugin()
    }

    /// The user's home folder, as the host resolved it (never the
    /// project's `HOME`); see [`PluginContext::home_dir`].
    pub fn home_dir(&self) -> Option<&'a Path> {
        self.call.plugin().home_dir()
    }
}

impl<C: Any + Send + Sync> HookContext<'_, C> {
    /// The plugin's context, owned (for handing to a task that outlives the hook).
    pub fn plugin(&self) -> PluginContext<C> {
        let config = crate::invocation::typed_config::<C>(self.call.any_config())
            .expect("the glue checked the config type when it built this context");
        PluginContext::new(self.call.plugin().clone(), config)
    }
}

impl<C> fmt::Debug for HookContext<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HookContext")
            .field("hook", &self.hook())
            .field("session_id", &self.session_id())
            .finish_non_exhaustive()
    }
}
