//! The host API in-process: contexts, typed config, failures contained,
//! output capped, cancellation, progress, concurrency, config problems.

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tackle::schema::object_root_problem;
use tackle_runtime::{CallError, CallInfo, Cancellation, Host, HostError, PluginStatus, ToolSink};

tackle_runtime::link!(metrics, textkit, faulty);

async fn host(config: &str) -> Host {
    Host::builder()
        .agent_dir("/agents/test")
        .config_toml(config, "test.toml")
        .build()
        .await
        .expect("host builds")
}

fn here() -> CallInfo {
    CallInfo::new(env!("CARGO_MANIFEST_DIR"))
}

async fn call(host: &Host, tool: &str, args: Value) -> tackle::ToolResult {
    host.call_tool(tool, args, here()).await.expect("callable")
}

#[tokio::test]
async fn tools_see_their_call_and_typed_config() {
    let host =
        host("max_output_bytes = 777\n[plugins.faulty]\ngreeting = \"bonjour\"\nlevel = 7\n").await;
    let call = CallInfo::new("/work/dir")
        .with_session("s-42")
        .with_search_roots(["/ro/one".into(), "/ro/two".into()]);
    let result = host
        .call_tool("context-report", json!({"tag": "t1"}), call)
        .await
        .expect("callable");
    assert!(!result.is_error, "{result:?}");
    let report = result.structured_content.expect("structured");
    assert_eq!(
        report,
        json!({
            "session": "s-42",
            "cwd": "/work/dir",
            "roots": ["/ro/one", "/ro/two"],
            "max_output_bytes": 777,
            "plugin": "faulty",
            "version": "2.0.0-rc.1",
            "agent_dir": "/agents/test",
            "greeting": "bonjour",
            "level": 7,
            "tag": "t1",
        })
    );
    // The text part carries the same JSON for clients that read only text.
    let text: Value = serde_json::from_str(&result_text(&host, "t1").await).expect("json text");
    assert_eq!(text["tag"], "t1");
}

async fn result_text(host: &Host, tag: &str) -> String {
    call(host, "context-report", json!({"tag": tag}))
        .await
        .text_content()
}

#[tokio::test]
async fn absent_config_blocks_use_the_default() {
    let result = call(&host("").await, "context-report", json!({"tag": "x"})).await;
    let report = result.structured_content.expect("structured");
    assert_eq!(report["greeting"], "hello");
    assert_eq!(report["level"], 1);
    assert_eq!(report["max_output_bytes"], tackle::DEFAULT_MAX_OUTPUT_BYTES);
}

#[tokio::test]
async fn panics_become_tool_errors_and_the_host_keeps_working() {
    let host = host("").await;
    for tool in ["panics", "panics_async"] {
        let result = call(&host, tool, json!({"message": "boom"})).await;
        assert!(result.is_error, "{tool}: {result:?}");
        assert_eq!(
            result.text_content(),
            format!("tool `{tool}` failed: it panicked: boom")
        );
    }
    let after = call(&host, "word_count", json!({"text": "still here"})).await;
    assert_eq!(after.structured_content.expect("structured")["words"], 2);
}

#[tokio::test]
async fn tool_errors_reach_the_model_verbatim() {
    let result = call(&host("").await, "fails", json!({"message": "disk on fire"})).await;
    assert!(result.is_error);
    assert_eq!(result.text_content(), "disk on fire");
}

#[tokio::test]
async fn bad_arguments_list_every_problem_with_its_path() {
    let host = host("").await;
    let result = call(
        &host,
        "search",
        json!({"needle": 3, "ignore_case": "yes", "max_matches": -1, "pth": "x"}),
    )
    .await;
    assert!(result.is_error);
    assert_eq!(
        result.text_content(),
        "invalid arguments for tool `search`:\n\
         - `ignore_case`: expected a boolean, found \"yes\"\n\
         - `max_matches`: expected at least 0, found -1\n\
         - `needle`: expected a string, found 3\n\
         - `pth`: unknown key; did you mean `path`? (known: `needle`, `path`, `ignore_case`, `max_matches`)"
    );
    let missing = call(&host, "search", json!({})).await;
    assert_eq!(
        missing.text_content(),
        "invalid arguments for tool `search`:\n- `needle`: required, but missing"
    );
    let not_object = call(&host, "search", json!(["needle"])).await;
    assert!(
        not_object.text_content().contains("expected an object"),
        "{not_object:?}"
    );
}

