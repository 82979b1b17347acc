//! Glue between a plugin's `PluginState` and the type-erased `StateDef`.

use std::sync::Arc;

use crate::future::BoxFuture;
use crate::plugin::{AnyConfig, AnyState, StateDef};
use crate::{PluginContext, PluginInfo, PluginState};

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
