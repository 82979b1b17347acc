//! The tools the 2026-07-28 scenarios call to ask the client in the
//! middle of a call (SEP-2322: the call answers an `InputRequiredResult`,
//! and the client calls again with the answers), and the diagnostic tools
//! of the stateless server's scenarios (SEP-2575). Each is an ordinary
//! tool that asks with `ctx.sample`, `ctx.elicit` or `ctx.roots`; tackle
//! turns the ask into the round trips the client's revision speaks.

use tackle::prelude::*;
use tackle::tool::{ClientCapability, Elicited, LogLevel, SampleRequest};
use tackle::{ToolContext, ToolError};

/// A name to ask for.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Name {
    /// Your name
    pub name: String,
}

/// A colour to ask for.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Color {
    /// Your favorite color
    pub color: String,
}

/// A yes or no to ask for.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Confirm {
    /// Whether to go on
    pub ok: bool,
}

/// The user's answer, or what they did instead.
fn accepted<T>(answer: Elicited<T>) -> Result<T, ToolError> {
    match answer {
        Elicited::Accepted(value) => Ok(value),
        Elicited::Declined => Err(ToolError::new("the user declined")),
        Elicited::Cancelled => Err(ToolError::new("the user cancelled")),
    }
}

/// Asks the user to confirm: `state-ok` once the answer came back with
/// the sealed `requestState` of the round that asked.
async fn confirmed(ctx: &ToolContext) -> Result<String, ToolError> {
    let Confirm { ok } = accepted(ctx.elicit::<Confirm>("Please confirm").await?)?;
    Ok(format!("state-ok: confirmed={ok}"))
}

/// Asks the user's name, under the key `user_name`, then greets them.
#[tackle::tool]
async fn test_input_required_result_elicitation(ctx: &ToolContext) -> Result<String, ToolError> {
    let answer = ctx
        .keyed("user_name")
        .elicit::<Name>("What is your name?")
        .await?;
    let Name { name } = accepted(answer)?;
    Ok(format!("Hello, {name}!"))
}

/// Asks the client for its roots.
#[tackle::tool]
async fn test_input_required_result_list_roots(ctx: &ToolContext) -> Result<String, ToolError> {
    let roots = ctx.keyed("client_roots").roots().await?;
    let uris: Vec<&str> = roots.iter().map(|r| r.uri.as_str()).collect();
    Ok(format!(
        "Found {} root(s): {}",
        roots.len(),
        uris.join(", ")
    ))
}

/// Asks three things at once: the user's name, a greeting from the
/// client's model and the client's roots, in one round.
#[tackle::tool]
async fn test_input_required_result_multiple_inputs(
    ctx: &ToolContext,
) -> Result<String, ToolError> {
    let (name, greeting, roots) = tokio::join!(
        ctx.keyed("user_name").elicit::<Name>("What is your name?"),
        ctx.keyed("greeting")
            .sample(SampleRequest::user("Generate a greeting", 50)),
        ctx.keyed("client_roots").roots(),
    );
    let Name { name } = accepted(name?)?;
    Ok(format!(
        "Name: {name}, greeting: {}, roots: {}",
        greeting?.text(),
        roots?.len()
    ))
}

/// Asks only what the client offers: a form if it offers elicitation, its
/// model if it offers sampling.
#[tackle::tool]
async fn test_input_required_result_capabilities(ctx: &ToolContext) -> Result<String, ToolError> {
    let mut answers = Vec::new();
    if ctx.client_offers(ClientCapability::Elicitation) {
        let Name { name } = accepted(ctx.elicit::<Name>("What is your name?").await?)?;
        answers.push(format!("name: {name}"));
    }
    if ctx.client_offers(ClientCapability::Sampling) {
        let answer = ctx
            .sample(SampleRequest::user("Generate a greeting", 50))
            .await?;
        answers.push(format!("greeting: {}", answer.text()));
    }
    Ok(format!(
        "Asked what the client offers: {}",
        answers.join(", ")
    ))
}

/// Needs the client's model: a client that does not offer sampling is
/// refused before the tool runs.
#[tackle::tool(needs(sampling))]
async fn test_missing_capability(ctx: &ToolContext) -> Result<String, ToolError> {
    let answer = ctx.sample(SampleRequest::user("Say hello", 20)).await?;
    Ok(format!("Success: {}", answer.text()))
}

/// Asks the client's model a question.
#[tackle::tool]
async fn test_input_required_result_sampling(ctx: &ToolContext) -> Result<String, ToolError> {
    let answer = ctx
        .sample(SampleRequest::user("What is the capital of France?", 100))
        .await?;
    Ok(format!("Sampling result: {}", answer.text()))
}

/// Asks for a confirmation; the answer comes back with the sealed
/// `requestState` the first round gave.
#[tackle::tool]
async fn test_input_required_result_request_state(ctx: &ToolContext) -> Result<String, ToolError> {
    confirmed(ctx).await
}

/// Asks twice, one round after the other.
#[tackle::tool]
async fn test_input_required_result_multi_round(ctx: &ToolContext) -> Result<String, ToolError> {
    let Name { name } = accepted(ctx.elicit::<Name>("Step 1: what is your name?").await?)?;
    let Color { color } = accepted(
        ctx.elicit::<Color>("Step 2: what is your favorite color?")
            .await?,
    )?;
    Ok(format!("Hello {name}, your favorite color is {color}"))
}

/// Asks for a confirmation; the suite answers with a `requestState` it
/// changed, which tackle refuses.
#[tackle::tool]
async fn test_input_required_result_tampered_state(ctx: &ToolContext) -> Result<String, ToolError> {
    confirmed(ctx).await
}

/// Reports progress, then asks the user: the call's stream carries the
/// progress and the `InputRequiredResult`, never a request of its own.
#[tackle::tool]
async fn test_streaming_elicitation(ctx: &ToolContext) -> Result<String, ToolError> {
    ctx.progress(0.5, "Halfway, asking the user");
    confirmed(ctx).await
}

/// Logs at `info`: a client that set no log level gets no
/// `notifications/message`.
#[tackle::tool]
fn test_logging_tool(ctx: &ToolContext) -> &'static str {
    ctx.log(LogLevel::Info, "test_logging_tool ran");
    "Logged"
}
