//! Multi-platform packages: one binary per target triple
//! (`export AGENT DIR --bin TRIPLE=PATH ...`), each at
//! `<bin dir>/<triple>/<name>[.exe]`, and at the path the agent's hook
//! commands name, a launcher that starts the one built for the machine it
//! runs on: `sh` (choosing by `uname -s` and `uname -m`, which Git Bash on
//! Windows answers too, and on Linux by the C library) and, beside it,
//! `<name>.cmd` for Windows (choosing by the machine's architecture). Neither launcher parses a path: each
//! finds its own folder (`$0`, `%~dp0`) and passes the arguments on as
//! they came (`"$@"`, `%*`).

use std::fmt;
use std::path::PathBuf;

use super::ExportError;

/// One binary to ship, and the target it was built for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The Rust target triple, one of [`TRIPLES`].
    pub triple: String,
    /// The binary built for it.
    pub path: PathBuf,
}

/// The targets a package can ship, as `rustc --print target-list` names
/// them: the operating systems and architectures the launchers tell apart.
pub const TRIPLES: [&str; 9] = [
    "x86_64-unknown-linux-gnu",
    "x86_64-unknown-linux-musl",
    "aarch64-unknown-linux-gnu",
    "aarch64-unknown-linux-musl",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
    "x86_64-pc-windows-msvc",
    "x86_64-pc-windows-gnu",
    "aarch64-pc-windows-msvc",
];

/// Why a `--bin TRIPLE=PATH` argument was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadTarget(String);

impl fmt::Display for BadTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadTarget {}

impl Target {
    /// Reads `TRIPLE=PATH`: a triple of [`TRIPLES`] and a file that exists.
    pub fn parse(arg: &str) -> Result<Target, BadTarget> {
        let Some((triple, path)) = arg.split_once('=') else {
            return Err(BadTarget(format!(
                "`--bin {arg}`: expected TRIPLE=PATH, e.g. `--bin x86_64-pc-windows-msvc=target/x86_64-pc-windows-msvc/release/my-host.exe`"
            )));
        };
        if !TRIPLES.contains(&triple) {
            return Err(BadTarget(format!(
                "`--bin {arg}`: unknown target triple `{triple}`; a package can ship {}",
                TRIPLES.join(", ")
            )));
        }
        let path = PathBuf::from(path);
        if !path.is_file() {
            return Err(BadTarget(format!(
                "`--bin {arg}`: `{}` is not a file (build it first, e.g. `cargo build --release --target {triple}`)",
                path.display()
            )));
        }
        Ok(Target {
            triple: triple.to_owned(),
            path,
        })
    }

    pub(crate) fn windows(&self) -> bool {
        self.triple.contains("-windows-")
    }

    fn musl(&self) -> bool {
        self.triple.ends_with("-linux-musl")
    }

    /// The binary's file name in its folder: `.exe` on Windows.
    pub(crate) fn file_name(&self, bin: &str) -> String {
        if self.windows() {
            format!("{bin}.exe")
        } else {
            bin.to_owned()
        }
    }

    /// The `uname -s` patterns (shell `case` syntax) of its system.
    fn uname_system(&self) -> &'static str {
        if self.windows() {
            "MINGW*|MSYS*|CYGWIN*"
        } else if self.triple.contains("-apple-darwin") {
            "Darwin"
        } else {
            "Linux"
        }
    }

    /// The `uname -m` patterns of its architecture.
    fn uname_machine(&self) -> &'static str {
        if self.triple.starts_with("aarch64-") {
            "aarch64|arm64"
        } else {
            "x86_64|amd64"
        }
    }
}

/// Checks that no triple is given twice.
pub(crate) fn check_unique(targets: &[Target]) -> Result<(), ExportError> {
    for (i, t) in targets.iter().enumerate() {
        if targets[..i].iter().any(|u| u.triple == t.triple) {
            return Err(ExportError::Binary(format!(
                "`--bin {}=...` is given twice",
                t.triple
            )));
        }
    }
    Ok(())
}

