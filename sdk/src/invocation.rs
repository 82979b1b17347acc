//! One call of a tool as the runtime hands it to the generated glue.

use std::any::{Any, TypeId};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::Origin;
use crate::Problem;
use crate::plugin::{AnyConfig, AnyState};
use crate::plugin::{PluginContext, PluginInfo};
use crate::tool::{Cancellation, ClientRequests, ToolContext, ToolSink};

/// Default cap on a tool's text output, in bytes.
pub const DEFAULT_MAX_OUTPUT_BYTES: usize = 100_000;

/// Everything about a call that does not come from the model: who is calling,
/// from where, how much output is wanted, and how to report back.
///
/// Hosts build one per call; tools read it through [`ToolContext`].
///
/// ```
/// use std::path::Path;
/// use tackle::{Cancellation, CallInfo, DEFAULT_MAX_OUTPUT_BYTES};
///
/// let stop = Cancellation::new();
/// let call = CallInfo::new("/work/app")
///     .with_session("s-1")
///     .with_search_roots(["/usr/share/doc".into()])
///     .with_max_output_bytes(4096)
///     .with_default_max_output_bytes(1) // the caller's choice stands
///     .with_cancellation(stop.clone());
/// assert_eq!(call.session_id(), Some("s-1"));
/// assert_eq!(call.working_directory(), Path::new("/work/app"));
/// assert_eq!(call.search_roots(), [Path::new("/usr/share/doc")]);
/// assert_eq!(call.max_output_bytes(), 4096);
/// assert_eq!(CallInfo::new(".").max_output_bytes(), DEFAULT_MAX_OUTPUT_BYTES);
///
/// stop.cancel();
/// assert!(call.cancellation().is_cancelled());
/// ```
#[derive(Clone)]
pub struct CallInfo {
    session_id: Option<String>,
    origin: Option<Origin>,
    working_directory: PathBuf,
    search_roots: Vec<PathBuf>,
    max_output_bytes: Option<usize>,
    cancellation: Cancellation,
    sink: Option<Arc<dyn ToolSink>>,
    client: Option<Arc<dyn ClientRequests>>,
}

impl CallInfo {
    /// A call made from `working_directory`, with no session, no extra search
    /// roots, the default output cap and nobody listening to progress.
    pub fn new(working_directory: impl Into<PathBuf>) -> Self {
        CallInfo {
            session_id: None,
            origin: None,
            working_directory: working_directory.into(),
            search_roots: Vec::new(),
            max_output_bytes: None,
            cancellation: Cancellation::new(),
            sink: None,
            client: None,
        }
    }

    /// The agent session this call belongs to.
    #[must_use]
    pub fn with_session(mut self, id: impl Into<String>) -> Self {
        self.session_id = Some(id.into());
        self
    }

    /// Where the request behind this call came from (`cli`, `telegram:42`):
    /// what permissions and subagent roles are judged by. Only the host
    /// sets it; the model cannot.
    #[must_use]
    pub fn with_origin(mut self, origin: Origin) -> Self {
        self.origin = Some(origin);
        self
    }

    /// Extra read-only folders a tool may search besides the working directory.
    #[must_use]
    pub fn with_search_roots(mut self, roots: impl IntoIterator<Item = PathBuf>) -> Self {
        self.search_roots = roots.into_iter().collect();
        self
    }

    /// Cap on the text output; the runtime truncates beyond it, visibly.
    /// Without it, the host's configured cap applies (by default
    /// [`DEFAULT_MAX_OUTPUT_BYTES`]).
    #[must_use]
    pub fn with_max_output_bytes(mut self, bytes: usize) -> Self {
        self.max_output_bytes = Some(bytes);
        self
    }

    /// Sets the cap unless the caller already chose one.
    #[must_use]
    pub fn with_default_max_output_bytes(mut self, bytes: usize) -> Self {
        self.max_output_bytes.get_or_insert(bytes);
        self
    }

    /// The token that cancels this call.
    #[must_use]
    pub fn with_cancellation(mut self, token: Cancellation) -> Self {
        self.cancellation = token;
        self
    }

    /// Where progress and streamed output go.
    #[must_use]
    pub fn with_sink(mut self, sink: Arc<dyn ToolSink>) -> Self {
        self.sink = Some(sink);
        self
    }

