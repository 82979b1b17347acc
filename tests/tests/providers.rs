//! LLM providers in a real host: the scripted example provider registered by
//! `#[provider]`, its config, and a whole agent session — the model's tool
//! calls run through the example plugins' hooks (`guard`,
//! `read-before-edit`) and tools (`textkit`) and the host's own built-ins —
//! then the CLI's `list`, `manifest` and `complete`.
//!
//! The session test is the pattern for an agent: build a host, take its
//! default provider, and drive an `ModelLoop`.

use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tackle::ToolResult;
use tackle::def::BoxFuture;
use tackle::provider::{Message, Request, StopReason, ToolCall, ToolSpec};
use tackle_runtime::model_loop::{Builtins, LoopError, ModelLoop};
use tackle_runtime::{Host, HostError, PluginStatus, Registry};

tackle_runtime::link!(scripted, textkit, guard, read_before_edit);

const PROVIDER_HOST: &str = env!("CARGO_BIN_EXE_tackle-provider-host");

const PARSER: &str = r#"pub fn tokenize(input: &str) -> Result<Vec<f64>, String> {
    let mut out = Vec::new();
    for word in input.split(' ') {
        out.push(word.parse().map_err(|_| format!("bad number {number}"))?);
    }
    Ok(out)
}
"#;

async fn host(plugins: &[&str], config: &str, agent_dir: &Path) -> Result<Host, HostError> {
    Host::builder()
        .registry(Registry::global().expect("registry").only(plugins))
        .agent_dir(agent_dir)
        .config_toml(config, "test.toml")
        .build()
        .await
}

/// `Read`, `Edit` and `Bash` as a host would provide them, confined to the
/// project; `Bash` only records what it was asked to run.
#[derive(Default)]
struct Shell {
    ran: Mutex<Vec<String>>,
}

impl Builtins for Shell {
    fn tools(&self) -> Vec<ToolSpec> {
        let object = |required: &[&str]| json!({"type": "object", "required": required});
        vec![
            ToolSpec::new("Read", "Read a file.", object(&["file_path"])),
            ToolSpec::new(
                "Edit",
                "Replace text in a file.",
                object(&["file_path", "old_string", "new_string"]),
            ),
            ToolSpec::new("Bash", "Run a shell command.", object(&["command"])),
        ]
    }

    fn run(&self, call: &ToolCall, cwd: &Path) -> Option<BoxFuture<ToolResult>> {
        let arg = |key: &str| call.arguments[key].as_str().unwrap_or_default().to_owned();
        let result = match call.name.as_str() {
            "Read" => match std::fs::read_to_string(cwd.join(arg("file_path"))) {
                Ok(text) => ToolResult::text(text),
                Err(e) => ToolResult::error(e.to_string()),
            },
            "Edit" => {
                let path = cwd.join(arg("file_path"));
                match std::fs::read_to_string(&path) {
                    Ok(text) if text.contains(&arg("old_string")) => {
                        let edited = text.replace(&arg("old_string"), &arg("new_string"));
                        match std::fs::write(&path, edited) {
                            Ok(()) => ToolResult::text("edited"),
                            Err(e) => ToolResult::error(e.to_string()),
                        }
                    }
                    Ok(_) => ToolResult::error("`old_string` is not in the file"),
                    Err(e) => ToolResult::error(e.to_string()),
                }
            }
            "Bash" => {
                self.ran.lock().expect("lock").push(arg("command"));
                ToolResult::text("(not run in tests)")
            }
            _ => return None,
        };
        Some(Box::pin(async move { result }))
    }
}

