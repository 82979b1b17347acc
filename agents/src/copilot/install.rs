//! Where `install` puts Copilot CLI's hooks and its MCP server.

use std::path::Path;

use crate::Agent;
use crate::export::quote;
use crate::install::InstallError;
use crate::install::targets::{Edit, Install, ServerForm, Site, Target, exported_json};

/// Copilot CLI's install.
///
/// Read live (1.0.102): the user's hooks run in every folder, where a
/// repository's `.github/hooks/` waits for the folder's trust.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Copilot CLI runs your own hooks (its hooks/ folder) in every folder, trusted or not; start a new session",
);

/// Copilot CLI 1.0.102 reads every file of `$COPILOT_HOME/hooks/`
/// (`~/.copilot/hooks/`) beside a repository's `.github/hooks/`, in the
/// same format (`hookSessionCreate`'s `userHooksDir`). The exported file
/// is copied there naming the installed binary by its absolute path:
/// quoted for bash, and for PowerShell the `.cmd` launcher called by its
/// quoted path. A project's hooks are the repository's own files: `export`
/// writes them in place. The server goes into `mcp-config.json` beside.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    if !site.is_user() {
        return Err(InstallError::ProjectByExport(
            Agent::Copilot,
            ".github/hooks/",
        ));
    }
    let home = &site.options.copilot_home;
    Ok(vec![
        Target {
            config: home.join("hooks").join(format!("{}.json", site.name)),
            edit: Edit::Own {
                text: hooks(site.exported, site.installed, site.bins.hooks, site.name)?,
                owns_folder: false,
            },
        },
        site.server(
            home.join("mcp-config.json"),
            super::export::MCP_FILE,
            ServerForm::RelativeJson,
        )?,
    ])
}

/// Copilot CLI's hooks file of the package exported to `exported`, as
/// installed at `installed`: the repository's `.github/hooks/<name>.json`,
/// naming the installed binary by its absolute path, quoted for bash, and
/// for PowerShell the `.cmd` launcher called by its quoted path; `None`
/// when the package has no hooks file.
pub(crate) fn hooks(
    exported: &Path,
    installed: &Path,
    bin: &str,
    name: &str,
) -> Result<Option<String>, InstallError> {
    let exported_file = exported.join(".github/hooks").join(format!("{name}.json"));
    let relative = format!("./.github/hooks/bin/{bin}");
    let windows = format!(".\\.github\\hooks\\bin\\{bin}.cmd");
    let bin_dir = installed.join(".github").join("hooks").join("bin");
    let to = quote::shell(&bin_dir.join(bin).to_string_lossy());
    let to_windows = quote::powershell(&bin_dir.join(format!("{bin}.cmd")).to_string_lossy());
    exported_json(&exported_file, |s| {
        s.replace(&relative, &to).replace(&windows, &to_windows)
    })
}
