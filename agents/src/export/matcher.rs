//! Hooks' matchers (Claude Code's syntax, Claude's tool names) turned into
//! each agent's own matcher.
//!
//! The binary re-applies every hook's matcher, so the agent-side matcher is
//! only a pre-filter that saves a process start. It may let through more
//! than the hooks want, never less.

use crate::{Agent, tools};

/// What the hooks at one tool event want to see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Filter {
    /// Every call: a hook without a matcher, or a point that is not
    /// filtered by tool name.
    All,
    /// Only these tools.
    Tools {
        /// Exact names, as hooks see them (Claude's), each once.
        names: Vec<String>,
        /// Unanchored regexes, as written in the hooks.
        regexes: Vec<String>,
    },
}

impl Filter {
    /// The filter of one hook's `matcher`, read as Claude Code reads it.
    pub(crate) fn of(matcher: Option<&str>) -> Filter {
        let Some(m) = matcher.filter(|m| !m.is_empty() && *m != "*") else {
            return Filter::All;
        };
        if m.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|')
        {
            let names: Vec<String> = m
                .split('|')
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect();
            if names.is_empty() {
                return Filter::All;
            }
            return Filter::Tools {
                names,
                regexes: Vec::new(),
            };
        }
        Filter::Tools {
            names: Vec::new(),
            regexes: vec![m.to_owned()],
        }
    }

    /// What both filters let through.
    pub(crate) fn union(self, other: Filter) -> Filter {
        match (self, other) {
            (Filter::All, _) | (_, Filter::All) => Filter::All,
            (
                Filter::Tools { names, regexes },
                Filter::Tools {
                    names: more,
                    regexes: more_regexes,
                },
            ) => Filter::Tools {
                names: merged(names, more),
                regexes: merged(regexes, more_regexes),
            },
        }
    }

    /// The built-in tools named that `agent` does not have, when they are
    /// all the filter names: a hook with this filter never runs there
    /// (Codex has no `Edit` or `Read`; its edits are `apply_patch`). `None`
    /// when some tool could match (a regex, an MCP or custom tool, a
    /// built-in the agent has).
    pub(crate) fn lacked(&self, agent: Agent) -> Option<Vec<String>> {
        let Filter::Tools { names, regexes } = self else {
            return None;
        };
        let lacking =
            |n: &String| tools::Tool::from_name(n).is_some() && tools::native(agent, n).is_none();
        (regexes.is_empty() && !names.is_empty() && names.iter().all(lacking))
            .then(|| names.clone())
    }

    /// The agent's names of the tools, each once (every name the agent has
    /// for one, aliases included); `None` for every tool (a regex cannot be
    /// translated to an agent whose tool names differ).
    pub(crate) fn native_names(&self, agent: Agent) -> Option<Vec<String>> {
        let Filter::Tools { names, regexes } = self else {
            return None;
        };
        if !regexes.is_empty() {
            return None;
        }
        let all = names.iter().flat_map(|n| match tools::natives(agent, n) {
            natives if natives.is_empty() => vec![native(agent, n)],
            natives => natives.into_iter().map(str::to_owned).collect(),
        });
        Some(merged(Vec::new(), all.collect()))
    }

    /// The matcher to write in `agent`'s config, in its own syntax; `None`
    /// to match every tool (leave the matcher out). Each agent's module
    /// chooses one of the forms below.
    pub(crate) fn matcher(&self, agent: Agent) -> Option<String> {
        agent.protocol().matcher(self)
    }

    /// Claude Code's syntax, and Claude's tool names (Claude Code and
    /// Codex): the names joined by `|`, or, beside a regex, one regex: the
    /// exact names anchored, each hook's regex grouped so that its own `|`
    /// stays inside.
    pub(crate) fn claude_syntax(&self, agent: Agent) -> Option<String> {
        let Filter::Tools { names, regexes } = self else {
            return None;
        };
        let names: Vec<String> = names.iter().map(|n| native(agent, n)).collect();
        if regexes.is_empty() {
            return Some(names.join("|"));
        }
        let mut parts: Vec<String> = Vec::new();
        if !names.is_empty() {
            parts.push(format!("^(?:{})$", names.join("|")));
        }
        parts.extend(regexes.iter().map(|r| format!("(?:{r})")));
        Some(parts.join("|"))
    }

    /// An unanchored regex (JavaScript `RegExp.test`, Python `re.search`)
    /// of the agent's names: the alternatives anchored.
    pub(crate) fn anchored_regex(&self, agent: Agent) -> Option<String> {
        self.native_names(agent)
            .map(|names| format!("^(?:{})$", names.join("|")))
    }

    /// A regex that must match the whole name, of the agent's names.
    pub(crate) fn whole_name_regex(&self, agent: Agent) -> Option<String> {
        self.native_names(agent).map(|names| names.join("|"))
    }
}

/// The agent's name of a tool hooks know as `name`; a name the table does
/// not know (an MCP or custom tool) is kept.
fn native(agent: Agent, name: &str) -> String {
    tools::native(agent, name).unwrap_or(name).to_owned()
}

