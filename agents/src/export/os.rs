//! The system an export or install runs on, where that decides what it
//! writes: the shell that runs a hook command there, and so how the
//! command names the binary.

use std::path::Path;

use super::quote;

/// A system, as a parameter, so that tests on Linux check the Windows
/// branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Os {
    /// Linux, macOS: hook commands run under `sh`.
    Unix,
    /// Windows: hook commands run under `cmd.exe`, or PowerShell.
    Windows,
}

impl Os {
    /// The system this process runs on.
    pub(crate) const HOST: Os = if cfg!(windows) { Os::Windows } else { Os::Unix };
}

/// `path` as the program word of a command line the shell of `os` runs:
/// single-quoted for `sh`, double-quoted for `cmd.exe`.
pub(crate) fn program_word(os: Os, path: &Path) -> String {
    match os {
        Os::Unix => quote::shell(&path.to_string_lossy()),
        Os::Windows => quote::cmd(&path.to_string_lossy()),
    }
}