/// The POSIX launcher: picks the binary by `uname -s`/`uname -m`, and
/// fails with the platform and the triples the package has when none
/// fits. Where two builds fit (a `gnu` and a `musl` one for a Linux
/// architecture), the C library decides: `ldd --version` names musl on a
/// musl system (Alpine) and GNU libc on a glibc one; without `ldd`, musl's
/// loader (`/lib/ld-musl-<arch>.so.1`) tells. A glibc system takes the
/// `gnu` build, a musl one the `musl` build; either takes the other when
/// it is the only build for the architecture (a static musl build runs on
/// glibc; a `gnu` one on musl only with a compatibility layer, which beats
/// no binary at all).
pub fn sh_launcher(bin: &str, targets: &[Target]) -> String {
    let detect = targets.iter().any(Target::musl);
    let case = |t: &Target, libc: &str| {
        format!(
            "  {}) triple={} file={} ;;\n",
            t.uname_system()
                .split('|')
                .flat_map(|s| t
                    .uname_machine()
                    .split('|')
                    .map(move |m| format!("{s}/{m}{libc}")))
                .collect::<Vec<_>>()
                .join("|"),
            t.triple,
            t.file_name(bin)
        )
    };
    let mut cases = String::new();
    let mut libc = String::new();
    if detect {
        libc.push_str(
            "libc=\n\
             if [ \"$(uname -s)\" = Linux ]; then\n  \
             case \"$(ldd --version 2>&1)\" in\n    \
             *musl*) libc=musl ;;\n    \
             *GNU*|*GLIBC*|*glibc*) libc=gnu ;;\n    \
             *) if [ -e \"/lib/ld-musl-$(uname -m).so.1\" ]; then libc=musl; else libc=gnu; fi ;;\n  \
             esac\n\
             fi\n",
        );
        let linux = |t: &&Target| t.uname_system() == "Linux";
        for t in targets.iter().filter(linux) {
            let own = if t.musl() { "/musl" } else { "/gnu" };
            cases.push_str(&case(t, own));
        }
        for t in targets.iter().filter(|t| !linux(t)) {
            cases.push_str(&case(t, "/*"));
        }
        // Then any build for the architecture, one line per architecture.
        let mut machines = Vec::new();
        for t in targets.iter().filter(linux) {
            if !machines.contains(&t.uname_machine()) {
                machines.push(t.uname_machine());
                cases.push_str(&case(t, "/*"));
            }
        }
    } else {
        for t in targets {
            cases.push_str(&case(t, ""));
        }
    }
    let subject = if detect {
        "$platform/$libc"
    } else {
        "$platform"
    };
    let have: Vec<&str> = targets.iter().map(|t| t.triple.as_str()).collect();
    format!(
        "#!/bin/sh\n\
         # Starts {bin} built for this system and architecture (written by tackle export).\n\
         platform=\"$(uname -s)/$(uname -m)\"\n\
         {libc}\
         case \"{subject}\" in\n\
         {cases}  *)\n    \
         echo \"{bin}: no binary for $platform in this package (it has {have})\" >&2\n    \
         exit 127 ;;\n\
         esac\n\
         exec \"$(dirname -- \"$0\")/$triple/$file\" \"$@\"\n",
        have = have.join(", ")
    )
}

/// The Windows launcher: the machine's architecture is `AMD64` or `ARM64`
/// (an x86_64 build also runs on ARM64 Windows, emulated, so it is the
/// fallback there). It is `%PROCESSOR_ARCHITEW6432%` when that is set: a
/// 32-bit process (the agent, or the `cmd` it started) on 64-bit Windows
/// sees `x86` in `%PROCESSOR_ARCHITECTURE%` and the machine's own
/// architecture in `%PROCESSOR_ARCHITEW6432%`, else
/// `%PROCESSOR_ARCHITECTURE%`. `%~dp0` is the script's own folder, ending in `\`, and
/// stays one argument inside the quotes whatever it holds.
pub fn cmd_launcher(bin: &str, targets: &[Target]) -> String {
    let windows: Vec<&Target> = targets.iter().filter(|t| t.windows()).collect();
    let pick = |arch: &str| {
        windows
            .iter()
            .find(|t| t.triple.starts_with(arch))
            .map(|t| t.triple.as_str())
    };
    let x86 = pick("x86_64-");
    let arm = pick("aarch64-").or(x86);
    let mut text = format!(
        "@echo off\r\n\
         rem Starts {bin} built for this architecture (written by tackle export).\r\n\
         setlocal\r\n\
         set \"arch=%PROCESSOR_ARCHITECTURE%\"\r\n\
         if defined PROCESSOR_ARCHITEW6432 set \"arch=%PROCESSOR_ARCHITEW6432%\"\r\n\
         set \"triple=\"\r\n"
    );
    if let Some(x86) = x86 {
        text.push_str(&format!(
            "if /i \"%arch%\"==\"AMD64\" set \"triple={x86}\"\r\n"
        ));
    }
    if let Some(arm) = arm {
        text.push_str(&format!(
            "if /i \"%arch%\"==\"ARM64\" set \"triple={arm}\"\r\n"
        ));
    }
    text.push_str(&format!(
        "if not defined triple (\r\n  \
         echo {bin}: no binary for Windows %arch% in this package ^(it has {have}^) 1>&2\r\n  \
         exit /b 127\r\n\
         )\r\n\
         \"%~dp0%triple%\\{bin}.exe\" %*\r\n\
         exit /b %ERRORLEVEL%\r\n",
        have = windows
            .iter()
            .map(|t| t.triple.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_argument_names_what_is_wrong() {
        let e = Target::parse("x86_64-linux=/bin/sh")
            .expect_err("refused")
            .to_string();
        assert!(e.contains("unknown target triple `x86_64-linux`"), "{e}");
        assert!(e.contains("aarch64-apple-darwin"), "{e}");
        let e = Target::parse("/bin/sh").expect_err("refused").to_string();
        assert!(e.contains("expected TRIPLE=PATH"), "{e}");
        let e = Target::parse("x86_64-apple-darwin=/no/such/file")
            .expect_err("refused")
            .to_string();
        assert!(e.contains("`/no/such/file` is not a file"), "{e}");
        let t = Target::parse("x86_64-apple-darwin=/bin/sh").expect("parses");
        assert_eq!(t.path, PathBuf::from("/bin/sh"));
    }
}
