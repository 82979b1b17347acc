//! What a model is told when it gives an enum argument a value the enum
//! does not have: the allowed values, whether the variants have doc
//! comments (a `oneOf` of `const`s) or not (an `enum`), in process,
//! through the `call` command and over MCP. The tool is `faulty`'s `bump`.

use std::sync::Arc;

use serde_json::{Value, json};
use tackle_runtime::{CallInfo, Host, Registry};
use tackle_tests::mcp::{Client, text};
use tackle_tests::process::isolated;

tackle_runtime::link!(faulty);

/// `part`'s variants have doc comments; `channel`'s do not.
const DOCUMENTED: &str = r#"`part`: expected one of "major", "minor", "patch", found "huge""#;
const PLAIN: &str = r#"`channel`: expected one of "stable", "beta", "nightly", found "weekly""#;

fn bad_part() -> Value {
    json!({"part": "huge"})
}

fn bad_channel() -> Value {
    json!({"part": "minor", "channel": "weekly"})
}

async fn host() -> Host {
    Host::builder()
        .registry(Registry::global().expect("registry").only(&["faulty"]))
        .build()
        .await
        .expect("host builds")
}

#[tokio::test]
async fn in_process_the_error_names_the_allowed_values() {
    let host = host().await;
    for (args, needle) in [(bad_part(), DOCUMENTED), (bad_channel(), PLAIN)] {
        let result = host
            .call_tool("bump", args, CallInfo::new("."))
            .await
            .expect("callable");
        assert!(result.is_error, "{result:?}");
        let text = result.text_content();
        assert!(text.contains(needle), "{text}");
        assert!(!text.contains("oneOf"), "{text}");
    }
    let ok = host
        .call_tool("bump", json!({"part": "patch"}), CallInfo::new("."))
        .await
        .expect("callable");
    assert_eq!(ok.text_content(), "Patch None");
}

#[test]
fn the_call_command_names_the_allowed_values() {
    for (args, needle) in [(bad_part(), DOCUMENTED), (bad_channel(), PLAIN)] {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        let output = isolated(env!("CARGO_BIN_EXE_tackle-test-host"), &dir.join(".home"))
            .args(["call", "bump", "--args", &args.to_string()])
            .current_dir(dir)
            .output()
            .expect("run the test host");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
    }
}

#[tokio::test]
async fn over_mcp_the_error_names_the_allowed_values() {
    let mut client = Client::ready(Arc::new(host().await), "enum-args", json!({})).await;
    for (args, needle) in [(bad_part(), DOCUMENTED), (bad_channel(), PLAIN)] {
        let result = client.call("bump", args).await;
        assert_eq!(result["isError"], true, "{result}");
        assert!(text(&result).contains(needle), "{result}");
    }
}
