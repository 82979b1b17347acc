//! The hidden plugin marker `plugin!` declares, and its typed config.

use std::any::Any;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::plugin::{AnyConfig, PluginDef};

/// Implemented by the hidden type `plugin!` declares at a crate root; every
/// item macro in the crate names it to find its plugin.
pub trait PluginDecl: 'static {
    /// The plugin's declaration.
    const DEF: &'static PluginDef;
    /// Its config type (`()` without one), for items whose parameters must
    /// name it.
    type Config;
}

/// A type that can be a plugin's config.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a plugin config",
    label = "a plugin config must implement `Deserialize`, `JsonSchema` and `Default`",
    note = "derive them: `#[tackle::data] #[derive(Deserialize, JsonSchema, Default)]`; the config must also be `Send + Sync + 'static`"
)]
pub trait PluginConfig: DeserializeOwned + JsonSchema + Default + Send + Sync + 'static {}

impl<T: DeserializeOwned + JsonSchema + Default + Send + Sync + 'static> PluginConfig for T {}

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
