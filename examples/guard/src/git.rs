//! The `git push` rule: a forced push that rewrites `main` or `master`.

/// The branches a forced push must not rewrite.
const PROTECTED: [&str; 2] = ["main", "master"];

use tackle::shell;

/// Why this `git` command (its words, `git` first) is refused, if it is:
/// `git -C dir -c k=v push` is a push.
pub(crate) fn check(words: &[String]) -> Option<String> {
    let at = shell::subcommand(words)?;
    match words[at..].split_first() {
        Some((sub, push_args)) if sub == "push" => check_push(push_args),
        _ => None,
    }
}

fn check_push(args: &[String]) -> Option<String> {
    const WITH_VALUE: [&str; 5] = ["--repo", "--receive-pack", "--exec", "--push-option", "-o"];
    let mut force = false;
    let mut every_branch = false;
    let mut positionals = Vec::new();
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        match arg.as_str() {
            "--" => {
                positionals.extend(words.by_ref());
                break;
            }
            "--force" => force = true,
            lease if lease.starts_with("--force-with-lease") => force = true,
            // A mirror push updates every ref by force.
            "--mirror" => (force, every_branch) = (true, true),
            "--all" | "--branches" => every_branch = true,
            valued if WITH_VALUE.contains(&valued) => {
                words.next();
            }
            long if long.starts_with("--") => {}
            short if short.starts_with('-') && short.len() > 1 => {
                // A cluster such as `-fu`; after `o` the rest is its value.
                let flags = short[1..].split('o').next().unwrap_or_default();
                force |= flags.contains('f');
                if short[1..].ends_with('o') {
                    words.next();
                }
            }
            _ => positionals.push(arg),
        }
    }
    // The first positional is the remote; the rest are refspecs.
    let refspecs = positionals.get(1..).unwrap_or_default();
    if force && every_branch {
        return Some(
            "a forced push of every branch (--all, --mirror) rewrites `main` and `master` too, \
             replacing history others have pulled. Push only your own branch"
                .to_owned(),
        );
    }
    refspecs.iter().find_map(|spec| {
        let plus = spec.starts_with('+');
        let branch = destination(spec.trim_start_matches('+'))?;
        let how = match (force, plus) {
            (true, _) => "a forced push (--force, -f or --force-with-lease)",
            (false, true) => "a forced refspec (`+`)",
            (false, false) => return None,
        };
        Some(format!(
            "{how} to `{branch}` rewrites the history of the shared `{branch}` branch, \
             which others have pulled. Push to a new branch and open a pull request instead"
        ))
    })
}

/// The protected branch a refspec (`src:dst`, or `dst` alone) writes to, if any.
fn destination(spec: &str) -> Option<&'static str> {
    let dst = spec.rsplit(':').next().unwrap_or(spec);
    let dst = dst.strip_prefix("refs/heads/").unwrap_or(dst);
    PROTECTED.into_iter().find(|p| *p == dst)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(line: &str) -> bool {
        let words: Vec<String> = format!("git {line}")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        check(&words).is_some()
    }

    #[test]
    fn forced_pushes_to_main_or_master_are_refused() {
        for args in [
            "push --force origin main",
            "push -f origin main",
            "push origin main -f",
            "push -fu origin main",
            "push -uf origin master",
            "push --force-with-lease origin main",
            "push --force-with-lease=main:abc123 origin main",
            "push origin +main",
            "push origin +HEAD:main",
            "push --force origin HEAD:main",
            "push --force origin feature:refs/heads/main",
            "push origin +refs/heads/topic:refs/heads/master",
            "push --force origin feature main",
            "-C repo -c push.default=current push -f origin main",
            "--no-pager push -f origin main",
            "push -o ci.skip -f origin main",
            "push --repo origin -f origin main",
            "push --force --all origin",
            "push --mirror origin",
        ] {
            assert!(refused(args), "git {args}");
        }
    }

    #[test]
    fn other_pushes_pass() {
        for args in [
            "push origin main",
            "push origin HEAD:main",
            "push -u origin feature",
            "push --force origin feature",
            "push -f origin main-backup",
            "push -f origin mainline",
            "push origin +feature main",
            "push origin +main:feature",
            "push -f",
            "push --force origin",
            "push --all origin",
            "push -o force origin main",
            "status -f main",
            "commit -m 'push -f origin main'",
            "log origin/main",
        ] {
            assert!(!refused(args), "git {args}");
        }
    }

    #[test]
    fn the_reason_names_the_branch_and_the_force() {
        let words: Vec<String> = ["git", "push", "origin", "+master"]
            .map(str::to_owned)
            .into();
        let why = check(&words).expect("refused");
        assert!(why.contains("`master`"), "{why}");
        assert!(why.contains("forced refspec"), "{why}");
    }
}
