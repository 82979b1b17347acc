// Every mistake in one `#[tool]` is reported in the same build, and the
// function is still emitted: `main` calling it adds no error of its own.
use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[tool(name = "count lines", readonly, order = "first")]
fn count_lines(_ctx: &mut ToolContext, (a, b): (u32, u32)) -> impl ToString {
    a + b
}

fn main() {
    let _ = count_lines;
}
