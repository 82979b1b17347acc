//! The README's first command, as a new user runs it: `cargo run -p demo`,
//! piped (plain text), and `--tour`. Each check is something the demo
//! claims to show.

use std::path::Path;
use std::process::{Command, Output};

fn demo(args: &[&str]) -> (Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_demo"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the demo runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "exit {:?}\n{text}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (out, text)
}

fn line_with<'a>(text: &'a str, needles: &[&str]) -> &'a str {
    text.lines()
        .find(|l| needles.iter().all(|n| l.contains(n)))
        .unwrap_or_else(|| panic!("no line with {needles:?} in:\n{text}"))
}

#[test]
fn the_story_replays_the_session_then_calls_tools_runs_a_command_a_tick_and_exports() {
    let (_, text) = demo(&[]);
    // Piped: no progress line, no colour.
    assert!(!text.contains('\x1b'), "escape codes when piped:\n{text}");

    // The replayed session: each plugin's decision where the story puts it.
    line_with(
        &text,
        &[
            "before_tool_call",
            "Edit src/parser.rs",
            "read-before-edit::read_first",
        ],
    );
    line_with(
        &text,
        &[
            "before_tool_call",
            "Bash $ cargo test",
            "DENY",
            "doom-loop::break_the_loop",
        ],
    );
    line_with(
        &text,
        &[
            "Bash $ sudo apt-get install -y bc",
            "DENY",
            "guard::refuse_destructive",
        ],
    );
    line_with(&text, &["Bash $ git push --force origin", "DENY"]);
    line_with(&text, &["before_tool_call", "modify → $ git add"]);
    line_with(
        &text,
        &[
            "--no-verify",
            r#"→ $ git add src/parser.rs && git commit -m "parser: accept exponents""#,
        ],
    );
    line_with(&text, &["git commit --no-verify", "guard::keep_git_hooks"]);
    // The denied calls' results are not fed to the hooks.
    line_with(&text, &["tool_error", "Bash $ cargo test", "skipped"]);
    line_with(&text, &["denied 3,", "modified 1,"]);
    // The timeline's columns are labelled, the line number among them.
    line_with(
        &text,
        &["time", "line", "point", "call", "what the hooks did"],
    );
    // The transcript's cut-off last line is reported, not fatal, and said
    // to be deliberate.
    line_with(&text, &["line 32:", "skipped"]);
    line_with(&text, &["cut short on purpose"]);

    // Tools, a command, a cron tick.
    line_with(&text, &[r#""code":27"#]);
    line_with(
        &text,
        &["`max_matche`: unknown key; did you mean `max_matches`?"],
    );
    line_with(&text, &["65 lines", "total"]);
    line_with(&text, &["a similar argument exists: '--summary'"]);
    line_with(
        &text,
        &["asked from `cron:__plugin_reviewer_weekly-review`"],
    );

    // The export: where, and the exported binary answering Claude Code.
    let at = line_with(&text, &["claude --plugin-dir "]);
    let dir = at
        .rsplit("claude --plugin-dir ")
        .next()
        .expect("a path")
        .trim();
    let dir = Path::new(dir);
    let dir = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        std::env::current_dir().expect("cwd").join(dir)
    };
    let hooks = std::fs::read_to_string(dir.join("hooks/hooks.json")).expect("hooks.json");
    let hooks: serde_json::Value = serde_json::from_str(&hooks).expect("JSON");
    // Exec form: Claude Code spawns the binary with these arguments, no shell.
    let pre = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(pre["command"], "${CLAUDE_PLUGIN_ROOT}/bin/demo", "{hooks}");
    assert_eq!(
        pre["args"],
        serde_json::json!(["hook", "claude", "PreToolUse"]),
        "{hooks}"
    );
    assert!(dir.join("bin/demo").is_file());
    line_with(&text, &[r#""permissionDecision":"deny""#, "guard"]);
    line_with(&text, &[r#""updatedInput":{"command":"git commit -m"#]);
}

#[test]
fn the_tour_shows_every_capability() {
    let (_, text) = demo(&["--tour"]);
    for needle in [
        "did you mean `count_lines`",
        "output truncated by tackle",
        "denied (by permission rule 0 of plugin `guard`",
        "REFUSED before it ran",
        "(role maintainer)",
        "fixed (create `.tackle`)",
    ] {
        line_with(&text, &[needle]);
    }
}

#[test]
fn other_arguments_make_the_demo_a_host_command_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_demo"))
        .args(["list", "--json"])
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output()
        .expect("runs");
    assert!(out.status.success(), "{out:?}");
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let text = list.to_string();
    for id in [
        "guard",
        "doom-loop",
        "read-before-edit",
        "audit-logger",
        "metrics",
    ] {
        assert!(text.contains(&format!("\"{id}\"")), "{id} in {text}");
    }
}
