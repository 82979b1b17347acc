//! The `rm` rule: a recursive, forced delete of `/`, `~` or everything in
//! them.

/// Why `rm` with these arguments (the words after `rm`) is refused, if it is.
pub(crate) fn check(args: &[String]) -> Option<String> {
    let mut recursive = false;
    let mut force = false;
    let mut target = None;
    let mut options_done = false;
    for arg in args {
        if options_done || arg == "-" || !arg.starts_with('-') {
            target = target.or(dangerous_target(arg));
        } else if arg == "--" {
            options_done = true;
        } else if let Some(long) = arg.strip_prefix("--") {
            // GNU rm takes any unambiguous prefix of a long option (`--rec`).
            recursive |= "recursive".starts_with(long);
            force |= "force".starts_with(long);
        } else {
            recursive |= arg.contains(['r', 'R']);
            force |= arg.contains('f');
        }
    }
    let target = target?;
    (recursive && force).then(|| {
        format!(
            "it deletes {target} recursively (-r) and without asking (-f), which cannot be undone. \
             Delete the specific paths you mean instead"
        )
    })
}

/// What deleting this operand would wipe out, if it is one the rule guards.
fn dangerous_target(operand: &str) -> Option<&'static str> {
    let normal = normalize(operand);
    match normal.as_str() {
        "/" => Some("the whole filesystem (`/`)"),
        "/*" => Some("everything under the filesystem root (`/*`)"),
        "~" => Some("the home directory (`~`)"),
        "~/*" => Some("everything in the home directory (`~/*`)"),
        _ => None,
    }
}

/// `$HOME` and `${HOME}` written as `~`; of a path from `/` or `~`, the
/// empty and `.` components dropped, `..` taken back and a component of
/// stars written `*`: `//`, `/./` and `/tmp/..` are `/`, `$HOME/` is `~`,
/// `/./**` is `/*`.
fn normalize(operand: &str) -> String {
    let home = ["${HOME}", "$HOME"]
        .iter()
        .find_map(|var| operand.strip_prefix(var))
        .filter(|rest| rest.is_empty() || rest.starts_with('/'));
    let text = match home {
        Some(rest) => format!("~{rest}"),
        None => operand.to_owned(),
    };
    let (root, rest) = if let Some(rest) = text.strip_prefix('/') {
        ("/", rest)
    } else if let Some(rest) = text
        .strip_prefix('~')
        .filter(|r| r.is_empty() || r.starts_with('/'))
    {
        ("~", rest)
    } else {
        return text;
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in rest.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            stars if stars.chars().all(|c| c == '*') => parts.push("*"),
            other => parts.push(other),
        }
    }
    match (root, parts.is_empty()) {
        (_, true) => root.to_owned(),
        ("/", false) => format!("/{}", parts.join("/")),
        _ => format!("~/{}", parts.join("/")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(args: &str) -> bool {
        let words: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
        check(&words).is_some()
    }

    #[test]
    fn every_spelling_of_recursive_and_force_counts() {
        for args in [
            "-rf /",
            "-fr /",
            "-r -f /",
            "-R -f /",
            "-Rf /",
            "-rfv /",
            "-vfR /",
            "--recursive --force /",
            "--recursive -f /",
            "-r --force /",
            "--rec --forc /",
            "/ -rf",
            "-rf -- /",
            "-rf --no-preserve-root /",
        ] {
            assert!(refused(args), "rm {args}");
        }
    }

    #[test]
    fn every_guarded_target_counts() {
        for target in [
            "/",
            "/*",
            "~",
            "~/",
            "~/*",
            "$HOME",
            "$HOME/",
            "${HOME}",
            "$HOME/*",
            "//",
            "/.",
            "~//",
            "/./*",
            "/./",
            "//./*",
            "/tmp/../*",
            "/usr/..",
            "/**",
            "/./**/",
            "~/./*",
            "$HOME/.",
        ] {
            assert!(refused(&format!("-rf {target}")), "rm -rf {target}");
        }
        assert!(refused("-rf ./build /"), "one guarded operand among others");
    }

    #[test]
    fn other_deletes_pass() {
        for args in [
            "-r /",
            "-f /",
            "-rf /tmp/foo",
            "-rf ./build",
            "-rf ~/project",
            "-rf $HOMEDIR",
            "-rf /*.log",
            "-rf /tmp/./build",
            "-rf ./*",
            "/",
            "-rf",
            "-- -rf",
        ] {
            assert!(!refused(args), "rm {args}");
        }
    }

    #[test]
    fn the_reason_names_the_target_and_the_flags() {
        let why = check(&["-rf".into(), "~".into()]).expect("refused");
        assert!(why.contains("home directory"), "{why}");
        assert!(why.contains("-r") && why.contains("-f"), "{why}");
    }
}
