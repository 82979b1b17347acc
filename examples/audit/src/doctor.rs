//! `doctor`: the log's folder must exist and be writable, or events are lost.

use std::path::{Path, PathBuf};

use tackle::prelude::*;

use crate::AuditConfig;

/// The audit log's folder exists and is writable (it may be removed while
/// the host runs, and the log then writes to a file that is gone).
#[doctor_check(name = "log-folder", category = "files")]
fn log_folder(ctx: &DoctorContext<AuditConfig>) -> CheckResult {
    let log = &ctx.config().path;
    let folder: PathBuf = log.parent().map(Path::to_path_buf).unwrap_or_default();
    let shown = if folder.as_os_str().is_empty() {
        ".".to_owned()
    } else {
        folder.display().to_string()
    };
    let full = ctx.agent_path(&folder);
    match std::fs::metadata(&full) {
        Ok(meta) if !meta.is_dir() => CheckResult::fail(format!(
            "the audit log's folder `{shown}` is a file; move it away, or set `path` in `[plugins.audit-logger]`"
        )),
        Ok(meta) if meta.permissions().readonly() => CheckResult::fail(format!(
            "the audit log's folder `{shown}` is read-only, so events cannot be logged; make it writable"
        )),
        Ok(_) => CheckResult::ok(format!("`{}` can be written", log.display())),
        Err(_) => CheckResult::fail(format!(
            "the audit log's folder `{shown}` is missing (removed after the log was opened?): events are lost until it exists and the host restarts"
        ))
        .with_fix(Fix::new(format!("create `{shown}`"), [folder], move || {
            std::fs::create_dir_all(&full)
        })),
    }
}
