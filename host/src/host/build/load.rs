//! Loading the plugins: each one's config checked against its schema and
//! read, then its state started. A failure switches that plugin off with
//! the problem; it never unwinds out of the build.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tackle::HostServices;
use tackle::PluginInfo;
use tackle::def::PluginDef;
use tackle::hook::HookPoint;

use crate::host::LoadState;
use crate::host::contain::{contain, panic_message, start_within};
use crate::problems::{self, Problem};
use crate::registry::Registry;
use crate::services::Services;

/// Whether the plugin has anything to run at one of `points`.
pub(super) fn concerned(def: &PluginDef, points: &[HookPoint], registry: &Registry) -> bool {
    registry.hooks().iter().any(|h| {
        h.plugin.id == def.id && (h.point == HookPoint::AnyEvent || points.contains(&h.point))
    }) || (points.contains(&HookPoint::PermissionRequest) && !def.permission_rules.is_empty())
        || (points.contains(&HookPoint::SystemPrompt) && !def.context_files.is_empty())
}

/// Runs the state's `init`, if the plugin declares a state; an error or a
/// panic switches the plugin off with a problem saying so.
pub(super) async fn start(
    loaded: LoadState,
    def: &'static PluginDef,
    limit: Option<Duration>,
) -> LoadState {
    let (LoadState::Ready { info, config, .. }, Some(state_def)) = (&loaded, def.state) else {
        return loaded;
    };
    let started = start_within(|| (state_def.init)(info.clone(), config.clone()), limit).await;
    let failure = match started {
        Ok(Ok(state)) => {
            return LoadState::Ready {
                info: info.clone(),
                config: config.clone(),
                state: Some(state),
            };
        }
        Ok(Err(e)) => format!("its state `{}` failed to start: {e}", state_def.type_name),
        Err(panic) => format!(
            "its state `{}` panicked while starting: {}",
            state_def.type_name,
            panic_message(&panic)
        ),
    };
    tracing::error!(plugin = def.id, "{failure}");
    LoadState::Failed(vec![Problem::new(format!("plugins.{}", def.id), failure)])
}

/// Checks a plugin's block against its schema (all problems), then reads it.
pub(super) fn load(
    def: &'static PluginDef,
    block: Option<&serde_json::Value>,
    agent_dir: &Path,
    home_dir: Option<&Path>,
    services: &Arc<Services>,
) -> LoadState {
    let prefix = format!("plugins.{}", def.id);
    let keys = block.and_then(|b| b.as_object()).map_or(0, |m| m.len());
    if def.config.type_name.is_none() && keys > 0 {
        return LoadState::Failed(vec![Problem::new(
            prefix,
            format!(
                "plugin `{}` takes no config, but this block sets {keys} key(s); remove the block",
                def.id
            ),
        )]);
    }
    // The config's schema and `Deserialize` are the plugin's code: a panic
    // there fails this plugin, as one in its state's start does.
    let panicked = |panic| {
        let message = format!("its config code panicked: {}", panic_message(&panic));
        tracing::error!(plugin = def.id, "{message}");
        LoadState::Failed(vec![Problem::new(prefix.clone(), message)])
    };
    if let Some(block) = block.filter(|_| def.config.type_name.is_some()) {
        let found = match contain(|| problems::check((def.config.schema)(), block, true)) {
            Ok(found) => found,
            Err(panic) => return panicked(panic),
        };
        if !found.is_empty() {
            return LoadState::Failed(found.into_iter().map(|p| p.under(&prefix)).collect());
        }
    }
    let block = block.filter(|_| def.config.type_name.is_some()).cloned();
    let loaded = match contain(|| (def.config.load)(block)) {
        Ok(loaded) => loaded,
        Err(panic) => return panicked(panic),
    };
    match loaded {
        Ok(config) => LoadState::Ready {
            info: Arc::new(
                PluginInfo::new(def, agent_dir.to_path_buf())
                    .with_home_dir(home_dir.map(Path::to_path_buf))
                    .with_services(services.clone() as Arc<dyn HostServices>),
            ),
            config,
            state: None,
        },
        Err(problem) => LoadState::Failed(vec![problem.under(&prefix)]),
    }
}
