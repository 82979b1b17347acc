use super::*;
use crate::declarative::json::message_at;

/// `text` read as the hooks file `name`.
fn read(name: &str, text: &str) -> DeclaredPlugin {
    let dir = tempfile::tempdir().expect("test setup");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("test setup");
    read_file(&path)
}

#[test]
fn claude_format_reads_command_hooks_with_matchers_and_timeouts() {
    let plugin = read(
        "careful.json",
        r#"{"description": "Careful edits.",
            "hooks": {"PreToolUse": [{"matcher": "Edit|Write", "hooks": [
                {"type": "command", "command": "true", "timeout": 5},
                {"type": "command", "command": "true"}]}],
                      "SessionStart": [{"hooks": [{"type": "command", "command": "true"}]}]}}"#,
    );
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    assert_eq!(plugin.format, Format::ClaudeHooks);
    assert_eq!(plugin.id, "careful");
    assert_eq!(plugin.description, "Careful edits.");
    assert_eq!(plugin.hooks.len(), 3);
    let first = &plugin.hooks[0];
    assert_eq!(first.point, HookPoint::BeforeToolCall);
    assert_eq!(first.matcher.as_deref(), Some("Edit|Write"));
    assert_eq!(first.name, "hooks.PreToolUse[0].hooks[0]");
    match (&first.handler, &plugin.hooks[1].handler) {
        (DeclaredHandler::Command(a), DeclaredHandler::Command(b)) => {
            assert_eq!(a.timeout, Duration::from_secs(5));
            assert_eq!(b.timeout, CLAUDE_TIMEOUT);
        }
        other => panic!("expected commands, got {other:?}"),
    }
}

#[test]
fn opensage_format_reads_prompts_and_argument_globs() {
    let plugin = read(
        "test_output_review.json",
        r#"{"PreToolUse": [{"matcher": "Bash(git commit*)", "hooks": [
                {"type": "prompt", "prompt": "Run the tests first."},
                {"type": "command", "command": "true"}]}],
            "PostToolUse": [{"matcher": "*", "hooks": [{"type": "prompt", "prompt": "Check the output."}]}]}"#,
    );
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    assert_eq!(plugin.format, Format::OpenSage);
    assert_eq!(plugin.id, "test_output_review");
    let first = &plugin.hooks[0];
    assert_eq!(first.matcher.as_deref(), Some("Bash"));
    assert_eq!(first.args.as_deref(), Some("git commit*"));
    assert!(matches!(&first.handler, DeclaredHandler::Prompt(t) if t == "Run the tests first."));
    match &plugin.hooks[1].handler {
        DeclaredHandler::Command(c) => assert_eq!(c.timeout, OPENSAGE_TIMEOUT),
        other => panic!("expected a command, got {other:?}"),
    }
    assert_eq!(plugin.hooks[2].point, HookPoint::AfterToolCall);
    assert_eq!(plugin.hooks[2].matcher, None);
}

#[test]
fn every_problem_is_reported_with_its_place() {
    let plugin = read(
        "broken.json",
        r#"{"hooks": {"PreToolUze": [],
                      "PreToolUse": [{"matcher": "Bash(", "hooks": [
                          {"type": "command"},
                          {"type": "prompt", "prompt": "x"},
                          {"type": "http"},
                          {"type": "command", "command": "true", "timeout": -1},
                          {"type": "command", "command": "/no/such/program --flag"}]}],
                      "UserPromptSubmit": {"hooks": []}}}"#,
    );
    let at: Vec<&str> = plugin.problems.iter().map(|p| p.path.as_str()).collect();
    for expected in [
        "hooks.PreToolUze",
        "hooks.PreToolUse[0].matcher",
        "hooks.PreToolUse[0].hooks[0].command",
        "hooks.PreToolUse[0].hooks[1].type",
        "hooks.PreToolUse[0].hooks[2].type",
        "hooks.PreToolUse[0].hooks[3].timeout",
        "hooks.PreToolUse[0].hooks[4].command",
        "hooks.UserPromptSubmit",
    ] {
        assert!(
            at.contains(&expected),
            "no problem at `{expected}` in {:#?}",
            plugin.problems
        );
    }
    let typo = message_at(&plugin.problems, "hooks.PreToolUze");
    assert!(typo.contains("did you mean `PreToolUse`"), "{typo}");
}

#[test]
fn a_file_that_is_not_an_object_is_one_problem() {
    let plugin = read("list.json", "[1, 2]");
    assert_eq!(plugin.problems.len(), 1);
    assert!(
        plugin.problems[0]
            .message
            .contains("expected a JSON object")
    );
}

#[test]
fn a_prompt_where_no_context_goes_is_a_note() {
    let plugin = read(
        "quiet.json",
        r#"{"SessionEnd": [{"hooks": [{"type": "prompt", "prompt": "Nobody reads this."}]}]}"#,
    );
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    assert_eq!(plugin.warnings.len(), 1, "{:?}", plugin.warnings);
    assert_eq!(plugin.warnings[0].path, "SessionEnd[0].hooks[0]");
    assert!(plugin.warnings[0].message.contains("never shown"));
}

#[test]
fn claude_s_exec_form_is_read_with_its_arguments() {
    let plugin = read(
        "exec.json",
        r#"{"hooks": {"PreToolUse": [{"hooks": [
                {"type": "command", "command": "/bin/true", "args": ["hook", "${CLAUDE_PLUGIN_ROOT}"]},
                {"type": "command", "command": "/bin/true", "args": "hook"},
                {"type": "command", "command": "/bin/true", "args": ["hook", 2]}]}]}}"#,
    );
    let problems: Vec<String> = plugin.problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("`hooks.PreToolUse[0].hooks[1].args`")
            && problems[0].contains("found \"hook\""),
        "{problems:?}"
    );
    assert!(
        problems[1].contains("`hooks.PreToolUse[0].hooks[2].args[1]`")
            && problems[1].contains("found 2"),
        "{problems:?}"
    );
    match &plugin.hooks[0].handler {
        DeclaredHandler::Command(c) => assert_eq!(
            c.args.as_deref(),
            Some(&["hook".to_owned(), "${CLAUDE_PLUGIN_ROOT}".to_owned()][..])
        ),
        other => panic!("expected a command, got {other:?}"),
    }
}
