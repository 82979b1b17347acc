//! The test kit (`tackle_runtime::testing`): one-line checks pass on the
//! outcomes they describe and fail, with the outcome shown, on others.

use serde_json::json;
use tackle::hook::Stop;
use tackle_runtime::testing::{OutcomeAssertions, TestHost};

tackle_runtime::link!(hooky, faulty);

fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).expect_err("the assertion should fail");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default()
}

#[tokio::test]
async fn assertions_pass_on_the_outcomes_they_describe() {
    let host = TestHost::new(&["hooky"]).await.session("kit");
    host.permission_request("Bash", json!({"command": "rm -rf x"}))
        .await
        .assert_denied()
        .assert_denied_by("plugin `hooky`")
        .assert_denied_with("rm *")
        .assert_no_context();
    host.permission_request("Write", json!({}))
        .await
        .assert_denied_by("hooky::permission");
    host.permission_request("Bash", json!({"command": "ls"}))
        .await
        .assert_asks();
    host.permission_request("Read", json!({}))
        .await
        .assert_allowed();
    host.before_tool_call("Bash", json!({"command": "git push"}))
        .await
        .assert_abstains()
        .assert_context("check the branch")
        .assert_no_failures();
    host.user_prompt("chain: x")
        .await
        .assert_modified(json!("chain: x [one] [two]"))
        .assert_context("tagged twice");
    assert!(host.system_context().await.text.contains("## hooky"));
    let seen = host.call_tool("seen", json!({"session": "kit"})).await;
    assert!(
        seen.text_content()
            .contains("event:permission_request:deny"),
        "{}",
        seen.text_content()
    );
}

#[tokio::test]
async fn failing_assertions_show_the_outcome() {
    let host = TestHost::new(&["hooky"]).await;
    let allowed = host.permission_request("Read", json!({})).await;
    let message = panic_message(|| {
        allowed.assert_denied();
    });
    assert!(
        message.starts_with("expected a deny, but the outcome is:"),
        "{message}"
    );
    assert!(message.contains("verdict: Allow"), "{message}");
    let message = panic_message(|| {
        allowed.assert_denied_by("hooky::permission");
    });
    assert!(
        message.contains("a deny by `hooky::permission`"),
        "{message}"
    );
    let stop = host.dispatch(Stop::default()).await;
    let message = panic_message(|| {
        stop.assert_no_failures();
    });
    assert!(message.contains("Ignored"), "{message}");
}

/// The message a test host panicked with while being built.
async fn build_panic(plugins: &'static [&'static str], config: &'static str) -> String {
    let panic = tokio::spawn(async move { TestHost::with_config(plugins, config).await })
        .await
        .expect_err("the build panics")
        .into_panic();
    panic.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_plugin_that_is_not_linked_is_named() {
    let message = build_panic(&["guardd"], "").await;
    assert!(
        message.contains("plugin `guardd` is not linked into this test"),
        "{message}"
    );
}

#[tokio::test]
async fn a_config_the_plugins_refuse_is_a_clear_panic() {
    let message = build_panic(&["faulty"], "[plugins.faulty]\nlevel = 99\n").await;
    assert!(
        message.contains("the test host does not build"),
        "{message}"
    );
    assert!(message.contains("plugins.faulty.level"), "{message}");
}
