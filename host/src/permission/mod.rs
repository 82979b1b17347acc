//! Who may do what: permission rules (this module) and the roles that hold
//! plugins' declared permissions ([`roles`]).
//!
//! Permission rules: declarative allow / deny / ask on a tool and its
//! arguments, from plugins (`plugin! { permission_rules: [...] }`) and the
//! host config (`[[permission_rules]]`), evaluated at `permission_request`
//! before the hooks.
//!
//! Every matching rule counts and deny > ask > allow, so an `ask` rule
//! cannot hide a later `deny` (SuperQode's first-match-wins can).
//!
//! On a shell tool (`Bash`, or an agent's own name for it), a pattern on
//! the `command` argument is matched against each command the line runs
//! (read by [`tackle::shell`]): a deny or ask on any of them, an allow only on all.
//!
//! A [`Rule`] is one rule, owned; a [`RuleSet`] holds the checked rules of
//! every origin and evaluates them (see its example).

pub mod glob;
pub mod roles;
mod shell;

use std::cell::OnceCell;
use std::fmt;

use serde_json::Value;
use tackle::hook::{Decider, RuleRef, Verdict};
use tackle::shell::Programs;
use tackle::{PermissionRule, RuleAction};

/// The names the agents give their shell tool (Claude Code's `Bash`,
/// Gemini CLI's `run_shell_command`, Copilot CLI's and others' `bash`, Kimi
/// CLI's `Shell`, Factory Droid's `Execute`, Codex's model-side `shell`, `local_shell` and
/// `shell_command`, Cline's `run_commands`, Windsurf's `run_command`, VS Code's
/// `run_in_terminal`, Kiro CLI's `execute_bash`, goose's `developer__shell`, Auggie's
/// `launch-process`): a rule's pattern on such a tool's `command` reads the
/// command line. Hook events arrive with Claude Code's names already; the
/// others count too, for calls that name the agent's own tool
/// (`tackle_agents::tools` checks that this list and its table agree).
pub const SHELL_TOOLS: [&str; 15] = [
    "Bash",
    "run_shell_command",
    "Execute",
    "bash",
    "Shell",
    "shell",
    "local_shell",
    "shell_command",
    "run_commands",
    "run_command",
    "run_in_terminal",
    "runInTerminal",
    "execute_bash",
    "developer__shell",
    "launch-process",
];

/// Whether `tool` is a shell tool (see [`SHELL_TOOLS`]).
pub fn is_shell(tool: &str) -> bool {
    SHELL_TOOLS.contains(&tool)
}

/// One rule, owned: from a plugin or from the host config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// Glob on the tool name.
    pub tool: String,
    /// Glob an argument value must match whole; `None` matches any arguments.
    pub pattern: Option<String>,
    /// The argument the pattern looks at; `None`: every top-level argument.
    pub argument: Option<String>,
    /// What it says when it matches.
    pub action: RuleAction,
}

impl From<&PermissionRule> for Rule {
    fn from(rule: &PermissionRule) -> Rule {
        Rule {
            tool: rule.tool.to_owned(),
            pattern: rule.pattern.map(str::to_owned),
            argument: rule.argument.map(str::to_owned),
            action: rule.action,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.action, self.tool)?;
        match (&self.argument, &self.pattern) {
            (Some(arg), Some(p)) => write!(f, " {arg}={p:?}"),
            (None, Some(p)) => write!(f, " {p:?}"),
            _ => Ok(()),
        }
    }
}

/// A rule whose globs parsed.
#[derive(Debug)]
struct Parsed {
    origin: String,
    index: usize,
    rule: Rule,
    tool: glob::Glob,
    pattern: Option<glob::Glob>,
}

