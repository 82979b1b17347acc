use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

#[tackle::data]
#[derive(JsonSchema)]
pub struct Count {
    pub lines: usize,
}

/// Counts lines.
#[tool]
fn count_lines(text: String) -> Json<Count> {
    Json(Count {
        lines: text.lines().count(),
    })
}

fn main() {}
