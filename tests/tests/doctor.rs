//! The doctor: `#[doctor_check]`s and the host's own validation through
//! `Host::doctor`, fixes confined to the agent folder (`..` and symlinks
//! included) and run one at a time, panics contained; then the CLI
//! `doctor [--fix] [--json]` with the real binary and its exit codes.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;
use tackle_runtime::doctor::{CheckStatus, DoctorOptions, DoctorReport, FixOutcome};
use tackle_runtime::{Host, Registry};

tackle_runtime::link!(doctored, audit);

const DOCTOR_HOST: &str = env!("CARGO_BIN_EXE_tackle-doctor-host");

async fn host(plugins: &[&str], agent_dir: &Path, config: &str) -> Host {
    Host::builder()
        .registry(Registry::global().expect("registry").only(plugins))
        .agent_dir(agent_dir)
        .config_toml(config, "test.toml")
        .build()
        .await
        .expect("host builds")
}

async fn doctor(agent_dir: &Path, config: &str, fix: bool) -> DoctorReport {
    host(&["doctored"], agent_dir, config)
        .await
        .doctor(DoctorOptions { fix })
        .await
}

fn entry<'a>(report: &'a DoctorReport, name: &str) -> &'a tackle_runtime::doctor::DoctorEntry {
    report
        .entries
        .iter()
        .find(|e| e.name == name && !e.builtin)
        .unwrap_or_else(|| panic!("no entry `{name}` in {report:#?}"))
}

fn outcome<'a>(report: &'a DoctorReport, name: &str) -> &'a FixOutcome {
    &entry(report, name).fix.as_ref().expect("a fix").outcome
}

#[tokio::test]
async fn checks_run_in_a_stable_order_and_only_look() {
    let dir = tempfile::tempdir().expect("tempdir");
    let report = doctor(dir.path(), "", false).await;
    let order: Vec<(Option<&str>, &str, &str)> = report
        .entries
        .iter()
        .map(|e| (e.plugin, e.name.as_str(), e.status.as_str()))
        .collect();
    assert_eq!(
        order,
        [
            (None, "config", "ok"),
            (None, "skills", "ok"),
            (Some("doctored"), "state-folder", "warn"),
            (Some("doctored"), "state-file", "fail"),
            (Some("doctored"), "escape", "ok"),
            (Some("doctored"), "panics", "ok"),
            (Some("doctored"), "panicky-fix", "ok"),
            (Some("doctored"), "failing-fix", "ok"),
        ]
    );
    assert_eq!(entry(&report, "state-folder").category, Some("files"));
    assert_eq!(outcome(&report, "state-folder"), &FixOutcome::Available);
    assert!(report.failed());
    assert!(!dir.path().join("state").exists(), "nothing was fixed");
    assert!(!dir.path().join("fixes.log").exists(), "no fix ran");
}

#[tokio::test]
async fn fixes_run_one_at_a_time_in_order_and_checks_run_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let report = doctor(dir.path(), "", true).await;
    // `state-file`'s fix needs the folder `state-folder`'s fix creates.
    assert_eq!(
        fs::read_to_string(dir.path().join("fixes.log")).expect("log"),
        "state-folder\nstate-file\n"
    );
    for name in ["state-folder", "state-file"] {
        match outcome(&report, name) {
            FixOutcome::Applied { status, message } => {
                assert_eq!(*status, CheckStatus::Ok, "{name}: {message}");
            }
            other => panic!("{name}: {other:?}"),
        }
        assert_eq!(entry(&report, name).final_status(), CheckStatus::Ok);
    }
    assert!(dir.path().join("state/ready").is_file());
    assert!(!report.failed(), "{report:#?}");
    let again = doctor(dir.path(), "", false).await;
    assert!(
        again.entries.iter().all(|e| e.status == CheckStatus::Ok),
        "{again:#?}"
    );
}

#[tokio::test]
async fn a_fix_that_leaves_the_agent_folder_is_refused_not_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let agent = dir.path().join("agent");
    fs::create_dir(&agent).expect("mkdir");
    for path in [
        "../outside.txt",
        "state/../../outside.txt",
        "/tmp/doctor-escape.txt",
    ] {
        let config = format!("[plugins.doctored]\nescape_path = {path:?}\n");
        let report = doctor(&agent, &config, true).await;
        match outcome(&report, "escape") {
            FixOutcome::Refused { reason } => {
                assert!(
                    reason.starts_with(&format!("`{path}` leads to")),
                    "{reason}"
                );
                assert!(reason.contains("outside the agent folder"), "{reason}");
            }
            other => panic!("{path}: {other:?}"),
        }
        assert!(report.failed());
        assert!(!dir.path().join("outside.txt").exists());
        let log = fs::read_to_string(agent.join("fixes.log")).unwrap_or_default();
        assert!(!log.contains("escape"), "the refused fix ran: {log}");
    }
}

