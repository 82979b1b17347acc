//! The prompts: plain, with arguments, an embedded resource, an image, and
//! one that asks the client.

use tackle::prompt::{PromptContext, PromptMessage, Role};
use tackle::resource::ResourceContents;
use tackle::tool::Elicited;
use tackle::{Content, ToolError};

use crate::PNG;

/// A simple prompt without arguments.
#[tackle::prompt(title = "Simple Test Prompt")]
fn test_simple_prompt() -> String {
    "This is a simple prompt for testing.".to_owned()
}

/// A prompt with required arguments.
#[tackle::prompt(title = "Prompt With Arguments")]
fn test_prompt_with_arguments(
    /// First test argument
    arg1: String,
    /// Second test argument
    arg2: String,
) -> String {
    format!("Prompt with arguments: arg1='{arg1}', arg2='{arg2}'")
}

/// A prompt that includes an embedded resource.
#[tackle::prompt(title = "Prompt With Embedded Resource")]
#[allow(non_snake_case)] // the suite names the argument `resourceUri`
fn test_prompt_with_embedded_resource(
    /// URI of the resource to embed
    resourceUri: String,
) -> Vec<PromptMessage> {
    let resource = ResourceContents::text(resourceUri, "Embedded resource content for testing.")
        .with_mime_type("text/plain");
    vec![
        PromptMessage::new(Role::User, Content::Resource { resource }),
        PromptMessage::user("Please process the embedded resource above."),
    ]
}

/// A prompt that includes image content.
#[tackle::prompt(title = "Prompt With Image")]
fn test_prompt_with_image() -> Vec<PromptMessage> {
    vec![
        PromptMessage::new(
            Role::User,
            Content::Image {
                data: PNG.to_owned(),
                mime_type: "image/png".to_owned(),
            },
        ),
        PromptMessage::user("Please analyze the image above."),
    ]
}

/// Say which plugin serves a scenario's fixtures (a slash command, served
/// as the prompt `scenario`).
#[tackle::command]
fn scenario(
    /// The scenario's name.
    #[positional]
    name: String,
) -> String {
    format!("the scenario `{name}` is served by the mcp-conformance plugin")
}

/// What the prompt should be about.
#[tackle::data]
#[derive(
    Debug,
    tackle::prelude::Serialize,
    tackle::prelude::Deserialize,
    tackle::prelude::JsonSchema,
    tackle::tool::ElicitForm,
)]
pub struct PromptTopic {
    /// The context the prompt uses
    pub context: String,
}

/// A prompt that asks the user for its context before it answers.
#[tackle::prompt(title = "Prompt That Asks")]
async fn test_input_required_result_prompt(ctx: &PromptContext) -> Result<String, ToolError> {
    let answer = ctx
        .keyed("user_context")
        .elicit::<PromptTopic>("What context should the prompt use?")
        .await?;
    match answer {
        Elicited::Accepted(PromptTopic { context }) => {
            Ok(format!("Prompt with context: {context}"))
        }
        Elicited::Declined | Elicited::Cancelled => Err(ToolError::new("the user gave no context")),
    }
}
