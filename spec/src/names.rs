//! What a valid name is, one function per kind of name: the macros check
//! names with them at compile time and the host at run time, so the two can
//! never disagree.
//!
//! Each kind has its own grammar because each name lands somewhere else: a
//! plugin id in namespaces and folder names, a tool name in every agent's
//! and MCP client's tool list, a command name on a command line. All are
//! ASCII and at most 64 characters. When a valid name close to the one given
//! is obvious, the message suggests it (`try \`my-plugin\``).
//!
//! ```
//! use tackle_spec::names;
//!
//! assert!(names::plugin_id("guard").is_ok());
//! let refused = names::plugin_id("MyPlugin").unwrap_err();
//! assert!(refused.to_string().contains("try `my-plugin`"), "{refused}");
//! ```

use crate::command::RESERVED_NAMES;

/// The longest name of every kind, in characters.
pub const MAX_LEN: usize = 64;

/// The rule a skill's `name` follows (the Agent Skills one).
pub const SKILL_NAME_RULE: &str = "lowercase letters and digits, words joined by single `-`, at most 64 characters, such as `safe-shell`";

/// Why a name is refused: what is wrong and, when one is obvious, the fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NameError(String);

impl From<NameError> for String {
    fn from(error: NameError) -> String {
        error.0
    }
}

fn refuse(message: impl Into<String>) -> Result<(), NameError> {
    Err(NameError(message.into()))
}

/// Every kind of name is at most [`MAX_LEN`] characters; `what` is the kind.
fn at_most_64(what: &str, name: &str) -> Result<(), NameError> {
    if name.len() > MAX_LEN {
        return refuse(format!(
            "a {what} has at most 64 characters; this one has {}",
            name.len()
        ));
    }
    Ok(())
}

/// `; try \`fixed\``, or nothing when there is no fix.
fn try_instead(fixed: Option<&str>) -> String {
    fixed.map_or_else(String::new, |fixed| format!("; try `{fixed}`"))
}

/// The first character of `name` outside `allowed`.
fn first_outside(name: &str, allowed: impl Fn(char) -> bool) -> Option<char> {
    name.chars().find(|&c| !allowed(c))
}

fn lower_digit(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit()
}

fn starts_lower(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
}

/// The id of a plugin built with `plugin!`: `^[a-z0-9][a-z0-9-]*$`, at most
/// 64 characters. It prefixes its permissions (`<id>:publish`), names its
/// folders and appears in every agent's config, so it keeps to the
/// characters all of them accept without quoting.
pub fn plugin_id(id: &str) -> Result<(), NameError> {
    if id.is_empty() {
        return refuse(
            "a plugin id cannot be empty: write one such as `my-plugin` (lowercase letters, digits and `-`)",
        );
    }
    at_most_64("plugin id", id)?;
    let try_instead = try_instead(suggest_id(id).as_deref());
    if let Some(bad) = first_outside(id, |c| lower_digit(c) || c == '-') {
        return refuse(format!(
            "a plugin id may contain only lowercase letters, digits and `-`, not `{bad}`{try_instead}"
        ));
    }
    if id.starts_with('-') {
        return refuse(format!(
            "a plugin id starts with a lowercase letter or digit, not `-`{try_instead}"
        ));
    }
    Ok(())
}

/// A valid id close to `id`: `MyPlugin` → `my-plugin`, `my_plugin` →
/// `my-plugin`, `-guard` → `guard`; `None` when nothing valid remains.
fn suggest_id(id: &str) -> Option<String> {
    let mut out = String::new();
    let mut prev = '-';
    for c in id.chars() {
        let next = if c.is_ascii_uppercase() {
            if lower_digit(prev) {
                out.push('-');
            }
            c.to_ascii_lowercase()
        } else if lower_digit(c) {
            c
        } else {
            '-'
        };
        if !(next == '-' && out.ends_with('-')) {
            out.push(next);
        }
        prev = c;
    }
    let fixed = out.trim_matches('-');
    (!fixed.is_empty() && fixed.len() <= MAX_LEN && fixed != id).then(|| fixed.to_owned())
}

