//! The context a tool receives when it asks for `&ToolContext`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::invocation::CallInfo;
use crate::plugin::PluginContext;
use crate::tool::{Cancellation, ToolError};

/// Receives what a tool reports while it runs.
///
/// The CLI prints it; an MCP server turns it into progress notifications; an
/// embedding agent does what it likes. Both methods default to doing nothing.
/// Give one to a call with [`CallInfo::with_sink`]:
///
/// ```rust,standalone_crate
/// use std::sync::{Arc, Mutex};
/// use tackle::prelude::*;
/// use tackle::{CallInfo, ToolSink};
///
/// tackle::plugin! { id: "steps" }
///
/// /// Counts to three, reporting as it goes.
/// #[tool]
/// fn count(ctx: &ToolContext) -> String {
///     for i in 1..=3 {
///         ctx.progress(f64::from(i) / 3.0, format!("{i} of 3"));
///         ctx.output(i.to_string());
///     }
///     "done".into()
/// }
///
/// /// Keeps what tools report.
/// #[derive(Default)]
/// struct Recorder(Mutex<Vec<String>>);
///
/// impl ToolSink for Recorder {
///     fn progress(&self, tool: &str, fraction: f64, message: &str) {
///         self.0.lock().unwrap().push(format!("{tool} {fraction:.2} {message}"));
///     }
///     fn output(&self, tool: &str, chunk: &str) {
///         self.0.lock().unwrap().push(format!("{tool} > {chunk}"));
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_runtime::{Host, Registry};
///
/// let registry = Registry::global().unwrap().only(&["steps"]);
/// let host = Host::builder().registry(registry).build().await.unwrap();
/// let recorder = Arc::new(Recorder::default());
/// let call = CallInfo::new(".").with_sink(recorder.clone());
/// let result = host.call_tool("count", serde_json::json!({}), call).await.unwrap();
/// assert_eq!(result.text_content(), "done");
/// let seen = recorder.0.lock().unwrap();
/// assert_eq!(seen.len(), 6);
/// assert_eq!(seen[4], "count 1.00 3 of 3");
/// assert_eq!(seen[5], "count > 3");
/// # }
/// ```
pub trait ToolSink: Send + Sync {
    /// Progress of `tool`: `fraction` in `0.0..=1.0`, with a status message.
    fn progress(&self, tool: &str, fraction: f64, message: &str) {
        let _ = (tool, fraction, message);
    }

    /// A chunk of output `tool` streams before its result.
    fn output(&self, tool: &str, chunk: &str) {
        let _ = (tool, chunk);
    }

    /// A log message of `tool` for the client (over MCP, a
    /// `notifications/message` the client's `logging/setLevel` filters).
    fn log(&self, tool: &str, level: super::LogLevel, message: &str) {
        let _ = (tool, level, message);
    }
}

/// What a tool knows about its call, and its plugin's typed context.
///
/// Ask for it with a `&ToolContext` parameter, or `&ToolContext<MyConfig>` to
/// read the plugin's config (the type declared in `plugin! { config: ... }`;
/// any other type is a compile error):
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "greeter", config: GreeterConfig }
///
/// #[tackle::data]
/// #[derive(Deserialize, JsonSchema, Default)]
/// pub struct GreeterConfig {
///     /// How to greet.
///     pub greeting: String,
/// }
///
/// /// Greets someone.
/// #[tool]
/// fn greet(ctx: &ToolContext<GreeterConfig>, name: String) -> String {
///     ctx.progress(0.5, "thinking of a greeting");
///     let session = ctx.session_id().unwrap_or("none");
///     format!("{} {name} (from {}, session {session})", ctx.config().greeting, ctx.tool_name())
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let config = "[plugins.greeter]\ngreeting = \"Ahoy\"";
/// let host = tackle_runtime::testing::TestHost::with_config(&["greeter"], config).await;
/// let result = host.call_tool("greet", serde_json::json!({"name": "Ann"})).await;
/// assert_eq!(result.text_content(), "Ahoy Ann (from greet, session test-session)");
/// # }
/// ```
pub struct ToolContext<C = ()> {
    tool: &'static str,
    call: Arc<CallInfo>,
    plugin: PluginContext<C>,
}

impl<C> ToolContext<C> {
    pub(crate) fn new(tool: &'static str, call: Arc<CallInfo>, plugin: PluginContext<C>) -> Self {
        ToolContext { tool, call, plugin }
    }

