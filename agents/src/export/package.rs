//! What every agent's package is made of: names, the binary, skills and
//! slash commands of the plugins exported (all but those the config's
//! `enabled` list leaves out, as in the plan).

use std::path::Path;

use tackle::command::{CommandDef, CommandSurface};
use tackle::def::{PluginDef, ToolDef};
use tackle::skill::SkillDef;

use super::Options;
use super::files::{About, McpServer};
use super::hook_bin::HookBuilds;
use super::os::{Os, program_word};
use super::plan::Plan;
use crate::Agent;
use tackle_host::served_hooks::HookKey;
use tackle_host::{Host, PluginStatus};

/// The hook-only build a package ships beside the host (see
/// [`super::hook_bin`]), as the package names it.
#[derive(Debug, Clone)]
pub(crate) struct HookShip<'a> {
    /// Its file name in the package: the host's, with `-hook` before
    /// `.exe` (so never the host's own).
    pub(crate) bin: String,
    /// The executable to copy.
    pub(crate) binary: &'a Path,
    /// Its builds per target, matching the host's.
    pub(crate) targets: Vec<super::targets::Target>,
}

/// One package's contents, whatever the agent.
#[derive(Debug, Clone)]
pub(crate) struct Package<'a> {
    /// The events to register.
    pub(crate) plan: &'a Plan,
    /// The package's name: lowercase letters, digits and `-` (what Claude
    /// Code's and Gemini CLI's manifests accept).
    pub(crate) name: String,
    /// The binary's file name in the package: the executable's, with
    /// anything but letters, digits, `.`, `_` and `-` turned into `-`, so
    /// that commands never need to quote it.
    pub(crate) bin: String,
    /// The executable to copy.
    pub(crate) binary: &'a Path,
    /// The version for manifests.
    pub(crate) version: String,
    /// One line for manifests.
    pub(crate) description: String,
    /// The exported plugins' enabled skills, each name once.
    pub(crate) skills: Vec<&'static SkillDef>,
    /// The slash commands the package offers.
    pub(crate) commands: Vec<&'static CommandDef>,
    /// The exported plugins' tools, by name: what the package's MCP server
    /// offers (none: the package registers no server).
    pub(crate) tools: Vec<&'static str>,
    /// The same tools, whole, for packages that declare each one to the
    /// agent themselves (SuperQode's).
    pub(crate) tool_defs: Vec<&'static ToolDef>,
    /// The plugins exported, in the host's order.
    pub(crate) plugins: Vec<&'static PluginDef>,
    /// What the user should know (commands left out).
    pub(crate) notes: Vec<String>,
    /// The binaries per target, when the package ships several: `bin` is
    /// then the launcher that starts the right one.
    pub(crate) targets: Vec<super::targets::Target>,
    /// The system the hook lines are for (see [`super::os`]).
    pub(crate) os: Os,
    /// The hook-only build the hook commands run, if the package ships
    /// one (else they run `bin`).
    pub(crate) hook: Option<HookShip<'a>>,
    /// How the hooks reach the plugins.
    pub(crate) hooks_via: super::HookRoute,
    /// With `--hooks-via mcp`: the key the hook entries and the package's
    /// server share, fresh per export ([`HookKey`]), set by `export`.
    pub(crate) hook_key: Option<HookKey>,
}

