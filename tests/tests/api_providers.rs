//! The model API providers (`tackle-providers`) from a CLI host, against
//! the loopback fake model APIs: a prompt cron job whose tool calls go
//! through the hooks, a subagent with a typed payload, `complete` streamed
//! from either API, a 429 then success, a key that is not set, a base URL
//! that is wrong, a time-out. No test reaches the internet.
//!
//! The host is `tackle-llm-host` (`src/bin/llm_host.rs`): the `reviewer`
//! example and a `nightly` plugin whose prompt job counts words and tries
//! to wipe the notes, which its hook refuses.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle_tests::fake_model::{FakeModel, Fault, Turn, anthropic, openai};

const HOST: &str = env!("CARGO_BIN_EXE_tackle-llm-host");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `HOST ARGS` in `dir`, a project the user trusts with `config` as its
/// `tackle.toml`, a home of its own, and only the keys in `keys`.
/// `complete --provider P --base-url URL --model M`, then `rest`.
fn complete(provider: &str, url: &str, model: &str, rest: &[&str]) -> Vec<String> {
    let head = [
        "complete",
        "--provider",
        provider,
        "--base-url",
        url,
        "--model",
        model,
    ];
    head.iter().chain(rest).map(|arg| arg.to_string()).collect()
}

fn host<A: AsRef<std::ffi::OsStr>>(
    dir: &Path,
    config: &str,
    keys: &[(&str, &str)],
    args: &[A],
) -> Run {
    std::fs::write(dir.join("tackle.toml"), config).expect("write config");
    let mut command = Command::new(HOST);
    command
        .args(args)
        .current_dir(dir)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("ANTHROPIC_API_KEY")
        .env_remove("OPENAI_API_KEY")
        .env("TACKLE_TRUST_PROJECT", "1")
        .env("TACKLE_HOME", dir.join(".tackle-home"));
    for (name, value) in keys {
        command.env(name, value);
    }
    let out = command.output().expect("runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("tempdir")
}

/// The names of the tools a request offered (either API's shape).
fn offered(body: &Value) -> Vec<String> {
    body["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["name"].as_str().or(t["function"]["name"].as_str()))
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_prompt_cron_job_calls_two_tools_through_the_hooks_and_answers() {
    let model = FakeModel::anthropic(vec![
        Turn::tool("count_words", json!({"text": "buy milk and eggs"})),
        Turn::tool("wipe", json!({})),
        Turn::say("The notes hold 4 words; wiping them was refused."),
    ]);
    let dir = scratch();
    std::fs::write(dir.path().join("notes.txt"), "buy milk and eggs").expect("notes");
    let config = format!(
        "[provider]\nname = \"anthropic\"\nmodel = \"claude-test\"\nbase_url = \"{}\"\n",
        model.base_url()
    );
    let run = host(
        dir.path(),
        &config,
        &[("ANTHROPIC_API_KEY", "fake-key")],
        &[
            "--progress",
            "run",
            "--job",
            "__plugin_nightly_tidy",
            "--now",
        ],
    );
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("The notes hold 4 words; wiping them was refused."),
        "{}",
        run.stdout
    );

    let turns = model.turns();
    assert_eq!(turns.len(), 3, "{turns:#?}");
    assert_eq!(turns[0].path, "/v1/messages");
    assert_eq!(turns[0].body["model"], "claude-test");
    let first = &turns[0].body["messages"][0];
    assert!(
        first.to_string().contains("Count the words of the notes"),
        "{first}"
    );
    let tools = offered(&turns[0].body);
    assert!(
        tools.contains(&"count_words".to_owned()) && tools.contains(&"wipe".to_owned()),
        "{tools:?}"
    );
    // The tool ran; its result went back to the model.
    let counted = anthropic::tool_result(&turns[1].body, 1).expect("count_words's result");
    assert_eq!(counted.text(), "4");
    // The hook refused the other, naming the job's origin; the file is still there.
    let refused = anthropic::tool_result(&turns[2].body, 2).expect("wipe's result");
    assert!(
        refused
            .text()
            .contains("nightly runs never wipe (asked by cron:__plugin_nightly_tidy)"),
        "{}",
        refused.text()
    );
    assert!(dir.path().join("notes.txt").exists(), "the refusal held");
    // Progress on stderr: a line per turn, tokens added up (10 in, 5 out a turn).
    assert!(
        run.stderr
            .contains("turn 3: 2 tool calls (1 refused), 30 in / 15 out tokens, answered"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_subagent_gets_its_typed_payload_and_only_its_tools() {
    let model = FakeModel::openai(vec![
        Turn::tool("file_stats", json!({"path": "src/main.rs"})),
        Turn::say("Two lines, nothing to fix."),
    ]);
    let dir = scratch();
    std::fs::create_dir_all(dir.path().join("src")).expect("src");
    std::fs::write(dir.path().join("src/main.rs"), "fn main() {\n}\n").expect("main.rs");
    let config = format!(
        "[provider]\nname = \"openai\"\nmodel = \"gpt-test\"\nbase_url = \"{}/v1\"\napi_key_env = \"MY_GATEWAY_KEY\"\n\n[origins]\n\"cli\" = \"owner\"\n",
        model.base_url()
    );
    let args = r#"{"path": "src/main.rs", "focus": "naming"}"#;
    let run = host(
        dir.path(),
        &config,
        &[("MY_GATEWAY_KEY", "fake-key")],
        &["call", "review", "--origin", "cli", "--args", args],
    );
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.stdout.trim(), "Two lines, nothing to fix.");

    let turns = model.turns();
    assert_eq!(turns.len(), 2, "{turns:#?}");
    assert_eq!(turns[0].path, "/v1/chat/completions");
    assert_eq!(
        offered(&turns[0].body),
        ["file_stats"],
        "only its custom tools"
    );
    let messages = turns[0].body["messages"].to_string();
    assert!(messages.contains("Payload (JSON)"), "{messages}");
    assert!(
        messages.contains(r#"\"path\": \"src/main.rs\""#) && messages.contains("naming"),
        "{messages}"
    );
    let stats = openai::tool_result(&turns[1].body, 1)
        .expect("file_stats's result")
        .text();
    assert!(stats.contains(r#""lines":2"#), "{stats}");
    // The subagent ran for the call's origin, with the role `[origins]` gives it.
    assert!(stats.contains("(read for cli as owner)"), "{stats}");

    // Without an origin the tool refuses before any model is asked.
    let model_requests = model.requests().len();
    let run = host(
        dir.path(),
        &config,
        &[("MY_GATEWAY_KEY", "fake-key")],
        &["call", "review", "--args", args],
    );
    assert_ne!(run.code, 0);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(said.contains("this call has no origin"), "{said}");
    assert_eq!(model.requests().len(), model_requests);
}

#[test]
fn complete_streams_from_anthropic_and_reports_usage() {
    let model = FakeModel::anthropic(vec![Turn::say("Hello from the fake.")]);
    let dir = scratch();
    let url = model.base_url();
    let args = complete("anthropic", &url, "claude-test", &["--tools", "Say hello."]);
    let run = host(dir.path(), "", &[("ANTHROPIC_API_KEY", "fake-key")], &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Hello from the fake.\n");
    let turns = model.turns();
    assert_eq!(turns[0].body["stream"], true, "asked for a stream");
    let asked = turns[0].body["messages"][0]["content"].to_string();
    assert!(asked.contains("Say hello."), "{asked}");

    // --json: the whole reply, with the tokens the API reported.
    let model = FakeModel::anthropic(vec![Turn::say("Counted.")]);
    let url = model.base_url();
    let mut args = complete("anthropic", &url, "claude-test", &["--tools", "Say hello."]);
    args.insert(1, "--json".to_string());
    let run = host(dir.path(), "", &[("ANTHROPIC_API_KEY", "fake-key")], &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let reply: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(reply["text"], "Counted.");
    assert_eq!(
        reply["usage"],
        json!({"input_tokens": 10, "output_tokens": 5})
    );
}

#[test]
fn complete_reaches_openai_compatible_apis_named_in_the_config_or_on_the_command_line() {
    let model = FakeModel::openai(vec![Turn::say("Chat completions here.")]);
    let dir = scratch();
    let url = format!("{}/v1", model.base_url());
    let run = host(
        dir.path(),
        "",
        &[("OPENAI_API_KEY", "fake-key")],
        &complete("openai", &url, "gpt-test", &["--tools", "Hi"]),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Chat completions here.\n");
    assert_eq!(model.turns()[0].body["model"], "gpt-test");
    assert_eq!(model.turns()[0].body["stream"], true);

    // The same from tackle.toml, the Responses API.
    let model = FakeModel::responses(vec![Turn::say("Responses here.")]);
    let config = format!(
        "[provider]\nname = \"openai-responses\"\nmodel = \"gpt-test\"\nbase_url = \"{}/v1\"\n",
        model.base_url()
    );
    let run = host(
        dir.path(),
        &config,
        &[("OPENAI_API_KEY", "fake-key")],
        &["complete", "--tools", "Hi"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Responses here.\n");
    assert_eq!(model.turns()[0].path, "/v1/responses");
}

#[test]
fn a_rate_limit_is_waited_out_as_the_api_asks() {
    let model = FakeModel::anthropic(vec![Turn::say("After the wait.")]);
    model.fail_next(Fault::rate_limited(1));
    let dir = scratch();
    let url = model.base_url();
    let started = Instant::now();
    let run = host(
        dir.path(),
        "",
        &[("ANTHROPIC_API_KEY", "fake-key")],
        &complete("anthropic", &url, "m", &["--tools", "Hi"]),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "After the wait.\n");
    let requests = model.requests();
    assert_eq!(
        requests.len(),
        2,
        "one refused, one answered: {requests:#?}"
    );
    assert_eq!(requests[0].body, requests[1].body, "the same request again");
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After: 1 was honoured"
    );
}

#[test]
fn a_missing_key_names_its_variable_and_sends_nothing() {
    let model = FakeModel::anthropic(vec![Turn::say("unused")]);
    let dir = scratch();
    let url = model.base_url();
    let run = host(
        dir.path(),
        "",
        &[],
        &complete("anthropic", &url, "m", &["Hi"]),
    );
    assert_eq!(run.code, 3, "a config error: {}", run.stderr);
    assert!(
        run.stderr.contains(
            "provider `anthropic` reads its API key from the environment variable `ANTHROPIC_API_KEY`, which is not set"
        ),
        "{}",
        run.stderr
    );
    assert!(model.requests().is_empty());

    // A prompt job fails the same way, naming the variable the config chose.
    let config = format!(
        "[provider]\nname = \"openai\"\nmodel = \"m\"\nbase_url = \"{url}/v1\"\napi_key_env = \"TEAM_KEY\"\n"
    );
    let run = host(
        dir.path(),
        &config,
        &[],
        &["run", "--job", "__plugin_nightly_tidy", "--now"],
    );
    assert_eq!(run.code, 1, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("`TEAM_KEY`, which is not set"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_wrong_base_url_is_named() {
    let dir = scratch();
    let config = "[provider]\nname = \"anthropic\"\nmodel = \"m\"\nmax_retries = 0\n";
    let keys = [("ANTHROPIC_API_KEY", "fake-key")];
    // Nothing listens on port 9 of loopback.
    let run = host(
        dir.path(),
        config,
        &keys,
        &["complete", "--base-url", "http://127.0.0.1:9", "Hi"],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("no answer read from the API at `http://127.0.0.1:9/v1/`")
            && run.stderr.contains("check the base URL"),
        "{}",
        run.stderr
    );
    let run = host(
        dir.path(),
        config,
        &keys,
        &["complete", "--base-url", "localhost:9", "Hi"],
    );
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "the base URL `localhost:9` of provider `anthropic` is not an http:// or https:// URL"
        ),
        "{}",
        run.stderr
    );
    // A base URL that answers, but not the API: its 404 says to check it.
    let model = FakeModel::openai(Vec::new());
    let url = format!("{}/v2", model.base_url()); // the fake serves /v1 and /
    let run = host(
        dir.path(),
        "",
        &[("OPENAI_API_KEY", "k")],
        &complete("openai", &url, "m", &["Hi"]),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains(&format!("the API at `{url}/` has no such path or model")),
        "{}",
        run.stderr
    );
}

#[test]
fn a_request_that_takes_too_long_times_out() {
    let model = FakeModel::openai(vec![Turn::say("too late")]);
    model.fail_next(Fault::Delay(Duration::from_secs(4)));
    let dir = scratch();
    let config = format!(
        "[provider]\nname = \"openai\"\nmodel = \"m\"\nbase_url = \"{}/v1\"\ntimeout_secs = 1\nmax_retries = 0\n",
        model.base_url()
    );
    let started = Instant::now();
    let run = host(
        dir.path(),
        &config,
        &[("OPENAI_API_KEY", "k")],
        &["complete", "--tools", "Hi"],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("no answer within 1000 ms")
            && run.stderr.contains("(retrying may help)"),
        "{}",
        run.stderr
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "it did not wait for the answer"
    );
}

#[tokio::test]
async fn dropping_a_request_cancels_it_before_its_retry() {
    use tackle::provider::{Message, Provider, Request};
    use tackle_runtime::providers::{Api, ApiProvider, ApiSettings};

    let model = FakeModel::anthropic(vec![Turn::say("never asked for")]);
    model.fail_next(Fault::rate_limited(1));
    let mut settings = ApiSettings::new(Api::Anthropic);
    settings.base_url = Some(model.base_url());
    let provider = ApiProvider::with_key(settings, "fake-key".to_owned()).expect("provider");
    let asked = provider.complete(Request::new("m").with_message(Message::user("Hi")));
    // The 429 comes at once; the retry would follow a second later.
    let waited = tokio::time::timeout(Duration::from_millis(300), asked).await;
    assert!(waited.is_err(), "still waiting to retry: {waited:?}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(model.requests().len(), 1, "no retry after the drop");
}

#[test]
fn list_shows_the_apis_and_which_one_the_config_names() {
    let dir = scratch();
    let config = "[provider]\nname = \"openai\"\nmodel = \"gpt-test\"\n";
    let run = host(dir.path(), config, &[], &["list"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let row = |name: &str| {
        run.stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row for {name} in:\n{}", run.stdout))
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
    };
    assert_eq!(row("openai"), ["openai", "-", "default", "gpt-test"]);
    assert_eq!(row("anthropic"), ["anthropic", "-", "api", "-"]);

    // A name that is neither linked nor an API stops the host, with the names.
    let run = host(dir.path(), "provider = \"opeani\"\n", &[], &["list"]);
    assert_eq!(run.code, 3);
    assert!(
        run.stderr
            .contains("`provider`: no provider is named `opeani`; did you mean `openai`?"),
        "{}",
        run.stderr
    );
    // So does a job's.
    let run = host(
        dir.path(),
        "[provider]\nname = \"openai\"\nmodel = \"m\"\n[provider.jobs.\"__plugin_nightly_tidy\"]\nname = \"antropic\"\n",
        &[],
        &["list"],
    );
    assert_eq!(run.code, 3);
    assert!(
        run.stderr.contains(
            "`provider.jobs.__plugin_nightly_tidy.name`: no provider is named `antropic`; did you mean `anthropic`?"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn doctor_checks_each_provider_choice_and_run_checks_the_job_ids() {
    let dir = scratch();
    let config = "[provider]\nname = \"openai\"\nmodel = \"m\"\napi_key_env = \"NOPE_KEY\"\n\n[provider.jobs.\"__plugin_nightly_tidy\"]\nname = \"anthropic\"\nmodel = \"c\"\n";
    let run = host(
        dir.path(),
        config,
        &[("ANTHROPIC_API_KEY", "k")],
        &["doctor"],
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.contains(
            "fail  provider  `provider`: provider `openai` reads its API key from the environment variable `NOPE_KEY`, which is not set"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(
            "ok    provider  `provider.jobs.__plugin_nightly_tidy`: `anthropic` with model `c` is ready"
        ),
        "{}",
        run.stdout
    );

    let config = "[provider]\nname = \"openai\"\nmodel = \"m\"\n[provider.jobs.\"__plugin_nightly_tidi\"]\nmodel = \"n\"\n";
    let run = host(
        dir.path(),
        config,
        &[],
        &["run", "--job", "__plugin_nightly_tidy", "--now"],
    );
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "`provider.jobs.__plugin_nightly_tidi`: no cron job has the id `__plugin_nightly_tidi`; did you mean `__plugin_nightly_tidy`?"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn a_job_override_picks_its_own_provider_and_model() {
    let model = FakeModel::openai(vec![Turn::say("Done by the job's model.")]);
    let dir = scratch();
    std::fs::write(dir.path().join("notes.txt"), "x").expect("notes");
    // The default points nowhere; the job's override at the fake.
    let config = format!(
        "[provider]\nname = \"anthropic\"\nmodel = \"claude-test\"\nbase_url = \"http://127.0.0.1:9\"\n\n[provider.jobs.\"__plugin_nightly_tidy\"]\nname = \"openai\"\nmodel = \"gpt-job\"\nbase_url = \"{}/v1\"\n",
        model.base_url()
    );
    let run = host(
        dir.path(),
        &config,
        &[("OPENAI_API_KEY", "k")],
        &["run", "--job", "__plugin_nightly_tidy", "--now"],
    );
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("Done by the job's model."),
        "{}",
        run.stdout
    );
    assert_eq!(model.turns()[0].body["model"], "gpt-job");
    // Without --progress and with stderr a pipe, no progress lines.
    assert!(!run.stderr.contains("turn 1"), "{}", run.stderr);
}

#[test]
fn a_refused_key_names_its_variable_and_an_outage_is_retried() {
    let model = FakeModel::openai(vec![Turn::say("Back up.")]);
    let dir = scratch();
    let url = format!("{}/v1", model.base_url());
    let args = complete(
        "openai",
        &url,
        "m",
        &["--api-key-env", "TEAM_KEY", "--tools", "Hi"],
    );
    model.fail_next(Fault::Status {
        status: 401,
        retry_after: None,
    });
    let run = host(dir.path(), "", &[("TEAM_KEY", "wrong")], &args);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "the API at `{url}/` refused the key from `TEAM_KEY`"
        )),
        "{}",
        run.stderr
    );
    assert_eq!(model.requests().len(), 1, "a refused key is not retried");

    // A 503 without Retry-After: the backoff, then the answer.
    model.fail_next(Fault::Status {
        status: 503,
        retry_after: None,
    });
    let run = host(dir.path(), "", &[("TEAM_KEY", "right")], &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "Back up.\n");
    assert_eq!(model.requests().len(), 3);
}

#[test]
fn a_prompt_job_on_the_responses_api_calls_tools_too() {
    let model = FakeModel::responses(vec![
        Turn::tool("count_words", json!({"text": "one two three"})),
        Turn::say("Three words."),
    ]);
    let dir = scratch();
    let config = format!(
        "[provider]\nname = \"openai-responses\"\nmodel = \"gpt-test\"\nbase_url = \"{}/v1\"\n",
        model.base_url()
    );
    let run = host(
        dir.path(),
        &config,
        &[("OPENAI_API_KEY", "k")],
        &["run", "--job", "__plugin_nightly_tidy", "--now"],
    );
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Three words."), "{}", run.stdout);
    let turns = model.turns();
    assert_eq!(turns.len(), 2);
    let output = tackle_tests::fake_model::responses::call_output(&turns[1].body, 1)
        .expect("count_words's output");
    assert_eq!(output.text(), "3");
}

#[test]
fn an_untrusted_project_cannot_point_the_model_or_a_key_elsewhere() {
    let model = FakeModel::openai(vec![Turn::say("should not be asked")]);
    let dir = scratch();
    let config = format!(
        "[provider]\nname = \"openai\"\nmodel = \"m\"\nbase_url = \"{}/v1\"\napi_key_env = \"SOME_SECRET\"\n",
        model.base_url()
    );
    std::fs::write(dir.path().join("tackle.toml"), config).expect("config");
    let out = Command::new(HOST)
        .args(["complete", "--tools", "Hi"])
        .current_dir(dir.path())
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_TRUST_PROJECT")
        .env("TACKLE_HOME", dir.path().join(".tackle-home"))
        .env("SOME_SECRET", "the user's secret")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("no provider is configured"), "{stderr}");
    assert!(stderr.contains("this project is not trusted"), "{stderr}");
    assert!(model.requests().is_empty(), "nothing was sent");
}
