// A tool says what it needs of its MCP client (`needs(...)`, kept in its
// `ToolDef`), asks under keys of its own (`ctx.keyed`), reads what the
// client offers; a prompt that takes `&PromptContext` may ask too, and
// one that does not is given none.
use tackle::def::linked_tools;
use tackle::prelude::*;
use tackle::prompt::{PromptContext, linked_prompts};
use tackle::tool::{ClientCapability, Elicited};

tackle::plugin! {
    id: "asking",
}

#[tackle::data]
#[derive(Serialize, Deserialize, JsonSchema, ElicitForm)]
pub struct Name {
    /// Your name
    pub name: String,
}

/// Greets whoever the user says.
#[tool(needs(elicitation, roots))]
async fn greet(ctx: &ToolContext) -> Result<String, ToolError> {
    let roots = ctx.roots().await?;
    match ctx.keyed("user_name").elicit::<Name>("Who?").await? {
        Elicited::Accepted(Name { name }) => Ok(format!("Hello, {name} ({} roots)", roots.len())),
        _ => Ok("Hello".to_owned()),
    }
}

/// Samples when it can.
#[tool]
async fn maybe_sample(ctx: &ToolContext) -> Result<String, ToolError> {
    if !ctx.client_offers(ClientCapability::Sampling) {
        return Ok("no sampling".to_owned());
    }
    Ok(ctx.sample(SampleRequest::user("Hi", 10)).await?.text().to_owned())
}

/// Asks what to write about.
#[tackle::prompt]
async fn essay(
    /// How long.
    words: u32,
    ctx: &PromptContext,
) -> Result<String, ToolError> {
    match ctx.keyed("topic").elicit::<Name>("About whom?").await? {
        Elicited::Accepted(Name { name }) => Ok(format!("{words} words on {name}")),
        _ => Err(ToolError::new("no topic")),
    }
}

fn main() {
    let greet = linked_tools().find(|t| t.name == "greet").expect("present");
    assert_eq!(greet.needs, [ClientCapability::Elicitation, ClientCapability::Roots]);
    let maybe = linked_tools().find(|t| t.name == "maybe_sample").expect("present");
    assert!(maybe.needs.is_empty());
    let essay = linked_prompts().find(|p| p.name == "essay").expect("present");
    let arguments = (essay.arguments)();
    assert_eq!(arguments.len(), 1, "the context is not an argument");
    assert_eq!(arguments[0].name, "words");
}
