use tackle::prelude::*;

tackle::plugin! {
    id: "tools",
}

/// Counts lines.
#[tool]
extern "C" fn count_lines(lines: u32) -> u32 {
    lines
}

fn main() {}