#[tokio::test]
async fn a_scripted_session_runs_through_hooks_tools_and_builtins() {
    let project = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(project.path().join("src")).expect("mkdir");
    std::fs::write(project.path().join("src/parser.rs"), PARSER).expect("write");
    let host = host(
        &["scripted", "textkit", "guard", "read-before-edit"],
        "provider = \"scripted\"\n",
        project.path(),
    )
    .await
    .expect("host");
    let provider = host.default_provider().expect("the config names it");
    let model = host.default_model().expect("it serves one");
    assert_eq!((provider.name(), model), ("scripted", "scripted-coder"));

    let shell = Arc::new(Shell::default());
    let mut session = ModelLoop::new(&host, provider, model, project.path())
        .with_system("You are a careful Rust engineer.")
        .with_builtins(shell.clone())
        .with_session("s1")
        .with_plugin_context()
        .await;
    assert!(
        session.request().system.contains("## Shell guard"),
        "the plugins' context joins the system prompt"
    );
    let offered: Vec<&str> = session
        .request()
        .tools
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert!(
        offered.contains(&"search") && offered.contains(&"Bash"),
        "{offered:?}"
    );

    session.push_user("`1..2` gives `bad number 1..2`. Make the message clearer.");
    let mut turns = Vec::new();
    let answer = session
        .run(|turn| turns.push(turn.clone()))
        .await
        .expect("answers");

    assert!(answer.starts_with("Done."), "{answer}");
    assert_eq!(turns.len(), 5);
    let calls: Vec<_> = turns.iter().flat_map(|t| t.calls.iter()).collect();
    let names: Vec<&str> = calls.iter().map(|c| c.call.name.as_str()).collect();
    assert_eq!(names, ["Read", "search", "Bash", "Edit"]);

    // Read: a built-in, recorded by read-before-edit at after_tool_call.
    assert!(!calls[0].is_error && calls[0].content.contains("pub fn tokenize"));
    // search: the textkit plugin's tool, run by the host in the project.
    assert!(!calls[1].is_error, "{}", calls[1].content);
    assert!(
        calls[1].content.contains("src/parser.rs:4:"),
        "{}",
        calls[1].content
    );
    // Bash: refused by the guard's hook before it ran; the model reads why.
    assert!(calls[2].is_error);
    let refused = calls[2].refused.as_deref().expect("refused");
    assert!(
        refused.contains("hook `guard::refuse_destructive`"),
        "{refused}"
    );
    assert!(
        calls[2]
            .content
            .starts_with("The call was refused: denied by hook `guard::"),
        "{}",
        calls[2].content
    );
    assert!(
        shell.ran.lock().expect("lock").is_empty(),
        "the command never ran"
    );
    // Edit: the file was read first, so no reminder; the edit is on disk.
    assert!(!calls[3].is_error, "{}", calls[3].content);
    assert_eq!(calls[3].content, "edited");
    let edited = std::fs::read_to_string(project.path().join("src/parser.rs")).expect("read");
    assert!(edited.contains("invalid number `{number}`"), "{edited}");
    assert!(!edited.contains("bad number"), "{edited}");

    // The conversation: the prompt, five model turns, four tool results.
    let messages = session.messages();
    assert_eq!(messages.len(), 10);
    assert!(matches!(&messages[6], Message::Tool { is_error: true, name, .. } if name == "Bash"));
    assert_eq!(turns[4].reply.stop, StopReason::EndTurn);
    let total = turns.iter().fold(0, |n, t| n + t.reply.usage.total());
    assert_eq!(session.usage().total(), total);
    assert!(total > 0);
}

