//! Claude Code: a plugin folder (`.claude-plugin/plugin.json`,
//! `hooks/hooks.json`, `.mcp.json` when the plugins have tools, `skills/`,
//! `commands/`, the binary in `bin/`), and the folder as a marketplace of
//! that one plugin ([`marketplace`]).

use std::path::Path;

use serde::Serialize;
use tackle::command::CommandDef;

use super::Event;
use super::marketplace;
use super::options::UserConfig;
use super::routes::{self, MCP_TOOL_EVENTS, McpToolInput};
use crate::Agent;
use crate::export::ExportError;
use crate::export::files::{About, McpServers, Ordered};
use crate::export::os::Os;
use crate::export::package::{Package, summary};
use crate::export::plan::Registration;
use crate::export::quote;
use crate::export::write::Out;
use crate::export::{HookRoute, Post};
use tackle_host::served_hooks::HOOK_TOOL;

/// The binary as Claude's commands name it. Claude replaces the placeholder
/// with the plugin's path as text, so it sits inside double quotes: a path
/// with spaces stays one word (and [`command_files_can_name`] keeps out the
/// paths that would break the quotes).
fn bin(package: &Package<'_>) -> String {
    format!("\"${{CLAUDE_PLUGIN_ROOT}}/bin/{}\"", package.bin)
}

/// The binary as the hooks and the MCP server name it: one argument of an
/// exec-form command, never parsed by a shell.
fn bin_path(package: &Package<'_>) -> String {
    format!("${{CLAUDE_PLUGIN_ROOT}}/bin/{}", package.bin)
}

/// Why the command files cannot name the binary from `dir`, a folder of
/// a machine running `os`, if they cannot. Claude Code pastes the plugin's
/// folder into a command file as text (its skill and command loader
/// replaces `${CLAUDE_PLUGIN_ROOT}` before anything reads the file, with
/// every `\` turned into `/`, 2.1.330): into the shell line the model
/// runs, inside double quotes, where `"`, `$` or a backquote would end the
/// quotes or run a command, and into `allowed-tools`, where `(`, `)`, `,`,
/// `*` or a newline would change the permission rule. Letters, digits,
/// spaces and `/ . _ - + @ ~ ' = % # &` are plain in both. On Windows the
/// folder is read as Claude Code pastes it: `\` as `/`, without the
/// `\\?\` prefix of a resolved path, and a drive's `C:` (the rule's
/// `:*` is its last two characters, so an earlier `:` leaves it whole).
/// Elsewhere a `\` or a `:` in a folder name is refused: Claude Code
/// would paste another path.
fn command_files_can_name(dir: &Path, os: Os) -> Result<(), char> {
    const PLAIN: &str = " /._-+@~'=%#&";
    let text = dir.to_string_lossy();
    let pasted = match os {
        Os::Unix => text.into_owned(),
        Os::Windows => {
            let text = text
                .strip_prefix(r"\\?\")
                .unwrap_or(&text)
                .replace('\\', "/");
            let drive = text.len() >= 2
                && text.as_bytes()[0].is_ascii_alphabetic()
                && text.as_bytes()[1] == b':';
            if drive { text[2..].to_owned() } else { text }
        }
    };
    match pasted
        .chars()
        .find(|c| !(c.is_alphanumeric() || PLAIN.contains(*c)))
    {
        Some(c) => Err(c),
        None => Ok(()),
    }
}

/// The MCP server's file, at the plugin's root.
const MCP_FILE: &str = ".mcp.json";

/// Writes the plugin; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    if !package.commands.is_empty()
        && let Err(character) = command_files_can_name(out.root(), Os::current())
    {
        return Err(ExportError::UnsafeFolder {
            path: out.root().to_owned(),
            character,
        });
    }
    let mut notes = Vec::new();
    let bin = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &bin)?;
    // On Windows, Claude Code (2.1.330, on Bun 1.4.4) starts an exec-form
    // `command` holding a `/` as it is, through libuv, which adds `.exe`
    // to a name without an extension: a multi-platform package's Windows
    // build goes at `bin/<name>.exe` too, where `bin/<name>` finds it.
    crate::export::binary::write_windows_exe(package, out, &bin)?;
    let user_config = user_config(package, &mut notes);
    let manifest = Manifest {
        about: package.about(),
        author: Author {
            name: &package.name,
        },
        user_config: user_config.filter(|c| !c.is_empty()),
    };
    out.text(".claude-plugin/plugin.json", &quote::json(&manifest))?;
    out.text(
        marketplace::FILE,
        &quote::json(&marketplace::Marketplace::of(package)),
    )?;
    if !package.plan.registrations.is_empty() {
        let hooks = hooks_file(package, |r| entry(package, r));
        out.text("hooks/hooks.json", &quote::json(&hooks))?;
    }
    // A plugin's `.mcp.json` is `{"mcpServers": {NAME: {command, args}}}`;
    // Claude Code replaces `${CLAUDE_PLUGIN_ROOT}` in it with the plugin's
    // folder as plain text and starts the command without a shell, so the
    // path needs no quoting, whatever it holds (anthropics/claude-code,
    // plugins/plugin-dev/skills/mcp-integration/SKILL.md; the scaffold in
    // Claude Code 2.1.330 writes the same shape). It runs the server in the
    // project, where the server finds the `tackle.toml` the hooks read.
    // Hooks sent to it need it even when the plugins have no tool.
    if let Some(server) = package.mcp_server(&bin_path(package)) {
        let servers = McpServers::one(&package.name, server);
        out.text(MCP_FILE, &quote::json(&servers))?;
        notes.push(package.mcp_note(&format!("registered in {MCP_FILE}")));
    }
    skills(package, out)?;
    for command in &package.commands {
        out.text(
            &format!("commands/{}.md", command.name),
            &command_file(package, command),
        )?;
    }
    Ok(notes)
}

