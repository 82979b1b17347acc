//! The system a package's hook commands are written for, and so the shell
//! that runs them there and how they name the binary. It matters to the
//! agents that take one command line for every system and hand it to that
//! system's shell: Gemini CLI (`bash -c` elsewhere, PowerShell on Windows),
//! Qwen Code (`bash -c`, or the shell a hook names), and the agents whose
//! packages name this machine's binary by its absolute path (Kimi's
//! tables, Cline's hook files, what `install` writes). A package for
//! Windows gets Windows lines; `install`, which runs on the user's machine,
//! writes that machine's. As a parameter, tests on Linux check the Windows
//! branch.

use std::fmt;
use std::path::Path;

use super::{ExportError, Options, quote};
use crate::Agent;

/// The operating system a package's hook lines are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    /// Linux and macOS: the lines are for `bash`.
    Unix,
    /// Windows: the lines are for PowerShell, or `cmd.exe` where the agent
    /// runs that.
    Windows,
}

impl Os {
    /// The names `--os` takes.
    pub const NAMES: [&'static str; 2] = ["unix", "windows"];

    /// The system this program runs on.
    pub fn current() -> Os {
        if cfg!(windows) { Os::Windows } else { Os::Unix }
    }

    /// Reads `unix` (Linux and macOS) or `windows`.
    pub fn parse(name: &str) -> Result<Os, String> {
        match name {
            "unix" => Ok(Os::Unix),
            "windows" => Ok(Os::Windows),
            other => Err(format!(
                "unknown system `{other}`: expected {}",
                Os::NAMES.join(" or ")
            )),
        }
    }
}

impl Default for Os {
    fn default() -> Os {
        Os::current()
    }
}

impl fmt::Display for Os {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Os::Unix => "unix",
            Os::Windows => "windows",
        })
    }
}

/// `path` as the program word of a command line the shell of `os` runs:
/// single-quoted for `sh`, double-quoted for `cmd.exe`.
pub(crate) fn program_word(os: Os, path: &Path) -> String {
    match os {
        Os::Unix => quote::shell(&path.to_string_lossy()),
        Os::Windows => quote::cmd(&path.to_string_lossy()),
    }
}

/// A hook line that runs the program the environment variable `var`
/// names, with `args` (plain words), and exits with its status. The path
/// is the variable's value, never part of the line, so no shell parses it
/// whatever it holds (spaces, quotes, `$`, backslashes).
///
/// In PowerShell, `& $env:VAR` calls the program the string names without
/// reading it as a command line. PowerShell does not exit with a
/// program's status by itself, hence `exit $LASTEXITCODE` (a refusal is
/// exit 2); `$LASTEXITCODE` is set to 127 first, so that a program that
/// cannot start (missing, not executable) exits 127 as in `bash`, not 0.
pub(crate) fn env_program_line(os: Os, var: &str, args: &[&str]) -> String {
    let args = args.join(" ");
    match os {
        Os::Unix => format!("\"${var}\" {args}"),
        Os::Windows => {
            format!("$LASTEXITCODE = 127; & $env:{var} {args}; exit $LASTEXITCODE")
        }
    }
}

/// Refuses a multi-platform package for Windows without a Windows build,
/// for an agent whose hook lines are written for one system
/// (`Protocol::hook_lines_per_system`): its PowerShell lines would have
/// nothing to start. Checked before anything is written.
pub(crate) fn check(agent: Agent, options: &Options) -> Result<(), ExportError> {
    let windows = options
        .targets
        .iter()
        .any(|t| t.triple.contains("-windows-"));
    if agent.protocol().hook_lines_per_system()
        && options.os == Os::Windows
        && !options.targets.is_empty()
        && !windows
    {
        return Err(ExportError::Binary(format!(
            "hook lines for Windows (`--os {}`) need a Windows build among the `--bin` targets, e.g. `--bin x86_64-pc-windows-msvc=PATH`",
            Os::Windows
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_system_gets_a_line_its_shell_runs() {
        assert_eq!(
            env_program_line(Os::Unix, "TACKLE_BIN", &["hook", "gemini", "BeforeTool"]),
            "\"$TACKLE_BIN\" hook gemini BeforeTool"
        );
        assert_eq!(
            env_program_line(Os::Windows, "TACKLE_BIN", &["hook", "qwen", "PreToolUse"]),
            "$LASTEXITCODE = 127; & $env:TACKLE_BIN hook qwen PreToolUse; exit $LASTEXITCODE"
        );
    }

    #[test]
    fn names_read_back() {
        for os in [Os::Unix, Os::Windows] {
            assert_eq!(Os::parse(&os.to_string()), Ok(os));
        }
        let e = Os::parse("linux").expect_err("refused");
        assert_eq!(e, "unknown system `linux`: expected unix or windows");
    }
}
