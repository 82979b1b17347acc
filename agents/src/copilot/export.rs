//! Copilot CLI: `.github/hooks/<name>.json` (`version` 1, camelCase events,
//! `bash` commands, `timeoutSec`), `.github/mcp.json` when the plugins have
//! tools (unless the repository already has its own), the binary in
//! `.github/hooks/bin/`.

use serde::Serialize;

use crate::Agent;
use crate::export::files::{Command, McpServers, Ordered};
use crate::export::package::Package;
use crate::export::plan::Registration;
use crate::export::quote;
use crate::export::write::Out;
use crate::export::{ExportError, HookRoute, Post};

/// The repository's MCP servers, as Copilot CLI reads them.
pub(crate) const MCP_FILE: &str = ".github/mcp.json";

/// `.github/hooks/<name>.json`.
#[derive(Serialize)]
struct HooksFile {
    version: u32,
    hooks: Ordered<[HookEntry; 1]>,
}

/// One hook: a command, or a POST to a team's server.
#[derive(Serialize)]
#[serde(untagged)]
enum HookEntry {
    Command(CommandHook),
    Http(HttpHook),
}

/// A POST of the event to `<url>/hooks/copilot/<event>`. Copilot CLI
/// 1.0.102 (`type: "http"`, docs' hooks reference) sends the command
/// hook's stdin JSON and reads the body as its stdout; it expands the
/// names of `allowedEnvVars` in the headers.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HttpHook {
    #[serde(rename = "type")]
    kind: Http,
    #[serde(flatten)]
    post: Post,
    timeout_sec: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    matcher: Option<String>,
}

/// The `type` of an [`HttpHook`].
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Http {
    Http,
}

/// One hook command: a `bash` line.
#[serde_with::skip_serializing_none]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CommandHook {
    #[serde(rename = "type")]
    kind: Command,
    bash: String,
    /// What Copilot CLI runs on Windows instead of `bash`: the `.cmd`
    /// launcher, when the package ships a Windows build.
    powershell: Option<String>,
    timeout_sec: u64,
    matcher: Option<String>,
}

/// A server of `.github/mcp.json`: a local command, all its tools.
#[derive(Serialize)]
struct McpServer {
    #[serde(rename = "type")]
    kind: Local,
    command: String,
    args: Vec<String>,
    tools: [&'static str; 1],
}

/// The `type` of a server Copilot CLI starts itself.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Local {
    Local,
}

/// The note every Copilot CLI package with hooks gets: its trust gate.
/// Copilot CLI 1.0.102 loads a folder's `.github/hooks/` only once the
/// folder is trusted (read live: without it, no hook runs, not even in
/// `-p` with `--allow-all-tools`). The TUI asks "Do you trust the files
/// in this folder?"; "Yes, and remember this folder for future sessions"
/// adds it to `trustedFolders` of `~/.copilot/config.json`, a key the CLI
/// manages (`copilot config trustedFolders` is refused). `--trust-folder`
/// trusts it for one `-p` session, `COPILOT_ALLOW_ALL=true` whenever set.
pub(crate) const TRUST_NOTE: &str = "Copilot CLI runs no hook of .github/hooks/ until the folder is trusted: start `copilot` in the repository's root once and answer \"Yes, and remember this folder for future sessions\" (it adds the folder to `trustedFolders` in ~/.copilot/config.json), or pass `--trust-folder` with `-p` for one session";

/// What the export says when hooks POST to a server.
const HTTP_NOTE: &str = "Copilot CLI lets an event through when its http hook fails (the server down, a timeout, a status other than 2xx), so the events where a fail-closed hook waits stay processes; the others POST to the server. It POSTs to plain http:// only on loopback and only with COPILOT_HOOK_ALLOW_LOCALHOST=1 in its environment; elsewhere the URL must be https://";

