// A check's name and category follow `^[a-z][a-z0-9_-]{0,63}$`.
use tackle::prelude::*;

tackle::plugin! { id: "doc" }

/// Log folder.
#[doctor_check(name = "Log Folder", category = "9files")]
fn log_folder() -> CheckResult {
    CheckResult::ok("fine")
}

/// Empty.
#[doctor_check(name = "")]
fn empty() -> CheckResult {
    CheckResult::ok("fine")
}

fn main() {}
