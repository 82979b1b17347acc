//! Crush: a `crush.json` holding the package's `hooks` (Crush's shape:
//! `{"PreToolUse": [{name, matcher, command, timeout}]}`), the binary in
//! `bin/`. Crush resolves a relative command against its working folder,
//! not the config file's, and runs it in its own POSIX shell, so the
//! commands name the binary by its absolute path, quoted for the shell.

use serde::Serialize;

use crate::export::ExportError;
use crate::export::files::Ordered;
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The package's config file, the name Crush reads.
pub(crate) const FILE: &str = "crush.json";

/// The file: its hook entries by event.
#[derive(Serialize)]
struct CrushJson {
    hooks: Ordered<Vec<HookEntry>>,
}

/// One hook entry.
#[derive(Serialize)]
struct HookEntry {
    /// Shown in Crush's TUI.
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    matcher: Option<String>,
    command: String,
    /// In seconds.
    timeout: u64,
}

/// Writes the binary and `crush.json`; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    crate::export::binary::write_binary(package, out, &format!("bin/{}", package.bin))?;
    let hook_bin = out.root().join("bin").join(&package.for_hooks().bin);
    let program = quote::shell(&hook_bin.to_string_lossy());
    let agent = package.plan.agent;
    let mut events: Vec<(&'static str, Vec<HookEntry>)> = Vec::new();
    for r in &package.plan.registrations {
        let entry = HookEntry {
            name: package.name.clone(),
            matcher: r.filter.matcher(agent),
            command: package.hook_line(&program, r.event),
            timeout: r.timeout_secs(),
        };
        match events.iter_mut().find(|(event, _)| *event == r.event) {
            Some((_, entries)) => entries.push(entry),
            None => events.push((r.event, vec![entry])),
        }
    }
    let file = CrushJson {
        hooks: Ordered(events),
    };
    out.text(FILE, &quote::json(&file))?;
    if !package.tools.is_empty() {
        notes.push(format!(
            "Crush's MCP servers are the user's (`mcp` of crush.json): add `{{\"type\": \"stdio\", \"command\": \"{}\", \"args\": [\"mcp\"]}}` as `{}` to offer the plugins' tools ({})",
            out.root().join("bin").join(&package.bin).display(),
            package.name,
            package.tools.join(", ")
        ));
    }
    Ok(notes)
}
