//! `tally` 2.0.0: the same plugin as `tally-v1`, its session value in a new
//! shape (the count under another name and type, and the last tool), and
//! its context `tally 2.0.0: call N after TOOL`.

use tackle::prelude::*;

tackle::plugin! {
    id: "tally",
    description: "Counts a session's tool calls, and remembers the last tool.",
}

/// The count, as version 2 keeps it.
#[tackle::data]
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Count {
    /// Calls so far.
    pub calls: u64,
    /// The last call's tool.
    pub last: String,
}

/// Counts the call and says the count and the tool before it.
#[hook(before_tool_call)]
fn tally(ev: &BeforeToolCall, count: &Session<Count>) -> Result<Decision, SessionError> {
    let (calls, last) = count.update(|c| {
        c.calls += 1;
        let last = std::mem::replace(&mut c.last, ev.tool_name.clone());
        (c.calls, last)
    })?;
    Ok(Decision::abstain().with_context(format!("tally 2.0.0: call {calls} after {last:?}")))
}