impl<'a> Package<'a> {
    pub(crate) fn new(
        host: &Host,
        plan: &'a Plan,
        binary: &'a Path,
        hook: Option<&'a HookBuilds>,
        options: &Options,
    ) -> Package<'a> {
        let exported = exported(host);
        let file_name = binary
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut bin = safe_file_name(&file_name);
        if !options.targets.is_empty() {
            // The launcher (`sh`, and `.cmd` beside it) is no `.exe`.
            bin = bin.strip_suffix(".exe").unwrap_or(&bin).to_owned();
        }
        let stem = bin.strip_suffix(".exe").unwrap_or(&bin);
        let name = kebab(stem);
        let version = version(&exported, options.version.as_deref());
        let description = description(&exported);
        let mut skills: Vec<&'static SkillDef> = Vec::new();
        for skill in exported.iter().flat_map(|p| p.skills.iter()) {
            if skill.enabled && !skills.iter().any(|s| s.name == skill.name) {
                skills.push(skill);
            }
        }
        let (commands, notes) = commands(host, plan.agent, &exported, &bin);
        let tool_defs: Vec<&'static ToolDef> = host
            .tools()
            .iter()
            .copied()
            .filter(|t| exported.iter().any(|p| p.id == t.plugin.id))
            .collect();
        // A package without hooks has nothing for a hook-only build to run.
        let hook = hook
            .filter(|_| !plan.registrations.is_empty())
            .map(|builds| HookShip {
                bin: super::hook_bin::name_in_package(&bin),
                binary: &builds.binary,
                targets: builds.targets.clone(),
            });
        Package {
            plan,
            name,
            bin,
            binary,
            version,
            description,
            skills,
            commands,
            tools: tool_defs.iter().map(|t| t.name).collect(),
            tool_defs,
            plugins: exported,
            notes,
            targets: options.targets.clone(),
            os: options.os,
            hook,
            hook_key: None,
            hooks_via: options.hooks_via.clone(),
        }
    }

    /// The package as its hook commands see it: the hook-only build in
    /// place of the host's (`bin`, `binary`, `targets`), when it ships one;
    /// else the package itself. Everything that writes a hook command
    /// names the binary through this.
    pub(crate) fn for_hooks(&self) -> Package<'a> {
        match &self.hook {
            Some(hook) => Package {
                bin: hook.bin.clone(),
                binary: hook.binary,
                targets: hook.targets.clone(),
                hook: None,
                ..self.clone()
            },
            None => self.clone(),
        }
    }

    /// A package of `bin` for `plan`, shipping `triples` (none: the
    /// running binary), with nothing else in it.
    #[cfg(test)]
    pub(crate) fn for_tests(plan: &'a Plan, bin: &str, triples: &[&str]) -> Package<'a> {
        Package {
            plan,
            name: "my-host".to_owned(),
            bin: bin.to_owned(),
            binary: Path::new("/x"),
            version: "1.0.0".to_owned(),
            description: "d".to_owned(),
            skills: Vec::new(),
            commands: Vec::new(),
            tools: Vec::new(),
            tool_defs: Vec::new(),
            plugins: Vec::new(),
            notes: Vec::new(),
            targets: triples
                .iter()
                .map(|t| super::targets::Target {
                    triple: (*t).to_owned(),
                    path: "/x".into(),
                })
                .collect(),
            os: Os::Unix,
            hook: None,
            hooks_via: super::HookRoute::Process,
            hook_key: None,
        }
    }

    /// Whether the package ships a Windows build (and so a `.cmd` launcher
    /// beside the `sh` one).
    pub(crate) fn has_windows(&self) -> bool {
        self.targets.iter().any(|t| t.triple.contains("-windows-"))
    }

    /// The file in the binary's folder that Windows starts, when the
    /// package runs there: the `.cmd` launcher of a package with a Windows
    /// build, or, exported on Windows (`os`) without `--bin`, the binary
    /// itself (its name keeps the `.exe`).
    pub(crate) fn windows_file(&self, os: Os) -> Option<String> {
        if self.has_windows() {
            Some(format!("{}.cmd", self.bin))
        } else if self.targets.is_empty() && os == Os::Windows {
            Some(self.bin.clone())
        } else {
            None
        }
    }

    /// The binary as a hook command that a shell runs names it, by its
    /// absolute path in `dir` (the package's `bin` folder): for `cmd.exe`
    /// on Windows (`os`) the file Windows starts ([`Package::windows_file`]),
    /// double-quoted; else the `sh` launcher or the binary, single-quoted
    /// for `sh`.
    pub(crate) fn program_in(&self, dir: &Path, os: Os) -> String {
        match self.windows_file(os) {
            Some(file) if os == Os::Windows => program_word(os, &dir.join(file)),
            _ => program_word(Os::Unix, &dir.join(&self.bin)),
        }
    }

    /// The plugins' tools as an MCP stdio server entry,
    /// `{"command": command, "args": ["mcp"]}`, where `command` is the
    /// package's binary as the agent's MCP entries name it; `None` when the
    /// exported plugins have no tool and no hook goes to the server
    /// (`--hooks-via mcp`), so that no agent starts a server with nothing
    /// to do.
    ///
    /// The tools counted are those of every plugin the export covers (as
    /// in the plan): one that fails to load here may run where the agent
    /// runs, and the server offers the tools of the plugins that do.
    /// The arguments are [`MCP_ARGS`]: no global option, as the hook
    /// commands pass none, so the server reads the same `tackle.toml` as
    /// the hooks, in the folder the agent starts it in (its project).
    pub(crate) fn mcp_server(&self, command: &str) -> Option<McpServer> {
        (!self.tools.is_empty() || self.serves_hooks()).then(|| McpServer {
            command: command.to_owned(),
            args: self.mcp_args(),
        })
    }

    /// [`MCP_ARGS`], and the hook key when hooks go to the server.
    pub(crate) fn mcp_args(&self) -> Vec<String> {
        let mut args: Vec<String> = MCP_ARGS.iter().map(|a| (*a).to_owned()).collect();
        if let Some(key) = self.hook_key.as_ref().filter(|_| self.serves_hooks()) {
            args.extend([HOOK_KEY_FLAG.to_owned(), key.as_str().to_owned()]);
        }
        args
    }

    /// The hook key the package's hook entries send to its server.
    pub(crate) fn hook_key_text(&self) -> String {
        self.hook_key
            .as_ref()
            .map(|key| key.as_str().to_owned())
            .unwrap_or_default()
    }

    /// Whether hooks go to the package's MCP server.
    pub(crate) fn serves_hooks(&self) -> bool {
        self.hooks_via == super::HookRoute::Mcp && !self.plan.registrations.is_empty()
    }

    /// What a note says of the package's MCP server: its tools, and where
    /// the entry that starts it is.
    pub(crate) fn mcp_note(&self, entry: &str) -> String {
        let hooks = if self.serves_hooks() {
            "; it answers the package's hooks too (`--hooks-via mcp`)"
        } else {
            ""
        };
        if self.tools.is_empty() {
            return format!(
                "MCP: `{} mcp` answers the package's hooks; {entry}",
                self.bin
            );
        }
        format!(
            "MCP: `{} mcp` serves the plugins' {} ({}){hooks}; {entry}",
            self.bin,
            if self.tools.len() == 1 {
                "tool"
            } else {
                "tools"
            },
            self.tools.join(", ")
        )
    }
}

