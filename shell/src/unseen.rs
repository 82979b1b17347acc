//! A script a command line runs but does not show, and why.

use std::fmt;

/// How deep scripts may nest (`bash -c "sh -c '...'"`, substitutions in
/// substitutions) before the rest is reported [`Unseen`] rather than read.
pub const MAX_DEPTH: usize = 8;

/// A script a line runs but does not show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unseen {
    /// The command that runs it, as words.
    pub command: Vec<String>,
    /// Why its text is not on the line.
    pub why: Why,
}

/// Why a script is [`Unseen`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// Scripts nest deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A shell reads its script from another program's output
    /// (`curl ... | sh`), whose text is not on the line: that program.
    Piped(String),
    /// A shell reads its script from a process substitution
    /// (`bash <(curl ...)`, `source <(curl ...)`).
    ProcessSubstitution,
    /// A shell reads its script from standard input, which the line does
    /// not give it (`source /dev/stdin`, `sh -s`).
    Stdin,
    /// A shell reads its script from a file descriptor the line does not
    /// show the text of (`source /dev/fd/3`).
    Descriptor,
    /// PowerShell runs an encoded script (`pwsh -EncodedCommand ...`).
    Encoded,
}

impl fmt::Display for Unseen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let command = self.command.join(" ");
        match &self.why {
            Why::TooDeep => write!(
                f,
                "`{command}` nests scripts more than {MAX_DEPTH} deep, too deep to read"
            ),
            Why::Piped(from) => write!(
                f,
                "`{command}` runs a script it reads from the output of `{from}`, which the command line does not show"
            ),
            Why::ProcessSubstitution => write!(
                f,
                "`{command}` runs a script from a process substitution, which the command line does not show"
            ),
            Why::Stdin => write!(
                f,
                "`{command}` runs a script from its standard input, which the command line does not show"
            ),
            Why::Descriptor => write!(
                f,
                "`{command}` runs a script from a file descriptor, which the command line does not show"
            ),
            Why::Encoded => write!(
                f,
                "`{command}` runs an encoded script, which the command line does not show as text"
            ),
        }
    }
}