fn merged(mut a: Vec<String>, b: Vec<String>) -> Vec<String> {
    for item in b {
        if !a.contains(&item) {
            a.push(item);
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools(names: &[&str], regexes: &[&str]) -> Filter {
        Filter::Tools {
            names: names.iter().map(|s| (*s).to_owned()).collect(),
            regexes: regexes.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn matchers_read_as_claude_reads_them() {
        assert_eq!(Filter::of(None), Filter::All);
        assert_eq!(Filter::of(Some("")), Filter::All);
        assert_eq!(Filter::of(Some("*")), Filter::All);
        assert_eq!(
            Filter::of(Some("Edit|Write")),
            tools(&["Edit", "Write"], &[])
        );
        assert_eq!(Filter::of(Some("mcp__.*")), tools(&[], &["mcp__.*"]));
    }

    #[test]
    fn union_keeps_everything_either_wants() {
        let a = Filter::of(Some("Bash|Edit")).union(Filter::of(Some("Edit|Write")));
        assert_eq!(a, tools(&["Bash", "Edit", "Write"], &[]));
        assert_eq!(a.clone().union(Filter::All), Filter::All);
        let b = a.union(Filter::of(Some("^mcp__")));
        assert_eq!(b, tools(&["Bash", "Edit", "Write"], &["^mcp__"]));
    }

    #[test]
    fn each_agent_gets_its_names_in_its_syntax() {
        let f = tools(&["Bash", "Edit", "mcp__x__y"], &[]);
        assert_eq!(
            f.matcher(Agent::Claude).as_deref(),
            Some("Bash|Edit|mcp__x__y")
        );
        assert_eq!(
            f.matcher(Agent::Codex).as_deref(),
            Some("Bash|Edit|mcp__x__y")
        );
        assert_eq!(
            f.matcher(Agent::Gemini).as_deref(),
            Some("^(?:run_shell_command|replace|mcp__x__y)$")
        );
        assert_eq!(
            f.matcher(Agent::Kimi).as_deref(),
            Some("^(?:Shell|Bash|StrReplaceFile|Edit|mcp__x__y)$")
        );
        assert_eq!(
            f.matcher(Agent::Copilot).as_deref(),
            Some("bash|edit|mcp__x__y")
        );
        assert_eq!(f.matcher(Agent::OpenCode), None);
        assert_eq!(
            f.native_names(Agent::Pi),
            Some(vec!["bash".into(), "edit".into(), "mcp__x__y".into()])
        );
        assert_eq!(
            f.native_names(Agent::SuperQode),
            Some(vec![
                "bash".into(),
                "edit".into(),
                "edit_file".into(),
                "mcp__x__y".into()
            ])
        );
    }

    #[test]
    fn a_regex_is_kept_where_names_are_claudes_and_matches_all_elsewhere() {
        let f = tools(&["Bash"], &["^mcp__a|^mcp__b"]);
        let claude = f.matcher(Agent::Claude).expect("a regex");
        assert_eq!(claude, "^(?:Bash)$|(?:^mcp__a|^mcp__b)");
        let re = regex::Regex::new(&claude).expect("valid");
        assert!(re.is_match("Bash") && re.is_match("mcp__b__x") && !re.is_match("Bashful"));
        for agent in [Agent::Gemini, Agent::Kimi, Agent::Copilot, Agent::Pi] {
            assert_eq!(f.matcher(agent), None, "{agent}");
            assert_eq!(f.native_names(agent), None, "{agent}");
        }
    }

    #[test]
    fn claude_and_codex_name_the_built_in_tools_as_hooks_do() {
        // Why the two keep Claude's syntax and regexes untranslated: a
        // built-in tool either has Claude's name on both, or Codex lacks it
        // and a hook naming only such tools is dropped, never written with
        // a name Codex does not send.
        let mut lacked = Vec::new();
        for name in [
            "Bash",
            "Read",
            "Write",
            "Edit",
            "Glob",
            "Grep",
            "WebFetch",
            "WebSearch",
            "LS",
        ] {
            assert_eq!(tools::native(Agent::Claude, name), Some(name));
            assert_eq!(Filter::of(Some(name)).lacked(Agent::Claude), None);
            match tools::native(Agent::Codex, name) {
                Some(native) => assert_eq!(native, name),
                None => {
                    let filter = Filter::of(Some(name));
                    assert_eq!(filter.lacked(Agent::Codex), Some(vec![name.to_owned()]));
                    lacked.push(name);
                }
            }
        }
        assert!(
            lacked.contains(&"Edit") && lacked.contains(&"Write"),
            "{lacked:?}"
        );
        assert!(!lacked.contains(&"Bash"));
    }

    #[test]
    fn only_a_filter_of_tools_all_missing_is_lacked() {
        assert_eq!(
            Filter::of(Some("Edit|Write")).lacked(Agent::Codex),
            Some(vec!["Edit".to_owned(), "Write".to_owned()])
        );
        // Some tool could still match.
        for matcher in ["Bash|Edit", "Edit|mcp__x__y", "^Edit$", "*"] {
            assert_eq!(
                Filter::of(Some(matcher)).lacked(Agent::Codex),
                None,
                "{matcher}"
            );
        }
        assert_eq!(Filter::All.lacked(Agent::Codex), None);
        assert_eq!(
            Filter::of(Some("WebFetch")).lacked(Agent::Pi),
            Some(vec!["WebFetch".into()])
        );
    }
}
