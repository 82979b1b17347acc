//! Slash commands: in process through `Host::run_command`, and end to end
//! through the CLI's `command`, `list` and `manifest` on a real binary.

use std::path::Path;
use std::process::Stdio;

use serde_json::Value;
use tackle::Origin;
use tackle::command::Surface;
use tackle_runtime::{CommandError, Host};
use tackle_tests::process::isolated;

tackle_runtime::link!(metrics, slash);

const HOST: &str = env!("CARGO_BIN_EXE_tackle-command-host");

async fn host() -> Host {
    Host::builder()
        .agent_dir(env!("CARGO_MANIFEST_DIR"))
        .config_toml("[plugins.slash]\ngreeting = \"ahoy\"\n", "test.toml")
        .build()
        .await
        .expect("host builds")
}

async fn run(line: &str) -> Result<String, CommandError> {
    host().await.run_command(line).await.map(|out| out.text)
}

fn usage(result: Result<String, CommandError>) -> String {
    match result {
        Err(CommandError::Usage { message, .. }) => message,
        other => panic!("expected a usage error, got {other:?}"),
    }
}

// ----- in process -----

#[tokio::test]
async fn names_and_aliases_match_in_any_case_with_or_without_a_slash() {
    for line in [
        "/greet bob",
        "greet bob",
        "/GREET bob",
        "/hi bob",
        "Hello-There bob",
    ] {
        assert_eq!(run(line).await.expect(line), "ahoy, bob!", "{line}");
    }
}

