//! Running the checks, then the fixes one at a time.

use tackle::doctor::{
    CheckHandler, CheckResult, CheckStatus, DoctorCall, DoctorCheckDef, Fix, FixAction,
};

use super::DoctorOptions;
use super::builtin;
use super::confine::confine;
use super::report::{DoctorEntry, DoctorReport, FixOutcome, FixReport};
use crate::host::Host;
use crate::host::contain::{contain, contain_future, panic_message};

pub(super) async fn doctor(host: &Host, options: DoctorOptions) -> DoctorReport {
    let mut entries = builtin::host(host);
    // The fixes offered, by entry, kept apart: a report is plain data.
    let mut pending: Vec<(usize, &'static DoctorCheckDef, Fix)> = Vec::new();
    for plugin in host.plugins() {
        entries.extend(builtin::plugin(host, plugin));
        if plugin.ready_parts().is_none() {
            continue;
        }
        for check in host.registry().checks_of(plugin.def().id) {
            let mut result = run_check(host, check).await;
            // An `ok` result has nothing to fix: its fix is dropped.
            let fix = result
                .take_fix()
                .filter(|_| result.status() != CheckStatus::Ok);
            entries.push(DoctorEntry {
                plugin: Some(check.plugin.id),
                name: check.name.to_owned(),
                category: check.category,
                builtin: false,
                status: result.status(),
                message: result.message().to_owned(),
                fix: fix.as_ref().map(|fix| FixReport {
                    description: fix.description().to_owned(),
                    changed_paths: fix.changed_paths().to_vec(),
                    outcome: FixOutcome::Available,
                }),
            });
            if let Some(fix) = fix {
                pending.push((entries.len() - 1, check, fix));
            }
        }
    }
    if options.fix {
        // One at a time, in report order: a fix may depend on an earlier one.
        for (index, check, fix) in pending {
            let outcome = apply(host, check, fix).await;
            if let Some(report) = entries[index].fix.as_mut() {
                report.outcome = outcome;
            }
        }
    }
    DoctorReport { entries }
}

/// Runs one check of a running plugin; a panic or a glue error is a failure.
async fn run_check(host: &Host, check: &'static DoctorCheckDef) -> CheckResult {
    let Some((info, config, state)) = host
        .plugin(check.plugin.id)
        .and_then(crate::LoadedPlugin::ready_parts)
    else {
        return CheckResult::fail(format!(
            "plugin `{}` is not running, so its check cannot run",
            check.plugin.id
        ));
    };
    let call = DoctorCall::new(info, config, state, check);
    let outcome = match check.handler {
        CheckHandler::Sync(glue) => contain(|| glue(call)),
        CheckHandler::Async(glue) => match contain(|| glue(call)) {
            Ok(future) => contain_future(future).await,
            Err(panic) => Err(panic),
        },
    };
    match outcome {
        Ok(Ok(result)) => result,
        Ok(Err(internal)) => CheckResult::fail(internal),
        Err(panic) => CheckResult::fail(format!("the check panicked: {}", panic_message(&panic))),
    }
}

/// Confines, applies and re-checks one fix.
async fn apply(host: &Host, check: &'static DoctorCheckDef, fix: Fix) -> FixOutcome {
    if let Err(reason) = confine(host.agent_dir(), fix.changed_paths()) {
        return FixOutcome::Refused { reason };
    }
    let applied = match fix.into_action() {
        FixAction::Sync(action) => contain(action),
        FixAction::Async(future) => contain_future(future).await,
    };
    match applied {
        Ok(Ok(())) => {
            let after = run_check(host, check).await;
            FixOutcome::Applied {
                status: after.status(),
                message: after.message().to_owned(),
            }
        }
        Ok(Err(e)) => FixOutcome::Failed {
            error: format!("the fix failed: {e}"),
        },
        Err(panic) => FixOutcome::Failed {
            error: format!("the fix panicked: {}", panic_message(&panic)),
        },
    }
}
