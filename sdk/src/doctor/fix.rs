//! A fix a check offers: what it does, the paths it changes, and the code.

use std::fmt;
use std::future::Future;
use std::path::PathBuf;

use crate::future::BoxFuture;
use crate::state::BoxError;

/// A repair `doctor --fix` may apply. It says what it changes before it
/// runs: the host refuses a fix whose `changed_paths` leave the agent
/// folder (after resolving `..` and symlinks), and runs fixes one at a
/// time, re-running the check after each.
pub struct Fix {
    description: String,
    changed_paths: Vec<PathBuf>,
    action: FixAction,
}

/// The code of a fix.
pub enum FixAction {
    /// Runs inline.
    Sync(Box<dyn FnOnce() -> Result<(), BoxError> + Send>),
    /// Awaited.
    Async(BoxFuture<Result<(), BoxError>>),
}

impl Fix {
    /// A fix that runs `apply`. `changed_paths` are every file or folder it
    /// creates, writes or removes: relative to the agent folder, or absolute.
    pub fn new<P, E>(
        description: impl Into<String>,
        changed_paths: impl IntoIterator<Item = P>,
        apply: impl FnOnce() -> Result<(), E> + Send + 'static,
    ) -> Self
    where
        P: Into<PathBuf>,
        E: Into<BoxError>,
    {
        let action = FixAction::Sync(Box::new(move || apply().map_err(Into::into)));
        Fix::with_action(description, changed_paths, action)
    }

    /// A fix that awaits `apply` (an `async` block; it does not start
    /// before the fix is applied).
    pub fn new_async<P, E>(
        description: impl Into<String>,
        changed_paths: impl IntoIterator<Item = P>,
        apply: impl Future<Output = Result<(), E>> + Send + 'static,
    ) -> Self
    where
        P: Into<PathBuf>,
        E: Into<BoxError>,
    {
        let action = FixAction::Async(Box::pin(async move { apply.await.map_err(Into::into) }));
        Fix::with_action(description, changed_paths, action)
    }

    fn with_action<P: Into<PathBuf>>(
        description: impl Into<String>,
        changed_paths: impl IntoIterator<Item = P>,
        action: FixAction,
    ) -> Self {
        Fix {
            description: description.into(),
            changed_paths: changed_paths.into_iter().map(Into::into).collect(),
            action,
        }
    }

    /// What it does, for the user.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The paths it says it changes.
    pub fn changed_paths(&self) -> &[PathBuf] {
        &self.changed_paths
    }

    /// Its code, to run.
    pub fn into_action(self) -> FixAction {
        self.action
    }
}

impl fmt::Debug for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fix")
            .field("description", &self.description)
            .field("changed_paths", &self.changed_paths)
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for FixAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FixAction::Sync(_) => "FixAction::Sync",
            FixAction::Async(_) => "FixAction::Async",
        })
    }
}