#[cfg(unix)]
#[tokio::test]
async fn a_symlink_out_of_the_agent_folder_is_followed_and_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let agent = dir.path().join("agent");
    let outside = dir.path().join("outside");
    fs::create_dir(&agent).expect("mkdir");
    fs::create_dir(&outside).expect("mkdir");
    std::os::unix::fs::symlink(&outside, agent.join("shared")).expect("symlink");
    let report = doctor(
        &agent,
        "[plugins.doctored]\nescape_path = \"shared/x.txt\"\n",
        true,
    )
    .await;
    match outcome(&report, "escape") {
        FixOutcome::Refused { reason } => assert!(
            reason.contains(&outside.canonicalize().expect("real").display().to_string()),
            "{reason}"
        ),
        other => panic!("{other:?}"),
    }
    assert!(!outside.join("x.txt").exists());

    // A path inside is applied (and this check keeps failing by design).
    let report = doctor(
        &agent,
        "[plugins.doctored]\nescape_path = \"inside.txt\"\n",
        true,
    )
    .await;
    assert!(matches!(
        outcome(&report, "escape"),
        FixOutcome::Applied {
            status: CheckStatus::Fail,
            ..
        }
    ));
    assert!(agent.join("inside.txt").is_file());
}

#[tokio::test]
async fn panicking_checks_and_fixes_are_contained_and_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::create_dir_all(dir.path().join("state")).expect("mkdir");
    fs::write(dir.path().join("state/ready"), "").expect("write");
    let config = "[plugins.doctored]\npanic_check = true\npanic_fix = true\nfailing_fix = true\n";
    let report = doctor(dir.path(), config, true).await;
    let panics = entry(&report, "panics");
    assert_eq!(panics.status, CheckStatus::Fail);
    assert_eq!(panics.message, "the check panicked: the check fell over");
    assert_eq!(
        outcome(&report, "panicky-fix"),
        &FixOutcome::Failed {
            error: "the fix panicked: the fix fell over".into()
        }
    );
    assert_eq!(
        outcome(&report, "failing-fix"),
        &FixOutcome::Failed {
            error: "the fix failed: no luck".into()
        }
    );
    // The checks after the panicking one still ran.
    assert_eq!(entry(&report, "failing-fix").status, CheckStatus::Warn);
}

#[tokio::test]
async fn plugins_that_are_off_are_reported_with_what_does_not_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let report = doctor(
        dir.path(),
        "[plugins.doctored]\npanic_check = \"yes\"\n",
        false,
    )
    .await;
    let load = report
        .entries
        .iter()
        .find(|e| e.name == "load")
        .expect("a load entry");
    assert_eq!(load.status, CheckStatus::Fail);
    assert_eq!(load.plugin, Some("doctored"));
    assert!(
        load.message.contains("plugins.doctored.panic_check"),
        "{}",
        load.message
    );
    assert!(
        load.message.ends_with("its 6 doctor check(s) do not run"),
        "{}",
        load.message
    );
    assert!(
        report.entries.iter().all(|e| e.builtin),
        "no check of an off plugin runs"
    );

    let report = doctor(dir.path(), "enabled = []\n", false).await;
    let off = report
        .entries
        .iter()
        .find(|e| e.name == "hooks")
        .expect("an entry");
    assert_eq!(off.status, CheckStatus::Warn);
    assert!(
        off.message.contains("not in the config's `enabled` list"),
        "{}",
        off.message
    );
    assert!(!report.failed());
}

#[tokio::test]
async fn the_audit_example_recreates_its_log_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = "[plugins.audit-logger]\npath = \"logs/audit.jsonl\"\n";
    let host = host(&["audit-logger"], dir.path(), config).await;
    let report = host.doctor(DoctorOptions::default()).await;
    assert_eq!(entry(&report, "log-folder").status, CheckStatus::Ok);

    fs::remove_dir_all(dir.path().join("logs")).expect("rm");
    let report = host.doctor(DoctorOptions::default()).await;
    let check = entry(&report, "log-folder");
    assert_eq!(check.status, CheckStatus::Fail);
    assert!(
        check.message.contains("`logs` is missing"),
        "{}",
        check.message
    );
    let report = host.doctor(DoctorOptions { fix: true }).await;
    assert!(matches!(
        outcome(&report, "log-folder"),
        FixOutcome::Applied {
            status: CheckStatus::Ok,
            ..
        }
    ));
    assert!(dir.path().join("logs").is_dir());
    host.shutdown().await;
}

