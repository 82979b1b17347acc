//! Who the user is, where their own files are, and which projects they
//! trust: what the host's trust gate (`tackle_host::trust`) and the
//! `tackle` command (`tackle new`, which trusts the project it writes for
//! the person who ran it) must read the same way, in one place (feature
//! `trust`).
//!
//! - [`UserVars`]: the user-level variables (`TACKLE_TRUST_PROJECT`,
//!   `TACKLE_HOME`, `TACKLE_CONFIG`, `TACKLE_AGENT_DIR`, `HOME`), honoured
//!   only where no project setting could have set them ([`settings`]);
//!   every variable any tackle binary reads is classified in [`vars`],
//!   every file in [`files`];
//! - [`projects`]: the user's list of trusted projects,
//!   `$TACKLE_HOME/trusted-projects.json`, which a project cannot write;
//! - [`state_file`]: how that list and the project's state file are
//!   edited (locked, replaced in one step);
//! - [`capped`]: the capped read of every such file.

mod account;
pub mod capped;
mod env;
pub mod files;
pub mod projects;
pub mod settings;
pub mod state_file;
pub mod vars;

pub use env::{Context, Ignored, IgnoredVar, Started, UserVars, named_by_a_project};
pub use projects::{ProjectTrust, is_trusted, project_trust, set_trusted, trust_file};
