//! Where `install` puts Kiro CLI's agent file.

use std::path::Path;

use crate::install::InstallError;
use crate::install::targets::{Install, Site, Target};

/// Kiro CLI's install.
pub(crate) const INSTALL: Install = Install::new(
    targets,
    "Kiro CLI runs these hooks only in their agent: start `kiro-cli chat --agent NAME` (the file's name)",
);

/// Kiro CLI reads agent files from `<project>/.kiro/agents/` and
/// `~/.kiro/agents/`; the exported one names the binary by its absolute
/// path (the hooks the binary they run, the MCP server the host), so it
/// is copied as it is.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    let file = format!("{}.json", site.name);
    let config = site.scoped(
        site.home().join(".kiro/agents").join(&file),
        Path::new(".kiro/agents").join(&file),
    );
    let path = site.exported.join(super::export::AGENTS_DIR).join(&file);
    Ok(vec![site.own_moved(
        config,
        &path,
        &[site.bins.hooks, site.bins.host],
    )?])
}
