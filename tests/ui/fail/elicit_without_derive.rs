// `ctx.elicit::<T>()` asks for a type that derives `ElicitForm`: a struct
// that only derives the schema is not checked, so not taken.
use tackle::prelude::*;

tackle::plugin! { id: "asker" }

#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct Answer {
    pub text: String,
}

/// Asks the user.
#[tool]
async fn ask(ctx: &ToolContext) -> Result<String, ToolError> {
    let _ = ctx.elicit::<Answer>("Say something").await?;
    Ok("asked".into())
}

fn main() {}