/// The id of a declarative plugin (a Claude plugin, a hooks file, a
/// SuperQode or OpenSage manifest): `^[A-Za-z0-9][A-Za-z0-9._-]*$`, at most
/// 64 characters. Wider than [`plugin_id`] because these ids are written for
/// other agents first, and SuperQode's and OpenSage's names must fit.
pub fn declarative_plugin_id(id: &str) -> Result<(), NameError> {
    let mut chars = id.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphanumeric());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if first_ok && rest_ok && id.len() <= MAX_LEN {
        return Ok(());
    }
    refuse(format!(
        "`{id}` is not a usable plugin id: a letter or digit, then letters, digits, `-`, `_` or `.`, at most 64 characters"
    ))
}

/// The tool an MCP server of tackle's answers agents' hook events with
/// (Claude Code's `mcp_tool` hooks call it); no plugin tool may take it.
pub const HOOK_TOOL: &str = "tackle_hook";

/// A tool's name: `^[A-Za-z0-9_-]{1,64}$`, the names every agent and MCP
/// client accepts (some refuse `.` or spaces, some cap the length at 64),
/// and not [`HOOK_TOOL`].
pub fn tool_name(name: &str) -> Result<(), NameError> {
    agent_visible("tool name", name)?;
    if name == HOOK_TOOL {
        return refuse(format!(
            "`{HOOK_TOOL}` is the tool agents' hooks call on the plugins' MCP server; name the tool otherwise"
        ));
    }
    Ok(())
}

/// A hook's name: the grammar of [`tool_name`], since agents show it beside
/// tool names in their hook settings and logs.
pub fn hook_name(name: &str) -> Result<(), NameError> {
    agent_visible("hook name", name)
}

/// A prompt's or resource's name (MCP `prompts/list`, `resources/list`):
/// the grammar of [`tool_name`], as clients show prompts beside tools
/// (Claude Code as slash commands).
pub fn served_name(name: &str) -> Result<(), NameError> {
    agent_visible("prompt or resource name", name)
}

/// `what`: `tool name`, `hook name`, ...
fn agent_visible(what: &str, name: &str) -> Result<(), NameError> {
    if name.is_empty() {
        return refuse(format!("a {what} cannot be empty"));
    }
    at_most_64(what, name)?;
    if let Some(bad) = first_outside(name, |c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return refuse(format!(
            "a {what} may contain only ASCII letters, digits, `_` and `-`, not `{bad}` (names match `^[A-Za-z0-9_-]{{1,64}}$`)"
        ));
    }
    Ok(())
}

/// A command's name: `^[a-z][a-z0-9-]*$`, at most 64 characters, and not
/// one of [`RESERVED_NAMES`]. Users type it after `/` and as
/// `<bin> <name>`, so it is kebab-case and cannot shadow the host binary's
/// own subcommands.
pub fn command_name(name: &str) -> Result<(), NameError> {
    command(name, "name")
}

/// A command's alias: the grammar of [`command_name`], said of an alias.
pub fn command_alias(alias: &str) -> Result<(), NameError> {
    command(alias, "alias")
}

/// `what`: `name` or `alias`.
fn command(name: &str, what: &str) -> Result<(), NameError> {
    if name.is_empty() {
        return refuse(format!("a command {what} cannot be empty"));
    }
    at_most_64(&format!("command {what}"), name)?;
    let fixed = kebab(name);
    let valid_shape = starts_lower(&fixed) && first_outside(&fixed, is_kebab).is_none();
    let try_instead = try_instead((fixed != name && valid_shape).then_some(fixed.as_str()));
    if let Some(bad) = first_outside(name, is_kebab) {
        return refuse(format!(
            "a command {what} may contain only lowercase letters, digits and `-`, not `{bad}` (names match `^[a-z][a-z0-9-]*$`){try_instead}"
        ));
    }
    if !starts_lower(name) {
        return refuse(format!(
            "a command {what} starts with a lowercase letter (names match `^[a-z][a-z0-9-]*$`){try_instead}"
        ));
    }
    if RESERVED_NAMES.contains(&name) {
        return refuse(format!(
            "`{name}` is reserved: the host binary has its own `{name}` subcommand, so `<bin> {name}` could not reach this command; choose another {what} (reserved: {})",
            crate::listing::backticked(RESERVED_NAMES)
        ));
    }
    Ok(())
}