/// Checked rules. Every glob is checked when its rule is added; one that
/// needs a regex builds it when an evaluation first matches with it, so a
/// hook process (one event, one tool) builds at most those of the rules
/// that name its tool, and a glob of plain text and `*` never needs one.
///
/// ```
/// use serde_json::json;
/// use tackle::RuleAction;
/// use tackle::hook::{Decider, Verdict};
/// use tackle_host::permission::{Rule, RuleSet};
///
/// let rule = |tool: &str, pattern: Option<&str>, action| Rule {
///     tool: tool.into(),
///     pattern: pattern.map(Into::into),
///     argument: None,
///     action,
/// };
/// let mut rules = RuleSet::default();
/// rules
///     .add("tackle.toml", [
///         rule("Bash", Some("git push*"), RuleAction::Ask),
///         rule("Bash", Some("git push --force*"), RuleAction::Deny),
///         rule("Read", None, RuleAction::Allow),
///     ])
///     .unwrap();
///
/// // Every matching rule counts: the deny wins over the ask before it.
/// let force = json!({"command": "git push --force origin main"});
/// let (verdict, by) = rules.evaluate("Bash", Some(&force)).unwrap();
/// assert!(matches!(verdict, Verdict::Deny { .. }));
/// let Decider::Rule(rule_ref) = by else { panic!("decided by {by:?}") };
/// assert_eq!((rule_ref.origin.as_str(), rule_ref.index), ("tackle.toml", 1));
///
/// let push = json!({"command": "git push"});
/// assert!(matches!(rules.evaluate("Bash", Some(&push)).unwrap().0, Verdict::Ask { .. }));
/// assert_eq!(rules.evaluate("Read", None).unwrap().0, Verdict::Allow);
/// assert!(rules.evaluate("Write", None).is_none());
///
/// // A glob that does not parse is reported with the rule's index.
/// let bad = rules.add("tackle.toml", [rule("Bash", Some("[oops"), RuleAction::Deny)]);
/// assert_eq!(bad.unwrap_err()[0].0, 0);
/// ```
#[derive(Debug, Default)]
pub struct RuleSet {
    rules: Vec<Parsed>,
}

impl RuleSet {
    /// Whether there are no rules.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Adds the rules of one origin (`plugin `guard``, or a config file);
    /// a glob that does not parse is returned as `(index, why)`.
    pub fn add(
        &mut self,
        origin: &str,
        rules: impl IntoIterator<Item = Rule>,
    ) -> Result<(), Vec<(usize, String)>> {
        self.add_at(origin, rules.into_iter().enumerate())
    }

    /// As [`add`](Self::add), each rule with its own index in its origin
    /// (a config file some of whose rules were not applied).
    pub fn add_at(
        &mut self,
        origin: &str,
        rules: impl IntoIterator<Item = (usize, Rule)>,
    ) -> Result<(), Vec<(usize, String)>> {
        let mut problems = Vec::new();
        for (index, rule) in rules {
            let tool = glob::parse(&rule.tool);
            let pattern = rule.pattern.as_deref().map(glob::parse).transpose();
            match (tool, pattern) {
                (Ok(tool), Ok(pattern)) => self.rules.push(Parsed {
                    origin: origin.to_owned(),
                    index,
                    rule,
                    tool,
                    pattern,
                }),
                (Err(e), _) => problems.push((index, format!("`tool` glob: {e}"))),
                (_, Err(e)) => problems.push((index, format!("`pattern` glob: {e}"))),
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// The verdict of every matching rule together (deny > ask > allow),
    /// and the first rule with that verdict; `None` if no rule matches.
    pub fn evaluate(&self, tool: &str, arguments: Option<&Value>) -> Option<(Verdict, Decider)> {
        let rank = |a: RuleAction| match a {
            RuleAction::Allow => 0,
            RuleAction::Ask => 1,
            RuleAction::Deny => 2,
        };
        let subject = Subject {
            tool,
            arguments,
            command: OnceCell::new(),
        };
        let strongest = self.rules.iter().filter(|r| r.matches(&subject)).fold(
            None::<&Parsed>,
            |best, r| match best {
                Some(b) if rank(b.rule.action) >= rank(r.rule.action) => Some(b),
                _ => Some(r),
            },
        )?;
        let decider = Decider::Rule(Box::new(RuleRef {
            origin: strongest.origin.clone(),
            index: strongest.index,
            rule: strongest.rule.to_string(),
        }));
        let verdict = match strongest.rule.action {
            RuleAction::Allow => Verdict::Allow,
            RuleAction::Ask => Verdict::Ask {
                reason: Some(crate::host::refusal::asks(&decider).into()),
            },
            RuleAction::Deny => Verdict::Deny {
                reason: crate::host::refusal::denied_by(&decider).into(),
            },
        };
        Some((verdict, decider))
    }
}

/// What a rule is matched against: the tool, its arguments and, for a
/// shell tool, the commands its `command` runs (read once, when a pattern
/// first asks).
struct Subject<'a> {
    tool: &'a str,
    arguments: Option<&'a Value>,
    command: OnceCell<Option<Programs>>,
}

impl Subject<'_> {
    fn command(&self) -> Option<&Programs> {
        self.command
            .get_or_init(|| {
                let command = self.arguments?.get("command")?;
                is_shell(self.tool).then(|| shell::read(command)).flatten()
            })
            .as_ref()
    }
}

impl Parsed {
    fn names(&self, tool: &str) -> bool {
        self.tool.is_match(tool)
    }