/// The http hook of registration `r` with `--hooks-via URL`; `None`
/// where it stays a process: without a URL, or where a fail-closed hook
/// waits, since Copilot CLI lets the event through when an http hook
/// fails ("HTTP `preToolUse` hooks are fail-open", its hooks reference).
fn http_hook(package: &Package<'_>, r: &Registration) -> Option<HttpHook> {
    if r.closed.is_some() {
        return None;
    }
    Some(HttpHook {
        kind: Http::Http,
        post: package.hooks_via.post(Agent::Copilot, r.event)?,
        timeout_sec: r.timeout_secs(),
        matcher: r.filter.matcher(package.plan.agent),
    })
}

/// Writes the hooks and the MCP server; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let mut notes = Vec::new();
    let bin = format!(".github/hooks/bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &bin)?;
    let runs = package.for_hooks();
    let hook_bin = format!(".github/hooks/bin/{}", runs.bin);
    let events = package
        .plan
        .registrations
        .iter()
        .map(|r| {
            // Repository hooks run in the repository's root, which is
            // where the package is meant to be written: the path is
            // relative to it.
            if let Some(hook) = http_hook(package, r) {
                return (r.event, [HookEntry::Http(hook)]);
            }
            let entry = HookEntry::Command(CommandHook {
                kind: Command::Command,
                bash: package.hook_line(&format!("./{hook_bin}"), r.event),
                // The call operator runs the launcher by its relative
                // path, backslashed as Windows writes it; the name needs
                // no quoting (`safe_file_name`).
                powershell: runs.has_windows().then(|| {
                    format!(
                        "& .\\{}.cmd hook {} {}",
                        hook_bin.replace('/', "\\"),
                        Agent::Copilot.name(),
                        r.event
                    )
                }),
                timeout_sec: r.timeout_secs(),
                // On the entry itself: a key Copilot did not read would
                // only cost a process start; a group shape it did not
                // accept would drop the hook.
                matcher: r.filter.matcher(package.plan.agent),
            });
            (r.event, [entry])
        })
        .collect();
    let file = HooksFile {
        version: 1,
        hooks: Ordered(events),
    };
    out.text(
        &format!(".github/hooks/{}.json", package.name),
        &quote::json(&file),
    )?;
    if !package.plan.registrations.is_empty() {
        notes.push(TRUST_NOTE.to_owned());
        if let HookRoute::Http { .. } = package.hooks_via {
            notes.push(HTTP_NOTE.to_owned());
        }
    }
    // Copilot CLI (1.0.61 and later) loads a repository's MCP servers from
    // `.github/mcp.json`, `{"mcpServers": {NAME: {"type": "local",
    // "command", "args", "tools"}}}`, once the folder is trusted (and in
    // `-p` mode only with GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP=true):
    // https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers
    // (github/docs content/copilot/how-tos/copilot-cli/customize-copilot/
    // add-mcp-servers.md; `copilot mcp get NAME`, 1.0.102, lists the entry
    // in a trusted folder). It expands no variable there
    // (adobe/spectrum-design-data#1455), so the binary is
    // named from the repository's root, as the hooks name it. The file is
    // the repository's, shared with servers of its own: one that no tackle
    // export wrote is left alone, and the note says what to add to it.
    if let Some(server) = package.mcp_server(&format!("./{bin}")) {
        let servers = McpServers::one(
            &package.name,
            McpServer {
                kind: Local::Local,
                command: server.command,
                args: server.args,
                tools: ["*"],
            },
        );
        if out.is_foreign(MCP_FILE) {
            let entry = serde_json::to_string(&servers.mcp_servers).unwrap_or_default();
            notes.push(package.mcp_note(&format!(
                "{MCP_FILE} is the repository's own, so it was left alone: add this to its `mcpServers`: {entry}"
            )));
        } else {
            out.text(MCP_FILE, &quote::json(&servers))?;
            notes.push(package.mcp_note(&format!(
                "registered in {MCP_FILE}, which Copilot CLI reads once the folder is trusted; start it in the repository's root"
            )));
        }
    }
    Ok(notes)
}
