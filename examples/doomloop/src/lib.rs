//! Doom-loop breaker: stops an agent that repeats the same tool call.
//!
//! An example tackle plugin with per-session state. Models sometimes retry
//! the same failing call over and over (the same `cargo test`, the same
//! edit). The plugin keeps, per session, the last tool call (its name and
//! a fingerprint of its arguments, compared as JSON) and how many times in
//! a row it was made: a [`Streak`], taken as `&Session<Streak>`. Its
//! `before_tool_call` hook denies the call that reaches the configured
//! `threshold` (the third, by default), with a reason that tells the model
//! to change approach. A different call starts a new streak.
//!
//! The streak lives in the host's session store, so it counts the same in
//! an embedding host and through the hook binary, where the agent starts a
//! new process for every call: there it is kept on disk, and calls made at
//! once are all counted. The store forgets a session at `session_end` and
//! after a day without calls.
//!
//! ```toml
//! [plugins.doom-loop]
//! threshold = 4        # deny the fourth identical call in a row
//! ```

#![warn(missing_docs)]

mod streak;

use tackle::prelude::*;

pub use streak::Streak;

tackle::plugin! {
    id: "doom-loop",
    name: "Doom-loop breaker",
    description: "Denies the same tool call made too many times in a row, telling the model to change approach.",
    config: DoomLoopConfig,
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
}

impl Default for DoomLoopConfig {
    fn default() -> Self {
        DoomLoopConfig { threshold: 3 }
    }
}

/// Denies a tool call once it has been made `threshold` times in a row.
#[hook(before_tool_call)]
fn break_the_loop(
    ev: &BeforeToolCall,
    ctx: &HookContext<DoomLoopConfig>,
    streak: &Session<Streak>,
) -> Result<Decision, SessionError> {
    let count = streak.update(|streak| streak.record(&ev.tool_name, &ev.arguments))?;
    if count < ctx.config().threshold {
        return Ok(Decision::abstain());
    }
    Ok(Decision::deny(format!(
        "doom-loop refused this call: `{}` has now been called {count} times in a row with \
         the same arguments, and repeating it will not give a different result. Change \
         approach: read the last result or error again, try different arguments or another \
         tool, or ask the user for help.",
        ev.tool_name
    )))
}

/// Forgets an ended session's streak. (The store forgets the whole session
/// after this; the hook also has agents send `session_end` to the hook
/// binary at all, which they do only for events some hook listens to.)
#[hook(session_end)]
fn forget_session(_: &SessionEnd, streak: &Session<Streak>) -> Result<(), SessionError> {
    streak.clear()
}
