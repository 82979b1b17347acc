//! What a declarative plugin is once read: the same things a `plugin!`
//! declares (rules, skills, context, hooks), whatever file format it came in.

use std::path::PathBuf;

use tackle::hook::HookPoint;
use tackle::{Problem, RuleAction};

use super::command::CommandHook;
use crate::permission::Rule;

/// A plugin read from files at run time.
#[derive(Debug, Clone)]
pub struct DeclaredPlugin {
    /// Its id: the manifest's `id` (SuperQode), the Claude plugin's `name`,
    /// or the file or folder name.
    pub id: String,
    /// Human name (the id when the format has none).
    pub name: String,
    /// Version (`0.1.0` when the format has none).
    pub version: String,
    /// One-line description.
    pub description: String,
    /// The format it is written in.
    pub format: Format,
    /// The file it was read from.
    pub manifest: PathBuf,
    /// The folder its relative paths are read against.
    pub root: PathBuf,
    /// Permission rules, evaluated at `permission_request` with every other
    /// rule (deny > ask > allow).
    pub rules: Vec<Rule>,
    /// Skill files, read and checked.
    pub skills: Vec<DeclaredSkill>,
    /// What this build found but could not check, as the manifest names
    /// it: skill files, when tackle-host has no `skills` feature, and
    /// context injectors' schemas that use what its schema checker does not
    /// implement, when it has no `full-schema` (both as in a hook-only
    /// binary). Whether they would break the plugin is unknown, so its
    /// `allow` rules are not applied (see [`DeclaredPlugin::applied_rules`]).
    pub unchecked: Vec<String>,
    /// Context files for the system prompt: path as written, and the text.
    pub context: Vec<(String, String)>,
    /// Hooks, in file order.
    pub hooks: Vec<DeclaredHook>,
    /// What stops it from running: a plugin with any is listed as failed.
    pub problems: Vec<Problem>,
    /// What it declares that tackle does not run, and other notes.
    pub warnings: Vec<Problem>,
    /// A package `export superqode` wrote (its manifest carries
    /// [`TACKLE_EXPORT_KEY`](super::TACKLE_EXPORT_KEY)): discovery skips it.
    pub exported: bool,
}

impl DeclaredPlugin {
    /// An empty plugin of `format` read from `manifest`, named `id`.
    pub(crate) fn new(id: String, format: Format, manifest: PathBuf, root: PathBuf) -> Self {
        DeclaredPlugin {
            name: id.clone(),
            id,
            version: "0.1.0".into(),
            description: String::new(),
            format,
            manifest,
            root,
            rules: Vec::new(),
            skills: Vec::new(),
            unchecked: Vec::new(),
            context: Vec::new(),
            hooks: Vec::new(),
            problems: Vec::new(),
            warnings: Vec::new(),
            exported: false,
        }
    }

    /// Whether it can run.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// The permission rules the host applies: none when it cannot run, and
    /// without the `allow` rules while anything is unchecked.
    ///
    /// A broken skill, or injected JSON that breaks its schema, fails the
    /// plugin in a host that can check it, and a failed plugin's rules are
    /// not applied. A host that cannot tell (a hook-only binary) must
    /// decide as strictly as either case would:
    /// rules combine strictest-first (deny > ask > allow, and no matching
    /// rule leaves the decision to the agent), so keeping `deny` and `ask`
    /// is at least as strict as dropping them, and dropping `allow` is at
    /// least as strict as keeping it. A call is never allowed here that
    /// the full host would ask about or deny.
    pub fn applied_rules(&self) -> impl Iterator<Item = &Rule> {
        let valid = self.is_valid();
        let checked = self.unchecked.is_empty();
        self.rules
            .iter()
            .filter(move |r| valid && (checked || r.action != RuleAction::Allow))
    }
}

/// A skill file, parsed once when the manifest is read.
#[derive(Debug, Clone, PartialEq)]
pub struct DeclaredSkill {
    /// The path as the manifest writes it.
    pub path: String,
    /// The whole file.
    pub text: String,
    /// `name` from the frontmatter.
    pub name: String,
    /// `description` from the frontmatter.
    pub description: String,
    /// `enabled` from the frontmatter (`true` when absent).
    pub enabled: bool,
    /// `input_schema`, as JSON text.
    pub input_schema: Option<String>,
    /// `output_schema`, as JSON text.
    pub output_schema: Option<String>,
    /// Where the body starts in `text`, in bytes.
    pub body_start: usize,
}

/// The file formats tackle reads plugins from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A SuperQode plugin folder (`plugin.json`): permission rules, skills,
    /// context injectors. Its Python tools, commands and hooks are not run.
    SuperQode,
    /// Claude Code's hooks format (`{"hooks": {"PreToolUse": [...]}}`): a
    /// `hooks.json` file, or a Claude Code plugin folder.
    ClaudeHooks,
    /// OpenSage's JSON hooks (`{"PreToolUse": [...]}`, no `hooks` wrapper):
    /// `prompt` and `command` actions, `Name(glob)` matchers.
    OpenSage,
}

named! {
    /// How listings name it.
    Format {
        SuperQode => "superqode",
        ClaudeHooks => "claude-hooks",
        OpenSage => "opensage-hooks",
    }
}

/// One declared hook.
#[derive(Debug, Clone)]
pub struct DeclaredHook {
    /// Where it runs.
    pub point: HookPoint,
    /// Its name within the plugin (`PreToolUse[0].hooks[1]`): unique, and
    /// where to look in the file.
    pub name: String,
    /// Tool names or a regex, read as Claude Code reads matchers.
    pub matcher: Option<String>,
    /// A glob one argument value must match whole (OpenSage's `Bash(git *)`).
    pub args: Option<String>,
    /// What it does.
    pub handler: DeclaredHandler,
}

/// What a declared hook does.
#[derive(Debug, Clone)]
pub enum DeclaredHandler {
    /// Adds this text to the context the agent sees (OpenSage's `prompt`).
    Prompt(String),
    /// Runs a command that speaks Claude Code's hook protocol.
    Command(CommandHook),
}
