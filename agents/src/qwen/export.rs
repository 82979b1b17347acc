//! Qwen Code: an extension folder (`qwen-extension.json` holding the hooks
//! and, when the plugins have tools, the `mcpServers` entry; `skills/`;
//! the binary in `bin/`), for `qwen extensions install` or `link`.
//!
//! Qwen Code 0.24.4 reads an extension's hooks from its manifest's `hooks`
//! (Claude Code's shape) and replaces `${extensionPath}` and `${/}` in
//! every string of the manifest as text (`loadExtensionManifest`,
//! `recursivelyHydrateStrings`). It runs a hook's `command` with `bash -c`
//! (on Windows, with the shell the hook names: see [`Shell`]) and adds the
//! hook's `env` to its environment (`executeCommandHook`), so the binary's
//! path goes in `env`, where no shell parses it, as in Gemini CLI's
//! extension. Extension hooks are not project hooks: Qwen's folder
//! trust does not gate them.

use serde::Serialize;

use crate::Agent;
use crate::claude::export::{HooksFile, hooks_file, skills};
use crate::export::files::{About, Command, McpServer, Named};
use crate::export::os::{self, Os};
use crate::export::package::Package;
use crate::export::plan::Registration;
use crate::export::quote;
use crate::export::write::Out;
use crate::export::{ExportError, HookRoute, Post};
// An extension names its binary as Gemini CLI's does.
use crate::gemini::export::{BIN_VAR, bin};

/// The manifest Qwen Code reads.
pub(crate) const MANIFEST: &str = "qwen-extension.json";

/// Qwen Code reads a `timeout` of this many or more as milliseconds.
const LEGACY_MS_FROM: u64 = 1000;

/// `qwen-extension.json`.
#[serde_with::skip_serializing_none]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Manifest<'a> {
    #[serde(flatten)]
    about: About<'a>,
    mcp_servers: Option<Named<McpServer>>,
    #[serde(flatten)]
    hooks: Option<HooksFile<HookEntry<'a>>>,
}

/// One hook of the manifest: a command, or a POST to a team's server.
#[derive(Serialize)]
#[serde(untagged)]
enum HookEntry<'a> {
    Command(CommandHook<'a>),
    Http(HttpHook<'a>),
}

/// A POST of the event to `<url>/hooks/qwen/<Event>`. Qwen Code 0.24.4
/// (`HttpHookRunner`) sends the command hook's stdin JSON, reads a 2xx
/// JSON body as a command hook's stdout, and expands `${VAR}` in the
/// headers for the names in `allowedEnvVars`; it lets loopback through
/// its address guard.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HttpHook<'a> {
    #[serde(rename = "type")]
    kind: Http,
    name: &'a str,
    #[serde(flatten)]
    post: Post,
    /// In seconds (no legacy milliseconds for `http`).
    timeout: u64,
}

/// The `type` of an [`HttpHook`].
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Http {
    Http,
}

/// One hook command: a shell line that runs the binary named by `env`.
#[derive(Serialize)]
struct CommandHook<'a> {
    #[serde(rename = "type")]
    kind: Command,
    name: &'a str,
    command: String,
    /// The shell for `command`; unset, Qwen's own choice (bash, or on
    /// Windows Git Bash, PowerShell or `cmd` by the environment).
    #[serde(skip_serializing_if = "Option::is_none")]
    shell: Option<Shell>,
    /// [`BIN_VAR`], the binary's path.
    env: Named<String>,
    /// In seconds, or in milliseconds from [`LEGACY_MS_FROM`] on, as Qwen
    /// reads it.
    timeout: u64,
}

/// A hook's own shell. Qwen Code 0.24.4 runs a hook whose `shell` is
/// `powershell` with `powershell -Command` (`getShellConfigForHook`);
/// without one, on Windows it picks Git Bash when `MSYSTEM` or `TERM` say
/// so, else `%ComSpec%` (PowerShell, or `cmd /d /s /c`, where the quoted
/// line would not survive Node's quoting), so a package for Windows names
/// PowerShell.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Shell {
    Powershell,
}

/// The `timeout` Qwen Code reads as `secs` seconds: seconds below 1000,
/// milliseconds from there (a `timeout` of 1000 or more is milliseconds
/// to Qwen).
pub(crate) fn timeout(secs: u64, ms: u64) -> u64 {
    if secs < LEGACY_MS_FROM {
        secs
    } else {
        ms.max(LEGACY_MS_FROM)
    }
}

/// The http hook of registration `r` with `--hooks-via URL`; `None`
/// where it stays a process: without a URL, or where a fail-closed hook
/// waits, since Qwen Code lets the event through when an http hook fails.
fn http_hook<'a>(package: &'a Package<'_>, r: &Registration) -> Option<HttpHook<'a>> {
    if r.closed.is_some() {
        return None;
    }
    Some(HttpHook {
        kind: Http::Http,
        name: &package.name,
        post: package.hooks_via.post(Agent::Qwen, r.event)?,
        timeout: r.timeout_secs(),
    })
}

/// Writes the extension; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let hooks = package.for_hooks();
    let program = hooks.hook_program(bin(&hooks));
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    crate::export::binary::write_windows_exe(package, out, &rel)?;
    let mut manifest = Manifest {
        about: package.about(),
        mcp_servers: None,
        hooks: None,
    };
    // The extension's `mcpServers`, its strings filled in as the hooks'
    // are; Qwen starts the server without a shell, in the project.
    if let Some(server) = package.mcp_server(&bin(package)) {
        manifest.mcp_servers = Some(Named {
            name: package.name.clone(),
            value: server,
        });
        notes.push(package.mcp_note(&format!("registered in {MANIFEST} (`mcpServers`)")));
    }
    if !package.plan.registrations.is_empty() {
        manifest.hooks = Some(hooks_file(package, |r| match http_hook(package, r) {
            Some(hook) => HookEntry::Http(hook),
            None => HookEntry::Command(CommandHook {
                kind: Command::Command,
                name: &package.name,
                command: os::env_program_line(
                    package.os,
                    BIN_VAR,
                    &["hook", Agent::Qwen.name(), r.event],
                ),
                shell: (package.os == Os::Windows).then_some(Shell::Powershell),
                env: Named {
                    name: BIN_VAR.to_owned(),
                    value: program.clone(),
                },
                timeout: timeout(r.timeout_secs(), r.timeout_ms()),
            }),
        }));
        notes.extend(package.os_note(Agent::Qwen));
        if let HookRoute::Http { .. } = package.hooks_via {
            notes.push(
                "Qwen Code lets an event through when its http hook fails (the server down, a timeout, a status other than 2xx), so the events where a fail-closed hook waits stay processes; the others POST to the server"
                    .to_owned(),
            );
        }
        notes.push(
            "Qwen Code runs an extension's hooks in every folder (its folder trust, off by default, gates only a project's .qwen/settings.json); `disableAllHooks`, `--bare` and `--safe-mode` turn them off. Before a tool, Qwen applies no rewrite and no added context from a hook: tackle says so on stderr when a hook gives one"
                .to_owned(),
        );
    }
    out.text(MANIFEST, &quote::json(&manifest))?;
    skills(package, out)?;
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timeout_qwen_would_read_as_milliseconds_is_written_in_milliseconds() {
        assert_eq!(timeout(60, 60_000), 60);
        assert_eq!(timeout(999, 999_000), 999);
        assert_eq!(timeout(1000, 1_000_000), 1_000_000);
    }
}
