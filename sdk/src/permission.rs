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
///
/// ```rust,standalone_crate
/// use tackle::{PermissionRule, RuleAction};
///
/// tackle::plugin! {
///     id: "npm-rules",
///     permission_rules: [
///         { tool: "Bash", pattern: "npm publish*", action: deny },
///         { tool: "Bash", pattern: "npm *", action: ask },
///         { tool: "Read", action: allow },
///     ],
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use serde_json::json;
/// use tackle_runtime::testing::{OutcomeAssertions, TestHost};
///
/// let host = TestHost::new(&["npm-rules"]).await;
/// let rules = host.host().plugin("npm-rules").unwrap().def().permission_rules;
/// assert_eq!(
///     rules[0],
///     PermissionRule { tool: "Bash", pattern: Some("npm publish*"), argument: None, action: RuleAction::Deny },
/// );
///
/// // At `permission_request`, deny > ask > allow among the matching rules.
/// host.permission_request("Bash", json!({"command": "npm publish --tag next"})).await.assert_denied();
/// host.permission_request("Bash", json!({"command": "npm test"})).await.assert_asks();
/// host.permission_request("Read", json!({"file_path": "README.md"})).await.assert_allowed();
/// host.permission_request("Bash", json!({"command": "ls"})).await.assert_abstains();
/// # }
/// ```
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
