//! Pi: a generated TS extension, `.pi/extensions/<name>.ts`, that runs the
//! binary in `.pi/bin/` and blocks a call with `{block: true, reason}`.
//!
//! No MCP server: Pi has no MCP client ("No MCP.", README of
//! @mariozechner/pi-coding-agent 0.73.1), so the plugins' tools are not
//! offered to it.

use crate::export::ExportError;
use crate::export::package::Package;
use crate::export::shim;
use crate::export::write::Out;

const HOOKS: &str = include_str!("shim.ts");

/// Writes the binary and the extension; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    // Outside `extensions/`: Pi loads what is there as extensions.
    crate::export::binary::write_binary(package, out, &format!(".pi/bin/{}", package.bin))?;
    let source = shim::source(package, &format!("../bin/{}", package.bin), HOOKS);
    out.text(&format!(".pi/extensions/{}.ts", package.name), &source)?;
    let mut notes = Vec::new();
    if !package.tools.is_empty() {
        notes.push(format!(
            "Pi has no MCP client, so the plugins' tools ({}) are not offered to it; run them with `{} call NAME`",
            package.tools.join(", "),
            package.bin
        ));
    }
    Ok(notes)
}
