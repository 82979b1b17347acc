//! Kimi CLI: `[[hooks]]` tables for `~/.kimi/config.toml` (Kimi reads hooks
//! from nowhere else), calling the binary copied into the package by its
//! absolute path.

use super::ExportError;
use super::package::Package;
use super::quote;
use super::write::Out;

/// The file the tables are written to, in the package folder.
pub(super) const FILE: &str = "kimi-hooks.toml";

/// Kimi's bounds on `timeout`, in seconds.
const TIMEOUT_SECS: (u64, u64) = (1, 600);

/// Writes the binary and the tables; returns how to install them.
pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let rel = format!("bin/{}", package.bin);
    out.executable(&rel, package.binary)?;
    let bin = out.root().join(&rel);
    let command_bin = quote::shell(&bin.to_string_lossy());
    let config = out.root().join(FILE);
    let mut text = format!(
        "# Kimi CLI hooks for the tackle plugins of `{}`.\n\
         # Paste these tables into ~/.kimi/config.toml (or $KIMI_SHARE_DIR/config.toml):\n\
         # Kimi reads hooks from nowhere else. The commands run the binary at\n\
         # {}\n\
         # by its absolute path: export again if you move it.\n",
        package.bin,
        bin.display()
    );
    for r in &package.plan.registrations {
        text.push_str("\n[[hooks]]\n");
        text.push_str(&format!("event = {}\n", quote::string(r.event)));
        if let Some(matcher) = r.filter.matcher(package.plan.agent) {
            text.push_str(&format!("matcher = {}\n", quote::string(&matcher)));
        }
        let command = format!("{command_bin} hook kimi {}", r.event);
        text.push_str(&format!("command = {}\n", quote::string(&command)));
        let timeout = r.timeout_secs().clamp(TIMEOUT_SECS.0, TIMEOUT_SECS.1);
        text.push_str(&format!("timeout = {timeout}\n"));
    }
    out.text(FILE, &text)?;
    Ok(vec![format!(
        "Kimi CLI reads hooks only from its config: paste the tables of `{}` into ~/.kimi/config.toml",
        config.display()
    )])
}