#[tokio::test]
async fn null_arguments_mean_no_arguments() {
    let result = call(&host("").await, "steps", json!({"steps": 0})).await;
    assert_eq!(result.text_content(), "0 steps");
    let report = host("")
        .await
        .call_tool("complexity", Value::Null, here())
        .await
        .expect("callable");
    assert_eq!(
        report.text_content(),
        "invalid arguments for tool `complexity`:\n- `code`: required, but missing"
    );
}

#[tokio::test]
async fn output_beyond_the_cap_is_truncated_visibly() {
    let host = host("max_output_bytes = 50\n").await;
    let result = call(&host, "flood", json!({"bytes": 120})).await;
    assert_eq!(
        result.text_content(),
        format!(
            "{}\n[output truncated by tackle: 50 of 120 bytes shown]",
            "x".repeat(50)
        )
    );
    let per_call = host
        .call_tool(
            "flood",
            json!({"bytes": 120}),
            here().with_max_output_bytes(10),
        )
        .await
        .expect("callable");
    assert!(
        per_call
            .text_content()
            .starts_with("xxxxxxxxxx\n[output truncated by tackle: 10 of 120")
    );
    let small = call(&host, "flood", json!({"bytes": 50})).await;
    assert_eq!(small.text_content(), "x".repeat(50));
}

#[tokio::test]
async fn cancellation_reaches_a_running_tool() {
    let host = Arc::new(host("").await);
    let token = Cancellation::new();
    let task = tokio::spawn({
        let host = host.clone();
        let token = token.clone();
        async move {
            host.call_tool(
                "wait_for_cancel",
                json!({}),
                here().with_cancellation(token),
            )
            .await
            .expect("callable")
        }
    });
    tokio::task::yield_now().await;
    assert!(!task.is_finished());
    token.cancel();
    let result = task.await.expect("joined");
    assert_eq!(result.text_content(), "cancelled after wait_for_cancel");
}

#[derive(Default)]
struct Recorder(Mutex<Vec<String>>);

impl ToolSink for Recorder {
    fn progress(&self, tool: &str, fraction: f64, message: &str) {
        self.0
            .lock()
            .expect("lock")
            .push(format!("{tool} {fraction} {message}"));
    }
    fn output(&self, tool: &str, chunk: &str) {
        self.0
            .lock()
            .expect("lock")
            .push(format!("{tool} out {chunk:?}"));
    }
}

