//! The tools that ask the client: its model (sampling) and its user
//! (elicitation, with defaults and every kind of enum). Each form and each
//! enum in one derives `ElicitForm`, which checks at compile time that it
//! is what MCP's elicitation allows.

use tackle::prelude::*;
use tackle::tool::{Elicited, SampleRequest};
use tackle::{ToolContext, ToolError};

/// Tests server-initiated sampling (LLM completion request).
#[tackle::tool]
async fn test_sampling(
    ctx: &ToolContext,
    /// The prompt to send to the LLM
    prompt: String,
) -> Result<String, ToolError> {
    let answer = ctx.sample(SampleRequest::user(prompt, 100)).await?;
    Ok(format!("LLM response: {}", answer.text()))
}

/// What `test_elicitation` asks.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Response {
    /// User's response
    pub response: String,
}

/// Tests server-initiated elicitation (user input request).
#[tackle::tool]
async fn test_elicitation(
    ctx: &ToolContext,
    /// The message to show the user
    message: String,
) -> Result<String, ToolError> {
    let answer = ctx.elicit::<Response>(message).await?;
    Ok(format!("User response: {}", described(&answer)))
}

/// A user's status.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Active.
    Active,
    /// Inactive.
    Inactive,
    /// Pending.
    Pending,
}

fn john_doe() -> String {
    "John Doe".to_owned()
}
fn thirty() -> i64 {
    30
}
fn ninety_five_and_a_half() -> f64 {
    95.5
}
fn active() -> Status {
    Status::Active
}
fn yes() -> bool {
    true
}

/// A form whose every field has a default (SEP-1034).
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct WithDefaults {
    /// User name
    #[serde(default = "john_doe")]
    pub name: String,
    /// User age
    #[serde(default = "thirty")]
    pub age: i64,
    /// User score
    #[serde(default = "ninety_five_and_a_half")]
    pub score: f64,
    /// User status
    #[serde(default = "active")]
    pub status: Status,
    /// Verification status
    #[serde(default = "yes")]
    pub verified: bool,
}

/// Tests elicitation with default values per SEP-1034.
#[tackle::tool]
async fn test_elicitation_sep1034_defaults(ctx: &ToolContext) -> Result<String, ToolError> {
    let answer = ctx
        .elicit::<WithDefaults>("Please review and update the form fields with defaults")
        .await?;
    Ok(format!("Elicitation completed: {}", described(&answer)))
}

/// Options without titles.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
#[serde(rename_all = "lowercase")]
pub enum Untitled {
    /// First.
    Option1,
    /// Second.
    Option2,
    /// Third.
    Option3,
}

/// Options with titles.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
pub enum Titled {
    /// First.
    #[serde(rename = "value1")]
    #[schemars(title = "First Option")]
    Value1,
    /// Second.
    #[serde(rename = "value2")]
    #[schemars(title = "Second Option")]
    Value2,
    /// Third.
    #[serde(rename = "value3")]
    #[schemars(title = "Third Option")]
    Value3,
}

/// Options titled the old way, by `enumNames`.
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
#[serde(rename_all = "lowercase")]
pub enum Legacy {
    /// First.
    Opt1,
    /// Second.
    Opt2,
    /// Third.
    Opt3,
}

/// Every kind of enum field (SEP-1330).
#[tackle::data]
#[derive(Debug, Serialize, Deserialize, JsonSchema, ElicitForm)]
#[allow(non_snake_case)] // the suite's field names
pub struct Enums {
    /// Select one option
    pub untitledSingle: Option<Untitled>,
    /// Select one option with titles
    pub titledSingle: Option<Titled>,
    /// Select one option (legacy)
    #[schemars(extend("enumNames" = ["Option One", "Option Two", "Option Three"]))]
    pub legacyEnum: Option<Legacy>,
    /// Select multiple options
    #[serde(default)]
    #[schemars(length(min = 1, max = 3))]
    pub untitledMulti: Vec<Untitled>,
    /// Select multiple options with titles
    #[serde(default)]
    #[schemars(length(min = 1, max = 3))]
    pub titledMulti: Vec<Titled>,
}

/// Tests elicitation with enum schema improvements per SEP-1330.
#[tackle::tool]
async fn test_elicitation_sep1330_enums(ctx: &ToolContext) -> Result<String, ToolError> {
    let answer = ctx
        .elicit::<Enums>("Please select options from the enum fields")
        .await?;
    Ok(format!("Elicitation completed: {}", described(&answer)))
}

/// `action=..., content=...`, as the suite's reference server words it.
fn described<T: std::fmt::Debug>(answer: &Elicited<T>) -> String {
    match answer {
        Elicited::Accepted(values) => format!("action=accept, content={values:?}"),
        Elicited::Declined => "action=decline".to_owned(),
        Elicited::Cancelled => "action=cancel".to_owned(),
    }
}
