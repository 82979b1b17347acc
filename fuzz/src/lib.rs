//! What the fuzz targets share: one host with the plugins whose tools and
//! commands they call, built once per process.

use std::sync::OnceLock;

use tackle_runtime::Host;
use tokio::runtime::Runtime;

tackle_runtime::link!(metrics, textkit, slash);

pub use tackle_runtime::fuzzing::{EXPECTED_PANICS, TOOLS};

/// The runtime and the host, built on first use.
pub fn host() -> &'static (Runtime, Host) {
    static HOST: OnceLock<(Runtime, Host)> = OnceLock::new();
    HOST.get_or_init(|| {
        // `/boom` panics by design; libFuzzer's hook would abort on it.
        let abort = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| info.payload().downcast_ref::<String>().map(String::as_str));
            if !message.is_some_and(|m| EXPECTED_PANICS.contains(&m)) {
                abort(info);
            }
        }));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let dir = std::env::temp_dir().join(format!("tackle-fuzz-host-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch agent folder");
        let host = runtime
            .block_on(
                Host::builder()
                    .agent_dir(&dir)
                    .discover_plugins(false)
                    .build(),
            )
            .expect("the fuzz host builds");
        (runtime, host)
    })
}
