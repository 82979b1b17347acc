// my-plugin/src/lib.rs
use tackle::prelude::*;

tackle::plugin! {
    id: "house-rules",                       // ^[a-z0-9][a-z0-9-]*$, checked at compile time
    description: "Keeps the agent to the team's rules.",
}

/// Refuse force-pushes before the agent's shell runs them.
#[hook(before_tool_call, matcher = "Bash", on_error = "closed")] // if the hook fails, the call is refused
fn no_force_push(ev: &BeforeToolCall) -> Result<Decision, String> {
    let command = ev.arguments["command"].as_str().ok_or("no command to check")?;
    Ok(if command.starts_with("git push") && command.contains("--force") {
        Decision::deny("force-pushes are refused here; open a pull request")
    } else {
        Decision::abstain()
    })
}

/// Count the TODO markers in a file of the project.
#[tool(read_only, idempotent)]
fn count_todos(
    ctx: &ToolContext,
    /// The file, relative to the project.
    path: String,
) -> Result<String, ToolError> {
    let file = ctx.resolve_path(&path)?; // stays inside the project, or a clear error
    let todos = std::fs::read_to_string(file)?.matches("TODO").count();
    Ok(format!("{todos} TODO markers"))
}

// Everything above is the README's plugin, verbatim (tests/tests/readme.rs
// checks it). Below, it runs.
fn main() {
    let dir = std::env::temp_dir().join(format!("readme-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("a.rs"), "fn a() {}\n// TODO: b\n// FIXME: c\n// TODO: d\n").expect("write");
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let host = runtime
        .block_on(tackle_runtime::Host::builder().build())
        .expect("host");

    let bash = |command: &str| BeforeToolCall {
        tool_name: "Bash".into(),
        arguments: serde_json::json!({ "command": command }),
        ..Default::default()
    };
    let pushed = runtime.block_on(host.dispatch(bash("git push --force origin main")));
    assert_eq!(
        pushed.deny_reason(),
        Some("force-pushes are refused here; open a pull request")
    );
    assert!(runtime.block_on(host.dispatch(bash("git push origin main"))).is_abstain());
    let no_command = BeforeToolCall { tool_name: "Bash".into(), ..Default::default() };
    assert!(runtime.block_on(host.dispatch(no_command)).deny_reason().is_some(), "fails closed");

    let call = |args| {
        runtime
            .block_on(host.call_tool("count_todos", args, tackle_runtime::CallInfo::new(&dir)))
            .expect("callable")
    };
    assert_eq!(call(serde_json::json!({"path": "a.rs"})).text_content(), "2 TODO markers");
    let outside = call(serde_json::json!({"path": "../../../etc/hostname"}));
    assert!(outside.is_error && outside.text_content().contains("outside the working directory"));
    let schema = (host.tool("count_todos").expect("registered").input_schema)();
    assert_eq!(schema["required"], serde_json::json!(["path"]));
    let _ = std::fs::remove_dir_all(&dir);
}
