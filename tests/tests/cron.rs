//! Cron jobs: schedules proved with paused tokio time and an injected wall
//! clock (daylight-saving changes included), no overlap, missed runs,
//! graceful shutdown, each kind of job, the `[cron]` config, and the CLI's
//! `run` and `list` end to end.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tackle::def::BoxFuture;
use tackle::subagent::{PromptRun, RunError, SubagentBridge, SubagentRun};
use tackle_runtime::Host;
use tackle_runtime::scheduler::{
    CronEvent, JobStatus, RunNowError, RunOutcome, Scheduler, TokioClock,
};
use tackle_spec::cron::chrono::{DateTime, Utc};

tackle_runtime::link!(cronjobs);

const HOST: &str = env!("CARGO_BIN_EXE_tackle-cron-host");

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

async fn host(config: &str) -> Host {
    Host::builder()
        .agent_dir(env!("CARGO_MANIFEST_DIR"))
        .config_toml(config, "test.toml")
        .build()
        .await
        .expect("host builds")
}

fn id(key: &str) -> String {
    format!("__plugin_cronjobs_{key}")
}

/// Runs `job` alone from `start` for `for_` of tokio time (paused), and
/// returns every event.
async fn drive(
    host: &Host,
    job: &str,
    start: &str,
    for_: Duration,
) -> (Vec<CronEvent>, tackle_runtime::scheduler::ShutdownReport) {
    let clock = Arc::new(TokioClock::starting_at(at(start)));
    let mut scheduler = Scheduler::new(host).only(&[id(job)]).with_clock(clock);
    let mut events = scheduler.subscribe();
    let report = scheduler.run_until(tokio::time::sleep(for_)).await;
    drop(scheduler);
    let mut all = Vec::new();
    while let Ok(e) = events.try_recv() {
        all.push(e);
    }
    (all, report)
}

/// The due times of finished runs, with their outcomes.
fn finished(events: &[CronEvent]) -> Vec<(String, RunOutcome)> {
    events
        .iter()
        .filter_map(|e| match e {
            CronEvent::Finished {
                scheduled, outcome, ..
            } => Some((scheduled.to_rfc3339(), outcome.clone())),
            _ => None,
        })
        .collect()
}

fn ok() -> RunOutcome {
    RunOutcome::Succeeded { output: None }
}

#[tokio::test(start_paused = true)]
async fn spring_forward_runs_the_skipped_time_once_after_the_gap() {
    let host = host("").await;
    // 2026-03-29: Paris goes from 02:00 CET straight to 03:00 CEST, so
    // 02:30 does not exist; croner runs a fixed-time job at the first valid
    // minute after the gap that day (03:00 CEST = 01:00 UTC).
    let (events, report) = drive(
        &host,
        "dst",
        "2026-03-27T12:00:00Z",
        Duration::from_secs(4 * 86_400),
    )
    .await;
    assert_eq!(
        finished(&events),
        vec![
            ("2026-03-28T01:30:00+00:00".to_owned(), ok()), // 02:30 CET
            ("2026-03-29T01:00:00+00:00".to_owned(), ok()), // 03:00 CEST, after the gap
            ("2026-03-30T00:30:00+00:00".to_owned(), ok()), // 02:30 CEST
            ("2026-03-31T00:30:00+00:00".to_owned(), ok()),
        ]
    );
    assert_eq!(report.runs, 4);
    assert!(report.unfinished.is_empty());
}

