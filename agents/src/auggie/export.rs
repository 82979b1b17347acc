//! Auggie: a `settings.json` holding the package's `hooks` (Claude Code's
//! shape: `{EVENT: [{matcher, hooks: [{type, command, args, timeout}]}]}`,
//! the timeout in milliseconds), the binary in `bin/`.
//!
//! Auggie starts a hook without a shell (`spawn`, `shell: false`) in the
//! workspace root. A `command` alone is split by Auggie at spaces
//! (quotes group, with no escapes), and one holding a shell character
//! goes through `bash -c`; a `command` with `args` is started as it is,
//! unless it begins with `~`. So the entries name the binary by its
//! absolute path as `command`, and the rest as `args`: a path with
//! spaces or quotes stays one word. Auggie expands `${NAME}` in both
//! from its environment, and reads `\${` as a literal `${`.

use std::path::Path;

use serde::Serialize;

use crate::export::ExportError;
use crate::export::files::Ordered;
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The package's settings file, the name Auggie reads in `.augment/`.
pub(crate) const FILE: &str = "settings.json";

/// The file: its hook groups by event.
#[derive(Serialize)]
struct Settings {
    hooks: Ordered<Vec<Group>>,
}

/// One group: the tools it is for, and its command.
#[derive(Serialize)]
struct Group {
    /// An unanchored regex on the tool's name; left out, every tool.
    #[serde(skip_serializing_if = "Option::is_none")]
    matcher: Option<String>,
    hooks: [Command; 1],
}

/// One command, started without a shell.
#[derive(Serialize)]
struct Command {
    r#type: &'static str,
    command: String,
    args: [String; 3],
    /// In milliseconds.
    timeout: u64,
}

/// `path` as a `command` Auggie starts as it is: each `${` escaped, so
/// that Auggie's expansion of `${NAME}` leaves the path alone.
pub(crate) fn command(path: &Path) -> String {
    path.to_string_lossy().replace("${", "\\${")
}

/// Writes the binary and `settings.json`; returns what the user should
/// know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    crate::export::binary::write_binary(package, out, &format!("bin/{}", package.bin))?;
    let hook_bin = command(&out.root().join("bin").join(&package.for_hooks().bin));
    let agent = package.plan.agent;
    let mut events: Vec<(&'static str, Vec<Group>)> = Vec::new();
    for r in &package.plan.registrations {
        let group = Group {
            matcher: r.filter.matcher(agent),
            hooks: [Command {
                r#type: "command",
                command: hook_bin.clone(),
                args: ["hook".into(), agent.name().into(), r.event.into()],
                timeout: r.timeout_ms(),
            }],
        };
        match events.iter_mut().find(|(event, _)| *event == r.event) {
            Some((_, groups)) => groups.push(group),
            None => events.push((r.event, vec![group])),
        }
    }
    let file = Settings {
        hooks: Ordered(events),
    };
    out.text(FILE, &quote::json(&file))?;
    if !package.tools.is_empty() {
        notes.push(format!(
            "Auggie's MCP servers are the user's: run `auggie mcp add {} --command {} --args mcp` to offer the plugins' tools ({})",
            package.name,
            quote::shell(&out.root().join("bin").join(&package.bin).to_string_lossy()),
            package.tools.join(", ")
        ));
    }
    Ok(notes)
}