#[tokio::test]
async fn options_flags_and_positionals_are_typed() {
    assert_eq!(
        run("/greet --shout 'Ann Lee' --times 2")
            .await
            .expect("runs"),
        "AHOY, ANN LEE! AHOY, ANN LEE!"
    );
    assert_eq!(
        run(r#"/schedule build --when tonight --label a --label "b c" --extra '{"x": 1}'"#)
            .await
            .expect("runs"),
        r#"build Tonight budget=0.5 labels=["a", "b c"] extra=Some({"x": 1})"#
    );
    assert_eq!(
        run("/schedule build --when now --budget 0.25")
            .await
            .expect("runs"),
        "build Now budget=0.25 labels=[] extra=None"
    );
}

#[tokio::test]
async fn the_context_carries_the_surface_origin_and_line() {
    let host = host().await;
    let out = host
        .run_command_on("/whoami  --help-me-not", Surface::Host, Origin::new("cli"))
        .await;
    assert!(
        matches!(&out, Err(CommandError::Usage { message, .. }) if message.contains("unexpected argument '--help-me-not'")),
        "{out:?}"
    );
    let out = host
        .run_command_on("/whoami", Surface::Host, Origin::new("telegram:42"))
        .await
        .expect("runs");
    assert_eq!(out.text, "whoami on host from telegram:42");
    let data = out.data.expect("data");
    assert_eq!(data["line"], "/whoami");
    assert_eq!(data["plugin"], "slash");
    assert_eq!(data["agent_dir"], env!("CARGO_MANIFEST_DIR"));
    let out = host.run_command("whoami").await.expect("runs");
    assert_eq!(out.text, "whoami on agent from agent");
}

#[tokio::test]
async fn state_lives_across_runs() {
    let host = host().await;
    assert_eq!(
        host.run_command("/count").await.expect("runs").text,
        "slash ran 1 time(s)"
    );
    assert_eq!(
        host.run_command("/count").await.expect("runs").text,
        "slash ran 2 time(s)"
    );
}

#[tokio::test]
async fn help_is_output_generated_from_the_metadata() {
    let help = run("/greet --help").await.expect("help is output");
    for expected in [
        "Greet someone with the configured greeting.",
        "Usage: /greet [OPTIONS] <NAME>",
        "<NAME>",
        "Who to greet.",
        "--shout",
        "Greet loudly.",
        "--times <TIMES>",
        "Aliases: /hi, /hello-there",
    ] {
        assert!(
            help.contains(expected),
            "{expected:?} missing from:\n{help}"
        );
    }
    let help = run("/schedule -h").await.expect("help is output");
    assert!(
        help.contains("[possible values: now, tonight]") || help.contains("now:"),
        "{help}"
    );
    assert!(help.contains("[default: 0.5]"), "{help}");
    assert!(help.contains("--extra <JSON>"), "{help}");
}

#[tokio::test]
async fn clap_errors_suggest_and_show_usage() {
    let message = usage(run("/greet bob --shuot").await);
    assert!(
        message.contains("unexpected argument '--shuot'"),
        "{message}"
    );
    assert!(
        message.contains("a similar argument exists: '--shout'"),
        "{message}"
    );
    assert!(message.contains("Usage: /greet"), "{message}");

    let message = usage(run("/greet").await);
    assert!(message.contains("<NAME>"), "{message}");

    let message = usage(run("/greet bob --times many").await);
    assert!(
        message.contains("invalid value 'many' for '--times <TIMES>'"),
        "{message}"
    );

    let message = usage(run("/schedule x --when later").await);
    assert!(
        message.contains("[possible values: now, tonight]"),
        "{message}"
    );
}

#[tokio::test]
async fn values_break_constraints_name_their_argument() {
    let message = usage(run("/greet bob --times 9").await);
    assert!(
        message
            .contains("invalid arguments for `/greet`:\n- `--times`: expected at most 3, found 9"),
        "{message}"
    );
    let message = usage(run("/schedule x --when now --budget 2").await);
    assert!(
        message.contains("`--budget`: expected at most 1"),
        "{message}"
    );
    let message = usage(run("/schedule x --when now --budget -0.5").await);
    assert!(
        message.contains("`--budget`: expected at least 0"),
        "{message}"
    );
    let message = usage(run(r#"/schedule x --when now --extra '{"y": -1}'"#).await);
    assert!(
        message.contains("`--extra` (at `y`): expected at least 0"),
        "{message}"
    );
    let message = usage(run("/schedule x --when now --extra nope").await);
    assert!(
        message.contains("`--extra` takes JSON, and `nope` is not"),
        "{message}"
    );
}

#[tokio::test]
async fn unknown_commands_suggest_the_nearest() {
    match run("/gret bob").await {
        Err(e @ CommandError::Unknown { .. }) => {
            let text = e.to_string();
            assert!(
                text.starts_with("no command is named `/gret`; did you mean `/greet`?"),
                "{text}"
            );
            // On the agent surface, host-only commands are not offered.
            assert!(!text.contains("/host-only"), "{text}");
            assert!(text.contains("`/loc`"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(run("/deploy").await, Err(CommandError::Unknown { suggestion, .. }) if suggestion.is_empty())
    );
    assert!(matches!(run("   ").await, Err(CommandError::Empty { .. })));
    let line = run("/greet 'bob").await;
    assert!(
        matches!(&line, Err(CommandError::Line { message }) if message.contains("single quote at column 8")),
        "{line:?}"
    );
}

#[tokio::test]
async fn surfaces_are_enforced() {
    let host = host().await;
    let e = host
        .run_command("/host-only")
        .await
        .expect_err("agent surface");
    assert_eq!(
        e.to_string(),
        "`/host-only` runs on the host only (`surface = \"host\"`), not inside the agent; run it with the host binary: `<bin> command \"/host-only ...\"`"
    );
    let e = host
        .run_command_on("/agent-only", Surface::Host, Origin::new("cli"))
        .await
        .expect_err("host surface");
    assert!(matches!(e, CommandError::WrongSurface { .. }), "{e}");
    assert!(
        e.to_string().contains("type it in the agent's prompt"),
        "{e}"
    );
    assert_eq!(
        host.run_command_on("/host-only", Surface::Host, Origin::new("cli"))
            .await
            .expect("host")
            .text,
        "on the host"
    );
    host.run_command("/agent-only").await.expect("agent");
}

#[tokio::test]
async fn failures_and_panics_are_errors_not_crashes() {
    let e = run("/fail").await.expect_err("fails");
    assert_eq!(e.to_string(), "`/fail` failed: the disk is on fire");
    let e = run("/boom").await.expect_err("panics");
    assert_eq!(e.to_string(), "`/boom` failed: it panicked: kaboom");
    // The host is still fine.
    assert_eq!(run("/greet x").await.expect("runs"), "ahoy, x!");
}

#[tokio::test]
async fn an_arguments_type_clap_cannot_read_is_reported() {
    let e = run("/tangled a b").await.expect_err("definition");
    assert!(matches!(e, CommandError::Definition { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("`many` takes many values, so it must be the last"),
        "{e}"
    );
}

#[tokio::test]
async fn a_plugin_that_is_off_cannot_run_its_commands_but_shows_help() {
    let host = Host::builder()
        .config_toml("enabled = [\"metrics\"]\n", "test.toml")
        .build()
        .await
        .expect("host builds");
    let e = host.run_command("/greet bob").await.expect_err("off");
    assert_eq!(
        e.to_string(),
        "`/greet` belongs to plugin `slash`, which is not in the config's `enabled` list"
    );
    assert!(host.run_command("/greet --help").await.is_ok());
}

#[tokio::test]
async fn commands_are_listed_in_host_order() {
    let host = host().await;
    let names: Vec<&str> = host.commands().iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        [
            "loc",
            "largest",
            "metrics-config",
            "host-only",
            "greet",
            "whoami",
            "count",
            "fail",
            "boom",
            "agent-only",
            "schedule",
            "tangled"
        ]
    );
    assert_eq!(host.command("/HI").map(|c| c.name), Some("greet"));
}

// ----- the CLI -----

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn cli_in(dir: &Path, args: &[&str]) -> Run {
    let out = isolated(HOST, &dir.join(".home"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("utf8"),
        stderr: String::from_utf8(out.stderr).expect("utf8"),
    }
}

fn cli(args: &[&str]) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    cli_in(dir.path(), args)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn cli_runs_a_command_on_the_host_surface() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("src/a.rs"), "// a\nfn a() {}\n\n").expect("write");
    std::fs::write(dir.path().join("src/b.rs"), "fn b() {}\n").expect("write");
    let r = cli_in(dir.path(), &["command", "/loc src/a.rs src/b.rs"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "     3 lines      1 code      1 comment      1 blank  src/a.rs\n     1 lines      1 code      0 comment      0 blank  src/b.rs\n     4 lines      2 code      1 comment      1 blank  total\n"
    );
    let r = cli_in(dir.path(), &["command", "/largest --top 1 src", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json(&r.stdout);
    assert_eq!(v["command"], "largest");
    assert_eq!(v["output"], "     3  a.rs\n");
    let r = cli_in(
        dir.path(),
        &["command", "/lines --summary src/a.rs", "--json"],
    );
    assert_eq!(json(&r.stdout)["data"]["comment"], 1);
    let r = cli_in(dir.path(), &["command", "/loc ../outside.rs"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("`../outside.rs` is outside the agent folder"),
        "{}",
        r.stderr
    );
    // A host-only command runs here.
    let r = cli(&["command", "/metrics-config"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("max_file_bytes = 1000000\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn cli_help_is_printed_to_stdout_with_success() {
    let r = cli(&["command", "/largest --help"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("Usage: /largest [OPTIONS] [DIR]"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("- markdown: Markdown, a table to paste into a review."),
        "{}",
        r.stdout
    );
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn cli_exit_codes_follow_the_failure() {
    let r = cli(&["command", "/largest --tpo 3"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with("error: unexpected argument '--tpo' found"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());

    let r = cli(&["command", "/agent-only"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("error: `/agent-only` runs inside the agent only"),
        "{}",
        r.stderr
    );

    let r = cli(&["command", "/fail"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr, "error: `/fail` failed: the disk is on fire\n");

    let r = cli(&["command", "/boom"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr, "error: `/boom` failed: it panicked: kaboom\n");

    let r = cli(&["command", "/lco"]);
    assert_eq!(r.code, 4);
    assert!(
        r.stderr
            .starts_with("error: no command is named `/lco`; did you mean `/loc`?"),
        "{}",
        r.stderr
    );

    let r = cli(&["command", "/fail", "--json"]);
    assert_eq!(r.code, 1);
    let v = json(&r.stdout);
    assert_eq!(v["kind"], "failed");
    assert_eq!(v["error"], "`/fail` failed: the disk is on fire");
}

#[test]
fn cli_list_and_manifest_show_commands() {
    let r = cli(&["list"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("COMMAND          PLUGIN   SURFACE  ALIASES            DESCRIPTION\n/loc             metrics  either   /lines             Count the code, comment and blank lines of files.\n"),
        "{}",
        r.stdout
    );
    let r = cli(&["list", "--json"]);
    let v = json(&r.stdout);
    let greet = v["commands"]
        .as_array()
        .expect("commands")
        .iter()
        .find(|c| c["name"] == "greet")
        .expect("greet");
    assert_eq!(greet["aliases"], serde_json::json!(["hi", "hello-there"]));
    assert_eq!(greet["category"], "social");
    assert_eq!(greet["surface"], "either");
    assert_eq!(greet["runnable_on_host"], true);
    let slash = v["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .find(|p| p["id"] == "slash")
        .expect("slash");
    assert_eq!(slash["commands"][0], "host-only");

    let r = cli(&["manifest"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json(&r.stdout);
    let metrics = &v["plugins"][0];
    assert_eq!(metrics["id"], "metrics");
    let largest = &metrics["commands"][1];
    assert_eq!(largest["name"], "largest");
    let schema = &largest["argsSchema"];
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["properties"]["dir"]["x-positional"], true);
    assert_eq!(schema["properties"]["top"]["maximum"], 100);
    assert_eq!(
        schema["properties"]["format"]["oneOf"][1]["const"],
        "markdown"
    );
}
