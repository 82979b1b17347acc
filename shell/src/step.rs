//! What a command's first word does with the words after it: the answer
//! the wrappers and the shells give the walk.

use super::unseen::Why;

/// What a command's first word does with the rest.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// It runs these commands (one, or one per `find -exec`).
    Next(Vec<Next>),
    /// It runs this script (`sh -c SCRIPT`, `eval ...`, `flock -c ...`),
    /// with these words as `$0`, `$1`, ... when it gives them.
    Script {
        text: String,
        args: Option<Vec<String>>,
    },
    /// A shell reading its script from its standard input: `explicit`
    /// when it says so (`sh -s`, `source /dev/stdin`), not only by having
    /// no script.
    Stdin { explicit: bool },
    /// It runs a script the line does not show.
    Unseen(Why),
    /// It runs no other command the line shows.
    Done,
}

/// A command a wrapper runs.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Next {
    pub words: Vec<String>,
    /// The folder it runs in, where the wrapper sets it (`env -C DIR`).
    pub chdir: Option<String>,
    /// Where more of its operands come from, if the wrapper adds them.
    pub operands: Option<Source>,
}

impl Next {
    pub(super) fn words(words: &[String]) -> Step {
        Step::Next(vec![Next {
            words: words.to_vec(),
            ..Next::default()
        }])
    }
}

/// Where a wrapper takes the operands it adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Source {
    /// `xargs`, `parallel`: items read from standard input, each split
    /// off as `split` says; put in place of `replace` (`-I {}`) where it
    /// is given, else after the words.
    Stdin {
        replace: Option<String>,
        split: Split,
    },
    /// `xargs -a FILE`: items read from a file.
    File(String),
    /// `find PATHS ... -exec`: what `find` finds under these paths.
    Found(Vec<String>),
}

/// How `xargs` splits its input into items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Split {
    /// At blanks and newlines, quotes removed.
    Blanks,
    /// At newlines (`-L`, `-I`, `parallel`).
    Lines,
    /// At this character (`-0`, `-d`).
    At(char),
}