    fn matches(&self, subject: &Subject<'_>) -> bool {
        if !self.names(subject.tool) {
            return false;
        }
        let Some(pattern) = &self.pattern else {
            return true;
        };
        let rule = &self.rule;
        let Some(arguments) = subject.arguments else {
            return false;
        };
        let whole = || match &rule.argument {
            Some(key) => arguments
                .get(key)
                .is_some_and(|v| glob::matches_value(pattern, v)),
            None => glob::matches_any_value(pattern, arguments),
        };
        if rule.argument.as_deref().is_some_and(|key| key != "command") {
            return whole();
        }
        let Some(programs) = subject.command() else {
            return whole();
        };
        match rule.action {
            // An allow judges the command alone, every part of it.
            RuleAction::Allow => shell::every_command(pattern, programs).unwrap_or_else(|| {
                arguments
                    .get("command")
                    .is_some_and(|v| glob::matches_value(pattern, v))
            }),
            RuleAction::Deny | RuleAction::Ask => whole() || shell::any_command(pattern, programs),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rule(tool: &str, pattern: Option<&str>, argument: Option<&str>, action: RuleAction) -> Rule {
        Rule {
            tool: tool.into(),
            pattern: pattern.map(Into::into),
            argument: argument.map(Into::into),
            action,
        }
    }

    fn set(rules: Vec<Rule>) -> RuleSet {
        let mut set = RuleSet::default();
        set.add("plugin `test`", rules).expect("valid");
        set
    }

    #[test]
    fn a_plain_tool_name_matches_only_itself_and_a_glob_as_a_glob() {
        let rules = set(vec![
            rule("Bash", None, None, RuleAction::Deny),
            rule("mcp__*", None, None, RuleAction::Ask),
            rule("Re[a]d", None, None, RuleAction::Allow),
        ]);
        let verdict = |tool: &str| rules.evaluate(tool, None).map(|(v, _)| v);
        assert!(matches!(verdict("Bash"), Some(Verdict::Deny { .. })));
        assert_eq!(verdict("bash"), None, "names are case-sensitive");
        assert_eq!(verdict("Bash2"), None, "a name matches whole");
        assert!(matches!(
            verdict("mcp__files__read"),
            Some(Verdict::Ask { .. })
        ));
        assert_eq!(verdict("Read"), Some(Verdict::Allow));
        assert_eq!(verdict("Re[a]d"), None, "a class is a glob, not a name");
    }

    #[test]
    fn an_ask_rule_does_not_hide_a_later_deny() {
        let rules = set(vec![
            rule("Bash", None, None, RuleAction::Ask),
            rule("Bash", Some("npm publish*"), None, RuleAction::Deny),
        ]);
        let (verdict, by) = rules
            .evaluate("Bash", Some(&json!({"command": "npm publish --tag next"})))
            .expect("matches");
        assert!(matches!(verdict, Verdict::Deny { .. }), "{verdict:?}");
        assert!(matches!(&by, Decider::Rule(r) if r.index == 1), "{by:?}");
        let (verdict, _) = rules
            .evaluate("Bash", Some(&json!({"command": "ls"})))
            .expect("matches");
        assert!(matches!(verdict, Verdict::Ask { .. }));
    }

    #[test]
    fn ask_beats_allow_and_no_match_is_none() {
        let rules = set(vec![
            rule("*", None, None, RuleAction::Allow),
            rule("web_*", None, None, RuleAction::Ask),
        ]);
        assert!(matches!(
            rules.evaluate("web_fetch", Some(&json!({}))),
            Some((Verdict::Ask { .. }, _))
        ));
        assert!(matches!(
            rules.evaluate("Read", None),
            Some((Verdict::Allow, _))
        ));
        assert!(set(vec![]).evaluate("Read", None).is_none());
    }

    #[test]
    fn an_argument_key_narrows_the_pattern() {
        let rules = set(vec![rule(
            "web_fetch",
            Some("http://*"),
            Some("url"),
            RuleAction::Deny,
        )]);
        assert!(
            rules
                .evaluate("web_fetch", Some(&json!({"url": "http://x.test"})))
                .is_some()
        );
        assert!(
            rules
                .evaluate("web_fetch", Some(&json!({"note": "http://x.test"})))
                .is_none()
        );
        assert!(rules.evaluate("web_fetch", None).is_none());
    }

    #[test]
    fn shell_patterns_see_each_command_of_the_line() {
        let rules = set(vec![
            rule("Bash", Some("npm publish*"), None, RuleAction::Deny),
            rule("Bash", Some("git push*"), Some("command"), RuleAction::Ask),
            rule("Bash", Some("cargo test*"), None, RuleAction::Allow),
        ]);
        let verdict = |tool: &str, command: Value| {
            rules
                .evaluate(tool, Some(&json!({ "command": command })))
                .map(|(v, _)| v)
        };
        for line in [
            " npm publish",
            "cd x; npm publish",
            "FOO=1 npm publish",
            "/usr/bin/npm publish",
        ] {
            assert!(
                matches!(verdict("Bash", json!(line)), Some(Verdict::Deny { .. })),
                "{line}"
            );
        }
        // The rule names `Bash`: in process another name is another tool,
        // as for matchers (the hook binary renames each agent's shell
        // tool `Bash` before either sees it).
        for tool in ["run_shell_command", "bash", "Shell", "shell"] {
            assert!(
                verdict(tool, json!("cd x && npm publish")).is_none(),
                "the rule names `Bash`, not `{tool}`"
            );
        }
        // Codex's argument list.
        assert!(matches!(
            verdict("Bash", json!(["bash", "-lc", "cd x && npm publish"])),
            Some(Verdict::Deny { .. })
        ));
        assert!(matches!(
            verdict("Bash", json!("cargo build && git push")),
            Some(Verdict::Ask { .. })
        ));
        assert_eq!(
            verdict("Bash", json!("cargo test --all")),
            Some(Verdict::Allow)
        );
        assert_eq!(verdict("Bash", json!("cargo test; rm -rf ~")), None);
        // Not a shell tool: the pattern judges whole values, as before.
        let rules = set(vec![rule(
            "Fetch",
            Some("npm publish*"),
            None,
            RuleAction::Deny,
        )]);
        assert!(
            rules
                .evaluate("Fetch", Some(&json!({"command": "cd x; npm publish"})))
                .is_none()
        );
    }

    #[test]
    fn global_options_do_not_hide_a_subcommand_from_deny_or_ask_nor_widen_an_allow() {
        let rules = set(vec![
            rule("Bash", Some("npm publish*"), None, RuleAction::Deny),
            rule("Bash", Some("git push*"), None, RuleAction::Ask),
            rule("Bash", Some("git status*"), None, RuleAction::Allow),
        ]);
        let verdict = |line: &str| {
            rules
                .evaluate("Bash", Some(&json!({ "command": line })))
                .map(|(v, _)| v)
        };
        for line in [
            "npm --yes publish",
            "npm --registry=x publish",
            "npm -w pkg publish",
        ] {
            assert!(
                matches!(verdict(line), Some(Verdict::Deny { .. })),
                "{line}"
            );
        }
        for line in ["git -C . push", "git -c a=b push origin main"] {
            assert!(matches!(verdict(line), Some(Verdict::Ask { .. })), "{line}");
        }
        assert_eq!(verdict("git status"), Some(Verdict::Allow));
        for line in [
            "git -c core.pager='rm -rf ~' status",
            "git -C / status; rm -rf ~",
        ] {
            assert_eq!(verdict(line), None, "{line}");
        }
    }

    #[test]
    fn a_bad_glob_is_reported_with_its_index() {
        let mut set = RuleSet::default();
        let err = set
            .add(
                "config",
                vec![
                    rule("Bash", None, None, RuleAction::Deny),
                    rule("[a-", None, None, RuleAction::Deny),
                ],
            )
            .expect_err("bad glob");
        assert_eq!(err[0].0, 1);
    }
}