fn is_kebab(c: char) -> bool {
    lower_digit(c) || c == '-'
}

/// `review_pr` → `review-pr`, `ReviewPR` → `review-pr`; separators collapse.
fn kebab(name: &str) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        let next = if c.is_ascii_uppercase() {
            if prev.is_some_and(lower_digit) {
                out.push('-');
            }
            c.to_ascii_lowercase()
        } else if lower_digit(c) {
            c
        } else {
            '-'
        };
        if !(next == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(next);
        }
        prev = Some(c);
    }
    out.trim_end_matches('-').to_owned()
}

/// A model provider's name: `^[a-z][a-z0-9_-]*$`, at most 64 characters. A
/// name people type in `tackle.toml` (`provider = "scripted"`) and on the
/// command line, so lowercase; `_` is kept because model vendors use it.
pub fn provider_name(name: &str) -> Result<(), NameError> {
    const RULE: &str = "provider names match `^[a-z][a-z0-9_-]*$`, at most 64 characters";
    if name.is_empty() {
        return refuse(format!("a provider name cannot be empty ({RULE})"));
    }
    at_most_64("provider name", name)?;
    let try_instead = try_instead(suggest_provider(name).as_deref());
    if let Some(bad) = first_outside(name, |c| lower_digit(c) || c == '-' || c == '_') {
        return refuse(format!(
            "a provider name may contain only lowercase letters, digits, `-` and `_`, not `{bad}` ({RULE}){try_instead}"
        ));
    }
    if !starts_lower(name) {
        return refuse(format!(
            "a provider name starts with a lowercase letter ({RULE}){try_instead}"
        ));
    }
    Ok(())
}