/// A slash command's file.
///
/// Claude Code pastes `$ARGUMENTS` into the file as plain text, so no
/// quoting in a `!` shell line can hold it (a `'` in the arguments ends
/// the quotes). The arguments therefore never reach a shell from this
/// file: the model runs the binary through its Bash tool, where the call
/// passes Claude Code's permission check (`allowed-tools` admits only the
/// binary's `command` subcommand; a `;` or `$(...)` that slipped through
/// adds a command the rule does not cover) and the plugins' own
/// PreToolUse hooks.
fn command_file(package: &Package<'_>, command: &CommandDef) -> String {
    let description = summary(command);
    format!(
        "---\n\
         description: {description}\n\
         allowed-tools: {allowed}\n\
         ---\n\
         Run the tackle command `/{name}` with your Bash tool, exactly this way and nothing else:\n\
         \n\
         {bin} command '/{name} ARGUMENTS'\n\
         \n\
         where ARGUMENTS is the text between the two `{fence}` lines below, as it is: \
         inside those single quotes, with each `'` in it written `'\\''` and nothing else changed, \
         so that the shell runs nothing from it. Without text, run `{bin} command '/{name}'`. \
         Then show the command's output to the user as it is.\n\
         \n\
         {fence}\n\
         $ARGUMENTS\n\
         {fence}\n",
        description = quote::string(description),
        allowed = quote::string(&format!("Bash({} command:*)", bin(package))),
        name = command.name,
        bin = bin(package),
        fence = ARGUMENTS_FENCE,
    )
}

/// The line around the arguments in a command file.
const ARGUMENTS_FENCE: &str = "----- arguments -----";

/// The plugin's manifest, `.claude-plugin/plugin.json`.
#[derive(Serialize)]
struct Manifest<'a> {
    #[serde(flatten)]
    about: About<'a>,
    /// `claude plugin validate --strict` wants an author, as an object.
    author: Author<'a>,
    /// The plugins' settings as options Claude Code asks the user for.
    #[serde(rename = "userConfig", skip_serializing_if = "Option::is_none")]
    user_config: Option<UserConfig>,
}

/// The plugins' settings as Claude Code's plugin options, with a note of
/// each one left out; none when the hooks do not run in the binary,
/// the one process Claude Code hands the options to.
fn user_config(package: &Package<'_>, notes: &mut Vec<String>) -> Option<UserConfig> {
    let config = UserConfig::of(package.plugins.iter().copied(), |p| {
        package.tool_defs.iter().any(|t| t.plugin.id == p.id)
    });
    if config.is_empty() && config.left_out.is_empty() {
        return None;
    }
    if package.hooks_via != HookRoute::Process {
        notes.push(
            "the plugins' settings are not Claude Code plugin options: Claude Code hands the options only to hooks it runs as commands, and these hooks run in a server; set them in tackle.toml".to_owned(),
        );
        return None;
    }
    if !config.left_out.is_empty() {
        notes.push(format!(
            "settings Claude Code does not ask for (set them in tackle.toml): {}",
            config.left_out.join("; ")
        ));
    }
    Some(config)
}

/// Who made the plugin.
#[derive(Serialize)]
struct Author<'a> {
    name: &'a str,
}

/// One hook of `hooks/hooks.json`: a command, or a call of the package's
/// MCP server or of a team's server (see [`routes`](super::routes)).
#[derive(Serialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
enum HookEntry {
    /// The binary in exec form: with `args`, Claude Code spawns `command`
    /// without a shell and replaces `${CLAUDE_PLUGIN_ROOT}` in each element
    /// as a plain string, so no folder name can reach a shell parser (the
    /// hook schema's `args`, Claude Code 2.1.330).
    Command {
        command: String,
        args: [&'static str; 3],
        timeout: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        on_failure: Option<OnFailure>,
    },
    /// `tackle_hook` on the package's MCP server, `plugin:<name>:<name>`.
    McpTool {
        server: String,
        tool: &'static str,
        input: McpToolInput,
        status_message: String,
        timeout: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        on_failure: Option<OnFailure>,
    },
    /// A POST to `<url>/hooks/claude/<Event>`.
    Http {
        #[serde(flatten)]
        post: Post,
        status_message: String,
        timeout: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        on_failure: Option<OnFailure>,
    },
}

/// What Claude Code shows while a served hook of package `name` runs. It
/// also marks the entry as the package's, for `install` to find again: an
/// `http` entry names no binary.
pub(crate) fn status_message(name: &str) -> String {
    format!("`{name}` hooks (tackle)")
}

/// What Claude Code does when the hook cannot answer.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum OnFailure {
    Block,
}

