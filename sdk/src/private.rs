//! What generated code reaches through `::tackle::__private`. Not a public
//! API: names here change without notice.

use std::any::Any;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

pub use inventory;
pub use schemars;
pub use serde;
pub use serde_json;
pub use tracing;

pub use crate::def::{
    AnyConfig, AnyState, BoxFuture, ConfigDef, PluginDef, PluginRegistration, StateDef, ToolDef,
    ToolHandler, ToolRegistration,
};
pub use crate::invocation::{HandlerError, Invocation};
pub use crate::location::SourceLocation;
pub use crate::tool::{IntoToolResult, ToolResult};

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{PluginContext, PluginInfo, PluginState};

/// Implemented by the hidden type `plugin!` declares at a crate root; every
/// item macro in the crate names it to find its plugin.
pub trait PluginDecl: 'static {
    /// The plugin's declaration.
    const DEF: &'static PluginDef;
}

/// A type that can be a plugin's config.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a plugin config",
    label = "a plugin config must implement `Deserialize`, `JsonSchema` and `Default`",
    note = "derive them: `#[tackle::data] #[derive(Deserialize, JsonSchema, Default)]`; the config must also be `Send + Sync + 'static`"
)]
pub trait PluginConfig: DeserializeOwned + JsonSchema + Default + Send + Sync + 'static {}

impl<T: DeserializeOwned + JsonSchema + Default + Send + Sync + 'static> PluginConfig for T {}

/// A type the glue can hand a tool for a reference parameter `&T`.
///
/// `plugin!` implements it for `ToolContext<()>`, `ToolContext<Config>`,
/// `PluginContext<()>` and `PluginContext<Config>` of its own plugin, and
/// for its state type.
#[diagnostic::on_unimplemented(
    message = "a tool of this plugin cannot take `&{Self}`",
    label = "tackle fills reference parameters itself, and it has no `{Self}` to give",
    note = "reference parameters are filled by tackle: `&ToolContext`, `&ToolContext<Config>`, `&PluginContext<Config>` (`Config`: the type in `plugin! {{ config: ... }}`), or `&State` (the type in `plugin! {{ state: ... }}`)",
    note = "arguments from the model are taken by value, never by `&`: `path: String`, `lines: Vec<u32>`"
)]
pub trait FromInvocation<P>: Sized {
    /// Builds the value the tool borrows for one call.
    fn from_invocation(invocation: &Invocation) -> Result<Held<Self>, HandlerError>;
}

/// What the glue holds while a tool borrows it: a context built for the
/// call, or the plugin's shared state. A concrete type rather than an
/// associated one, so that a parameter tackle cannot fill is one error, not
/// one per use.
#[derive(Debug)]
pub enum Held<T> {
    /// Built for this call.
    Owned(T),
    /// Shared by every call.
    Shared(Arc<T>),
}

impl<T> Deref for Held<T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Held::Owned(value) => value,
            Held::Shared(value) => value,
        }
    }
}

/// Builds a [`StateDef`] for `S`; `plugin!` calls it where the state type is
/// written, so a type that is not a `PluginState` of this plugin's config
/// fails there (rustc then points at the state's `type Config`).
pub const fn state_def<S: PluginState<Config = C>, C>(type_name: &'static str) -> StateDef {
    StateDef {
        type_name,
        init: init_state::<S>,
        dispose: dispose_state::<S>,
    }
}

fn init_state<S: PluginState>(
    info: Arc<PluginInfo>,
    config: AnyConfig,
) -> BoxFuture<Result<AnyState, String>> {
    Box::pin(async move {
        let Some(config) = crate::invocation::typed_config::<S::Config>(&config) else {
            return Err(format!(
                "the state's config type `{}` is not the plugin's",
                std::any::type_name::<S::Config>()
            ));
        };
        let context = PluginContext::new(info, config);
        match S::init(&context).await {
            Ok(state) => Ok(Arc::new(state) as AnyState),
            Err(e) => Err(crate::tool::error_chain(&*e)),
        }
    })
}

fn dispose_state<S: PluginState>(state: AnyState) -> BoxFuture<()> {
    Box::pin(async move {
        if let Ok(state) = state.downcast::<S>() {
            state.dispose().await;
        }
    })
}

/// A schema computed on first use and kept for the life of the process.
/// Each item macro declares its own `static` cell, so each type gets one.
#[derive(Debug)]
pub struct SchemaCell(OnceLock<Value>);

impl SchemaCell {
    /// An empty cell, for a `static`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        SchemaCell(OnceLock::new())
    }

    /// The portable schema of `T` (an input or config schema: object root).
    pub fn input<T: JsonSchema>(&'static self) -> &'static Value {
        self.0.get_or_init(crate::schema::portable::<T>)
    }
}

/// A cell for an optional output schema.
#[derive(Debug)]
pub struct OutputSchemaCell(OnceLock<Option<Value>>);

impl OutputSchemaCell {
    /// An empty cell, for a `static`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        OutputSchemaCell(OnceLock::new())
    }

    /// The output schema of a tool returning `R`, if it has one.
    pub fn get<R: IntoToolResult>(&'static self) -> Option<&'static Value> {
        self.0.get_or_init(R::output_schema).as_ref()
    }
}

/// Reads a config block into `C`, or `C::default()` when there is none.
pub fn load_config<C: PluginConfig>(block: Option<Value>) -> Result<AnyConfig, crate::Problem> {
    let config: C = match block {
        None => C::default(),
        Some(value) => serde_path_to_error::deserialize(value).map_err(|e| {
            let path = crate::args::render_path(e.path());
            crate::args::describe(path, &e.into_inner().to_string())
        })?,
    };
    Ok(Arc::new(config) as Arc<dyn Any + Send + Sync>)
}

/// Turns whatever a tool function returned into its result.
pub fn into_result<R: IntoToolResult>(value: R) -> ToolResult {
    value.into_tool_result()
}

/// Whether `module_path!()` names a crate root (no `::`), checked in a const
/// so that `plugin!` written inside a module fails to compile, saying why.
pub const fn is_crate_root(module_path: &str) -> bool {
    let bytes = module_path.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b':' && bytes[i + 1] == b':' {
            return false;
        }
        i += 1;
    }
    true
}
