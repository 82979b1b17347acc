use tackle::prompt::PromptContext;

tackle::plugin! {
    id: "served",
}

/// A resource cannot ask the client.
#[tackle::resource("docs://readme")]
fn readme(ctx: &PromptContext) -> String {
    ctx.prompt_name().to_owned()
}

fn main() {}
