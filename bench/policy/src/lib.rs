//! The reference policy of `../shared/bench/hook_latency.sh`, as a tackle
//! plugin: before a `Bash` call, deny `sudo` anywhere in the command line,
//! and `rm` with a recursive and a force flag on `/` or `/*`. The same
//! hand-written matcher as the Python, Node and Rust baselines (simple
//! commands split at `; & | ( )` and newlines, leading `VAR=value`
//! assignments skipped, programs compared by base name), so the benchmark
//! times the plumbing, not the policy. The example plugin `guard` is the
//! real thing; it reads quotes, `bash -c` and `$(...)` too, and fails
//! closed, which the benchmark's conformance check would count as a deny
//! of malformed input.

use tackle::prelude::*;

tackle::plugin! {
    id: "bench-policy",
    description: "The hook benchmark's reference policy: no sudo, no rm -rf /.",
}

/// Deny `sudo` and `rm -rf /` in a shell command.
#[hook(before_tool_call, matcher = "Bash")]
fn reference_policy(ev: &BeforeToolCall) -> Option<Decision> {
    let command = ev.arguments.get("command")?.as_str()?;
    check(command).map(Decision::deny)
}

/// Why `command` is refused, if it is.
pub fn check(command: &str) -> Option<&'static str> {
    let segments = command.split([';', '&', '|', '(', ')', '\n']);
    for segment in segments {
        let mut words = segment
            .split([' ', '\t', '\r'])
            .filter(|w| !w.is_empty())
            .skip_while(|w| is_assignment(w));
        match words.next().map(base_name) {
            Some("sudo") => return Some("sudo is not allowed in this workspace"),
            Some("rm") if removes_root(words) => {
                return Some("rm -rf of the filesystem root is blocked");
            }
            _ => {}
        }
    }
    None
}

/// `rm`'s arguments name `/` or `/*` with both a recursive and a force flag.
fn removes_root<'a>(args: impl Iterator<Item = &'a str>) -> bool {
    let (mut recursive, mut force, mut root, mut options) = (false, false, false, true);
    for arg in args {
        match arg {
            "--" if options => options = false,
            "--recursive" if options => recursive = true,
            "--force" if options => force = true,
            _ if options && arg.starts_with("--") => {}
            _ if options && arg.len() > 1 && arg.starts_with('-') => {
                recursive |= arg.contains(['r', 'R']);
                force |= arg.contains('f');
            }
            "/" | "/*" => root = true,
            _ => {}
        }
    }
    recursive && force && root
}

/// `NAME=value`, with a shell variable name.
fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn base_name(word: &str) -> &str {
    match word.rsplit_once('/') {
        Some((_, name)) if word != "/" => name,
        _ => word,
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn denies_what_the_reference_denies() {
        for line in [
            "rm -rf /",
            "rm -r -f /",
            "rm --recursive --force /",
            "/bin/rm -Rf /*",
            "cd /tmp; rm -rf / ",
            "FOO=1 sudo true",
            "(sudo id)",
            "true | sudo tee /etc/hosts",
        ] {
            assert!(check(line).is_some(), "{line}");
        }
    }

    #[test]
    fn allows_what_the_reference_allows() {
        for line in [
            "rm -rf /tmp/foo",
            "rm -r /",
            "rm -f /",
            "echo sudo",
            "echo rm -rf /",
            "sudoku --solve",
            "rm -rf -- -x",
        ] {
            assert_eq!(check(line), None, "{line}");
        }
    }
}
