//! Trust: what a project's own files may do, and what only the user may.
//!
//! A cloned repository must never run its code or weaken the user's
//! protection. tackle reads three kinds of input that decide what runs:
//!
//! - **The user's own**: `$TACKLE_HOME/tackle.toml` (`~/.tackle/tackle.toml`),
//!   a config the user names (`--config FILE`, `TACKLE_CONFIG`), the user's
//!   plugin folders (`~/.tackle/plugins`, `~/.superqode/plugins`), the
//!   list of trusted projects (`~/.tackle/trusted-projects.json`), and the
//!   plugin settings the user made in the agent ([`AgentSettings`]: Claude
//!   Code's plugin options). Full powers.
//! - **The project's**: `tackle.toml` in the agent folder, its state file
//!   `.tackle/plugins.json`, its plugin folders (`.agents/plugins`,
//!   `.superqode/plugins`, `.tackle/plugins`) and skills (`.agents/skills`).
//!   Full powers once the user trusts the project (`plugins trust`, or
//!   `TACKLE_TRUST_PROJECT=1` for a run); before that, it may only
//!   tighten.
//! - **The environment**: the user-level variables (`TACKLE_TRUST_PROJECT`,
//!   `TACKLE_HOME`, `TACKLE_CONFIG`, `TACKLE_AGENT_DIR`, `HOME`) are the
//!   user's only where no project setting could have set them ([`env`]);
//!   every variable any tackle binary reads is classified in [`vars`].
//!
//! Before trust a project may add `deny` and `ask` permission rules, skill
//! folders inside itself and context. It may not allow anything, choose
//! which plugins run (`enabled`, the state file's `disabled` list), add
//! code or folders (`plugin_dirs`, its plugin folders), change a plugin's
//! settings, the provider, roles and origins, the scheduler, or any limit
//! or time-out. `POWERS` in `trust/gate.rs` is that table, key by key. Everything
//! refused is kept as a [`Withheld`]: `doctor` lists each one with the
//! command that trusts the project; `plugins list` says the project is not
//! trusted; the other commands and the hook binary print one note naming
//! each ([`not_applied_note`]), the hook's among the notes the agent shows
//! beside its reply, never in place of it.
//!
//! The layers merge in order (user, then the named config or the
//! project's), later over earlier: permission rules, `plugin_dirs` and
//! `[skills] dirs` add up; tables (`[plugins.<id>]`, `[roles]`, `[cron]`,
//! ...) merge key by key; any other value (`enabled`, the limits,
//! `provider`) is the later layer's.

mod gate;
mod layers;
pub mod managed;
mod withheld;

use std::cell::OnceCell;
use std::path::Path;

pub(crate) use layers::load;
pub use layers::{AgentSettings, ConfigFile, Layer};
// Who the user is and which projects they trust, read as `tackle new`
// reads them: one resolver, in `tackle-spec`.
pub use tackle_spec::trust::{
    Context, Ignored, IgnoredVar, ProjectTrust, Started, UserVars, files, is_trusted,
    named_by_a_project, project_trust, projects, set_trusted, settings, trust_file, vars,
};
pub use withheld::{Withheld, not_applied_note};

/// The command a user runs to trust the project, as messages give it.
pub const TRUST_COMMAND: &str = "plugins trust";

/// Whether the project is trusted, looked up the first time it matters: a
/// hook process in a project that ships nothing of its own never reads the
/// trust file.
#[derive(Debug)]
pub(crate) struct TrustCheck<'a> {
    project: &'a Path,
    vars: &'a UserVars,
    known: OnceCell<ProjectTrust>,
}

impl<'a> TrustCheck<'a> {
    pub(crate) fn new(project: &'a Path, vars: &'a UserVars) -> Self {
        TrustCheck {
            project,
            vars,
            known: OnceCell::new(),
        }
    }

    /// The answer, known already (an embedding host chose it).
    pub(crate) fn given(project: &'a Path, vars: &'a UserVars, trust: ProjectTrust) -> Self {
        TrustCheck {
            project,
            vars,
            known: OnceCell::from(trust),
        }
    }

    pub(crate) fn get(&self) -> &ProjectTrust {
        self.known
            .get_or_init(|| project_trust(self.project, self.vars))
    }

    /// The answer, if something asked for it.
    pub(crate) fn into_known(self) -> Option<ProjectTrust> {
        self.known.into_inner()
    }
}

/// The user-level variables tackle did not honour, as refusals.
pub(crate) fn ignored_vars(vars: &UserVars) -> impl Iterator<Item = Withheld> + '_ {
    vars.ignored().iter().map(|i| match &i.why {
        Ignored::NamedBy(file) => Withheld::new(
            file,
            format!("env.{}", i.name),
            "the agent may hand the project's environment to tackle, so tackle ignores this variable while a project file names it; set it outside the project",
        ),
        Ignored::Relative(value) => Withheld::new(
            "the environment",
            format!("env.{}", i.name),
            format!(
                "`{}` is a relative path, which would be read in the project's folder; give an absolute path",
                value.to_string_lossy()
            ),
        ),
        Ignored::StartedByAgent => Withheld::new(
            "the environment",
            format!("env.{}", i.name),
            format!(
                "an agent started this process, and a project's settings can set its environment; trust the project with `{TRUST_COMMAND}`"
            ),
        ),
    })
}