struct Run {
    code: i32,
    stdout: String,
}

/// `DOCTOR_HOST ARGS` in `dir`, a project the user trusts (its
/// `tackle.toml` is obeyed whole), with a home of its own.
fn cli(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(DOCTOR_HOST)
        .args(args)
        .current_dir(dir)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .env("TACKLE_TRUST_PROJECT", "1")
        .env("TACKLE_HOME", dir.join(".tackle-home"))
        .output()
        .expect("runs");
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("utf8"),
    }
}

#[test]
fn cli_doctor_reports_groups_and_exit_codes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = cli(dir.path(), &["doctor"]);
    assert_eq!(r.code, 1, "a failing check: {}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "host", "{}", r.stdout);
    assert!(lines.contains(&"doctored"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("  warn  state-folder  `state/` is missing"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("fix: create `state/` (run `doctor --fix`)"),
        "{}",
        r.stdout
    );
    assert_eq!(
        lines.last().copied(),
        Some("8 checks: 6 ok, 1 warning(s), 1 failed; 2 fix(es) available: run `doctor --fix`")
    );

    let r = cli(dir.path(), &["doctor", "--fix"]);
    assert_eq!(r.code, 0, "everything fixed: {}", r.stdout);
    assert!(
        r.stdout
            .contains("fixed: create `state/`; checked again: ok: `state/` exists"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with(
            "8 checks: 8 ok, 0 warning(s), 0 failed; fixes: 2 applied, 0 refused, 0 failed\n"
        ),
        "{}",
        r.stdout
    );

    let r = cli(dir.path(), &["doctor"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn cli_doctor_json_and_refused_fixes() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("tackle.toml"),
        "[plugins.doctored]\nescape_path = \"../escaped.txt\"\n",
    )
    .expect("write");
    let r = cli(dir.path(), &["doctor", "--fix", "--json"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let report: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(report["ok"], false);
    assert_eq!(report["summary"]["fixes_applied"], 2);
    assert_eq!(report["summary"]["fixes_refused"], 1);
    let escape = report["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["name"] == "escape")
        .expect("escape");
    assert_eq!(escape["plugin"], "doctored");
    assert_eq!(escape["builtin"], false);
    assert_eq!(escape["status"], "fail");
    assert_eq!(escape["fix"]["outcome"], "refused");
    assert_eq!(
        escape["fix"]["changed_paths"],
        serde_json::json!(["../escaped.txt"])
    );
    assert!(
        escape["fix"]["reason"]
            .as_str()
            .expect("text")
            .contains("outside the agent folder")
    );
    assert!(
        !dir.path()
            .parent()
            .expect("parent")
            .join("escaped.txt")
            .exists()
    );
}

#[test]
fn cli_doctor_reports_a_host_that_cannot_be_built() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("tackle.toml"), "enabled = [\"nope\"]\n").expect("write");
    let r = cli(dir.path(), &["doctor", "--json"]);
    assert_eq!(r.code, 3, "{}", r.stdout);
    let report: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(report["ok"], false);
    let entry = &report["entries"][0];
    assert_eq!(entry["name"], "config");
    assert_eq!(entry["status"], "fail");
    assert!(
        entry["message"]
            .as_str()
            .expect("text")
            .contains("no plugin `nope`: it is not linked into this binary"),
        "{entry}"
    );
}

#[test]
fn cli_doctor_reports_registry_problems() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = Command::new(env!("CARGO_BIN_EXE_tackle-clash-host"))
        .args(["doctor", "--json"])
        .current_dir(dir.path())
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(3));
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let entries = report["entries"].as_array().expect("entries");
    assert!(!entries.is_empty());
    assert!(
        entries
            .iter()
            .all(|e| e["name"] == "registry" && e["status"] == "fail"),
        "{report:#}"
    );
    assert!(
        entries[0]["message"]
            .as_str()
            .expect("text")
            .contains("is used twice"),
        "{report:#}"
    );
}
