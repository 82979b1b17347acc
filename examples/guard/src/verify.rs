//! The `--no-verify` rule: a `git commit` or `git push` that would skip the
//! repository's own git hooks (formatting, lints, tests) gets its
//! `--no-verify` removed instead of being refused, so the agent's work goes
//! ahead and the checks still run.
//!
//! Only the long spelling is removed: `-n` means `--no-verify` to `git
//! commit` but `--dry-run` to `git push`, and a rewrite must never guess.

use tackle::shell;

/// The flag the rewrite removes.
const FLAG: &str = "--no-verify";

/// What to do with a command line that skips git hooks.
#[derive(Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// The same line without its `--no-verify` flags.
    Line(String),
    /// The flag could not be removed exactly (it also appears quoted, say):
    /// why the line is refused instead.
    Refuse(String),
}

/// `None` when no `git commit` or `git push` in `line` has `--no-verify`;
/// otherwise the line without it, checked by reading the result again: the
/// same commands with the same words, less the flags.
///
/// ```
/// use guard::verify::{Rewrite, keep_git_hooks};
///
/// assert_eq!(
///     keep_git_hooks(r#"git add . && git commit --no-verify -m "fix""#),
///     Some(Rewrite::Line(r#"git add . && git commit -m "fix""#.into()))
/// );
/// assert_eq!(keep_git_hooks("echo --no-verify"), None);
/// ```
pub fn keep_git_hooks(line: &str) -> Option<Rewrite> {
    let before = shell::split(line);
    if !before.commands.iter().any(|c| skips_hooks(&c.words)) {
        return None;
    }
    let rewritten = remove_flag(line);
    let expected: Vec<Vec<String>> = before
        .commands
        .iter()
        .map(|c| without_flag(&c.words))
        .collect();
    let after: Vec<Vec<String>> = shell::split(&rewritten)
        .commands
        .into_iter()
        .map(|c| c.words)
        .collect();
    let other_flags = after.iter().any(|words| words.iter().any(|w| w == FLAG));
    if after == expected && !other_flags {
        Some(Rewrite::Line(rewritten))
    } else {
        Some(Rewrite::Refuse(format!(
            "`{FLAG}` would skip this repository's git hooks, and guard cannot remove it from this \
             command line exactly. Run the same command without `{FLAG}`"
        )))
    }
}

/// The words of a command run as an argument list (Codex's `shell` tool),
/// less `--no-verify` on `git commit` and `git push`; `None` if there was none.
pub fn keep_git_hooks_argv(words: &[String]) -> Option<Vec<String>> {
    skips_hooks(words).then(|| without_flag(words))
}

/// Whether these words are a `git commit` or `git push` with `--no-verify`
/// (before a `--`, after which words are paths).
fn skips_hooks(words: &[String]) -> bool {
    let Some(rest) = git_subcommand(words) else {
        return false;
    };
    matches!(rest.first().map(String::as_str), Some("commit" | "push"))
        && rest.iter().take_while(|w| *w != "--").any(|w| w == FLAG)
}

/// The words from git's subcommand on, if `words` runs git (leading
/// `VAR=value` assignments and git's global options skipped).
fn git_subcommand(words: &[String]) -> Option<&[String]> {
    let start = words.iter().position(|w| !shell::is_assignment(w))?;
    let words = &words[start..];
    if shell::basename(&words[0]) != "git" {
        return None;
    }
    words.get(shell::subcommand(words)?..)
}

fn without_flag(words: &[String]) -> Vec<String> {
    if !skips_hooks(words) {
        return words.to_vec();
    }
    let end = words.iter().position(|w| w == "--").unwrap_or(words.len());
    words
        .iter()
        .enumerate()
        .filter(|(i, w)| *i >= end || *w != FLAG)
        .map(|(_, w)| w.clone())
        .collect()
}

/// `line` with each `--no-verify` that stands as a word of its own (space
/// before it, a space, an operator or the end after it) cut out, with the
/// space before it. Whether that was right is checked by the caller.
fn remove_flag(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(FLAG) {
        let (head, tail) = rest.split_at(at);
        let after = &tail[FLAG.len()..];
        let spaced_before = head.ends_with([' ', '\t']);
        let ends_word = after
            .chars()
            .next()
            .is_none_or(|c| matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | ')'));
        if spaced_before && ends_word {
            out.push_str(head.trim_end_matches([' ', '\t']));
            // Keep one space when the flag sat between two words.
            if after.starts_with([' ', '\t']) && !head.trim_end_matches([' ', '\t']).is_empty() {
                out.push(' ');
            }
            rest = after.trim_start_matches([' ', '\t']);
        } else {
            out.push_str(head);
            out.push_str(FLAG);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Option<String> {
        match keep_git_hooks(text)? {
            Rewrite::Line(line) => Some(line),
            Rewrite::Refuse(reason) => Some(format!("REFUSED: {reason}")),
        }
    }

    #[test]
    fn the_flag_is_removed_from_commits_and_pushes() {
        for (given, wanted) in [
            ("git commit --no-verify -m x", "git commit -m x"),
            ("git commit -m x --no-verify", "git commit -m x"),
            (
                "git push --no-verify origin feature",
                "git push origin feature",
            ),
            (
                "git -C repo commit --no-verify -am 'wip'",
                "git -C repo commit -am 'wip'",
            ),
            (
                "GIT_AUTHOR_NAME=bot git commit --no-verify -m x && git push",
                "GIT_AUTHOR_NAME=bot git commit -m x && git push",
            ),
            (
                "git commit --no-verify -m a; git push --no-verify",
                "git commit -m a; git push",
            ),
            ("/usr/bin/git commit --no-verify", "/usr/bin/git commit"),
        ] {
            assert_eq!(line(given).as_deref(), Some(wanted), "{given}");
        }
    }

    #[test]
    fn lines_that_keep_the_hooks_are_left_alone() {
        for given in [
            "git commit -m x",
            "git commit -n -m x",
            "echo --no-verify",
            "git log --no-verify",
            "git commit -m x -- --no-verify",
            "cargo test",
        ] {
            assert_eq!(keep_git_hooks(given), None, "{given}");
        }
    }

    #[test]
    fn a_flag_that_cannot_be_cut_exactly_is_refused() {
        // Cutting the text would also change the commit message.
        let got = line(r#"git commit --no-verify -m "why --no-verify is bad""#).expect("a ruling");
        assert!(got.starts_with("REFUSED"), "{got}");
        // A quoted flag is the same word to git, but not to a text cut.
        let got = line(r#"git commit "--no-verify" -m x"#).expect("a ruling");
        assert!(got.starts_with("REFUSED"), "{got}");
    }

    #[test]
    fn argument_lists_lose_the_flag_too() {
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(
            keep_git_hooks_argv(&words("git commit --no-verify -m x")),
            Some(words("git commit -m x"))
        );
        assert_eq!(keep_git_hooks_argv(&words("git status")), None);
    }
}