#[tokio::test(start_paused = true)]
async fn fall_back_runs_the_repeated_time_once() {
    let host = host("").await;
    // 2026-10-25: Paris goes from 03:00 CEST back to 02:00 CET, so 02:30
    // happens twice; a fixed-time job runs at the first one only.
    let (events, _) = drive(
        &host,
        "dst",
        "2026-10-23T12:00:00Z",
        Duration::from_secs(3 * 86_400),
    )
    .await;
    assert_eq!(
        finished(&events),
        vec![
            ("2026-10-24T00:30:00+00:00".to_owned(), ok()), // 02:30 CEST
            ("2026-10-25T00:30:00+00:00".to_owned(), ok()), // the first 02:30 (CEST)
            ("2026-10-26T01:30:00+00:00".to_owned(), ok()), // 02:30 CET
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn the_context_carries_the_due_time_in_the_jobs_zone() {
    let host = host("").await;
    let scheduler = Scheduler::new(&host).with_clock(Arc::new(TokioClock::starting_at(at(
        "2026-03-28T12:00:00Z",
    ))));
    let job = scheduler
        .jobs()
        .iter()
        .find(|j| j.id == id("dst"))
        .expect("dst");
    assert_eq!(scheduler.next_run(job), Some(at("2026-03-29T01:00:00Z")));
    assert_eq!(
        job.schedule.local(at("2026-03-29T01:00:00Z")),
        "2026-03-29T03:00:00+02:00"
    );
}

#[tokio::test(start_paused = true)]
async fn a_run_due_while_the_previous_one_runs_is_skipped_and_counted() {
    // `slow` fires every 5 minutes and takes 12.
    let host = host("").await;
    let (events, report) = drive(
        &host,
        "slow",
        "2026-01-05T00:00:00Z",
        Duration::from_secs(36 * 60),
    )
    .await;
    let skipped: Vec<(String, u64)> = events
        .iter()
        .filter_map(|e| match e {
            CronEvent::SkippedOverlap {
                scheduled,
                skipped_total,
                ..
            } => Some((scheduled.format("%H:%M").to_string(), *skipped_total)),
            _ => None,
        })
        .collect();
    assert_eq!(
        skipped,
        vec![
            ("00:10".to_owned(), 1),
            ("00:15".to_owned(), 2),
            ("00:25".to_owned(), 3),
            ("00:30".to_owned(), 4),
        ]
    );
    // 00:05 and 00:20 ran to the end; 00:35 was cancelled by the shutdown
    // at 00:36 and stopped within the grace period.
    assert_eq!(
        finished(&events),
        vec![
            ("2026-01-05T00:05:00+00:00".to_owned(), ok()),
            ("2026-01-05T00:20:00+00:00".to_owned(), ok()),
            (
                "2026-01-05T00:35:00+00:00".to_owned(),
                RunOutcome::Failed("cancelled at shutdown".to_owned())
            ),
        ]
    );
    assert_eq!(report.runs, 3);
    assert_eq!(report.skipped, vec![(id("slow"), 4)]);
    assert!(report.unfinished.is_empty());
}

#[tokio::test(start_paused = true)]
async fn shutdown_waits_the_grace_period_then_abandons_and_reports() {
    let host =
        host("[cron]\nenable = [\"__plugin_cronjobs_stubborn\"]\ngrace_period_secs = 5\n").await;
    let clock = Arc::new(TokioClock::starting_at(at("2026-01-05T00:00:30Z")));
    let mut scheduler = Scheduler::new(&host)
        .only(&[id("stubborn")])
        .with_clock(clock);
    let mut events = scheduler.subscribe();
    let started = tokio::time::Instant::now();
    // Due at 00:01; stop at 00:01:30.
    let report = scheduler
        .run_until(tokio::time::sleep(Duration::from_secs(60)))
        .await;
    assert_eq!(
        started.elapsed(),
        Duration::from_secs(65),
        "60 s of running, then the 5 s grace period"
    );
    assert_eq!(report.unfinished, vec![id("stubborn")]);
    drop(scheduler);
    let mut outcomes = Vec::new();
    while let Ok(e) = events.try_recv() {
        if let CronEvent::Finished { outcome, .. } = e {
            outcomes.push(outcome);
        }
    }
    assert_eq!(outcomes, vec![RunOutcome::Abandoned]);
}

#[tokio::test(start_paused = true)]
async fn missed_runs_run_once_and_are_never_replayed() {
    let host = host("").await;
    let clock = Arc::new(TokioClock::starting_at(at("2026-01-05T00:00:30Z")));
    let mut scheduler = Scheduler::new(&host)
        .only(&[id("tick")])
        .with_clock(clock.clone());
    let mut events = scheduler.subscribe();
    // At 00:01:15 the machine sleeps for an hour: tokio's timers do not
    // see it, the wall clock does.
    let suspend = {
        let clock = clock.clone();
        async move {
            tokio::time::sleep(Duration::from_secs(45)).await;
            clock.jump(Duration::from_secs(3600));
            tokio::time::sleep(Duration::from_secs(125)).await;
        }
    };
    let report = scheduler.run_until(suspend).await;
    drop(scheduler);
    let mut all = Vec::new();
    while let Ok(e) = events.try_recv() {
        all.push(e);
    }
    let missed: Vec<&CronEvent> = all
        .iter()
        .filter(|e| matches!(e, CronEvent::Missed { .. }))
        .collect();
    assert_eq!(
        missed,
        vec![&CronEvent::Missed {
            job: id("tick"),
            missed: 60,
            running: at("2026-01-05T01:02:00Z"),
        }],
        "00:02 .. 01:01 are passed over, 01:02 runs"
    );
    let times: Vec<String> = finished(&all).into_iter().map(|(t, _)| t).collect();
    assert_eq!(
        times,
        vec![
            "2026-01-05T00:01:00+00:00",
            "2026-01-05T01:02:00+00:00",
            "2026-01-05T01:03:00+00:00",
        ]
    );
    assert_eq!(report.runs, 3);
}

#[tokio::test]
async fn handler_failures_and_panics_are_outcomes() {
    let host = host("").await;
    let scheduler = Scheduler::new(&host);
    assert_eq!(
        scheduler.run_now(&id("fails")).await,
        Ok(RunOutcome::Failed("the database is locked".to_owned()))
    );
    assert_eq!(
        scheduler.run_now(&id("panics")).await,
        Ok(RunOutcome::Panicked(
            "boom at the top of the hour".to_owned()
        ))
    );
    assert_eq!(scheduler.run_now(&id("tick")).await, Ok(ok()));
}

#[tokio::test]
async fn exec_jobs_run_in_the_agent_folder_and_report_exit_codes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = Host::builder()
        .agent_dir(dir.path())
        .build()
        .await
        .expect("host");
    let scheduler = Scheduler::new(&host);
    let canonical = dir.path().canonicalize().expect("canonical");
    match scheduler.run_now(&id("hello")).await {
        Ok(RunOutcome::Succeeded { output: Some(text) }) => {
            assert_eq!(
                Path::new(text.trim_start_matches("hello from "))
                    .canonicalize()
                    .ok(),
                Some(canonical)
            );
        }
        other => panic!("unexpected: {other:?}"),
    }
    match scheduler.run_now(&id("false")).await {
        Ok(RunOutcome::Failed(why)) => {
            assert!(
                why.contains("exit status: 3") && why.contains("broken"),
                "{why}"
            );
        }
        other => panic!("unexpected: {other:?}"),
    }
}

#[derive(Default)]
struct FakeBridge {
    prompts: Mutex<Vec<(String, String, &'static str)>>,
}

impl SubagentBridge for FakeBridge {
    fn run_subagent(&self, _run: SubagentRun) -> BoxFuture<Result<String, RunError>> {
        Box::pin(async { Err(RunError("no subagents here".into())) })
    }

    fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, RunError>> {
        self.prompts.lock().expect("lock").push((
            run.text.clone(),
            run.provenance.origin.to_string(),
            run.provenance.plugin,
        ));
        Box::pin(async { Ok("  3 commits, all green.\n".to_owned()) })
    }
}

#[tokio::test]
async fn prompt_jobs_go_through_the_subagent_bridge_with_a_cron_origin() {
    let agent = Arc::new(FakeBridge::default());
    let host = Host::builder()
        .agent_dir(env!("CARGO_MANIFEST_DIR"))
        .subagent_bridge(agent.clone())
        .build()
        .await
        .expect("host");
    let scheduler = Scheduler::new(&host);
    assert_eq!(
        scheduler.run_now(&id("say")).await,
        Ok(RunOutcome::Succeeded {
            output: Some("3 commits, all green.".to_owned())
        })
    );
    assert_eq!(
        *agent.prompts.lock().expect("lock"),
        vec![(
            "Summarise yesterday's commits".to_owned(),
            "cron:__plugin_cronjobs_say".to_owned(),
            "cronjobs"
        )]
    );
}

/// An agent that never answers, and says when its run was dropped.
#[derive(Default)]
struct SlowBridge {
    dropped: Arc<std::sync::atomic::AtomicBool>,
}

struct DropFlag(Arc<std::sync::atomic::AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

impl SubagentBridge for SlowBridge {
    fn run_subagent(&self, _run: SubagentRun) -> BoxFuture<Result<String, RunError>> {
        Box::pin(std::future::pending())
    }

    fn prompt(&self, _run: PromptRun) -> BoxFuture<Result<String, RunError>> {
        let flag = DropFlag(self.dropped.clone());
        Box::pin(async move {
            let _flag = flag;
            std::future::pending().await
        })
    }
}

#[tokio::test(start_paused = true)]
async fn shutdown_cancels_a_prompt_job_and_drops_the_agents_run() {
    let agent = Arc::new(SlowBridge::default());
    let host = Host::builder()
        .agent_dir(env!("CARGO_MANIFEST_DIR"))
        .config_toml(
            "[cron]
grace_period_secs = 5
",
            "test.toml",
        )
        .subagent_bridge(agent.clone())
        .build()
        .await
        .expect("host");
    // `say` is due at 09:00 in Paris (08:00 UTC) on weekdays; stop 30 s later.
    let clock = Arc::new(TokioClock::starting_at(at("2026-01-05T07:59:30Z")));
    let mut scheduler = Scheduler::new(&host).only(&[id("say")]).with_clock(clock);
    let mut events = scheduler.subscribe();
    let started = tokio::time::Instant::now();
    let report = scheduler
        .run_until(tokio::time::sleep(Duration::from_secs(60)))
        .await;
    assert!(report.unfinished.is_empty(), "{report:?}");
    assert!(
        started.elapsed() < Duration::from_secs(65),
        "stopped before the grace period ran out"
    );
    drop(scheduler);
    let outcomes: Vec<RunOutcome> = std::iter::from_fn(|| events.try_recv().ok())
        .filter_map(|e| match e {
            CronEvent::Finished { outcome, .. } => Some(outcome),
            _ => None,
        })
        .collect();
    assert_eq!(
        outcomes,
        vec![RunOutcome::Failed("cancelled at shutdown".to_owned())]
    );
    assert!(
        agent.dropped.load(std::sync::atomic::Ordering::SeqCst),
        "the agent's run was dropped"
    );
}

#[tokio::test]
async fn a_prompt_job_without_a_bridge_fails_clearly() {
    let host = host("").await;
    match Scheduler::new(&host).run_now(&id("say")).await {
        Ok(RunOutcome::Failed(why)) => {
            assert!(why.contains("HostBuilder::subagent_bridge"), "{why}")
        }
        other => panic!("unexpected: {other:?}"),
    }
}

#[tokio::test]
async fn a_job_naming_an_undeclared_subagent_is_invalid() {
    let host = host("").await;
    let scheduler = Scheduler::new(&host);
    let review = scheduler
        .jobs()
        .iter()
        .find(|j| j.id == id("review"))
        .expect("review");
    assert!(
        matches!(&review.status, JobStatus::Invalid(why) if why.contains("subagent `reviewer`")),
        "{:?}",
        review.status
    );
    assert!(matches!(
        scheduler.run_now(&id("review")).await,
        Err(RunNowError::CannotRun { .. })
    ));
}

#[tokio::test]
async fn statuses_follow_declarations_and_the_cron_config() {
    let host = host("[cron]\ndisable = [\"__plugin_cronjobs_tick\"]\nenable = [\"__plugin_cronjobs_stubborn\"]\n").await;
    let scheduler = Scheduler::new(&host);
    assert!(
        scheduler.problems().is_empty(),
        "{:?}",
        scheduler.problems()
    );
    let status = |key: &str| {
        scheduler
            .jobs()
            .iter()
            .find(|j| j.id == id(key))
            .map(|j| j.status.clone())
    };
    assert_eq!(status("tick"), Some(JobStatus::DisabledByConfig));
    assert_eq!(status("stubborn"), Some(JobStatus::Scheduled));
    assert_eq!(status("false"), Some(JobStatus::DisabledInCode));
    assert_eq!(status("dst"), Some(JobStatus::Scheduled));

    let off = host_with("[cron]\nenabled = false\n").await;
    assert!(
        Scheduler::new(&off)
            .jobs()
            .iter()
            .all(|j| matches!(j.status, JobStatus::SchedulerOff | JobStatus::Invalid(_)))
    );

    let typo = host_with("[cron]\ndisable = [\"__plugin_cronjobs_tik\"]\n").await;
    let problems: Vec<String> = Scheduler::new(&typo)
        .problems()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("cron.disable[0]")
            && problems[0].contains("did you mean `__plugin_cronjobs_tick`?"),
        "{problems:?}"
    );
}

async fn host_with(config: &str) -> Host {
    host(config).await
}

#[tokio::test]
async fn jobs_of_a_plugin_that_is_not_ready_are_not_scheduled() {
    // A config of the wrong type turns the plugin off.
    let host = host("[plugins.cronjobs]\nslow_minutes = \"many\"\n").await;
    let scheduler = Scheduler::new(&host);
    assert!(scheduler.jobs().iter().all(|j| matches!(
        j.status,
        JobStatus::PluginNotReady | JobStatus::Invalid(_) | JobStatus::DisabledInCode
    )));
    assert!(matches!(
        scheduler.run_now(&id("tick")).await,
        Err(RunNowError::CannotRun { .. })
    ));
}

// ---- the CLI ----

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `HOST ARGS` in `dir`, a project the user trusts (its `[cron]` is
/// obeyed), with a home of its own.
fn cli(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(HOST)
        .args(args)
        .current_dir(dir)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .env("TACKLE_TRUST_PROJECT", "1")
        .env("TACKLE_HOME", dir.join(".tackle-home"))
        .output()
        .expect("run");
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("utf8"),
        stderr: String::from_utf8(out.stderr).expect("utf8"),
    }
}

#[test]
fn run_job_now_runs_once_and_exits_with_its_outcome() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = cli(dir.path(), &["run", "--job", &id("hello"), "--now"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("__plugin_cronjobs_hello: succeeded\nhello from "),
        "{}",
        r.stdout
    );

    let r = cli(dir.path(), &["run", "--job", &id("fails"), "--now"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "__plugin_cronjobs_fails: failed: the database is locked\n"
    );

    let r = cli(
        dir.path(),
        &["run", "--job", "__plugin_cronjobs_fail", "--now"],
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no cron job has the id `__plugin_cronjobs_fail`; did you mean `__plugin_cronjobs_fails`?"), "{}", r.stderr);

    let r = cli(dir.path(), &["run", "--now"]);
    assert_eq!(r.code, 2, "--now needs --job");
}

#[test]
fn run_refuses_a_bad_cron_config() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("tackle.toml"),
        "[cron]\ndisable = [\"nope\"]\n",
    )
    .expect("write");
    let r = cli(dir.path(), &["run"]);
    assert_eq!(r.code, 3);
    assert!(
        r.stderr.contains("cron.disable[0]") && r.stderr.contains("`nope`"),
        "{}",
        r.stderr
    );
}

#[test]
fn run_with_nothing_scheduled_says_so_and_exits() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("tackle.toml"), "[cron]\nenabled = false\n").expect("write");
    let r = cli(dir.path(), &["run"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .ends_with("no job is scheduled, so there is nothing to run.\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn manifest_lists_cron_jobs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = cli(dir.path(), &["manifest"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let manifest: Value = serde_json::from_str(&r.stdout).expect("JSON");
    let ids: Vec<&str> = manifest["cron"]
        .as_array()
        .expect("a cron array")
        .iter()
        .filter_map(|j| j["id"].as_str())
        .collect();
    assert!(ids.contains(&"__plugin_cronjobs_dst"), "{ids:?}");
}

#[test]
fn list_shows_cron_jobs_with_schedule_zone_and_next_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = cli(dir.path(), &["list"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("JOB"), "{}", r.stdout);
    let dst = r
        .stdout
        .lines()
        .find(|l| l.starts_with("__plugin_cronjobs_dst "))
        .expect("dst row");
    assert!(
        dst.contains("handler") && dst.contains("30 2 * * *") && dst.contains("Europe/Paris"),
        "{dst}"
    );
    assert!(
        r.stdout
            .lines()
            .any(|l| l.starts_with("__plugin_cronjobs_false ")
                && l.contains("declared `enabled = false`")),
        "{}",
        r.stdout
    );

    let r = cli(dir.path(), &["list", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).expect("json");
    let jobs = v["cron"].as_array().expect("cron array");
    let say = jobs
        .iter()
        .find(|j| j["id"] == "__plugin_cronjobs_say")
        .expect("say");
    assert_eq!(say["kind"], "prompt");
    assert_eq!(say["schedule"], "0 9 * * 1-5");
    assert_eq!(say["timezone"], "Europe/Paris");
    assert_eq!(say["status"], "scheduled");
    let next = say["next_run"].as_str().expect("next run");
    assert!(next.contains("T09:00:00+0"), "{next}");
    let review = jobs
        .iter()
        .find(|j| j["id"] == "__plugin_cronjobs_review")
        .expect("review");
    assert_eq!(review["status"], "invalid");
    assert_eq!(review["next_run"], Value::Null);
}

#[cfg(unix)]
#[test]
fn sigterm_stops_run_cleanly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(HOST)
        .args(["run", "--job", &id("tick")])
        .current_dir(dir.path())
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = String::new();
    // Wait for the banner: the scheduler (and its signal handler) is up.
    loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).expect("read") == 0 {
            panic!("`run` ended early: {seen}");
        }
        seen.push_str(&line);
        if line.contains("stop with Ctrl-C or SIGTERM") {
            break;
        }
    }
    assert!(seen.contains("__plugin_cronjobs_tick"), "{seen}");
    assert!(seen.contains("1 job scheduled"), "{seen}");
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let out = child.wait_with_output().expect("wait");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("read");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(rest.contains("stopped: "), "{rest}");
}