/// A valid name close to `name`: lowercased, other characters as `-`,
/// leading non-letters dropped.
fn suggest_provider(name: &str) -> Option<String> {
    let mut out = String::new();
    for c in name.chars() {
        let c = c.to_ascii_lowercase();
        let c = if lower_digit(c) || c == '_' { c } else { '-' };
        if !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    let fixed = out
        .trim_start_matches(|c: char| !c.is_ascii_lowercase())
        .trim_end_matches('-');
    (!fixed.is_empty() && fixed.len() <= MAX_LEN && fixed != name).then(|| fixed.to_owned())
}

/// A permission a plugin declares: `^[a-z][a-z0-9._-]*$`, at most 64
/// characters, written without the plugin id. The host names it
/// `<plugin id>:<name>`, so `:` would be ambiguous, and `*` is the host
/// config's wildcard; `.` lets permissions form families (`fs.write`).
pub fn permission_name(name: &str) -> Result<(), NameError> {
    if name.is_empty() {
        return refuse("a permission name cannot be empty: write one such as `publish`");
    }
    at_most_64("permission name", name)?;
    if name.contains(':') {
        let short = name.rsplit(':').next().unwrap_or(name);
        return refuse(format!(
            "write the permission without a plugin id: `{short}`; it is namespaced by this plugin's id, `<id>:{short}`, automatically",
        ));
    }
    if let Some(bad) = first_outside(name, |c| lower_digit(c) || matches!(c, '-' | '_' | '.')) {
        let lower = name.to_ascii_lowercase().replace(' ', "-");
        let why = if bad == '*' {
            " (`*` is the host config's wildcard)".to_owned()
        } else if lower != name && permission_name(&lower).is_ok() {
            format!("; try `{lower}`")
        } else {
            String::new()
        };
        return refuse(format!(
            "a permission name may contain only lowercase letters, digits, `-`, `_` and `.`, not `{bad}`{why}"
        ));
    }
    if !starts_lower(name) {
        return refuse(format!(
            "a permission name starts with a lowercase letter, not `{}`",
            name.chars().next().unwrap_or(' ')
        ));
    }
    Ok(())
}

/// A subagent's name: `^[a-z][a-z0-9-]*$`, at most 64 characters: the name
/// it is spawned by, shown in logs and provenance.
pub fn subagent_name(name: &str) -> Result<(), NameError> {
    let try_instead = try_instead(
        suggest_subagent(name)
            .filter(|fixed| fixed != name)
            .as_deref(),
    );
    if name.is_empty() {
        return refuse("a subagent name cannot be empty: write one such as `reviewer`");
    }
    at_most_64("subagent name", name)?;
    if let Some(bad) = first_outside(name, is_kebab) {
        return refuse(format!(
            "a subagent name may contain only lowercase letters, digits and `-`, not `{bad}`{try_instead}"
        ));
    }
    if !starts_lower(name) {
        return refuse(format!(
            "a subagent name starts with a lowercase letter, not `{}`{try_instead}",
            name.chars().next().unwrap_or(' ')
        ));
    }
    Ok(())
}

/// `Code Reviewer` → `code-reviewer`; `None` when no valid name remains.
fn suggest_subagent(name: &str) -> Option<String> {
    let mut out = String::new();
    for c in name.chars() {
        let c = c.to_ascii_lowercase();
        if lower_digit(c) {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let fixed = out.trim_matches('-');
    (starts_lower(fixed) && fixed.len() <= MAX_LEN).then(|| fixed.to_owned())
}

/// A doctor check's name: `^[a-z][a-z0-9_-]{0,63}$`, the label the doctor's
/// report shows and sorts by.
pub fn doctor_check_name(name: &str) -> Result<(), NameError> {
    doctor_label("check name", name)
}

/// A doctor check's category: the grammar of [`doctor_check_name`]; checks
/// are grouped by it in the report.
pub fn doctor_category(category: &str) -> Result<(), NameError> {
    doctor_label("category", category)
}

fn doctor_label(what: &str, value: &str) -> Result<(), NameError> {
    let ok = value.len() <= MAX_LEN
        && starts_lower(value)
        && first_outside(value, |c| lower_digit(c) || c == '_' || c == '-').is_none();
    if ok {
        return Ok(());
    }
    refuse(format!(
        "`{value}` is not a valid {what}: start with a lowercase letter, then lowercase letters, digits, `_` or `-`, at most 64 characters (such as `log-folder`)"
    ))
}

/// A cron job's key: `^[a-z0-9][a-z0-9_-]*$`. It becomes part of the job
/// id `__plugin_<plugin>_<key>`, which the scheduler stores and logs.
pub fn cron_job_key(key: &str) -> Result<(), NameError> {
    let valid = |c: char| lower_digit(c) || c == '_' || c == '-';
    let starts_well = key.chars().next().is_some_and(lower_digit);
    if starts_well && key.chars().all(valid) {
        return Ok(());
    }
    // `NightlyReport` and `Nightly Report` both become `nightly_report`.
    let mut fixed = String::new();
    let mut previous_lower = false;
    for c in key.chars() {
        if c.is_ascii_uppercase() && previous_lower {
            fixed.push('_');
        }
        previous_lower = lower_digit(c);
        let c = c.to_ascii_lowercase();
        fixed.push(if valid(c) { c } else { '_' });
    }
    let fixed = fixed.trim_start_matches(['_', '-']);
    let hint = try_instead((!fixed.is_empty()).then_some(fixed));
    refuse(format!(
        "a cron job key is lowercase letters, digits, `_` and `-`, starting with a letter or digit (it becomes part of the job id `__plugin_<plugin>_<key>`), and `{key}` is not{hint}"
    ))
}

/// A skill's name, [`SKILL_NAME_RULE`]: `^[a-z0-9]+(-[a-z0-9]+)*$`, at most
/// 64 characters, the Agent Skills standard's rule, so one skill file serves
/// every agent.
pub fn skill_name(name: &str) -> Result<(), NameError> {
    let ok = !name.is_empty()
        && name.len() <= MAX_LEN
        && name
            .split('-')
            .all(|word| !word.is_empty() && word.chars().all(lower_digit));
    if ok {
        return Ok(());
    }
    refuse(format!(
        "`{name}` is not a valid skill name: use {SKILL_NAME_RULE}"
    ))
}

#[cfg(test)]
mod tests;
