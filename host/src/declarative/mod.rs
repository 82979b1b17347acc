//! Declarative plugins: plugins written as files rather than Rust, found in
//! plugin folders at run time and run beside the linked ones.
//!
//! Three formats are read ([`Format`]):
//!
//! - **SuperQode plugin folders** (`plugin.json`): permission rules, skills
//!   and context injectors run as a `plugin!`'s would. The Python parts
//!   (tools, commands, providers, event hooks) are checked and reported as
//!   not run.
//! - **Claude Code hooks** (`{"hooks": {"PreToolUse": [...]}}`, in a
//!   `.json` file or a Claude Code plugin folder): `command` handlers run
//!   as subprocesses speaking Claude Code's hook protocol, with timeouts.
//! - **OpenSage JSON hooks** (the events at the top level): `command` and
//!   `prompt` actions, matchers with argument globs (`Bash(git push*)`).
//!
//! Folders are searched in tiers ([`Tier`]): defaults < user < extra <
//! project, a later plugin shadowing an earlier one of the same id. The
//! project's folders load only in a trusted project ([`crate::trust`]). Which
//! plugins run, and in what order, comes from the host config's `enabled`
//! list (ids and full-match patterns) and, in a trusted project, the
//! project's state file ([`state`]), which `plugins enable|disable` edit.
//!
//! A host built with [`HostBuilder::discover_plugins`](crate::HostBuilder::discover_plugins)
//! (the command line's hosts are) loads them; one broken manifest is listed
//! as failed with every problem found, and the rest run.
//!
//! [`read_entry`] reads one (a file or a folder), [`read_folder`] a whole
//! folder, [`discover`] every tier:
//!
//! ```
//! use tackle::hook::HookPoint;
//! use tackle_host::declarative::{DeclaredHandler, Format, read_entry, read_folder};
//!
//! let folder = tempfile::tempdir().unwrap();
//! // An OpenSage hooks file: a prompt for the model before `git push`.
//! let file = folder.path().join("push-notes.json");
//! std::fs::write(&file, r#"{"PreToolUse": [
//!     {"matcher": "Bash(git push*)", "hooks": [{"type": "prompt", "prompt": "Run the tests first."}]}
//! ]}"#).unwrap();
//!
//! let plugin = read_entry(&file).unwrap();
//! assert!(plugin.is_valid(), "{:?}", plugin.problems);
//! assert_eq!((plugin.id.as_str(), plugin.format), ("push-notes", Format::OpenSage));
//! let hook = &plugin.hooks[0];
//! assert_eq!(hook.point, HookPoint::BeforeToolCall);
//! assert_eq!((hook.matcher.as_deref(), hook.args.as_deref()), (Some("Bash"), Some("git push*")));
//! assert!(matches!(&hook.handler, DeclaredHandler::Prompt(text) if text == "Run the tests first."));
//!
//! // A broken one is read too, with every problem found, at its path.
//! std::fs::write(folder.path().join("broken.json"), r#"{"PreToolUse": [{"hooks": 3}]}"#).unwrap();
//! let all = read_folder(folder.path());
//! let broken = all.iter().find(|p| p.id == "broken").unwrap();
//! assert!(!broken.is_valid());
//! assert!(broken.problems[0].path.starts_with("PreToolUse[0]"), "{:?}", broken.problems);
//! ```

mod claude_plugin;
mod command;
mod declared;
mod defs;
mod discover;
mod folders;
mod hooks_json;
mod json;
mod model;
pub(crate) mod paths;
pub mod select;
pub mod state;
mod superqode;

use std::path::Path;

pub use command::CommandHook;
pub(crate) use declared::{Declared, project_disabled};
pub use discover::{Found, FoundStatus, discover, read_entry, read_folder};
pub use folders::{PROJECT_FOLDERS, PluginFolders, Tier};
pub use model::{DeclaredHandler, DeclaredHook, DeclaredPlugin, DeclaredSkill, Format};
pub use superqode::SUPERQODE_POINTS;

/// The key `export superqode` writes into the `plugin.json` it generates:
/// discovery skips such a folder, whose items are the binary's own.
pub const TACKLE_EXPORT_KEY: &str = "x-tackle-export";

/// Reads a plugin to validate it: a folder (SuperQode or Claude Code
/// plugin), a `plugin.json`, or a JSON hooks file. `None` when `path` is
/// none of those.
pub fn read_path(path: &Path) -> Option<DeclaredPlugin> {
    let path = &std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if path.file_name().is_some_and(|n| n == "plugin.json") {
        let parent = path.parent().unwrap_or(Path::new("."));
        if parent.file_name().is_some_and(|n| n == ".claude-plugin") {
            return parent.parent().and_then(read_entry);
        }
        return Some(superqode::read(path));
    }
    if path.file_name().is_some_and(|n| n == "hooks.json")
        && let Some(folder) = path
            .parent()
            .filter(|p| p.file_name().is_some_and(|n| n == "hooks"))
        && let Some(plugin_folder) = folder.parent()
        && plugin_folder.join(".claude-plugin").is_dir()
    {
        return read_entry(plugin_folder);
    }
    read_entry(path)
}
