//! The progress of subagent runs (subagents, prompt cron jobs) on stderr: a
//! line per model turn with the turns, tool calls and tokens so far. On
//! when stderr is a terminal or `--progress` asks; never on stdout, which
//! holds the answers.

use std::io::IsTerminal;
use std::sync::Arc;

use super::output;
use tackle_host::model_loop::{LoopBridge, RunProgress};

/// The subagent bridge the CLI host gives its plugins, reporting progress
/// if `asked` or if stderr is a terminal.
pub(super) fn bridge(asked: bool) -> LoopBridge {
    let bridge = LoopBridge::new();
    if asked || std::io::stderr().is_terminal() {
        bridge.with_progress(Arc::new(|p: &RunProgress| {
            output::err(format_args!("{}", line(p)));
        }))
    } else {
        bridge
    }
}

/// `[subagent-critic-1 anthropic/claude-x] turn 2: 3 tool calls (1 refused), 120 in / 40 out tokens`.
pub(super) fn line(p: &RunProgress) -> String {
    let plural = |n: usize, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    let refused = if p.refused > 0 {
        format!(" ({} refused)", p.refused)
    } else {
        String::new()
    };
    format!(
        "[{} {}] turn {}: {}{refused}, {} in / {} out tokens{}",
        p.session,
        p.model,
        p.turns,
        plural(p.tool_calls, "tool call"),
        p.usage.input_tokens,
        p.usage.output_tokens,
        if p.done { ", answered" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tackle::provider::Usage;

    #[test]
    fn a_line_says_turns_calls_refusals_and_tokens() {
        let mut p = RunProgress {
            session: "prompt-cron:x-1".into(),
            model: "openai/m".into(),
            turns: 2,
            tool_calls: 3,
            refused: 1,
            usage: Usage {
                input_tokens: 120,
                output_tokens: 40,
                cached_input_tokens: 0,
            },
            done: false,
        };
        assert_eq!(
            line(&p),
            "[prompt-cron:x-1 openai/m] turn 2: 3 tool calls (1 refused), 120 in / 40 out tokens"
        );
        p.tool_calls = 1;
        p.refused = 0;
        p.done = true;
        assert!(line(&p).ends_with("1 tool call, 120 in / 40 out tokens, answered"));
    }
}
