// A plugin with config and state: tools borrow the state, which `init`
// builds from the typed config, and `dispose` runs at shutdown.
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::json;
use tackle::prelude::*;
use tackle_runtime::{CallInfo, Host};

tackle::plugin! {
    id: "stateful",
    description: "Keeps a tally.",
    config: TallyConfig,
    state: Tally,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct TallyConfig {
    /// Where the tally starts.
    pub start: u32,
}

pub struct Tally {
    count: Mutex<u32>,
}

static DISPOSED: AtomicBool = AtomicBool::new(false);

impl PluginState for Tally {
    type Config = TallyConfig;

    async fn init(plugin: &PluginContext<TallyConfig>) -> Result<Self, BoxError> {
        Ok(Tally { count: Mutex::new(plugin.config().start) })
    }

    async fn dispose(&self) {
        DISPOSED.store(true, Ordering::SeqCst);
    }
}

/// Adds one to the tally.
#[tool]
fn bump(tally: &Tally, ctx: &ToolContext<TallyConfig>) -> String {
    let mut count = tally.count.lock().expect("not poisoned");
    *count += 1;
    format!("{} (from {})", *count, ctx.config().start)
}

/// Reads the tally from an async body.
#[tool]
async fn read(tally: &Tally) -> String {
    tally.count.lock().expect("not poisoned").to_string()
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder()
            .config_toml("[plugins.stateful]\nstart = 40\n", "<inline>")
            .strict(true)
            .build()
            .await
            .expect("the host builds");
        let call = |tool: &'static str| {
            let host = &host;
            async move {
                host.call_tool(tool, json!({}), CallInfo::new("."))
                    .await
                    .expect("callable")
                    .text_content()
            }
        };
        assert_eq!(call("bump").await, "41 (from 40)");
        assert_eq!(call("bump").await, "42 (from 40)");
        assert_eq!(call("read").await, "42");
        assert!(!DISPOSED.load(Ordering::SeqCst));
        host.shutdown().await;
        assert!(DISPOSED.load(Ordering::SeqCst));
    });
}
