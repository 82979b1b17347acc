//! A program run with a private `/etc`, for the agents whose managed
//! policy is at a fixed path there (Claude Code's `/etc/claude-code`,
//! Codex's `/etc/codex`, Copilot CLI's `/etc/github-copilot`): a test
//! cannot move them, and must not write the machine's. In a mount
//! namespace of its own (`unshare --mount`; for a user but root, inside a
//! user namespace too, where it is root) the program sees the machine's
//! `/etc` with a folder of the test's laid over it (an overlay,
//! copy-on-write): the machine's `/etc` is never touched, and the mount
//! ends with the program.
//!
//! Where namespaces are not allowed (a container without the capability,
//! a kernel or a security module that forbids them to users), the tests
//! fail saying so, unless `TACKLE_SKIP_NAMESPACES=1` skips them locally;
//! never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::venv::in_ci;

/// The variable that skips the tests that need a private `/etc` locally.
const SKIP: &str = "TACKLE_SKIP_NAMESPACES";

/// Mounts the overlay (`$1` over `/etc`, `$2` its work folder), then runs
/// the rest.
const SCRIPT: &str = r#"mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1,workdir=$2" /etc || exit 97
shift 2
exec "$@""#;

/// `unshare`'s flags that give a private `/etc` here: `--mount` for root,
/// else a user namespace too.
const WAYS: [&[&str]; 2] = [&["--mount"], &["--user", "--map-root-user", "--mount"]];

/// Runs programs over a private `/etc`, with the files of one folder.
#[derive(Debug)]
pub struct PrivateEtc {
    /// Laid over `/etc`: `<upper>/claude-code/...` is
    /// `/etc/claude-code/...`.
    upper: PathBuf,
    /// The overlay's work folder, on the same file system.
    work: tempfile::TempDir,
    /// `unshare`'s flags.
    flags: &'static [&'static str],
}

impl PrivateEtc {
    /// A private `/etc` with `upper`'s files over the machine's; `None`
    /// when `TACKLE_SKIP_NAMESPACES=1` skips the tests (it says so).
    ///
    /// Panics when namespaces or the overlay are not allowed here, saying
    /// why and how to skip locally; under `CI=true` always.
    pub fn over(upper: &Path, tests: &str) -> Option<PrivateEtc> {
        if std::env::var_os(SKIP).is_some_and(|v| v == "1") {
            assert!(
                !in_ci(),
                "{SKIP}=1 is set under CI=true: CI must run {tests}"
            );
            eprintln!("{SKIP}=1: {tests} are skipped");
            return None;
        }
        let flags = match ways() {
            Ok(flags) => flags,
            Err(why) => panic!(
                "{tests} need a private /etc (a mount namespace and an overlay, `unshare`), which this machine refuses{}:\n{why}",
                if in_ci() {
                    String::new()
                } else {
                    format!(" (set {SKIP}=1 to skip them locally)")
                }
            ),
        };
        std::fs::create_dir_all(upper).expect("the folder over /etc");
        let parent = upper.parent().expect("the folder has a parent");
        let work = tempfile::tempdir_in(parent).expect("the overlay's work folder");
        Some(PrivateEtc {
            upper: upper.to_owned(),
            work,
            flags,
        })
    }

    /// `program`, to be run with the private `/etc` (add its arguments,
    /// environment and folder as to any command; with `env_clear`, give
    /// it a `PATH` that has `mount`).
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(unshare());
        command
            .args(self.flags)
            .args(["--", "sh", "-c", SCRIPT, "sh"])
            .arg(&self.upper)
            .arg(self.work.path())
            .arg(program);
        command
    }
}

/// The first of [`WAYS`] that mounts an overlay on `/etc` here, or what
/// each said.
fn ways() -> Result<&'static [&'static str], String> {
    static FOUND: OnceLock<Result<&'static [&'static str], String>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let mut said = String::new();
            for flags in WAYS {
                let tmp = tempfile::tempdir().expect("tempdir");
                let (upper, work) = (tmp.path().join("upper"), tmp.path().join("work"));
                for dir in [&upper, &work] {
                    std::fs::create_dir(dir).expect("mkdir");
                }
                std::fs::write(upper.join("tackle-probe"), "seen").expect("write");
                let out = Command::new(unshare())
                    .args(flags)
                    .args(["--", "sh", "-c", SCRIPT, "sh"])
                    .args([&upper, &work])
                    .args(["cat", "/etc/tackle-probe"])
                    .stdin(Stdio::null())
                    .output();
                match out {
                    Ok(out) if out.status.success() && out.stdout == b"seen" => return Ok(flags),
                    Ok(out) => said.push_str(&format!(
                        "unshare {}: {}; {}\n",
                        flags.join(" "),
                        out.status,
                        String::from_utf8_lossy(&out.stderr).trim()
                    )),
                    Err(e) => said.push_str(&format!("unshare: {e}\n")),
                }
            }
            Err(said)
        })
        .clone()
}

/// `unshare` on this machine's PATH (found before a test clears the
/// environment of the command).
fn unshare() -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join("unshare"))
        .find(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from("unshare"))
}