#[tokio::test]
async fn progress_and_streamed_output_reach_the_sink() {
    let recorder = Arc::new(Recorder::default());
    let result = host("")
        .await
        .call_tool(
            "steps",
            json!({"steps": 2}),
            here().with_sink(recorder.clone()),
        )
        .await
        .expect("callable");
    assert_eq!(result.text_content(), "2 steps");
    assert_eq!(
        *recorder.0.lock().expect("lock"),
        vec![
            "steps 0.5 step 1".to_owned(),
            "steps out \"chunk 1\\n\"".to_owned(),
            "steps 1 step 2".to_owned(),
            "steps out \"chunk 2\\n\"".to_owned(),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_calls_keep_their_own_sessions() {
    let host = Arc::new(host("").await);
    let mut tasks = Vec::new();
    for i in 0..200 {
        let host = host.clone();
        tasks.push(tokio::spawn(async move {
            let tool = if i % 3 == 0 {
                "panics"
            } else {
                "context-report"
            };
            let args = if tool == "panics" {
                json!({"message": format!("p{i}")})
            } else {
                json!({"tag": format!("t{i}")})
            };
            let result = host
                .call_tool(
                    tool,
                    args,
                    CallInfo::new("/w").with_session(format!("s{i}")),
                )
                .await
                .expect("callable");
            (i, tool, result)
        }));
    }
    for task in tasks {
        let (i, tool, result) = task.await.expect("joined");
        if tool == "panics" {
            assert_eq!(
                result.text_content(),
                format!("tool `panics` failed: it panicked: p{i}")
            );
        } else {
            let report = result.structured_content.expect("structured");
            assert_eq!(report["session"], format!("s{i}"));
            assert_eq!(report["tag"], format!("t{i}"));
        }
    }
}

#[tokio::test]
async fn unknown_tools_suggest_the_nearest_name() {
    let err = host("")
        .await
        .call_tool("word_cnt", json!({}), here())
        .await
        .expect_err("unknown");
    let CallError::UnknownTool { suggestion, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(suggestion, "; did you mean `word_count`?");
    assert!(
        err.to_string()
            .starts_with("no tool is named `word_cnt`; did you mean `word_count`? (tools: ")
    );
}

#[tokio::test]
async fn an_invalid_plugin_config_switches_off_only_that_plugin() {
    let host = host("[plugins.faulty]\ngreeting = 5\nlevel = 99\ngreting = \"typo\"\n").await;
    let faulty = host.plugin("faulty").expect("linked");
    let PluginStatus::Failed(problems) = faulty.status() else {
        panic!("{:?}", faulty.status())
    };
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "`plugins.faulty.greeting`: expected a string, found 5",
            "`plugins.faulty.greting`: unknown key; did you mean `greeting`? (known: `greeting`, `level`, `init`)",
            "`plugins.faulty.level`: expected at most 10, found 99",
        ]
    );
    let err = host
        .call_tool("fails", json!({"message": "m"}), here())
        .await
        .expect_err("off");
    assert!(matches!(err, CallError::PluginUnavailable { .. }));
    assert!(
        err.to_string().contains("is off because it failed to load"),
        "{err}"
    );
    assert_eq!(
        call(&host, "word_count", json!({"text": "a b c"}))
            .await
            .structured_content
            .expect("json")["words"],
        3
    );

    let strict = Host::builder()
        .config_toml("[plugins.faulty]\nlevel = 99\n", "strict.toml")
        .strict(true)
        .build()
        .await
        .expect_err("strict");
    assert_eq!(
        strict.to_string(),
        "strict.toml has 1 problem:\n  - `plugins.faulty.level`: expected at most 10, found 99"
    );
}

#[tokio::test]
async fn the_enabled_list_orders_plugins_and_disables_the_rest() {
    let host = host("enabled = [\"textkit\", \"metrics\"]\n").await;
    let ids: Vec<_> = host
        .plugins()
        .iter()
        .map(|p| (p.def().id, p.status() == PluginStatus::Ready))
        .collect();
    assert_eq!(
        ids,
        [("textkit", true), ("metrics", true), ("faulty", false)]
    );
    let first_tools: Vec<_> = host.tools().iter().map(|t| t.plugin.id).collect();
    assert_eq!(first_tools.first(), Some(&"textkit"));
    assert_eq!(first_tools.last(), Some(&"faulty"));
    let faulty = host.tool("fails").expect("listed");
    assert!(!host.is_callable(faulty));
}

#[tokio::test]
async fn config_problems_that_stop_the_host_are_all_listed() {
    let err = Host::builder()
        .config_toml(
            "enabled = [\"metrics\", \"textkti\"]\nmax_output_bytes = 0\n[plugins.nope]\nx = 1\n[plugins.faulty]\nlevel = 11\n",
            "bad.toml",
        )
        .build()
        .await
        .expect_err("invalid");
    let HostError::Config(config) = &err else {
        panic!("{err:?}")
    };
    let text = err.to_string();
    // The file-level problem stops parsing first; fix it and the rest show.
    assert_eq!(config.problems.len(), 1, "{text}");
    assert!(
        text.contains("`max_output_bytes`: expected a positive integer, found 0"),
        "{text}"
    );

    let err = Host::builder()
        .config_toml(
            "enabled = [\"metrics\", \"textkti\", \"faulty\"]\n[plugins.nope]\nx = 1\n[plugins.faulty]\nlevel = 11\n",
            "bad.toml",
        )
        .build()
        .await
        .expect_err("invalid");
    let text = err.to_string();
    assert!(text.starts_with("bad.toml has 3 problems:"), "{text}");
    assert!(text.contains("`enabled[1]`: plugin `textkti` is enabled but is not linked into this binary; did you mean `textkit`?"), "{text}");
    assert!(
        text.contains("`plugins.nope`: plugin `nope` has a config block but is not linked"),
        "{text}"
    );
    assert!(
        text.contains("`plugins.faulty.level`: expected at most 10, found 11"),
        "{text}"
    );
}

#[tokio::test]
async fn a_plugin_without_config_accepts_an_empty_block_and_refuses_keys() {
    let empty = host("[plugins.textkit]\n").await;
    assert_eq!(
        empty.plugin("textkit").expect("linked").status(),
        PluginStatus::Ready
    );
    let host = host("[plugins.textkit]\nanything = 1\n").await;
    let PluginStatus::Failed(problems) = host.plugin("textkit").expect("linked").status() else {
        panic!()
    };
    assert_eq!(
        problems[0].to_string(),
        "`plugins.textkit`: plugin `textkit` takes no config, but this block sets 1 key(s); remove the block"
    );
}

#[tokio::test]
async fn every_linked_schema_is_portable() {
    let host = host("").await;
    assert!(host.tools().len() >= 14);
    for tool in host.tools() {
        let input = (tool.input_schema)();
        assert_eq!(object_root_problem(input), None, "{}", tool.name);
        let text = input.to_string();
        assert!(
            !text.contains("$ref") && !text.contains("$defs") && !text.contains("\"null\""),
            "{}: {text}",
            tool.name
        );
        if let Some(output) = (tool.output_schema)() {
            assert_eq!(object_root_problem(output), None, "{}", tool.name);
        }
        // Generated once: the same allocation every time.
        assert!(std::ptr::eq(input, (tool.input_schema)()));
    }
    let search = host.tool("search").expect("linked");
    let schema = (search.input_schema)();
    assert_eq!(schema["required"], json!(["needle"]));
    assert_eq!(schema["additionalProperties"], json!(false));
    assert_eq!(
        schema["properties"]["needle"]["description"],
        "The text to look for."
    );
    assert_eq!(schema["properties"]["max_matches"]["type"], "integer");
    let count = host.tool("count_lines").expect("linked");
    assert_eq!(
        (count.output_schema)().expect("Json output")["required"],
        json!(["path", "total", "code", "comment", "blank"])
    );
    assert!((host.tool("head").expect("linked").output_schema)().is_none());
}

#[tokio::test]
async fn plugin_state_is_shared_across_calls_and_keyed_by_session() {
    let host = host("[plugins.faulty]\ngreeting = \"hej\"\n").await;
    let count = |session: &'static str| {
        let host = &host;
        async move {
            host.call_tool(
                "session_calls",
                json!({}),
                CallInfo::new("/").with_session(session),
            )
            .await
            .expect("callable")
            .text_content()
        }
    };
    assert_eq!(count("a").await, "hej a: 1");
    assert_eq!(count("a").await, "hej a: 2");
    assert_eq!(count("b").await, "hej b: 1");
    assert_eq!(count("a").await, "hej a: 3");
    // A second host has its own state.
    let other = self::host("").await;
    let first = other
        .call_tool(
            "session_calls",
            json!({}),
            CallInfo::new("/").with_session("a"),
        )
        .await
        .expect("callable");
    assert_eq!(first.text_content(), "hello a: 1");
}

#[tokio::test]
async fn a_state_that_fails_or_panics_switches_off_only_its_plugin() {
    for (mode, expected) in [
        (
            "fail",
            "`plugins.faulty`: its state `Ledger` failed to start: the ledger file is locked",
        ),
        (
            "panic",
            "`plugins.faulty`: its state `Ledger` panicked while starting: the ledger exploded",
        ),
    ] {
        let host = host(&format!("[plugins.faulty]\ninit = \"{mode}\"\n")).await;
        let PluginStatus::Failed(problems) = host.plugin("faulty").expect("linked").status() else {
            panic!("{mode}: not failed")
        };
        assert_eq!(
            problems.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [expected],
            "{mode}"
        );
        let err = host
            .call_tool("session_calls", json!({}), here())
            .await
            .expect_err("off");
        assert!(
            err.to_string().contains("is off because it failed to load"),
            "{err}"
        );
        assert!(
            !call(&host, "word_count", json!({"text": "fine"}))
                .await
                .is_error
        );
    }
    let strict = Host::builder()
        .config_toml("[plugins.faulty]\ninit = \"fail\"\n", "strict.toml")
        .strict(true)
        .build()
        .await
        .expect_err("strict");
    assert!(
        strict
            .to_string()
            .contains("failed to start: the ledger file is locked"),
        "{strict}"
    );
}

#[tokio::test]
async fn shutdown_disposes_of_state_once() {
    let host = host("[plugins.faulty]\ngreeting = \"bye-once\"\n").await;
    call(&host, "session_calls", json!({})).await;
    assert_eq!(faulty::events_of("bye-once"), ["init:bye-once"]);
    host.shutdown().await;
    assert_eq!(
        faulty::events_of("bye-once"),
        ["init:bye-once", "dispose:bye-once"]
    );
    host.shutdown().await;
    assert_eq!(
        faulty::events_of("bye-once").len(),
        2,
        "a second shutdown disposes nothing"
    );
    let refused = host
        .call_tool("word_count", json!({"text": "late"}), here())
        .await;
    assert!(
        matches!(refused, Err(CallError::ShutDown { .. })),
        "{refused:?}"
    );
}

#[tokio::test]
async fn a_strict_host_that_will_not_start_starts_no_state() {
    let err = Host::builder()
        .config_toml(
            "[plugins.faulty]\ngreeting = \"never-started\"\n[plugins.metrics]\nmax_file_bytes = \"big\"\n",
            "strict.toml",
        )
        .strict(true)
        .build()
        .await
        .expect_err("metrics' config is invalid");
    assert!(
        err.to_string().contains("`plugins.metrics.max_file_bytes`"),
        "{err}"
    );
    assert!(
        faulty::events_of("never-started").is_empty(),
        "init ran although the host never started"
    );
}

#[tokio::test]
async fn schema_constraints_are_enforced_before_the_tool_runs() {
    let host = host("").await;
    // `lines` has `#[schemars(range(min = 1, max = 10000))]`; serde alone
    // would accept 0 and run the tool.
    let result = call(&host, "head", json!({"path": "Cargo.toml", "lines": 0})).await;
    assert!(result.is_error, "{result:?}");
    assert_eq!(
        result.text_content(),
        "invalid arguments for tool `head`:\n- `lines`: expected at least 1, found 0"
    );
    let within = call(&host, "head", json!({"path": "Cargo.toml", "lines": 1})).await;
    assert!(!within.is_error, "{within:?}");
    // `#[args]` types are checked the same way (`max_files` has min 1).
    let stats = call(&host, "tree_stats", json!({"max_files": 0})).await;
    assert_eq!(
        stats.text_content(),
        "invalid arguments for tool `tree_stats`:\n- `max_files`: expected at least 1, found 0"
    );
}

#[test]
fn the_registry_is_built_once_per_process() {
    let first = tackle_runtime::Registry::global().expect("valid");
    let second = tackle_runtime::Registry::global().expect("valid");
    assert!(std::ptr::eq(first, second));
    let ids: Vec<&str> = first.plugins().iter().map(|p| p.id).collect();
    assert_eq!(
        ids,
        ["faulty", "metrics", "textkit"],
        "exactly the crates named in link!"
    );
}

#[tokio::test]
async fn a_state_that_does_not_start_in_time_is_switched_off() {
    let host = Host::builder()
        .config_toml("[plugins.faulty]\ninit = \"hang\"\n", "slow.toml")
        .init_timeout(std::time::Duration::from_millis(50))
        .build()
        .await
        .expect("the others run");
    let PluginStatus::Failed(problems) = host.plugin("faulty").expect("linked").status() else {
        panic!("not failed")
    };
    assert_eq!(
        problems[0].to_string(),
        "`plugins.faulty`: its state `Ledger` failed to start: it did not finish within 50 ms"
    );
    assert!(
        !call(&host, "word_count", json!({"text": "on time"}))
            .await
            .is_error
    );
}
