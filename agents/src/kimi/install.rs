//! Where `install` puts Kimi's hooks and its MCP server.

use crate::Agent;
use crate::export::os::program_word;
use crate::install::InstallError;
use crate::install::targets::{Edit, Install, ServerForm, Site, Target, exported_text, moved};

/// Kimi's install.
pub(crate) const INSTALL: Install =
    Install::new(targets, "Kimi reads its config.toml when it starts");

/// Kimi reads hooks only from the `[[hooks]]` tables of its user
/// config.toml (Kimi Code CLI: `$KIMI_CODE_HOME`, `~/.kimi-code`; Kimi
/// CLI: `~/.kimi`): the exported tables are merged there. Kimi Code CLI
/// reads `$KIMI_CODE_HOME/mcp.json` (2.1.0, `resolveKimiHome`), Kimi CLI
/// `~/.kimi/mcp.json`: the folder install puts the hooks' config.toml in
/// either way.
fn targets(site: &Site<'_>) -> Result<Vec<Target>, InstallError> {
    site.user_only(Agent::Kimi)?;
    let (exported, installed) = (site.exported, site.installed);
    let fragment = exported_text(&exported.join(super::export::FILE))?
        .map(|t| moved(&t, exported, installed, site.bins.hooks, &["bin"]));
    let home = &site.options.kimi_home;
    let os = site.options.export.os;
    Ok(vec![
        Target {
            config: home.join("config.toml"),
            edit: Edit::Tables {
                fragment,
                markers: site
                    .bins
                    .markers(|b| program_word(os, &site.installed_bin(b))),
            },
        },
        site.server(
            home.join("mcp.json"),
            super::export::MCP_FILE,
            ServerForm::Json,
        )?,
    ])
}
