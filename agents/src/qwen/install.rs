//! Where `install` puts Qwen Code's extension.

use crate::Agent;
use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target};

/// Qwen Code's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "linked as `qwen extensions link` links: `qwen extensions list` shows it",
);

/// Qwen Code 0.24.4 links as Gemini CLI does (`qwen extensions link`,
/// packages/core/src/extension): `~/.qwen/extensions/<name>/
/// .qwen-extension-install.json`, `{"source": DIR, "type": "link"}`, and
/// loads the extension from DIR. No project scope either.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    site.user_only(Agent::Qwen)?;
    Ok(vec![site.extension_link(
        ".qwen/extensions",
        ".qwen-extension-install.json",
    )])
}
