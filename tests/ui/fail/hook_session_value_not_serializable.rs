// A session value must be saved as JSON and have a default: `&Session<T>`
// of a type that is neither is refused where it is written.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Not `Serialize`, `Deserialize` or `Default`.
pub struct Streak {
    count: u32,
}

/// Counts the calls of a session.
#[hook(before_tool_call)]
fn count(ev: &BeforeToolCall, streak: &Session<Streak>) -> Result<(), SessionError> {
    let _ = ev;
    streak.update(|s| s.count += 1)
}

fn main() {}
