//! `doctor [--fix] [--json]`: every plugin's checks and the host's own
//! validation (config, plugins that failed to load, skills, hooks), grouped
//! by plugin with a summary line; exit code 1 when something fails, 3 when
//! the host could not be built (the report then lists why).

use std::fmt::Write as _;

use super::{exit, output};
use crate::HostBuilder;
use crate::doctor::{CheckStatus, DoctorOptions, DoctorReport, FixOutcome, unbuilt_report};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Apply the fixes checks offer, one at a time; each check runs again after its fix.
    #[arg(long)]
    fix: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub(super) async fn main(builder: HostBuilder, args: Args) -> u8 {
    let (report, code) = match builder.build().await {
        Ok(host) => {
            let report = host.doctor(DoctorOptions { fix: args.fix }).await;
            host.shutdown().await;
            let code = if report.failed() {
                exit::CHECK_FAILED
            } else {
                exit::OK
            };
            (report, code)
        }
        Err(e) => (unbuilt_report(&e), exit::CONFIG),
    };
    if args.json {
        output::write(&format!("{:#}\n", report.to_json()));
    } else {
        output::write(&human(&report, args.fix));
    }
    code
}

/// Entries grouped by plugin (the host's first), then a summary line.
fn human(report: &DoctorReport, fixing: bool) -> String {
    let mut out = String::new();
    let width = report
        .entries
        .iter()
        .map(|e| e.name.len())
        .max()
        .unwrap_or(0);
    let mut group = None;
    for entry in &report.entries {
        let this = entry.plugin.unwrap_or("host");
        if group != Some(this) {
            group = Some(this);
            let _ = writeln!(out, "{this}");
        }
        let _ = writeln!(
            out,
            "  {:<4}  {:<width$}  {}",
            entry.status.as_str(),
            entry.name,
            entry.message
        );
        let pad = " ".repeat(width + 10);
        if let Some(fix) = &entry.fix {
            let _ = match &fix.outcome {
                FixOutcome::Available => {
                    writeln!(out, "{pad}fix: {} (run `doctor --fix`)", fix.description)
                }
                FixOutcome::Applied { status, message } => writeln!(
                    out,
                    "{pad}fixed: {}; checked again: {status}: {message}",
                    fix.description
                ),
                FixOutcome::Refused { reason } => {
                    writeln!(out, "{pad}fix refused: {}: {reason}", fix.description)
                }
                FixOutcome::Failed { error } => {
                    writeln!(out, "{pad}fix failed: {}: {error}", fix.description)
                }
            };
        }
    }
    let total = report.entries.len();
    let _ = write!(
        out,
        "{total} checks: {} ok, {} warning(s), {} failed",
        report.count(CheckStatus::Ok),
        report.count(CheckStatus::Warn),
        report.count(CheckStatus::Fail)
    );
    let available = report.fixes("available");
    if fixing {
        let _ = write!(
            out,
            "; fixes: {} applied, {} refused, {} failed",
            report.fixes("applied"),
            report.fixes("refused"),
            report.fixes("failed")
        );
    } else if available > 0 {
        let _ = write!(out, "; {available} fix(es) available: run `doctor --fix`");
    }
    out.push('\n');
    out
}