    /// The client a tool may ask for a sample of its model or a form for
    /// its user (the MCP server sets it per call).
    #[must_use]
    pub fn with_client(mut self, client: Arc<dyn ClientRequests>) -> Self {
        self.client = Some(client);
        self
    }

    /// The session id, if the caller gave one.
    pub fn session_id(&self) -> Option<&str> {
        self.session_id.as_deref()
    }

    /// The origin of the request, if the host said.
    pub fn origin(&self) -> Option<&Origin> {
        self.origin.as_ref()
    }

    /// The directory the call is made from.
    pub fn working_directory(&self) -> &Path {
        &self.working_directory
    }

    /// Extra read-only search roots.
    pub fn search_roots(&self) -> &[PathBuf] {
        &self.search_roots
    }

    /// The output cap in bytes.
    pub fn max_output_bytes(&self) -> usize {
        self.max_output_bytes.unwrap_or(DEFAULT_MAX_OUTPUT_BYTES)
    }

    /// The call's cancellation token.
    pub fn cancellation(&self) -> &Cancellation {
        &self.cancellation
    }

    pub(crate) fn sink(&self) -> Option<&Arc<dyn ToolSink>> {
        self.sink.as_ref()
    }

    pub(crate) fn client(&self) -> Option<&Arc<dyn ClientRequests>> {
        self.client.as_ref()
    }
}

impl fmt::Debug for CallInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallInfo")
            .field("session_id", &self.session_id)
            .field("origin", &self.origin)
            .field("working_directory", &self.working_directory)
            .field("search_roots", &self.search_roots)
            .field("max_output_bytes", &self.max_output_bytes)
            .field("cancelled", &self.cancellation.is_cancelled())
            .field("sink", &self.sink.is_some())
            .field("client", &self.client.is_some())
            .finish()
    }
}

/// One call of one tool: the model's arguments plus the runtime's context.
///
/// Built by the runtime, consumed by the glue `#[tool]` generates.
pub struct Invocation {
    tool: &'static str,
    args: Value,
    call: Arc<CallInfo>,
    plugin: Arc<PluginInfo>,
    config: AnyConfig,
    state: Option<AnyState>,
}

impl Invocation {
    /// Assembles a call. Hosts go through the runtime rather than this.
    #[doc(hidden)]
    pub fn new(
        tool: &'static str,
        args: Value,
        call: Arc<CallInfo>,
        plugin: Arc<PluginInfo>,
        config: AnyConfig,
        state: Option<AnyState>,
    ) -> Self {
        Invocation {
            tool,
            args,
            call,
            plugin,
            config,
            state,
        }
    }

    /// Deserializes the arguments into the tool's argument type. On failure
    /// the arguments travel back with the error, so the runtime can list every
    /// problem the schema finds in them.
    #[doc(hidden)]
    pub fn parse_args<T: DeserializeOwned>(&mut self) -> Result<T, HandlerError> {
        parse_args(&mut self.args)
    }

    /// The tool's view of the call, typed by the config type `C` the tool asked
    /// for (`()` or the plugin's own config type; the macros check which).
    #[doc(hidden)]
    pub fn tool_context<C: Any + Send + Sync>(&self) -> Result<ToolContext<C>, HandlerError> {
        Ok(ToolContext::new(
            self.tool,
            self.call.clone(),
            self.plugin_context()?,
        ))
    }

    /// The plugin's context, typed as in [`Invocation::tool_context`].
    #[doc(hidden)]
    pub fn plugin_context<C: Any + Send + Sync>(&self) -> Result<PluginContext<C>, HandlerError> {
        plugin_context(&self.plugin, &self.config)
    }

    /// The plugin's state, typed (the macros check that `S` is the state
    /// declared in `plugin!`).
    #[doc(hidden)]
    pub fn state<S: Any + Send + Sync>(&self) -> Result<Arc<S>, HandlerError> {
        shared_state(&self.plugin, self.state.as_ref())
    }
}

impl fmt::Debug for Invocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Invocation")
            .field("tool", &self.tool)
            .field("plugin", &self.plugin.id())
            .field("args", &self.args)
            .field("call", &self.call)
            .finish_non_exhaustive()
    }
}

