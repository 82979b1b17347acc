use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool(name = "count_the_lines_of_a_text_and_report_them_back_to_the_model_as_a_number")]
fn count_lines(text: String) -> String {
    text.lines().count().to_string()
}

fn main() {}
