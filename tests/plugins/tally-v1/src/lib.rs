//! `tally` 1.0.0: counts a session's tool calls, and says the count in
//! each call's context (`tally 1.0.0: call N`). Its session value is a
//! plain counter; version 2 (`tally-v2`) keeps another shape under the same
//! plugin id, so that two versions side by side on a fleet's replicas
//! (a rolling upgrade) show whether either misreads or overwrites the
//! other's values.

use tackle::prelude::*;

tackle::plugin! {
    id: "tally",
    description: "Counts a session's tool calls.",
}

/// The count, as version 1 keeps it.
#[tackle::data]
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Count {
    /// Calls so far.
    pub n: u32,
}

/// Counts the call and says the count.
#[hook(before_tool_call)]
fn tally(_: &BeforeToolCall, count: &Session<Count>) -> Result<Decision, SessionError> {
    let n = count.update(|c| {
        c.n += 1;
        c.n
    })?;
    Ok(Decision::abstain().with_context(format!("tally 1.0.0: call {n}")))
}
