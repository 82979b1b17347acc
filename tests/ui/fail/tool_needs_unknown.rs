use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Asks the client's model.
#[tool(needs(samplng))]
async fn summarize(ctx: &ToolContext, text: String) -> Result<String, ToolError> {
    let answer = ctx.sample(SampleRequest::user(text, 100)).await?;
    Ok(answer.text().to_owned())
}

fn main() {}