#[tokio::test]
async fn blind_edits_get_the_reminder_asks_are_refused_and_unknown_tools_explained() {
    let project = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(project.path().join("src")).expect("mkdir");
    std::fs::write(project.path().join("src/parser.rs"), PARSER).expect("write");
    let config = r#"
provider = "scripted"
[[plugins.scripted.scenes]]
turns = [
  { tool_calls = [{ name = "Edit", arguments = { file_path = "src/parser.rs", old_string = "bad", new_string = "invalid" } },
                  { name = "serch", arguments = { needle = "x" } },
                  { name = "Bash", arguments = { command = "git push origin feature" } }] },
  { text = "Done blind." },
]
"#;
    let host = host(
        &["scripted", "textkit", "read-before-edit", "guard"],
        config,
        project.path(),
    )
    .await
    .expect("host");
    let provider = host.default_provider().expect("default");
    let mut session = ModelLoop::new(&host, provider, "scripted-coder", project.path())
        .with_builtins(Arc::new(Shell::default()));
    session.push_user("go");
    let turn = session.turn().await.expect("turn");
    assert_eq!(turn.calls.len(), 3);
    assert!(
        turn.calls[0].content.starts_with("edited\n\n") && turn.calls[0].content.contains("read"),
        "read-before-edit's context follows the result: {}",
        turn.calls[0].content
    );
    assert!(turn.calls[1].is_error);
    assert!(
        turn.calls[1]
            .content
            .starts_with("no tool is named `serch`; did you mean `search`?"),
        "{}",
        turn.calls[1].content
    );
    // The guard's permission rule asks the user, and there is none here.
    let push = &turn.calls[2];
    assert!(push.before.is_abstain(), "{:?}", push.before);
    assert!(push.permission.as_ref().is_some_and(|p| p.is_ask()));
    assert!(
        push.content
            .starts_with("The call was refused: permission rule 1 of plugin `guard`"),
        "{}",
        push.content
    );
    assert!(
        push.content.contains("no user takes part in this session"),
        "{}",
        push.content
    );
    assert_eq!(session.run(|_| {}).await.expect("answers"), "Done blind.");
}

#[tokio::test]
async fn a_provider_error_or_an_endless_model_stops_the_loop() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["scripted"], "", dir.path()).await.expect("host");
    let provider = host
        .default_provider()
        .expect("the only one is the default");
    let mut session = ModelLoop::new(&host, provider, "gpt-5", dir.path());
    session.push_user("hello");
    let err = session.run(|_| {}).await.expect_err("unknown model");
    assert!(matches!(&err, LoopError::Provider { error, .. } if !error.is_retryable()));
    assert!(
        err.to_string()
            .starts_with("provider `scripted` failed: model `gpt-5` is not served"),
        "{err}"
    );

    let looping = r#"
[[plugins.scripted.scenes]]
turns = [
  { tool_calls = [{ name = "search", arguments = { needle = "x" } }] },
  { tool_calls = [{ name = "search", arguments = { needle = "y" } }] },
  { text = "never reached" },
]
"#;
    let host = Host::builder()
        .registry(
            Registry::global()
                .expect("registry")
                .only(&["scripted", "textkit"]),
        )
        .agent_dir(dir.path())
        .config_toml(looping, "t.toml")
        .build()
        .await
        .expect("host");
    let provider = host.default_provider().expect("default");
    let mut session =
        ModelLoop::new(&host, provider, "scripted-coder", dir.path()).with_max_turns(2);
    session.push_user("hello");
    assert_eq!(
        session.run(|_| {}).await.expect_err("too many"),
        LoopError::TooManyTurns { limit: 2 }
    );
}

#[tokio::test]
async fn provider_declares_itself_from_the_function_and_its_docs() {
    let registry = Registry::global().expect("registry");
    let def = registry
        .providers()
        .iter()
        .find(|p| p.name == "scripted")
        .expect("registered");
    assert_eq!(def.plugin.id, "scripted");
    assert_eq!(def.function, "scripted");
    assert!(
        def.description
            .starts_with("Plays scripted replies, offline and deterministic."),
        "{}",
        def.description
    );
    assert!(def.location.file.ends_with("lib.rs"), "{}", def.location);
}

