//! The tools of the tasks extension's scenarios (SEP-2663): tools that
//! may or must run as MCP tasks, and one that never does. A task is the
//! server's choice: each of these runs as one when the client's request
//! declares the extension, and `failing_job` and `test_tool_with_task`
//! only then.

use std::time::Duration;

use tackle::prelude::*;
use tackle::tool::Elicited;
use tackle::{ToolContext, ToolError};

/// Says hello: an ordinary tool, never a task.
#[tackle::tool]
fn greet(
    /// Who to greet
    name: String,
) -> String {
    format!("Hello, {name}!")
}

/// Waits `seconds`, then says it is done; stops as soon as it is cancelled.
#[tackle::tool(task)]
async fn slow_compute(
    ctx: &ToolContext,
    /// How long to work
    seconds: u64,
    /// A name for the result
    label: String,
) -> Result<String, ToolError> {
    ctx.progress(0.0, format!("{label}: working for {seconds} s"));
    tokio::select! {
        () = tokio::time::sleep(Duration::from_secs(seconds)) => {
            Ok(format!("{label}: done after {seconds} s"))
        }
        () = ctx.cancellation().cancelled() => Err(ToolError::new(format!("{label}: cancelled"))),
    }
}

/// Fails after a second, as tools fail: with an error result.
#[tackle::tool(task = required)]
async fn failing_job() -> Result<String, ToolError> {
    tokio::time::sleep(Duration::from_secs(1)).await;
    Err(ToolError::new("the job failed, as it always does"))
}

/// Panics: the server fails the call (a task settles `failed`).
#[tackle::tool(task)]
async fn protocol_error_job() -> String {
    panic!("protocol_error_job always panics")
}

/// The user's yes or no.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Confirm {
    /// Whether to go on
    pub confirm: bool,
}

/// Asks the user before it deletes `filename` (it deletes nothing).
#[tackle::tool(task)]
async fn confirm_delete(
    ctx: &ToolContext,
    /// The file to delete
    filename: String,
) -> Result<String, ToolError> {
    let answer = ctx.elicit::<Confirm>(format!("Delete {filename}?")).await?;
    Ok(match answer {
        Elicited::Accepted(Confirm { confirm: true }) => format!("Deleted {filename}"),
        _ => format!("Kept {filename}"),
    })
}

/// Asks the user two things at once.
#[tackle::tool(task)]
async fn multi_input(ctx: &ToolContext) -> Result<String, ToolError> {
    let (first, second) = tokio::join!(
        ctx.elicit::<Confirm>("First of two: go on?"),
        ctx.elicit::<Confirm>("Second of two: go on?"),
    );
    let yes = |answer: Result<Elicited<Confirm>, ToolError>| -> Result<bool, ToolError> {
        Ok(matches!(
            answer?,
            Elicited::Accepted(Confirm { confirm: true })
        ))
    };
    Ok(format!("first: {}, second: {}", yes(first)?, yes(second)?))
}

/// Who the user is.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct UserName {
    /// Your name
    pub name: String,
}

/// Asks the user's name before its task begins, then greets them in it.
#[tackle::tool(task = required, asks_first)]
async fn test_tool_with_task(ctx: &ToolContext) -> Result<String, ToolError> {
    let name = match ctx.elicit::<UserName>("What is your name?").await? {
        Elicited::Accepted(user) => user.name,
        _ => return Err(ToolError::new("the user gave no name")),
    };
    ctx.begin_task();
    Ok(format!("Hello, {name}! (greeted in a task)"))
}
