//! Test fixture: doctor checks driven by the config, so that one plugin
//! covers fixes that work, fixes that would leave the agent folder, fixes
//! that depend on the one before, and checks and fixes that panic or fail.
//! Every fix appends its name to `fixes.log` in the agent folder, so tests
//! can see the order fixes ran in.

use std::io::Write as _;
use std::path::Path;

use tackle::prelude::*;

tackle::plugin! {
    id: "doctored",
    description: "Doctor checks for tests.",
    config: DoctoredConfig,
    skills: ["skills/checklist.md"],
}

/// `[plugins.doctored]`.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(default)]
pub struct DoctoredConfig {
    /// A path (relative to the agent folder) the `escape` check offers to
    /// write; none: the check passes.
    pub escape_path: Option<String>,
    /// The `panics` check panics.
    pub panic_check: bool,
    /// The `panicky-fix` check offers a fix that panics.
    pub panic_fix: bool,
    /// The `failing-fix` check offers a fix that returns an error.
    pub failing_fix: bool,
}

fn log_fix(agent_dir: &Path, name: &str) -> std::io::Result<()> {
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(agent_dir.join("fixes.log"))?;
    writeln!(log, "{name}")
}

/// The folder `state/` exists.
#[doctor_check(name = "state-folder", category = "files")]
fn state_folder(ctx: &DoctorContext) -> CheckResult {
    let dir = ctx.agent_path("state");
    if dir.is_dir() {
        return CheckResult::ok("`state/` exists");
    }
    let agent = ctx.agent_dir().to_path_buf();
    CheckResult::warn("`state/` is missing").with_fix(Fix::new(
        "create `state/`",
        ["state"],
        move || {
            log_fix(&agent, "state-folder")?;
            std::fs::create_dir(agent.join("state"))
        },
    ))
}

/// `state/ready` exists: its fix needs the folder the previous fix creates.
#[doctor_check(name = "state-file", category = "files")]
async fn state_file(ctx: &DoctorContext) -> CheckResult {
    let file = ctx.agent_path("state/ready");
    if file.is_file() {
        return CheckResult::ok("`state/ready` exists");
    }
    let agent = ctx.agent_dir().to_path_buf();
    CheckResult::fail("`state/ready` is missing").with_fix(Fix::new_async(
        "create `state/ready`",
        ["state/ready"],
        async move {
            log_fix(&agent, "state-file")?;
            // Fails unless `state/` was created first.
            std::fs::File::create_new(agent.join("state/ready")).map(drop)
        },
    ))
}

/// Offers a fix writing the configured path, which may leave the agent folder.
#[doctor_check]
fn escape(ctx: &DoctorContext<DoctoredConfig>) -> CheckResult {
    let Some(path) = ctx.config().escape_path.clone() else {
        return CheckResult::ok("nothing to write");
    };
    let agent = ctx.agent_dir().to_path_buf();
    CheckResult::fail(format!("`{path}` should be written")).with_fix(Fix::new(
        format!("write `{path}`"),
        [path.clone()],
        move || {
            log_fix(&agent, "escape")?;
            std::fs::write(agent.join(&path), "written by a fix")
        },
    ))
}

/// Panics when configured to.
#[doctor_check]
fn panics(ctx: &DoctorContext<DoctoredConfig>) -> CheckResult {
    if ctx.config().panic_check {
        panic!("the check fell over");
    }
    CheckResult::ok("calm")
}

/// Offers a fix that panics, when configured to.
#[doctor_check(name = "panicky-fix")]
fn panicky_fix(ctx: &DoctorContext<DoctoredConfig>) -> CheckResult {
    if !ctx.config().panic_fix {
        return CheckResult::ok("calm");
    }
    CheckResult::warn("needs a panicky fix").with_fix(Fix::new(
        "panic",
        ["state"],
        || -> Result<(), std::io::Error> { panic!("the fix fell over") },
    ))
}

/// Offers a fix that fails, when configured to.
#[doctor_check(name = "failing-fix")]
fn failing_fix(ctx: &DoctorContext<DoctoredConfig>) -> Result<CheckResult, String> {
    if !ctx.config().failing_fix {
        return Ok(CheckResult::ok("calm"));
    }
    Ok(CheckResult::warn("needs a failing fix").with_fix(Fix::new(
        "fail",
        Vec::<String>::new(),
        || Err("no luck".to_owned()),
    )))
}
