//! The OpenCode and Pi shims: a shared JavaScript core (`shims/core.js`)
//! and each agent's hooks (`opencode/shim.js`, `pi/shim.ts`), filled in
//! with the binary's path and the events the plugins need.

use serde::Serialize;

use super::files::Ordered;
use super::package::Package;
use super::quote;

const CORE: &str = include_str!("shims/core.js");

/// The shim's source: the core, then `hooks`, with the binary at
/// `bin_url` (relative to the shim's own file) and the hook-only build, if
/// the package ships one, beside it.
pub(crate) fn source(package: &Package<'_>, bin_url: &str, hooks: &str) -> String {
    let agent = package.plan.agent;
    let events = events(package);
    let events = serde_json::to_string_pretty(&events).unwrap_or_default();
    let runs = package.for_hooks();
    let hook_url = match bin_url.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/{}", runs.bin),
        None => runs.bin.clone(),
    };
    let mut text = CORE
        .replace("__TACKLE_HOOK_BIN_NAME__", &runs.bin)
        .replace("__TACKLE_HOOK_BIN_URL__", &quote::string(&hook_url))
        .replace(
            "__TACKLE_HOOK_WINDOWS_BINS__",
            &windows_bins(&runs, &hook_url),
        )
        .replace("__TACKLE_BIN_NAME__", &package.bin)
        .replace("__TACKLE_AGENT__", agent.name())
        .replace("__TACKLE_AGENT_JSON__", &quote::string(agent.name()))
        .replace("__TACKLE_BIN_URL__", &quote::string(bin_url))
        .replace("__TACKLE_WINDOWS_BINS__", &windows_bins(package, bin_url))
        .replace("__TACKLE_EVENTS__", &events);
    text.push_str(hooks);
    text
}

/// The Windows builds of a multi-platform package as a JSON object from
/// Node's `process.arch` (`x64`, `arm64`) to each `.exe`'s URL relative to
/// the shim, beside the launcher at `bin_url`; the first build of an
/// architecture wins. `{}` when the package ships no Windows build.
fn windows_bins(package: &Package<'_>, bin_url: &str) -> String {
    let dir = bin_url.rsplit_once('/').map_or("", |(dir, _)| dir);
    let mut bins = std::collections::BTreeMap::new();
    for target in package
        .targets
        .iter()
        .filter(|t| t.triple.contains("-windows-"))
    {
        let arch = if target.triple.starts_with("aarch64-") {
            "arm64"
        } else {
            "x64"
        };
        bins.entry(arch)
            .or_insert_with(|| format!("{dir}/{}/{}.exe", target.triple, package.bin));
    }
    serde_json::to_string(&bins).unwrap_or_else(|_| "{}".to_owned())
}

/// What a generated shim knows of one native event it registers.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ShimEvent {
    /// The tools its hooks concern (`null`: every tool), by the agent's
    /// names.
    tools: Option<Vec<String>>,
    /// How long the shim waits for the binary.
    timeout_ms: u64,
    /// Whether a fail-closed hook guards it.
    fail_closed: FailClosed,
}

/// `true`: a fail-closed hook guards every call; a list: only calls of
/// those tools; `false`: none.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum FailClosed {
    All(bool),
    Tools(Vec<String>),
}

/// What a generated shim knows of each native event it registers: the
/// tools its hooks concern, its timeout, and whether a fail-closed hook
/// guards it. The JS shims and SuperQode's Python module read the same
/// table.
pub(crate) fn events(package: &Package<'_>) -> Ordered<ShimEvent> {
    let agent = package.plan.agent;
    Ordered(
        package
            .plan
            .registrations
            .iter()
            .map(|r| {
                let fail_closed = match &r.closed {
                    None => FailClosed::All(false),
                    Some(filter) => filter
                        .native_names(agent)
                        .map_or(FailClosed::All(true), FailClosed::Tools),
                };
                let event = ShimEvent {
                    tools: r.filter.native_names(agent),
                    timeout_ms: r.timeout_ms(),
                    fail_closed,
                };
                (r.event, event)
            })
            .collect(),
    )
}
