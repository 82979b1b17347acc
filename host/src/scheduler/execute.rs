//! Running one job once: a handler through its glue (panics contained, as
//! tools' are), an exec job as a child process in the agent folder, a
//! prompt job through the host's subagent bridge. Everything a run needs is
//! cloned out of the host first, so the run is a `'static` task.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use futures_util::FutureExt;
use serde_json::Value;
use tackle::Cancellation;
use tackle::Origin;
use tackle::cron::{CronCall, CronHandler, CronRun};
use tackle::subagent::{PromptRun, Provenance, SpawnOptions, SubagentBridge};
use tackle_spec::cron::chrono::{DateTime, Utc};

use super::events::RunOutcome;
use super::plan::{CronJob, JobKind};
use crate::host::Host;
use crate::host::contain::{contain, contain_future, panic_message};

/// The most output of an exec job kept for its outcome and log.
const OUTPUT_CAP: usize = 8 * 1024;

/// A run, ready to be spawned.
pub(crate) type RunFuture = futures_util::future::BoxFuture<'static, RunOutcome>;

/// Prepares one run of `job`, due at `scheduled`.
pub(crate) fn prepare(
    host: &Host,
    job: &CronJob,
    scheduled: DateTime<Utc>,
    cancel: Cancellation,
    exec_timeout: Duration,
) -> RunFuture {
    match job.kind {
        JobKind::Handler(def) => {
            let Some((info, config, state)) =
                host.plugin(job.plugin.id).and_then(|p| p.ready_parts())
            else {
                return failed(format!("plugin `{}` is not ready", job.plugin.id));
            };
            let run = CronRun {
                job_id: job.id.clone(),
                key: job.key,
                scheduled: SystemTime::from(scheduled),
                scheduled_local: job.schedule.local(scheduled),
            };
            let call = CronCall::new(run, info.clone(), config.clone(), state.cloned(), cancel);
            handler(def.handler, call)
        }
        JobKind::Exec { argv } => exec(
            job.id.clone(),
            argv,
            host.agent_dir().to_path_buf(),
            exec_timeout,
            cancel,
        ),
        JobKind::Prompt {
            text,
            subagent,
            payload,
        } => match host.subagent_bridge() {
            Some(bridge) => prompt(host, bridge.clone(), job, (text, subagent, payload), cancel),
            None => failed(format!(
                "job `{}` sends a prompt through the host's subagent bridge, and this host has none; give one with `HostBuilder::subagent_bridge`",
                job.id
            )),
        },
    }
}

fn failed(why: String) -> RunFuture {
    async move { RunOutcome::Failed(why) }.boxed()
}

fn handler(handler: CronHandler, call: CronCall) -> RunFuture {
    match handler {
        CronHandler::Sync(f) => async move {
            // A sync job may block (files, a database): off the scheduler's thread.
            match tokio::task::spawn_blocking(move || contain(|| f(&call))).await {
                Ok(Ok(result)) => outcome(result),
                Ok(Err(panic)) => RunOutcome::Panicked(panic_message(&panic)),
                Err(e) => RunOutcome::Failed(format!("the job's thread failed: {e}")),
            }
        }
        .boxed(),
        CronHandler::Async(f) => async move {
            match contain(|| f(call)) {
                Ok(future) => match contain_future(future).await {
                    Ok(result) => outcome(result),
                    Err(panic) => RunOutcome::Panicked(panic_message(&panic)),
                },
                Err(panic) => RunOutcome::Panicked(panic_message(&panic)),
            }
        }
        .boxed(),
    }
}

fn outcome(result: Result<(), String>) -> RunOutcome {
    match result {
        Ok(()) => RunOutcome::Succeeded { output: None },
        Err(e) => RunOutcome::Failed(e),
    }
}

fn exec(
    id: String,
    argv: &'static [&'static str],
    dir: PathBuf,
    timeout: Duration,
    cancel: Cancellation,
) -> RunFuture {
    async move {
        let Some((program, args)) = argv.split_first() else {
            return RunOutcome::Failed("the job has no program to run".into());
        };
        let child = tokio::process::Command::new(program)
            .args(args)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn();
        let child = match child {
            Ok(child) => child,
            Err(e) => {
                return RunOutcome::Failed(format!(
                    "cannot start `{program}` in {}: {e}",
                    dir.display()
                ));
            }
        };
        // Dropping the output future kills the child (`kill_on_drop`).
        let output = tokio::select! {
            output = child.wait_with_output() => output,
            () = tokio::time::sleep(timeout) => return RunOutcome::TimedOut(timeout),
            () = cancel.cancelled() => return RunOutcome::Failed("stopped at shutdown".into()),
        };
        let output = match output {
            Ok(output) => output,
            Err(e) => return RunOutcome::Failed(format!("`{program}` failed: {e}")),
        };
        let stdout = capped(&output.stdout);
        let stderr = capped(&output.stderr);
        tracing::info!(job = %id, status = %output.status, %stdout, %stderr, "exec job ended");
        if output.status.success() {
            RunOutcome::Succeeded {
                output: (!stdout.is_empty()).then_some(stdout),
            }
        } else {
            let tail = if stderr.is_empty() { stdout } else { stderr };
            RunOutcome::Failed(format!("`{program}` exited with {}: {tail}", output.status))
        }
    }
    .boxed()
}

fn capped(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    if text.len() <= OUTPUT_CAP {
        text.to_owned()
    } else {
        format!("{}... (cut)", &text[..text.floor_char_boundary(OUTPUT_CAP)])
    }
}

/// A prompt job: a subagent named by the job runs as any spawn does (its
/// payload checked, its role resolved from the origin `cron:<id>`, one run
/// per in-flight key), with the prompt as its instruction; otherwise the
/// prompt goes to the host's subagent bridge. A shutdown drops the run (and
/// with it a model request under way).
fn prompt(
    host: &Host,
    bridge: Arc<dyn SubagentBridge>,
    job: &CronJob,
    (text, subagent, payload): (&'static str, Option<&'static str>, Option<&'static str>),
    cancel: Cancellation,
) -> RunFuture {
    let origin = Origin::cron(&job.id);
    let future = match subagent {
        Some(name) => {
            let payload = match payload.map(serde_json::from_str::<Value>) {
                None => Value::Null,
                Some(Ok(value)) => value,
                Some(Err(e)) => return failed(format!("the job's payload is not JSON: {e}")),
            };
            let options = SpawnOptions::new().origin(origin).prompt(text);
            let spawn = host.spawn_subagent(job.plugin.id, name, payload, options);
            async move { spawn.await.map_err(|e| e.to_string()) }.boxed()
        }
        None => {
            let provenance = Provenance {
                plugin: job.plugin.id,
                parent_session: None,
                role: host.role_of(&origin).map(str::to_owned),
                origin,
            };
            let asked = bridge.prompt(PromptRun {
                text: text.to_owned(),
                provenance,
            });
            async move { asked.await.map_err(|e| format!("the agent failed: {e}")) }.boxed()
        }
    };
    async move {
        let answered = tokio::select! {
            answered = future => answered,
            () = cancel.cancelled() => return RunOutcome::Failed("cancelled at shutdown".to_owned()),
        };
        match answered {
            Ok(answer) => RunOutcome::Succeeded {
                output: Some(answer.trim().to_owned()).filter(|a| !a.is_empty()),
            },
            Err(e) => RunOutcome::Failed(e),
        }
    }
    .boxed()
}
