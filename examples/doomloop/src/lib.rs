//! Doom-loop breaker: stops an agent that repeats the same tool call.
//!
//! An example tackle plugin with state. Models sometimes retry the same
//! failing call over and over (the same `cargo test`, the same edit). The
//! plugin remembers, per session, the last tool call (its name and its
//! arguments, compared as JSON) and how many times in a row it was made; its
//! `before_tool_call` hook denies the call that reaches the configured
//! `threshold` (the third, by default), with a reason that tells the model to
//! change approach. A different call starts a new streak, and a
//! `session_end` hook forgets the session. Agents that crash never end their
//! sessions, so an hourly cron job forgets sessions idle for too long.
//!
//! ```toml
//! [plugins.doom-loop]
//! threshold = 4        # deny the fourth identical call in a row
//! max_idle_hours = 12  # forget sessions idle this long (default 24)
//! ```

#![warn(missing_docs)]

mod streaks;

use tackle::prelude::*;

pub use streaks::Streaks;

tackle::plugin! {
    id: "doom-loop",
    name: "Doom-loop breaker",
    description: "Denies the same tool call made too many times in a row, telling the model to change approach.",
    config: DoomLoopConfig,
    state: Streaks,
}

/// Settings from the host config's `[plugins.doom-loop]` block.
#[tackle::data]
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DoomLoopConfig {
    /// The identical call, in a row, that is denied: 3 lets a call be
    /// retried once and denies the third attempt.
    #[schemars(range(min = 2))]
    pub threshold: u32,
    /// Hours without a call after which a session is forgotten (the hourly
    /// `prune_sessions` job; sessions that end are forgotten at once).
    #[schemars(range(min = 1))]
    pub max_idle_hours: u64,
}

impl Default for DoomLoopConfig {
    fn default() -> Self {
        DoomLoopConfig {
            threshold: 3,
            max_idle_hours: 24,
        }
    }
}

impl PluginState for Streaks {
    type Config = DoomLoopConfig;

    async fn init(_plugin: &PluginContext<DoomLoopConfig>) -> Result<Self, BoxError> {
        Ok(Streaks::default())
    }
}

/// Denies a tool call once it has been made `threshold` times in a row.
#[hook(before_tool_call)]
fn break_the_loop(
    ev: &BeforeToolCall,
    ctx: &HookContext<DoomLoopConfig>,
    streaks: &Streaks,
) -> Decision {
    let count = streaks.record(ctx.session_id(), &ev.tool_name, &ev.arguments);
    if count < ctx.config().threshold {
        return Decision::ABSTAIN;
    }
    Decision::deny(format!(
        "doom-loop refused this call: `{}` has now been called {count} times in a row with \
         the same arguments, and repeating it will not give a different result. Change \
         approach: read the last result or error again, try different arguments or another \
         tool, or ask the user for help.",
        ev.tool_name
    ))
}

/// Forgets an ended session's streak.
#[hook(session_end)]
fn forget_session(ev: &SessionEnd, streaks: &Streaks) {
    streaks.forget(&ev.session_id);
}

/// Forgets sessions idle for `max_idle_hours`: an agent that crashed never
/// sent `session_end`, and its streak would be kept forever.
#[cron("17 * * * *")]
fn prune_sessions(ctx: &CronContext<DoomLoopConfig>, streaks: &Streaks) {
    let max_idle = std::time::Duration::from_secs(ctx.config().max_idle_hours.saturating_mul(3600));
    let pruned = streaks.prune_idle(ctx.scheduled(), max_idle);
    tackle::tracing::info!(pruned, kept = streaks.len(), "pruned idle sessions");
}