/// The plugins an export covers: all but those the config's `enabled`
/// list leaves out, in the host's order.
pub(crate) fn exported(host: &Host) -> Vec<&'static PluginDef> {
    host.plugins()
        .iter()
        .filter(|p| p.status() != PluginStatus::Disabled)
        .map(|p| p.def())
        .collect()
}

/// The package's version: `given`, else the plugins' when they all share
/// one, else `0.1.0`.
pub(crate) fn version(exported: &[&PluginDef], given: Option<&str>) -> String {
    if let Some(given) = given {
        return given.to_owned();
    }
    match exported.split_first() {
        Some((first, rest)) if rest.iter().all(|p| p.version == first.version) => {
            first.version.to_owned()
        }
        _ => "0.1.0".to_owned(),
    }
}

/// One line for manifests: the one plugin's description, else the
/// plugins' names.
pub(crate) fn description(exported: &[&PluginDef]) -> String {
    match exported {
        [one] if !one.description.is_empty() => one.description.to_owned(),
        _ if exported.is_empty() => "tackle plugins".to_owned(),
        _ => format!(
            "tackle plugins: {}",
            exported
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The arguments that start the binary as an MCP server on stdio.
pub(crate) const MCP_ARGS: [&str; 1] = ["mcp"];

/// `mcp`'s option that gives the server the package's hook key.
pub const HOOK_KEY_FLAG: &str = "--hook-key";

/// The slash commands a package for `agent` offers, and notes on those it
/// leaves out.
fn commands(
    host: &Host,
    agent: Agent,
    exported: &[&'static PluginDef],
    bin: &str,
) -> (Vec<&'static CommandDef>, Vec<String>) {
    let mut commands = Vec::new();
    let mut notes = Vec::new();
    let mut elsewhere = Vec::new();
    for &command in host.commands() {
        if !exported.iter().any(|p| p.id == command.plugin.id) {
            continue;
        }
        match command.surface {
            // Claude Code and Gemini CLI have command files that run a
            // shell command, SuperQode Python commands; the others'
            // packages carry none.
            CommandSurface::Either if agent.protocol().carries_commands() => {
                commands.push(command);
            }
            CommandSurface::Either => elsewhere.push(format!("/{}", command.name)),
            // The package runs commands through the binary's `command`
            // subcommand, which runs them on the host surface.
            CommandSurface::Agent => notes.push(format!(
                "left out /{} ({}): it runs only inside an agent session, and packages run commands through `{bin} command`, which runs them on the host",
                command.name, command.plugin.id
            )),
            CommandSurface::Host => notes.push(format!(
                "left out /{} ({}): it runs only on the host, not inside the agent",
                command.name, command.plugin.id
            )),
        }
    }
    if !elsewhere.is_empty() {
        notes.push(format!(
            "{} packages carry no slash commands; run {} with `{bin} command \"/NAME ARGS\"`",
            agent.title(),
            elsewhere.join(", ")
        ));
    }
    (commands, notes)
}

/// The first line of a description that holds something, trimmed (`""`
/// if none does): what manifests, command files and listings show.
pub fn first_line(text: &str) -> &str {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
}

/// What a command file says a command does: its description's first line.
pub(crate) fn summary(command: &CommandDef) -> &'static str {
    match first_line(command.description) {
        "" => "A tackle slash command",
        line => line,
    }
}

/// `name` with anything outside `[A-Za-z0-9._-]` replaced by `-`.
pub(crate) fn safe_file_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let safe = safe.trim_start_matches(['.', '-']);
    if safe.is_empty() {
        "tackle".to_owned()
    } else {
        safe.to_owned()
    }
}

/// Lowercase letters and digits joined by single `-`.
pub(crate) fn kebab(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "tackle-plugins".to_owned()
    } else {
        out.to_owned()
    }
}

/// What the package says of itself and of the system its hook lines are
/// for.
impl Package<'_> {
    /// The hook line that runs `program` (as the agent's config names
    /// the binary) for the agent's `event`: `<program> hook <agent>
    /// <event>`.
    pub(crate) fn hook_line(&self, program: &str, event: &str) -> String {
        format!("{program} hook {} {event}", self.plan.agent.name())
    }

    /// What its manifest opens with: its name, version and description.
    pub(crate) fn about(&self) -> About<'_> {
        About {
            name: &self.name,
            version: &self.version,
            description: &self.description,
        }
    }

    /// The binary a hook line starts, given `bin`, the binary as the
    /// package's files name it. On Windows a multi-platform package's hook
    /// lines name the `.exe` [`write_windows_exe`] puts beside the launcher
    /// (PowerShell starts no extensionless `sh` launcher; [`os::check`]
    /// made sure there is one).
    ///
    /// [`write_windows_exe`]: super::binary::write_windows_exe
    /// [`os::check`]: super::os::check
    pub(crate) fn hook_program(&self, bin: String) -> String {
        if self.os == Os::Windows && !self.targets.is_empty() {
            format!("{bin}.exe")
        } else {
            bin
        }
    }

    /// What a user of the package for `agent` should know about the
    /// system its hook lines are for: on Windows only, or, for a package
    /// with a Windows build, not on Windows.
    pub(crate) fn os_note(&self, agent: Agent) -> Option<String> {
        let title = agent.title();
        match self.os {
            Os::Windows => Some(format!(
                "the hook lines are PowerShell, for {title} on Windows (`--os {}`): for Linux and macOS, export with `--os {}`",
                Os::Windows,
                Os::Unix
            )),
            Os::Unix if self.has_windows() => Some(format!(
                "the hook lines are bash, for {title} on Linux and macOS; on Windows {title} runs them in PowerShell: Windows users run `{} install {}` there, or take a package exported with `--os {}`",
                self.bin.strip_suffix(".exe").unwrap_or(&self.bin),
                agent.name(),
                Os::Windows
            )),
            Os::Unix => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_for_shells_and_manifests() {
        assert_eq!(safe_file_name("my host 'v2'"), "my-host--v2-");
        assert_eq!(safe_file_name("..."), "tackle");
        assert_eq!(kebab("My_Host 'v2'"), "my-host-v2");
        assert_eq!(kebab("tackle-test-host"), "tackle-test-host");
        assert_eq!(kebab("__"), "tackle-plugins");
    }

    fn program(bin: &str, triples: &[&str], os: Os) -> String {
        let plan = Plan::empty(Agent::Kimi);
        Package::for_tests(&plan, bin, triples).program_in(Path::new("/p 'a'/bin"), os)
    }

    /// On Windows the shell is cmd.exe: the `.cmd` launcher of a package
    /// with a Windows build, or the `.exe` exported there alone,
    /// double-quoted; elsewhere the `sh` launcher or binary, single-quoted.
    #[test]
    fn the_program_word_is_quoted_for_the_systems_shell() {
        let windows = ["x86_64-unknown-linux-gnu", "x86_64-pc-windows-msvc"];
        assert_eq!(
            program("my-host", &windows, Os::Windows),
            "\"/p 'a'/bin/my-host.cmd\""
        );
        assert_eq!(
            program("my-host.exe", &[], Os::Windows),
            "\"/p 'a'/bin/my-host.exe\""
        );
        assert_eq!(
            program("my-host", &windows, Os::Unix),
            r"'/p '\''a'\''/bin/my-host'"
        );
        // No Windows build to start: the `sh` launcher, as before.
        assert_eq!(
            program("my-host", &["x86_64-unknown-linux-gnu"], Os::Windows),
            r"'/p '\''a'\''/bin/my-host'"
        );
    }

    #[test]
    fn the_first_line_is_the_first_that_holds_something() {
        assert_eq!(first_line("\n  Counts lines.  \nMore."), "Counts lines.");
        assert_eq!(first_line(" \n"), "");
    }
}
