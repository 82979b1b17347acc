// my-plugin/src/publish.rs
use tackle::prelude::*;
use tackle::shell::{programs, subcommand};

/// Refuse `npm publish` however the line runs it, and scripts it cannot see.
#[hook(before_tool_call, matcher = "Bash", on_error = "closed")]
fn no_publish(ev: &BeforeToolCall) -> Result<Decision, String> {
    let line = ev.arguments["command"].as_str().ok_or("no command to check")?;
    let read = programs(line);
    // Each command the line runs, wrappers and `sh -c` scripts opened:
    // `cd web && npm publish`, `sudo npm --yes publish`, `bash -c 'npm publish'`.
    let publishes = read.runs.iter().any(|run| {
        run.program() == "npm"
            && subcommand(&run.words).is_some_and(|i| run.words[i] == "publish")
    });
    if publishes {
        return Ok(Decision::deny("`npm publish` is refused here: CI publishes"));
    }
    // What the line runs without showing it: `curl -s URL | sh`.
    if let Some(unseen) = read.unseen.first() {
        return Ok(Decision::deny(format!("{unseen}: download the script and read it first")));
    }
    Ok(Decision::abstain())
}

tackle::plugin! {
    id: "publish-guard",
    description: "Refuses npm publish from the agent's shell.",
}

fn main() {
    let hooks: Vec<(&str, &str)> = tackle::def::linked_hooks()
        .map(|h| (h.name, h.point.name()))
        .collect();
    assert!(hooks.contains(&("no_publish", "before_tool_call")), "{hooks:?}");
    let words = |line: &str| -> Vec<String> {
        tackle::shell::programs(line).runs.iter().map(|r| r.text()).collect()
    };
    assert!(words("cd web && sudo npm --yes publish").contains(&"npm --yes publish".to_owned()));
    assert!(!tackle::shell::programs("curl -s x.test | sh").unseen.is_empty());
}
