//! The `rm` rule: a recursive, forced delete that may reach a protected
//! folder (see [`crate::protected`]): through an operand, however spelled
//! (`/`, `$'\x2f'`, `/tmp/..`, `~root/..`, `${X:-/}`, `$X/*` where `X` may
//! be empty, `{a,/}`), through a glob that can match one, through the
//! folder a `cd` left the line in (`cd / && rm -rf *`), or through
//! operands it gets from `find` or `xargs`.

use tackle::shell::{Operands, Place, Run};

use crate::protected::{self, Folders};

/// Why this `rm` run is refused, if it is.
pub(crate) fn check(run: &Run, folders: &Folders) -> Option<String> {
    let (_, args) = run.words.split_first()?;
    let mut recursive = false;
    let mut force = false;
    let mut operands = Vec::new();
    let mut options_done = false;
    for arg in args {
        if options_done || arg == "-" || !arg.starts_with('-') {
            operands.push(arg);
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
    if !(recursive && force) {
        return None;
    }
    let what = operands
        .iter()
        .find_map(|operand| {
            Place::parse(operand, &run.cwd)
                .iter()
                .find_map(|place| protected::reaches(place, folders))
                .map(|what| (what, operand.contains(['$', '`'])))
        })
        .or_else(|| added(run, folders).map(|what| (what, false)));
    let (what, maybe_empty) = what?;
    let hint = if maybe_empty {
        " (a value the line does not show may be empty: write `${VAR:?}` to stop there instead)"
    } else {
        ""
    };
    Some(format!(
        "it deletes {what} recursively (-r) and without asking (-f), which cannot be undone{hint}. \
         Delete the specific paths you mean instead"
    ))
}

/// What the operands `find` or `xargs` add may reach.
fn added(run: &Run, folders: &Folders) -> Option<String> {
    match run.operands.as_ref()? {
        Operands::Found(places) => places
            .iter()
            .find_map(|place| protected::holds(place, folders))
            .map(|what| format!("what `find` finds there: {what}")),
        Operands::Unseen(from) => Some(format!(
            "paths read from {from}, which the command line does not show (they could be `/` \
             or the home directory)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &str) -> Run {
        let mut words = vec!["rm".to_owned()];
        words.extend(args.split_whitespace().map(str::to_owned));
        Run {
            words,
            as_written: true,
            cwd: vec![Place::start()],
            operands: None,
        }
    }

    fn refused(args: &str) -> bool {
        check(&run(args), &Folders::default()).is_some()
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
    fn operands_from_find_and_xargs_count() {
        let with = |operands: Operands| {
            let mut run = run("-rf {}");
            run.operands = Some(operands);
            check(&run, &Folders::default())
        };
        let found = |word: &str| Operands::Found(Place::parse(word, &[Place::start()]));
        assert!(with(found("/")).is_some());
        assert!(with(found("~")).is_some());
        assert!(with(Operands::Unseen("the output of `cat`".into())).is_some());
        assert_eq!(with(found(".")), None);
        assert_eq!(with(found("./build")), None);
    }

    #[test]
    fn the_reason_names_the_target_and_the_flags() {
        let why = check(&run("-rf ~"), &Folders::default()).expect("refused");
        assert!(why.contains("home directory"), "{why}");
        assert!(why.contains("-r") && why.contains("-f"), "{why}");
        let why = check(&run("-rf $DIR/*"), &Folders::default()).expect("refused");
        assert!(why.contains("${VAR:?}"), "{why}");
    }
}