    /// The name of the tool being called.
    pub fn tool_name(&self) -> &'static str {
        self.tool
    }

    /// The agent session the call belongs to, if the caller said.
    pub fn session_id(&self) -> Option<&str> {
        self.call.session_id()
    }

    /// Where the request behind the call came from, if the host said
    /// (`CallInfo::with_origin`): ask the plugin's
    /// [`permissions`](PluginContext::permissions) about it, or pass it on
    /// to [`spawn_subagent`](PluginContext::spawn_subagent).
    pub fn origin(&self) -> Option<&crate::Origin> {
        self.call.origin()
    }

    /// The directory the call is made from (the project, for an agent).
    pub fn working_directory(&self) -> &Path {
        self.call.working_directory()
    }

    /// Extra read-only folders the tool may search.
    pub fn search_roots(&self) -> &[PathBuf] {
        self.call.search_roots()
    }

    /// The most text output the caller wants; the runtime truncates beyond it
    /// with a visible marker, so a tool that can summarise should do so first.
    pub fn max_output_bytes(&self) -> usize {
        self.call.max_output_bytes()
    }

    /// Reports progress: `fraction` is clamped to `0.0..=1.0`; NaN is ignored.
    pub fn progress(&self, fraction: f64, message: impl AsRef<str>) {
        if fraction.is_nan() {
            return;
        }
        if let Some(sink) = self.call.sink() {
            sink.progress(self.tool, fraction.clamp(0.0, 1.0), message.as_ref());
        }
    }

    /// Logs `message` at `level` for the client: over MCP, a
    /// `notifications/message` sent before the result, if the client's
    /// `logging/setLevel` lets it through.
    pub fn log(&self, level: super::LogLevel, message: impl AsRef<str>) {
        if let Some(sink) = self.call.sink() {
            sink.log(self.tool, level, message.as_ref());
        }
    }

    /// Asks the client's model for a completion (MCP sampling); an error
    /// when the client offers no sampling or it failed.
    pub async fn sample(&self, request: super::SampleRequest) -> Result<super::Sampled, ToolError> {
        self.asking(None).sample(request).await
    }

    /// Puts a form of `T`'s fields to the user (MCP elicitation) and reads
    /// their answer into a `T`, which derives
    /// [`ElicitForm`](super::ElicitForm) (so is a flat form, checked at
    /// compile time). An error when the client offers no elicitation, or
    /// its answer does not fit `T`.
    pub async fn elicit<T: super::ElicitForm>(
        &self,
        message: impl Into<String>,
    ) -> Result<super::Elicited<T>, ToolError> {
        self.asking(None).elicit(message).await
    }

    /// The client's roots (MCP `roots/list`): the folders it lets the
    /// server work in. An error when the client offers no roots.
    pub async fn roots(&self) -> Result<Vec<super::Root>, ToolError> {
        self.asking(None).roots().await
    }

    /// Whether the client that called offers `capability`: a tool that can
    /// do without asking checks before it asks. `false` outside MCP.
    pub fn client_offers(&self, capability: super::ClientCapability) -> bool {
        self.asking(None).offers(capability)
    }

    /// The next question under a `key` of the tool's choosing: on protocol
    /// 2026-07-28 the client sees it as `inputRequests.<key>`; without one
    /// the server names it (`input-1`, ...).
    ///
    /// ```no_run
    /// # use tackle::prelude::*;
    /// #[tackle::data]
    /// #[derive(Serialize, Deserialize, JsonSchema, ElicitForm)]
    /// struct Name { name: String }
    ///
    /// # async fn f(ctx: &ToolContext) -> Result<(), ToolError> {
    /// let answer = ctx.keyed("user_name").elicit::<Name>("What is your name?").await?;
    /// # Ok(()) }
    /// ```
    pub fn keyed(&self, key: impl Into<String>) -> super::Keyed<'_> {
        self.asking(Some(key.into()))
    }

    fn asking(&self, key: Option<String>) -> super::Keyed<'_> {
        super::Keyed::new(self.call.client(), super::Asking::Tool(self.tool), key)
    }

    /// Streams a chunk of output before the result.
    pub fn output(&self, chunk: impl AsRef<str>) {
        if let Some(sink) = self.call.sink() {
            sink.output(self.tool, chunk.as_ref());
        }
    }

    /// Ends what a tool declared `#[tool(task, asks_first)]` asks before
    /// its task: until it calls this, its questions
    /// ([`elicit`](Self::elicit), [`sample`](Self::sample)) are answered
    /// before the client is given a task; from here on the call runs on as
    /// the task. Nothing happens in a call that is no task.
    pub fn begin_task(&self) {
        if let Some(client) = self.call.client() {
            client.begin_task();
        }
    }

    /// Whether the caller cancelled the call.
    pub fn is_cancelled(&self) -> bool {
        self.call.cancellation().is_cancelled()
    }

    /// The call's cancellation token, to `select!` on.
    pub fn cancellation(&self) -> &Cancellation {
        self.call.cancellation()
    }

    /// Resolves a path the model gave for reading: relative to the working
    /// directory, `..` and symlinks followed; it must exist and stay inside
    /// the working directory or a search root. The error says why not, in
    /// words a model can act on.
    pub fn resolve_path(&self, path: impl AsRef<Path>) -> Result<PathBuf, ToolError> {
        super::paths::readable(self.working_directory(), self.search_roots(), path.as_ref())
    }

    /// Resolves a path the model gave for writing: it must stay inside the
    /// working directory (search roots are read-only); it need not exist.
    pub fn resolve_writable_path(&self, path: impl AsRef<Path>) -> Result<PathBuf, ToolError> {
        super::paths::writable(self.working_directory(), path.as_ref())
    }

    /// The plugin's context: id, version, agent folder, typed config, span.
    pub fn plugin(&self) -> &PluginContext<C> {
        &self.plugin
    }

    /// The plugin's typed config; shorthand for `ctx.plugin().config()`.
    pub fn config(&self) -> &C {
        self.plugin.config()
    }
}

impl<C> fmt::Debug for ToolContext<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolContext")
            .field("tool", &self.tool)
            .field("plugin", &self.plugin.id())
            .field("call", &self.call)
            .finish()
    }
}
