//! `tackle add NAME`: a second (third, ...) plugin crate in a project
//! `tackle new` made, linked into its host: the crate `NAME/` from the
//! templates under `cli/templates/added/`, then the edits a person would
//! make by hand (the workspace's members and dependencies, the host's and
//! the hook-only binary's dependencies and `link!`, `tackle.toml`).

use std::path::{Path, PathBuf};

use crate::name::{MAX_LEN, NameError, ProjectName};
use crate::project::{Project, ProjectError};
use crate::template::{ADDED, Values};
use crate::write::{self, WriteError};

/// What `tackle add` was asked for.
#[derive(Debug, Clone, Default)]
pub struct AddOptions {
    /// The plugin's crate name (checked by [`ProjectName::parse`]).
    pub name: String,
    /// A folder of the project (default: the current one).
    pub path: Option<PathBuf>,
    /// The host's folder, relative to the workspace (default: the one
    /// member whose `src/main.rs` calls `link!`).
    pub host: Option<PathBuf>,
}

/// A plugin added.
#[derive(Debug, Clone)]
pub struct Added {
    /// The workspace's folder.
    pub root: PathBuf,
    /// The plugin's name and the names made from it.
    pub name: ProjectName,
    /// The host's folder.
    pub host: PathBuf,
    /// The hook-only binaries' folders, where it is linked too.
    pub hooks: Vec<PathBuf>,
    /// The files written, relative to the workspace, `/`-separated.
    pub files: Vec<String>,
    /// The files edited, relative to the workspace.
    pub edited: Vec<String>,
    /// Why the Rust files could not be formatted, if they could not.
    pub unformatted: Option<String>,
}

/// The suffix of the tool the added plugin declares.
const TOOL_SUFFIX: &str = "_hello";

/// Folders of the project that no plugin may take.
const PROJECT_FOLDERS: &[&str] = &["target", "dist"];

/// Why no plugin was added.
#[derive(Debug, thiserror::Error)]
pub enum AddError {
    /// The name is not a valid plugin name.
    #[error(transparent)]
    Name(#[from] NameError),
    /// The project cannot take it: not found, taken, or not as expected.
    #[error(transparent)]
    Project(#[from] ProjectError),
    /// A file could not be written.
    #[error(transparent)]
    Write(#[from] WriteError),
}

impl AddError {
    /// The process's exit code: 2 for what the user asked or has (the
    /// name, the project), 1 for what failed while writing.
    pub fn exit_code(&self) -> u8 {
        match self {
            AddError::Name(_) | AddError::Project(_) => 2,
            AddError::Write(_) => 1,
        }
    }
}

/// Checks the name and the project, then writes the crate and edits the
/// project. Nothing is written unless every check passes and every file
/// to edit could be read.
pub fn add(options: &AddOptions) -> Result<Added, AddError> {
    let name = ProjectName::parse(&options.name)?;
    let refuse = |reason: String| NameError {
        name: options.name.clone(),
        reason,
    };
    if PROJECT_FOLDERS.contains(&name.crate_name()) {
        return Err(refuse("the project's own folders use that name".into()).into());
    }
    let tool = format!("{}{TOOL_SUFFIX}", name.lib_ident());
    if tool.len() > MAX_LEN {
        return Err(refuse(format!(
            "its tool `{tool}` would be longer than tool names may be ({MAX_LEN}); choose a name of at most {} characters",
            MAX_LEN - TOOL_SUFFIX.len()
        ))
        .into());
    }
    let from = match &options.path {
        Some(path) => path.clone(),
        None => std::env::current_dir().map_err(|error| WriteError::Io {
            path: PathBuf::from("."),
            error,
        })?,
    };
    let project = Project::find(&from, options.host.as_deref())?;
    project.check(name.crate_name())?;
    let root = project.root.clone();
    let host = project.host.clone();
    let hooks = project.hook_dirs();
    let edits = project.edits(name.crate_name(), &name.lib_ident(), &name.plugin_id())?;

    let values = Values::default()
        .with("crate", name.crate_name())
        .with("lib", name.lib_ident())
        .with("id", name.plugin_id());
    let dir = root.join(name.crate_name());
    let files: Vec<String> = write::templates(&dir, ADDED, &values)?
        .into_iter()
        .map(|f| format!("{}/{f}", name.crate_name()))
        .collect();
    let mut edited = Vec::with_capacity(edits.len());
    for edit in &edits {
        std::fs::write(&edit.path, &edit.text).map_err(|error| WriteError::Io {
            path: edit.path.clone(),
            error,
        })?;
        edited.push(relative(&root, &edit.path));
    }
    let rust: Vec<String> = files
        .iter()
        .chain(&edited)
        .filter(|f| f.ends_with(".rs"))
        .cloned()
        .collect();
    let unformatted = write::format(&root, &rust).err();
    Ok(Added {
        root,
        name,
        host,
        hooks,
        files,
        edited,
        unformatted,
    })
}

/// `path` relative to `root`, `/`-separated.
fn relative(root: &Path, path: &Path) -> String {
    let inside = path.strip_prefix(root).unwrap_or(path);
    inside
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

impl Added {
    /// The commands to run next, for a POSIX shell.
    pub fn next_commands(&self) -> Vec<String> {
        vec![
            format!("cargo test -p {}", self.name.crate_name()),
            "cargo test".to_owned(),
        ]
    }
}
