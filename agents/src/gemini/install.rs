//! Where `install` puts Gemini CLI's extension.

use crate::Agent;
use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target, no_dirs};

/// Gemini CLI's install.
pub(crate) const INSTALL: Install = Install {
    targets,
    whole_file_dirs: no_dirs,
    note: "linked as `gemini extensions link` links: `gemini extensions list` shows it; trust the project for its MCP server",
};

/// What `gemini extensions link DIR` writes (Gemini CLI 0.61.0,
/// `installOrUpdateExtension`): a folder named for the extension in
/// `~/.gemini/extensions` holding only `.gemini-extension-install.json`,
/// `{"source": DIR, "type": "link"}`, and Gemini loads the extension from
/// DIR (its MCP server too). Gemini CLI has no project-scope extensions.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    if !site.is_user() {
        return Err(InstallError::UserOnly(Agent::Gemini));
    }
    let config = site
        .home()
        .join(".gemini/extensions")
        .join(site.name)
        .join(".gemini-extension-install.json");
    Ok(vec![site.extension_link(config)])
}
