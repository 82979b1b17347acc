//! Where `install` puts Gemini CLI's extension.

use crate::Agent;
use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target};

/// Gemini CLI's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "linked as `gemini extensions link` links: `gemini extensions list` shows it; trust the project for its MCP server",
);

/// What `gemini extensions link DIR` writes (Gemini CLI 0.61.0,
/// `installOrUpdateExtension`): a folder named for the extension in
/// `~/.gemini/extensions` holding only `.gemini-extension-install.json`,
/// `{"source": DIR, "type": "link"}`, and Gemini loads the extension from
/// DIR (its MCP server too). Gemini CLI has no project-scope extensions.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    site.user_only(Agent::Gemini)?;
    Ok(vec![site.extension_link(
        ".gemini/extensions",
        ".gemini-extension-install.json",
    )])
}
