//! What a check found.

use std::fmt;

use super::fix::Fix;

/// How a check went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CheckStatus {
    /// All is well.
    Ok,
    /// Works, but something deserves attention.
    Warn,
    /// Broken: `doctor` exits non-zero.
    Fail,
}

impl CheckStatus {
    /// `ok`, `warn` or `fail`, as `--json` spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckStatus::Ok => "ok",
            CheckStatus::Warn => "warn",
            CheckStatus::Fail => "fail",
        }
    }
}

impl fmt::Display for CheckStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a check reports: a status, a message for the user, and optionally
/// a fix that `doctor --fix` may apply.
///
/// ```
/// use tackle::doctor::{CheckResult, CheckStatus, Fix};
///
/// let found = CheckResult::warn("the log folder `logs` is missing")
///     .with_fix(Fix::new("create `logs`", ["logs"], || std::fs::create_dir_all("logs")));
/// assert_eq!(found.status(), CheckStatus::Warn);
/// assert_eq!(found.message(), "the log folder `logs` is missing");
/// let fix = found.fix().unwrap();
/// assert_eq!(fix.description(), "create `logs`");
/// assert_eq!(fix.changed_paths(), [std::path::Path::new("logs")]);
/// assert_eq!(CheckStatus::Fail.to_string(), "fail");
/// ```
#[derive(Debug)]
pub struct CheckResult {
    status: CheckStatus,
    message: String,
    fix: Option<Fix>,
}

impl CheckResult {
    /// A result with this status and message.
    pub fn new(status: CheckStatus, message: impl Into<String>) -> Self {
        CheckResult {
            status,
            message: message.into(),
            fix: None,
        }
    }

    /// All is well.
    pub fn ok(message: impl Into<String>) -> Self {
        CheckResult::new(CheckStatus::Ok, message)
    }

    /// Works, but deserves attention.
    pub fn warn(message: impl Into<String>) -> Self {
        CheckResult::new(CheckStatus::Warn, message)
    }

    /// Broken.
    pub fn fail(message: impl Into<String>) -> Self {
        CheckResult::new(CheckStatus::Fail, message)
    }

    /// The same result, offering a fix.
    #[must_use]
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// How the check went.
    pub fn status(&self) -> CheckStatus {
        self.status
    }

    /// What the check says.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The fix it offers, if any.
    pub fn fix(&self) -> Option<&Fix> {
        self.fix.as_ref()
    }

    /// Takes the fix out, to apply it.
    pub fn take_fix(&mut self) -> Option<Fix> {
        self.fix.take()
    }
}

/// What a `#[doctor_check]` function may return: a [`CheckResult`], or a
/// `Result` of one whose error is a failure with the error's message.
#[diagnostic::on_unimplemented(
    message = "a doctor check cannot return `{Self}`",
    label = "return a `CheckResult`, or a `Result<CheckResult, E>` with `E: Display`",
    note = "build one with `CheckResult::ok(\"...\")`, `CheckResult::warn(\"...\")` or `CheckResult::fail(\"...\")`, optionally `.with_fix(Fix::new(...))`"
)]
pub trait IntoCheckResult {
    /// The result to report.
    fn into_check_result(self) -> CheckResult;
}

impl IntoCheckResult for CheckResult {
    fn into_check_result(self) -> CheckResult {
        self
    }
}

impl<E: fmt::Display> IntoCheckResult for Result<CheckResult, E> {
    fn into_check_result(self) -> CheckResult {
        self.unwrap_or_else(|e| CheckResult::fail(format!("the check failed: {e}")))
    }
}
