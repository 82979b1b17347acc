//! The tools: every kind of content, an error, logging and progress.

use std::time::Duration;

use tackle::resource::ResourceContents;
use tackle::{Content, LogLevel, ToolContext, ToolResult};

use crate::{PNG, WAV};

/// Tests simple text content response.
#[tackle::tool]
fn test_simple_text() -> &'static str {
    "This is a simple text response for testing."
}

/// Tests image content response.
#[tackle::tool]
fn test_image_content() -> ToolResult {
    ToolResult::image(PNG, "image/png")
}

/// Tests audio content response.
#[tackle::tool]
fn test_audio_content() -> ToolResult {
    ToolResult::audio(WAV, "audio/wav")
}

/// Tests embedded resource content response.
#[tackle::tool]
fn test_embedded_resource() -> ToolResult {
    ToolResult::resource(
        ResourceContents::text(
            "test://embedded-resource",
            "This is an embedded resource content.",
        )
        .with_mime_type("text/plain"),
    )
}

/// Tests response with multiple content types (text, image, resource).
#[tackle::tool]
fn test_multiple_content_types() -> ToolResult {
    ToolResult::text("Multiple content types test:")
        .with_content(Content::Image {
            data: PNG.to_owned(),
            mime_type: "image/png".to_owned(),
        })
        .with_content(Content::Resource {
            resource: ResourceContents::text(
                "test://mixed-content-resource",
                r#"{"test":"data","value":123}"#,
            )
            .with_mime_type("application/json"),
        })
}

/// Tests tool that emits log messages during execution.
#[tackle::tool]
fn test_tool_with_logging(ctx: &ToolContext) -> &'static str {
    for (i, message) in [
        "Tool execution started",
        "Tool processing data",
        "Tool execution completed",
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            std::thread::sleep(Duration::from_millis(50));
        }
        ctx.log(LogLevel::Info, message);
    }
    "Tool with logging executed successfully"
}

/// Tests tool that reports progress notifications.
#[tackle::tool]
fn test_tool_with_progress(ctx: &ToolContext) -> &'static str {
    for (i, step) in [0u32, 50, 100].into_iter().enumerate() {
        if i > 0 {
            std::thread::sleep(Duration::from_millis(50));
        }
        ctx.progress(
            f64::from(step) / 100.0,
            format!("Completed step {step} of 100"),
        );
    }
    "Progress reported"
}

/// Tests error response handling.
#[tackle::tool]
fn test_error_handling() -> Result<String, String> {
    Err("This tool intentionally returns an error for testing".to_owned())
}

/// A street address, which the schema's references find by its anchor too.
#[tackle::data]
#[derive(tackle::prelude::Deserialize, tackle::prelude::Serialize, tackle::prelude::JsonSchema)]
#[schemars(rename = "address", extend("$anchor" = "addressDef"))]
pub struct Address {
    /// The street.
    pub street: Option<String>,
    /// The city.
    pub city: Option<String>,
}

/// How to reach someone.
#[tackle::data]
#[derive(tackle::prelude::Deserialize, tackle::prelude::Serialize, tackle::prelude::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContactMethod {
    /// By phone.
    Phone,
    /// By email.
    Email,
}

/// Someone to contact: a phone number or an email address at least, and
/// the one `contactMethod` names. The rules beyond types are JSON Schema
/// 2020-12's composition (`allOf`/`anyOf`) and conditional (`if`/`then`/
/// `else`) keywords, which the schema carries as written.
#[tackle::data]
#[derive(tackle::prelude::Deserialize, tackle::prelude::Serialize, tackle::prelude::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(extend(
    "allOf" = [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
    "if" = {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
    "then" = {"required": ["phone"]},
    "else" = {"required": ["email"]},
))]
pub struct Contact {
    /// The name.
    pub name: Option<String>,
    /// Where they live.
    pub address: Option<Address>,
    /// How they want to be reached.
    pub contact_method: Option<ContactMethod>,
    /// Their phone number.
    pub phone: Option<String>,
    /// Their email address.
    pub email: Option<String>,
}

/// Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, SEP-2106).
#[tackle::tool(raw_schema)]
fn json_schema_2020_12_tool(#[args] contact: Contact) -> String {
    let Contact {
        name, phone, email, ..
    } = contact;
    format!("JSON Schema 2020-12 tool called with: name={name:?}, phone={phone:?}, email={email:?}")
}

/// Echoes a region the client also sends as the `Mcp-Param-Region` header
/// (SEP-2243): the server refuses a call whose header and argument differ.
#[tackle::tool]
fn test_custom_header(
    /// The region to run in.
    #[schemars(extend("x-mcp-header" = "Region"))]
    region: String,
) -> String {
    format!("Region: {region}")
}
