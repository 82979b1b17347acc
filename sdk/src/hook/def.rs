//! The static description `#[hook]` registers.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use super::call::HookCall;
use super::decision::Decision;
use super::outcome::HookId;
use super::points::HookPoint;
use crate::location::SourceLocation;
use crate::plugin::PluginDef;

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

impl fmt::Debug for HookHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HookHandler::Sync(_) => "HookHandler::Sync",
            HookHandler::Async(_) => "HookHandler::Async",
        })
    }
}

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
    inventory::iter::<crate::__private::HookRegistration>
        .into_iter()
        .map(|r| r.0)
}
