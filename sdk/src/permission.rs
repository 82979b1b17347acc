//! Permission rules as `plugin!` declares them.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What a matching permission rule says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleAction {
    /// Grant without asking.
    Allow,
    /// Refuse.
    Deny,
    /// Hand it to the user.
    Ask,
}

impl fmt::Display for RuleAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleAction::Allow => "allow",
            RuleAction::Deny => "deny",
            RuleAction::Ask => "ask",
        })
    }
}

/// One rule from `plugin! { permission_rules: [...] }`; globs checked at
/// compile time. Every matching rule counts: deny > ask > allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PermissionRule {
    /// Glob on the tool name (`*` for every tool).
    pub tool: &'static str,
    /// Glob an argument value must match whole (`*` crosses `/`); `None`
    /// matches whatever the arguments.
    pub pattern: Option<&'static str>,
    /// The argument the pattern looks at; `None`: any top-level argument.
    pub argument: Option<&'static str>,
    /// What the rule says when it matches.
    pub action: RuleAction,
}

/// A context file from `plugin! { context_injectors: [...] }`, read at
/// compile time (`include_str!`, so edits rebuild); JSON files were parsed,
/// and checked against their schema if they named one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextFile {
    /// The path as written, relative to the plugin crate.
    pub path: &'static str,
    /// The file's text.
    pub text: &'static str,
}