/// The config as `C`: the plugin's own type, or `()` for a context that does
/// not read it.
pub(crate) fn typed_config<C: Any + Send + Sync>(config: &AnyConfig) -> Option<Arc<C>> {
    let config = if TypeId::of::<C>() == TypeId::of::<()>() {
        unit_config()
    } else {
        config.clone()
    };
    config.downcast::<C>().ok()
}

/// A call's arguments as `T`; on failure they travel back with the error.
pub(crate) fn parse_args<T: DeserializeOwned>(args: &mut Value) -> Result<T, HandlerError> {
    crate::args::parse(args).map_err(|error| HandlerError::Args {
        error,
        args: args.take(),
    })
}

/// The plugin's context with its config as `C`, for the owned contexts
/// (tools, commands).
pub(crate) fn plugin_context<C: Any + Send + Sync>(
    plugin: &Arc<PluginInfo>,
    config: &AnyConfig,
) -> Result<PluginContext<C>, HandlerError> {
    typed_config::<C>(config)
        .map(|config| PluginContext::new(plugin.clone(), config))
        .ok_or_else(|| HandlerError::Internal(wrong_config::<C>(plugin)))
}

/// The plugin's state as `S`, shared, for the owned contexts.
pub(crate) fn shared_state<S: Any + Send + Sync>(
    plugin: &PluginInfo,
    state: Option<&AnyState>,
) -> Result<Arc<S>, HandlerError> {
    state
        .and_then(|s| s.clone().downcast::<S>().ok())
        .ok_or_else(|| HandlerError::Internal(wrong_state::<S>(plugin)))
}

/// The config as `C`, for the borrowed calls (hooks, cron jobs, doctor
/// checks), whose glue reports a failure as text.
pub(crate) fn config_or_error<C: Any + Send + Sync>(
    plugin: &PluginInfo,
    config: &AnyConfig,
) -> Result<Arc<C>, String> {
    typed_config::<C>(config).ok_or_else(|| internal(wrong_config::<C>(plugin)))
}

/// The plugin's state as `&S`, borrowed, for the borrowed calls.
pub(crate) fn state_ref<'a, S: Any + Send + Sync>(
    plugin: &PluginInfo,
    state: Option<&'a AnyState>,
) -> Result<&'a S, String> {
    state
        .and_then(|s| s.downcast_ref::<S>())
        .ok_or_else(|| internal(wrong_state::<S>(plugin)))
}

/// A glue bug as the borrowed calls report it.
pub(crate) fn internal(why: String) -> String {
    HandlerError::Internal(why).to_string()
}

/// The config was not `C`. The macros check the types, so this is a bug in
/// tackle's glue, not the plugin author's.
pub(crate) fn wrong_config<C>(plugin: &PluginInfo) -> String {
    format!(
        "plugin `{}` was given a config of another type than `{}`",
        plugin.id(),
        std::any::type_name::<C>()
    )
}

/// The state was not `S` (or there was none), as for [`wrong_config`].
pub(crate) fn wrong_state<S>(plugin: &PluginInfo) -> String {
    format!(
        "plugin `{}` has no state of type `{}`",
        plugin.id(),
        std::any::type_name::<S>()
    )
}

/// The config as `&C`, borrowed, with the same rule as [`typed_config`].
pub(crate) fn config_ref<C: Any>(config: &AnyConfig) -> Option<&C> {
    if TypeId::of::<C>() == TypeId::of::<()>() {
        (&() as &dyn Any).downcast_ref::<C>()
    } else {
        config.downcast_ref::<C>()
    }
}

fn unit_config() -> AnyConfig {
    static UNIT: OnceLock<AnyConfig> = OnceLock::new();
    UNIT.get_or_init(|| Arc::new(())).clone()
}

/// Why the generated glue could not call the tool's function at all.
#[derive(Debug, Clone, PartialEq)]
pub enum HandlerError {
    /// The model's arguments do not fit the tool's argument type.
    Args {
        /// serde's first complaint.
        error: Problem,
        /// The arguments as the model sent them.
        args: Value,
    },
    /// The runtime and the glue disagree; a bug in tackle, reported, not a panic.
    Internal(String),
}

impl fmt::Display for HandlerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandlerError::Args { error, .. } => error.fmt(f),
            HandlerError::Internal(e) => write!(f, "internal error: {e}"),
        }
    }
}
