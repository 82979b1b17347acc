//! Plugin state: built once when the host starts, shared by every call,
//! disposed when it stops.

use std::future::Future;

use crate::PluginContext;

/// Any error, boxed: what `init` may fail with (`?` converts into it).
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// State a plugin keeps across calls: a cache, a open file, what each session
/// did recently. Declare it in `plugin! { state: MyState }`; tools receive it
/// as a `&MyState` parameter.
///
/// ```rust,standalone_crate
/// use std::collections::HashMap;
/// use std::sync::Mutex;
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "counter", config: CounterConfig, state: Counter }
///
/// #[tackle::data]
/// #[derive(Deserialize, JsonSchema, Default)]
/// pub struct CounterConfig {
///     /// Where counting starts.
///     pub start: u64,
/// }
///
/// /// Calls per session.
/// pub struct Counter {
///     start: u64,
///     per_session: Mutex<HashMap<String, u64>>,
/// }
///
/// impl PluginState for Counter {
///     type Config = CounterConfig;
///
///     async fn init(plugin: &PluginContext<CounterConfig>) -> Result<Self, BoxError> {
///         Ok(Counter { start: plugin.config().start, per_session: Mutex::default() })
///     }
/// }
///
/// /// Counts the calls made in this session.
/// #[tool]
/// fn count(ctx: &ToolContext, counter: &Counter) -> String {
///     let session = ctx.session_id().unwrap_or("none").to_owned();
///     let mut map = counter.per_session.lock().unwrap_or_else(|e| e.into_inner());
///     let n = map.entry(session).or_insert(counter.start);
///     *n += 1;
///     n.to_string()
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_runtime::testing::TestHost;
///
/// let host = TestHost::with_config(&["counter"], "[plugins.counter]\nstart = 10").await;
/// let count = || host.call_tool("count", serde_json::json!({}));
/// assert_eq!(count().await.text_content(), "11");
/// assert_eq!(count().await.text_content(), "12"); // the same state, call after call
/// host.host().shutdown().await; // runs `dispose`
/// # }
/// ```
///
/// Session-scoped data belongs in the state, keyed by the session id the
/// contexts carry; never in a `static`. The state is shared by concurrent
/// calls, so it must be `Send + Sync`: use interior mutability.
///
/// A plugin whose `init` fails, panics, or outlasts the host's
/// `init_timeout` (30 s in the CLI) is switched off and reported, and the
/// other plugins run.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a plugin's state",
    label = "the type in `plugin! {{ state: ... }}` must implement `tackle::PluginState`",
    note = "implement it: `impl PluginState for {Self} {{ type Config = /* the plugin's config, or () */; async fn init(plugin: &PluginContext<Self::Config>) -> Result<Self, BoxError> {{ ... }} }}`"
)]
pub trait PluginState: Sized + Send + Sync + 'static {
    /// The plugin's config type (`()` for a plugin without one).
    type Config: Send + Sync + 'static;

    /// Builds the state when the host starts, after the config was checked.
    fn init(
        plugin: &PluginContext<Self::Config>,
    ) -> impl Future<Output = Result<Self, BoxError>> + Send;

    /// Releases what the state holds when the host shuts down (flush a
    /// file, say goodbye to a server). Called once, after the last call.
    fn dispose(&self) -> impl Future<Output = ()> + Send {
        async {}
    }
}