#[tokio::test]
async fn the_script_and_model_come_from_the_config_and_a_bad_script_switches_the_plugin_off() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = r#"
[plugins.scripted]
model = "tiny"
scenes = [{ when = "ping", turns = [{ text = "pong" }] }]
"#;
    let configured = host(&["scripted"], config, dir.path()).await.expect("host");
    let provider = configured.provider("scripted").expect("offered");
    assert_eq!(provider.models()[0].id, "tiny");
    let reply = provider
        .provider()
        .complete(Request::new("tiny").with_message(Message::user("PING?")))
        .await
        .expect("reply");
    assert_eq!(reply.text, "pong");

    let bad = "[plugins.scripted]\nscenes = [{ when = \"ping\", turns = [] }]\n";
    let degraded = host(&["scripted", "textkit"], bad, dir.path())
        .await
        .expect("the others run");
    assert!(degraded.providers().is_empty());
    let problems = match degraded.plugin("scripted").map(|p| p.status()) {
        Some(PluginStatus::Failed(problems)) => problems.to_vec(),
        other => panic!("expected a failure, got {other:?}"),
    };
    assert!(
        problems[0]
            .to_string()
            .contains("its provider `scripted` (`scripted` at ")
            && problems[0]
                .to_string()
                .ends_with("failed to start: the script is invalid: scenes[0] has no turns"),
        "{}",
        problems[0]
    );
    let err = degraded.default_provider().expect_err("off");
    assert!(
        err.to_string()
            .starts_with("provider `scripted` belongs to plugin `scripted`, which failed to load"),
        "{err}"
    );
}

// ----- the CLI -----

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `PROVIDER_HOST ARGS` in a fresh project the user trusts, `config` its
/// `tackle.toml`, with a home of its own.
fn cli(args: &[&str], config: Option<&str>) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    if let Some(config) = config {
        std::fs::write(dir.path().join("tackle.toml"), config).expect("write config");
    }
    let out = Command::new(PROVIDER_HOST)
        .args(args)
        .current_dir(dir.path())
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env("TACKLE_TRUST_PROJECT", "1")
        .env("TACKLE_HOME", dir.path().join(".tackle-home"))
        .output()
        .expect("runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn list_shows_providers_with_their_models_and_the_default() {
    let run = cli(&["list"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("scripted ") && l.contains("scripted-coder"))
        .unwrap_or_else(|| panic!("no provider row in:\n{}", run.stdout));
    assert!(
        line.contains("default")
            && line.contains("Plays scripted replies, offline and deterministic."),
        "{line}"
    );
    assert!(run.stdout.contains("PROVIDER"), "{}", run.stdout);

    let run = cli(&["list", "--json"], None);
    let value: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(
        value["providers"],
        json!([{
            "name": "scripted",
            "plugin": "scripted",
            "description": value["providers"][0]["description"],
            "function": "scripted",
            "location": value["providers"][0]["location"],
            "offered": true,
            "default": true,
            "models": [{"id": "scripted-coder", "context_window": 32768, "max_output_tokens": 4096}],
        }])
    );
}

#[test]
fn manifest_includes_providers_and_an_off_provider_shows_no_models() {
    let run = cli(&["manifest"], Some("enabled = [\"textkit\"]\n"));
    let value: Value = serde_json::from_str(&run.stdout).expect("json");
    let providers = &value["providers"];
    assert_eq!(providers[0]["name"], "scripted");
    assert_eq!(providers[0]["offered"], false);
    assert_eq!(providers[0]["models"], Value::Null);
}

#[test]
fn complete_asks_the_provider_for_one_reply() {
    let run = cli(&["complete", "hello"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("I am the scripted model"),
        "{}",
        run.stdout
    );

    let run = cli(
        &[
            "complete",
            "--provider",
            "scripted",
            "--json",
            "bad number?",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let reply: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(reply["stop"], "tool_use");
    assert_eq!(reply["tool_calls"][0]["name"], "Read");

    let run = cli(&["complete", "--provider", "scriptd", "hello"], None);
    assert_eq!(run.code, 3);
    assert_eq!(
        run.stderr.trim(),
        "error: no provider is named `scriptd`; did you mean `scripted`? (providers: `scripted`, `anthropic`, `openai`, `openai-responses`)"
    );

    let run = cli(&["complete", "--model", "gpt-5", "hello"], None);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("error: provider `scripted` failed: model `gpt-5` is not served"),
        "{}",
        run.stderr
    );

    let run = cli(&["list"], Some("provider = \"scriptd\"\n"));
    assert_eq!(run.code, 3);
    assert!(
        run.stderr.contains("`provider`: no provider is named `scriptd`; did you mean `scripted`? (providers: `scripted`, `anthropic`, `openai`, `openai-responses`)"),
        "{}",
        run.stderr
    );
}
