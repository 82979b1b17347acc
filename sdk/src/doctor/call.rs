//! One run of one check, as the runtime hands it to the generated glue.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::DoctorCheckDef;
use super::context::DoctorContext;
use crate::plugin::{AnyConfig, AnyState};
use crate::plugin::{PluginContext, PluginInfo};

/// Everything a check's glue needs: the plugin's loaded config and state,
/// and the check itself. All borrowed.
#[derive(Clone, Copy)]
pub struct DoctorCall<'a> {
    plugin: &'a Arc<PluginInfo>,
    config: &'a AnyConfig,
    state: Option<&'a AnyState>,
    check: &'static DoctorCheckDef,
}

impl<'a> DoctorCall<'a> {
    /// Assembled by the runtime for each check it runs.
    pub fn new(
        plugin: &'a Arc<PluginInfo>,
        config: &'a AnyConfig,
        state: Option<&'a AnyState>,
        check: &'static DoctorCheckDef,
    ) -> Self {
        DoctorCall {
            plugin,
            config,
            state,
            check,
        }
    }

    /// The check's context, typed by `C` (`()` or the plugin's config type).
    pub fn context<C: Any + Send + Sync>(&self) -> Result<DoctorContext<C>, String> {
        let config = crate::invocation::config_or_error::<C>(self.plugin, self.config)?;
        Ok(DoctorContext::new(
            PluginContext::new(self.plugin.clone(), config),
            self.check,
        ))
    }

    /// The plugin's state, typed.
    pub fn state<S: Any + Send + Sync>(&self) -> Result<&'a S, String> {
        crate::invocation::state_ref(self.plugin, self.state)
    }

    /// The check being run.
    pub fn check(&self) -> &'static DoctorCheckDef {
        self.check
    }
}

impl fmt::Debug for DoctorCall<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DoctorCall")
            .field("check", &self.check.id())
            .finish_non_exhaustive()
    }
}