/// The hook of registration `r`, by the package's route where the event
/// takes it.
fn entry(package: &Package<'_>, r: &Registration) -> HookEntry {
    // Where a fail-closed hook guards the event, a hook that cannot answer
    // (a binary missing, killed, past its timeout; a server down) blocks
    // it too: Claude Code (2.1.330) counts such a failure as exit 2.
    let on_failure = r.closed.as_ref().map(|_| OnFailure::Block);
    let timeout = r.timeout_secs();
    let event = Event::from_name(r.event);
    let post = event
        .filter(|e| routes::posts(*e))
        .and_then(|e| package.hooks_via.post(Agent::Claude, e.name()));
    if let Some(post) = post {
        return HookEntry::Http {
            post,
            status_message: status_message(&package.name),
            timeout,
            on_failure,
        };
    }
    match (&package.hooks_via, event) {
        (HookRoute::Mcp, Some(event)) if MCP_TOOL_EVENTS.contains(&event) => HookEntry::McpTool {
            server: format!("plugin:{name}:{name}", name = package.name),
            tool: HOOK_TOOL,
            input: McpToolInput::of(event, package.hook_key_text()),
            status_message: status_message(&package.name),
            timeout,
            on_failure,
        },
        _ => HookEntry::Command {
            command: bin_path(&package.for_hooks()),
            args: ["hook", Agent::Claude.name(), r.event],
            timeout,
            on_failure,
        },
    }
}

/// `{"hooks": {EVENT: [{"matcher": ..., "hooks": [ENTRY]}]}}`, the shape
/// Claude Code, Codex and Gemini CLI share.
#[derive(Serialize)]
pub(crate) struct HooksFile<E> {
    hooks: Ordered<[Group<E>; 1]>,
}

/// The commands of one event, for the tools its matcher names.
#[derive(Serialize)]
struct Group<E> {
    #[serde(skip_serializing_if = "Option::is_none")]
    matcher: Option<String>,
    hooks: [E; 1],
}

/// The hooks file of `package`'s registrations; `entry` writes each
/// command.
pub(crate) fn hooks_file<E>(
    package: &Package<'_>,
    entry: impl Fn(&Registration) -> E,
) -> HooksFile<E> {
    let agent = package.plan.agent;
    let events = package
        .plan
        .registrations
        .iter()
        .map(|r| {
            let group = Group {
                matcher: r.filter.matcher(agent),
                hooks: [entry(r)],
            };
            (r.event, [group])
        })
        .collect();
    HooksFile {
        hooks: Ordered(events),
    }
}

/// Each skill as `skills/<name>/SKILL.md`, the file as written.
pub(crate) fn skills(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    for skill in &package.skills {
        out.text(&format!("skills/{}/SKILL.md", skill.name), skill.source)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_files_name_the_binary_only_from_plain_folders() {
        for plain in [
            "/home/ann/my plugins/x-1.0",
            "/tmp/été/a+b@c~d_e.f",
            "/Users/ann/Ann's Mac/50% & #1=x",
        ] {
            assert_eq!(
                command_files_can_name(Path::new(plain), Os::Unix),
                Ok(()),
                "{plain}"
            );
        }
        for (hostile, c) in [
            ("/tmp/c$(touch x)", '$'),
            ("/tmp/a\"b", '"'),
            ("/tmp/a`b", '`'),
            ("/tmp/a\\b", '\\'),
            ("/tmp/a\nb", '\n'),
            ("/tmp/x\" command:*) Bash(*", '"'),
            ("/tmp/a,b", ','),
            ("/tmp/a*b", '*'),
            ("/tmp/a:b", ':'),
        ] {
            assert_eq!(
                command_files_can_name(Path::new(hostile), Os::Unix),
                Err(c),
                "{hostile}"
            );
        }
    }

    /// On Windows, Claude Code pastes the folder with `/` for `\`; the
    /// folder export resolved starts `\\?\` and a drive.
    #[test]
    fn on_windows_the_folder_is_read_as_claude_code_pastes_it() {
        for plain in [
            r"\\?\C:\Users\Ann Lee\AppData\Local\Temp\.tmpAb1\package",
            r"D:\plugins\my-host",
            r"\\server\share\plugins",
        ] {
            assert_eq!(
                command_files_can_name(Path::new(plain), Os::Windows),
                Ok(()),
                "{plain}"
            );
        }
        for (hostile, c) in [
            (r"C:\Users\a$b", '$'),
            (r"C:\x\a:b", ':'),
            (r"\\?\C:\x\a`b", '`'),
        ] {
            assert_eq!(
                command_files_can_name(Path::new(hostile), Os::Windows),
                Err(c),
                "{hostile}"
            );
        }
    }
}
