//! Skills the plugins ship (checked at compile time) and the project's own,
//! then the doctor: every plugin's checks, and a fix confined to the
//! project.

use std::path::Path;

use tackle::doctor::CheckStatus;
use tackle_runtime::Host;
use tackle_runtime::doctor::{DoctorOptions, DoctorReport, FixOutcome};

use crate::text::wrap;

/// Lists the skill catalogue, breaks the audit log's folder, and lets the
/// doctor find and fix it.
pub(crate) async fn tour(
    host: &Host,
    root: &Path,
    audit_dir: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    for skill in host.skills().skills() {
        let origin = skill.origin.to_string();
        let origin = match origin.strip_prefix(&root.display().to_string()) {
            Some(inside) => format!("the project's {}", inside.trim_start_matches('/')),
            None => origin,
        };
        say!("   skill `{}` from {origin}", skill.name);
        say!("{}", wrap(&skill.description, 6, 78));
    }
    std::fs::remove_dir_all(root.join(audit_dir))?;
    say!(
        "\n   The audit log's folder `{audit_dir}` is removed behind the host's back; `doctor --fix`:"
    );
    let report = host.doctor(DoctorOptions { fix: true }).await;
    show(&report);
    Ok(())
}

fn show(report: &DoctorReport) {
    for entry in &report.entries {
        let whose = entry.plugin.unwrap_or("host");
        say!("   [{}] {whose}: {}", status(entry.status), entry.name);
        say!("{}", wrap(&entry.message, 9, 78));
        if let Some(fix) = &entry.fix {
            match &fix.outcome {
                FixOutcome::Applied {
                    status: now,
                    message,
                } => say!(
                    "         fixed ({}): now [{}] {message}",
                    fix.description,
                    status(*now)
                ),
                FixOutcome::Refused { reason } => say!("         fix refused: {reason}"),
                FixOutcome::Failed { error } => say!("         fix failed: {error}"),
                FixOutcome::Available => say!("         fix available: {}", fix.description),
            }
        }
    }
}

fn status(status: CheckStatus) -> &'static str {
    match status {
        CheckStatus::Ok => "ok",
        CheckStatus::Warn => "warn",
        CheckStatus::Fail => "FAIL",
    }
}
