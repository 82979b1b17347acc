//! `#[doctor_check]`: sync and async checks, every parameter tackle fills,
//! the options, `Result` returns; the registered definitions are run here
//! by hand, as the host runs them.

use std::sync::Arc;

use tackle::def::linked_checks;
use tackle::doctor::{CheckHandler, CheckStatus, DoctorCall};
use tackle::prelude::*;

tackle::plugin! { id: "doc", config: DocConfig, state: DocState }

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct DocConfig {
    /// The folder to look for.
    pub folder: String,
}

pub struct DocState {
    seen: usize,
}

impl PluginState for DocState {
    type Config = DocConfig;

    async fn init(_: &PluginContext<DocConfig>) -> Result<Self, BoxError> {
        Ok(DocState { seen: 3 })
    }
}

/// The folder exists.
#[doctor_check(name = "folder", category = "files")]
fn folder_exists(ctx: &DoctorContext<DocConfig>, state: &DocState) -> CheckResult {
    let path = ctx.agent_path(&ctx.config().folder);
    if path.is_dir() {
        CheckResult::ok(format!("`{}` is there ({} seen)", path.display(), state.seen))
    } else {
        CheckResult::warn("missing").with_fix(Fix::new("create it", [path.clone()], move || {
            std::fs::create_dir_all(&path)
        }))
    }
}

/// Async, untyped context, `Result` return.
#[doctor_check]
async fn reachable(ctx: &DoctorContext) -> Result<CheckResult, String> {
    if ctx.check_name() == "reachable" {
        Ok(CheckResult::ok("reachable"))
    } else {
        Err("wrong name".to_owned())
    }
}

/// No parameters; an error becomes a failure.
#[doctor_check]
fn broken() -> Result<CheckResult, std::io::Error> {
    Err(std::io::Error::other("disk on fire"))
}

fn main() {
    let plugin = tackle::def::linked_plugins()
        .find(|p| p.id == "doc")
        .expect("plugin `doc` is registered");
    let info = Arc::new(tackle::PluginInfo::new(plugin, std::env::temp_dir()));
    let config = (plugin.config.load)(Some(tackle::serde_json::json!({ "folder": "." })))
        .expect("config");
    let state: tackle::def::AnyState = Arc::new(DocState { seen: 3 });

    let mut checks: Vec<_> = linked_checks().filter(|c| c.plugin.id == "doc").collect();
    checks.sort_by_key(|c| c.location);
    let names: Vec<_> = checks.iter().map(|c| (c.name, c.category)).collect();
    assert_eq!(
        names,
        [("folder", Some("files")), ("reachable", None), ("broken", None)]
    );
    assert_eq!(checks[0].description, "The folder exists.");

    let run = |i: usize| {
        let call = DoctorCall::new(&info, &config, Some(&state), checks[i]);
        match checks[i].handler {
            CheckHandler::Sync(glue) => glue(call),
            CheckHandler::Async(glue) => {
                tackle::__private::ready_now(glue(call)).expect("ready at once")
            }
        }
        .expect("the glue fills every parameter")
    };
    let folder = run(0);
    assert_eq!(folder.status(), CheckStatus::Ok, "{}", folder.message());
    assert!(folder.message().ends_with("(3 seen)"), "{}", folder.message());
    let reachable = run(1);
    assert_eq!(reachable.status(), CheckStatus::Ok);
    let broken = run(2);
    assert_eq!(broken.status(), CheckStatus::Fail);
    assert_eq!(broken.message(), "the check failed: disk on fire");
}
