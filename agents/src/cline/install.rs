//! Where `install` puts Cline's hook files and its MCP server.

use std::path::PathBuf;

use super::export::{HOOKS_DIR, MCP_FILE};
use crate::install::targets::{Install, ServerForm, Site, Target};
use crate::install::{InstallError, InstallOptions, Scope};

/// Cline's install.
pub(crate) const INSTALL: Install = Install {
    targets,
    whole_file_dirs,
    note: "Cline's hooks cannot refuse a single tool call: a refusal ends the task, with the reason",
};

/// Cline runs every file of `<project>/.clinerules/hooks` and
/// `~/.cline/hooks` named for an event (cline 3.0.65): one file per event
/// the package has. The exported ones run the binary by its absolute
/// path, and are copied as they are. Its MCP servers are the user's alone.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let dir = hooks_dir(site.options);
    let hooks = site.exported.join(HOOKS_DIR);
    let mut events: Vec<String> = match std::fs::read_dir(&hooks) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(source) => {
            return Err(InstallError::Io {
                path: hooks,
                source,
            });
        }
    };
    events.sort();
    let mut all = events
        .into_iter()
        .map(|event| site.own_moved(dir.join(&event), &hooks.join(&event), &[site.bins.hooks]))
        .collect::<Result<Vec<_>, _>>()?;
    if site.is_user() {
        let config = site.home().join(".cline/data/settings").join(MCP_FILE);
        all.push(site.server(config, MCP_FILE, ServerForm::Json)?);
    }
    Ok(all)
}

/// The hooks folder, whose files come and go with the package's events.
fn whole_file_dirs(options: &InstallOptions, _name: &str) -> Vec<PathBuf> {
    vec![hooks_dir(options)]
}

/// Cline's hooks folder for the scope.
fn hooks_dir(options: &InstallOptions) -> PathBuf {
    match &options.scope {
        Scope::User => options.home.join(".cline/hooks"),
        Scope::Project(project) => project.join(".clinerules/hooks"),
    }
}
