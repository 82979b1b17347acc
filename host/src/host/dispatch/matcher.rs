//! Which events a hook wants: its `matcher` on the point's subject (the
//! tool name, the session source, ...) and its `args` glob on the tool
//! arguments. Compiled once per host, on the point's first dispatch.

use serde_json::Value;

use crate::permission::glob;

/// A compiled `matcher`, read as Claude Code reads one.
#[derive(Debug)]
pub enum Matcher {
    /// No matcher, empty, or `*`.
    Any,
    /// Letters, digits, `_` and `|` only: exact names.
    Names(Box<[Box<str>]>),
    /// Anything else: an unanchored regex, behind a literal prefilter.
    Regex(Prefilter, regex::Regex),
}

/// What every match of a regex must contain, read from its syntax, so that
/// most subjects are turned away without running the regex (`^mcp__.*`
/// needs `mcp__` at the start; `mcp__.*__write` needs `mcp__` somewhere).
#[derive(Debug)]
pub enum Prefilter {
    /// Nothing useful: run the regex.
    None,
    /// A match starts the subject with one of these.
    StartsWith(Box<[Box<[u8]>]>),
    /// A match contains one of these.
    Contains(Box<[Box<[u8]>]>),
}

impl Prefilter {
    fn of(pattern: &str) -> Prefilter {
        use regex_syntax::hir::Look;
        use regex_syntax::hir::literal::{ExtractKind, Extractor};
        let Ok(hir) = regex_syntax::Parser::new().parse(pattern) else {
            return Prefilter::None;
        };
        let seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
        let Some(literals) = seq.literals() else {
            return Prefilter::None;
        };
        if literals.is_empty() || literals.iter().any(|l| l.as_bytes().is_empty()) {
            return Prefilter::None;
        }
        let literals = literals.iter().map(|l| l.as_bytes().into()).collect();
        if hir.properties().look_set_prefix().contains(Look::Start) {
            Prefilter::StartsWith(literals)
        } else {
            Prefilter::Contains(literals)
        }
    }

    #[inline]
    fn may_match(&self, subject: &str) -> bool {
        let subject = subject.as_bytes();
        match self {
            Prefilter::None => true,
            Prefilter::StartsWith(l) => l.iter().any(|l| subject.starts_with(l)),
            Prefilter::Contains(l) => l
                .iter()
                .any(|l| subject.windows(l.len()).any(|w| w == &**l)),
        }
    }
}

impl Matcher {
    /// Compiles a hook's `matcher`, or says why it cannot be one.
    pub fn compile(matcher: Option<&str>) -> Result<Matcher, String> {
        let Some(m) = matcher.filter(|m| !m.is_empty() && *m != "*") else {
            return Ok(Matcher::Any);
        };
        if m.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|')
        {
            return Ok(Matcher::Names(m.split('|').map(Into::into).collect()));
        }
        regex::Regex::new(m)
            .map(|re| Matcher::Regex(Prefilter::of(m), re))
            .map_err(|e| format!("matcher `{m}` is not a valid regex: {e}"))
    }

    /// Whether the event's subject matches; an event without one matches
    /// only a hook that matches everything.
    #[inline]
    pub fn matches(&self, subject: Option<&str>) -> bool {
        match (self, subject) {
            (Matcher::Any, _) => true,
            (_, None) => false,
            (Matcher::Names(names), Some(s)) => names.iter().any(|n| **n == *s),
            (Matcher::Regex(pre, re), Some(s)) => pre.may_match(s) && re.is_match(s),
        }
    }
}

/// A compiled `args` glob.
#[derive(Debug)]
pub struct ArgsGlob(glob::Glob);

impl ArgsGlob {
    /// Compiles a hook's `args` glob, if it has one.
    pub fn compile(args: Option<&str>) -> Result<Option<ArgsGlob>, String> {
        args.map(|a| {
            glob::parse(a)
                .map(ArgsGlob)
                .map_err(|e| format!("`args` glob `{a}`: {e}"))
        })
        .transpose()
    }

    /// Whether any string in `arguments` matches the glob.
    pub fn matches(&self, arguments: Option<&Value>) -> bool {
        arguments.is_some_and(|a| glob::matches_any_value(&self.0, a))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn matchers_read_as_claude_code_reads_them() {
        let any = Matcher::compile(Some("*")).expect("valid");
        assert!(any.matches(Some("Bash")) && any.matches(None));
        let names = Matcher::compile(Some("Edit|Write")).expect("valid");
        assert!(names.matches(Some("Write")));
        assert!(!names.matches(Some("MultiEdit")), "names are exact");
        assert!(!names.matches(None));
        let re = Matcher::compile(Some("mcp__.*__write")).expect("valid");
        assert!(
            re.matches(Some("mcp__fs__write_file")),
            "regexes are unanchored"
        );
        assert!(!re.matches(Some("Bash")));
        assert!(Matcher::compile(Some("Bash(")).is_err());
    }

    #[test]
    fn prefilters_never_turn_away_a_match() {
        for (pattern, subjects) in [
            ("^mcp__.*", &["mcp__fs__read", "Bash", "xmcp__", ""][..]),
            (
                "mcp__.*__write",
                &["mcp__fs__write", "a mcp__x__write", "Bash"],
            ),
            ("^(Edit|Write)$", &["Edit", "Write", "MultiEdit", "Writer"]),
            ("(?i)^bash", &["BASH", "bash", "Shell"]),
            ("a?b", &["b", "ab", "c"]),
            ("^ab?c", &["ac", "abc", "bc"]),
            ("Bash|^Read", &["Bash", "xBash", "Read", "xRead"]),
            (".*", &["", "x"]),
        ] {
            let m = Matcher::compile(Some(pattern)).expect("valid");
            let re = regex::Regex::new(pattern).expect("valid");
            for s in subjects {
                assert_eq!(m.matches(Some(s)), re.is_match(s), "{pattern} on {s:?}");
            }
        }
        assert!(matches!(
            Prefilter::of("^mcp__.*"),
            Prefilter::StartsWith(_)
        ));
        assert!(matches!(
            Prefilter::of("mcp__.*__write"),
            Prefilter::Contains(_)
        ));
        assert!(matches!(Prefilter::of(".*"), Prefilter::None));
    }

    #[test]
    fn args_globs_look_at_argument_values() {
        let g = ArgsGlob::compile(Some("git push*"))
            .expect("valid")
            .expect("some");
        assert!(g.matches(Some(&json!({"command": "git push -f"}))));
        assert!(!g.matches(Some(&json!({"command": "git status"}))));
        assert!(!g.matches(None));
    }
}
