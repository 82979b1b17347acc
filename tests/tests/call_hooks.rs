//! `call` goes through the hooks and permission rules, as `mcp` does:
//! what a hook or rule refuses is not run, an `after_tool_call` rewrite is
//! what the caller sees; `--no-hooks` makes the raw call. The hooks are
//! `mcpish`'s (`tackle-mcp-host`); the rule is in the host's config.

use std::path::Path;
use std::process::Output;
use tackle_tests::process::isolated;

const MCP_HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");

/// `host ARGS` in `dir`, with no config or agent folder from the
/// environment.
fn run(dir: &Path, args: &[&str]) -> Output {
    isolated(MCP_HOST, &dir.join(".home"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run the host")
}

fn out(output: &Output) -> (Option<i32>, String, String) {
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_call_a_hook_denies_is_refused_and_runs_with_no_hooks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let args = ["call", "echo", "--args", r#"{"text": "forbidden"}"#];
    let (code, stdout, stderr) = out(&run(dir.path(), &args));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains(
            "The call was refused: denied by hook `mcpish::gate`: mcpish forbids `forbidden`"
        ),
        "{stderr}"
    );

    let (code, stdout, stderr) = out(&run(dir.path(), &[&args[..], &["--no-hooks"]].concat()));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("forbidden"), "{stdout}");
}

#[test]
fn an_ask_is_refused_as_no_user_takes_part() {
    let dir = tempfile::tempdir().expect("tempdir");
    let args = ["call", "echo", "--args", r#"{"text": "ask-me"}"#, "--json"];
    let (code, stdout, stderr) = out(&run(dir.path(), &args));
    assert_eq!(code, Some(1), "{stderr}");
    let result: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(result["isError"], true, "{result}");
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("mcpish wants a person to approve `ask-me`")
            && text.contains("no user takes part"),
        "{result}"
    );
}

#[test]
fn an_after_tool_call_rewrite_is_what_the_caller_sees() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, stdout, stderr) = out(&run(dir.path(), &["call", "secret"]));
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "token=[redacted]\n"),
        "{stderr}"
    );
    let (code, stdout, stderr) = out(&run(dir.path(), &["call", "secret", "--no-hooks"]));
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "token=hunter2\n"),
        "{stderr}"
    );
}

#[test]
fn a_permission_rule_of_the_config_refuses_the_call() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("tackle.toml"),
        "[[permission_rules]]\ntool = \"add\"\naction = \"deny\"\n",
    )
    .expect("write tackle.toml");
    let args = ["call", "add", "--args", r#"{"a": 2, "b": 3}"#];
    let (code, stdout, stderr) = out(&run(dir.path(), &args));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("The call was refused"), "{stderr}");
    assert!(stderr.contains("permission rule"), "{stderr}");

    let (code, stdout, stderr) = out(&run(dir.path(), &[&args[..], &["--no-hooks"]].concat()));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains('5'), "{stdout}");
}

#[test]
fn an_unknown_tool_is_reported_before_any_hook_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, _, stderr) = out(&run(dir.path(), &["call", "ecoh"]));
    assert_eq!(code, Some(4), "{stderr}");
    assert!(stderr.contains("did you mean `echo`"), "{stderr}");
}
