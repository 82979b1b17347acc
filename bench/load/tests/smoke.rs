//! A short run of `tackle-load` (a debug build, about two seconds), so the
//! bench keeps working: it completes, every event sent was observed, and
//! it reports throughput and memory.

use std::process::Command;

use serde_json::Value;

#[test]
fn a_short_run_completes_and_loses_no_event() {
    let out = Command::new(env!("CARGO_BIN_EXE_tackle-load"))
        .args(["--sweep", "1,4", "--sweep-seconds", "0.2"])
        .args(["--tasks", "8", "--seconds", "0.5", "--json"])
        .output()
        .expect("tackle-load runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON report");
    let sent = report["sent"].as_u64().expect("sent");
    assert!(sent > 0, "{report}");
    assert_eq!(report["observed"].as_u64(), Some(sent), "{report}");
    let sweep = report["sweep"].as_array().expect("sweep");
    assert_eq!(sweep.len(), 2, "{report}");
    assert!(
        sweep
            .iter()
            .all(|s| s["events_per_second"].as_f64() > Some(0.0))
    );
    let sustained = &report["sustained"];
    assert!(sustained["audit_log_bytes"].as_u64() > Some(0), "{report}");
    assert!(sustained["rss_kib"]["peak"].as_u64() > Some(0), "{report}");
}

#[test]
fn bad_options_are_named() {
    let out = Command::new(env!("CARGO_BIN_EXE_tackle-load"))
        .args(["--tasks", "none"])
        .output()
        .expect("tackle-load runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`--tasks` takes a positive number, not `none`"),
        "{stderr}"
    );
}
