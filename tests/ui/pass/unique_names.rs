//! Names are unique per kind within a crate, not per function name: these
//! all compile side by side, and `main` checks what registered.

use tackle::command::linked_commands;
use tackle::cron::linked_cron;
use tackle::def::linked_tools;
use tackle::doctor::linked_checks;
use tackle::hook::linked_hooks;
use tackle::prelude::*;

tackle::plugin! {
    id: "names",
    cron_jobs: [
        { key: "digest", schedule: "0 9 * * 1-5", prompt: "Summarise yesterday's commits" },
    ],
}

mod text {
    use tackle::prelude::*;

    /// Counts the lines of a text.
    #[tool(name = "text_count")]
    pub fn count(text: String) -> String {
        text.lines().count().to_string()
    }
}

mod files {
    use tackle::prelude::*;

    /// Counts the files of a folder.
    #[tool(name = "file_count")]
    pub fn count(path: String) -> String {
        path
    }
}

/// `count-lines` and `count_lines` are two names.
#[tool(name = "count-lines")]
fn dashed(text: String) -> String {
    text
}

/// `count-lines` and `count_lines` are two names.
#[tool(name = "count_lines")]
fn underscored(text: String) -> String {
    text
}

/// A tool named `review`.
#[tool]
fn review() -> String {
    "tool".into()
}

/// A hook named `review`.
#[hook(before_tool_call, name = "review")]
fn review_hook(_ev: &BeforeToolCall) {}

/// A command named `review`.
#[command(name = "review")]
fn review_command() -> String {
    "command".into()
}

/// A cron job keyed `review`, beside the declarative `digest`.
#[cron("0 3 * * *", key = "review")]
fn review_job() {}

/// A doctor check named `review`.
#[doctor_check(name = "review")]
fn review_check() -> CheckResult {
    CheckResult::ok("fine")
}

fn main() {
    let mut tools: Vec<_> = linked_tools()
        .filter(|t| t.plugin.id == "names")
        .map(|t| t.name)
        .collect();
    tools.sort_unstable();
    assert_eq!(
        tools,
        ["count-lines", "count_lines", "file_count", "review", "text_count"]
    );
    let named_review = |names: Vec<&str>| names == ["review"];
    assert!(named_review(
        linked_hooks().filter(|h| h.plugin.id == "names").map(|h| h.name).collect()
    ));
    assert!(named_review(
        linked_commands().filter(|c| c.plugin.id == "names").map(|c| c.name).collect()
    ));
    assert!(named_review(
        linked_cron().filter(|c| c.plugin.id == "names").map(|c| c.key).collect()
    ));
    assert!(named_review(
        linked_checks().filter(|c| c.plugin.id == "names").map(|c| c.name).collect()
    ));
}
