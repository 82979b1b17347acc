//! Running the command: `/bin/sh -c` in a process group of its own, stdin
//! written and stdout and stderr read (capped) on threads, the wait on a
//! thread too, and the async side waiting on channels under the timeout.
//!
//! Threads rather than `tokio::process`: that needs tokio's I/O and signal
//! drivers, which the hook binary's runtime does not start. A thread left
//! blocked (by a process that escaped the group and keeps a pipe open)
//! blocks nothing else and does not keep the process alive.

use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::oneshot;

use super::CommandHook;

/// What the command did.
#[derive(Debug)]
pub(super) struct Ran {
    pub(super) status: ExitStatus,
    pub(super) stdout: Captured,
    pub(super) stderr: Captured,
}

/// One output stream, up to the cap.
#[derive(Debug, Default)]
pub(super) struct Captured {
    pub(super) bytes: Vec<u8>,
    /// How many bytes were dropped past the cap.
    pub(super) dropped: u64,
}

impl Captured {
    /// The text, with a note at the end when it was cut.
    pub(super) fn text(&self) -> String {
        let mut text = String::from_utf8_lossy(&self.bytes).into_owned();
        if self.dropped > 0 {
            text.push_str(&format!(
                "\n[cut: {} more bytes were dropped past the {} KiB cap]",
                self.dropped,
                self.bytes.len() / 1024
            ));
        }
        text
    }

    /// Whether the cap was reached.
    pub(super) fn was_cut(&self) -> bool {
        self.dropped > 0
    }
}

/// How a process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Exit {
    Code(i32),
    Signal(i32),
}

impl Ran {
    pub(super) fn exit(&self) -> Exit {
        match (self.status.code(), self.status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            // Neither exited nor killed: stopped or continued, which `wait`
            // does not report.
            (None, None) => Exit::Code(-1),
        }
    }
}

/// Runs `hook` in `cwd` with `input` on its stdin; stdout and stderr are
/// kept up to `cap` bytes each.
pub(super) async fn execute(
    hook: &CommandHook,
    cwd: &Path,
    input: Vec<u8>,
    cap: usize,
) -> Result<Ran, String> {
    let origin = &hook.origin;
    let mut command = match &hook.args {
        Some(args) => {
            let mut command = Command::new(hook.fill(&hook.command, cwd));
            command.args(args.iter().map(|a| hook.fill(a, cwd)));
            command
        }
        None => {
            let mut command = Command::new("/bin/sh");
            command.arg("-c").arg(&hook.command);
            command
        }
    };
    command.current_dir(cwd);
    let program = command.get_program().to_string_lossy().into_owned();
    // The folder as the variables' value only: the shell expands them,
    // so the folder's name is never read as shell text.
    for name in super::ROOT_VARIABLES {
        command.env(name, &hook.root);
    }
    let mut child = command
        .env("CLAUDE_PROJECT_DIR", cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| {
            format!(
                "`{origin}` could not start (`{program}` in {}): {e}",
                cwd.display()
            )
        })?;
    // From here on, the group dies with this future unless it finished.
    let mut group = Group::new(child.id());
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (Some(mut stdin), Some(stdout), Some(stderr)) = (stdin, stdout, stderr) else {
        return Err(format!(
            "`{origin}`: internal error: the command's pipes are missing"
        ));
    };

    // A command that exits without reading its stdin closes the pipe: the
    // write fails (EPIPE; Rust ignores SIGPIPE) and that is fine.
    thread("stdin", move || {
        let _ = stdin.write_all(&input);
    })
    .map_err(|e| group.fail(origin, &e))?;
    let stdout = reader("stdout", stdout, cap).map_err(|e| group.fail(origin, &e))?;
    let stderr = reader("stderr", stderr, cap).map_err(|e| group.fail(origin, &e))?;
    let (exit_tx, exit) = oneshot::channel();
    let reaped = Arc::clone(&group.reaped);
    thread("wait", move || {
        let status = child.wait();
        reaped.store(true, Ordering::SeqCst);
        let _ = exit_tx.send(status);
    })
    .map_err(|e| group.fail(origin, &e))?;

    let finished = async { tokio::join!(exit, stdout, stderr) };
    match tokio::time::timeout(hook.timeout, finished).await {
        Ok((Ok(Ok(status)), Ok(stdout), Ok(stderr))) => {
            group.disarm();
            Ok(Ran {
                status,
                stdout,
                stderr,
            })
        }
        Ok((Ok(Err(e)), _, _)) => Err(group.fail(origin, &format!("cannot wait for it: {e}"))),
        Ok(_) => Err(group.fail(origin, "internal error: a thread watching it stopped")),
        Err(_) => {
            let exited = group.reaped.load(Ordering::SeqCst);
            group.kill().await;
            let secs = hook.timeout.as_secs_f64();
            Err(if exited {
                format!(
                    "`{origin}` did not finish within {secs} s: it exited, but a process it started kept its output open (killed)"
                )
            } else {
                format!("`{origin}` did not finish within {secs} s (killed)")
            })
        }
    }
}

/// Runs `f` on a thread of its own.
fn thread(name: &str, f: impl FnOnce() + Send + 'static) -> Result<(), String> {
    std::thread::Builder::new()
        .name(format!("tackle-hook-{name}"))
        .spawn(f)
        .map(drop)
        .map_err(|e| format!("cannot start a thread for its {name}: {e}"))
}

/// Reads `pipe` to its end on a thread, keeping `cap` bytes.
fn reader(
    name: &str,
    pipe: impl Read + Send + 'static,
    cap: usize,
) -> Result<oneshot::Receiver<Captured>, String> {
    let (tx, rx) = oneshot::channel();
    thread(name, move || {
        let _ = tx.send(capture(pipe, cap));
    })?;
    Ok(rx)
}

/// Reads `pipe` to its end (so the writer never blocks on a full pipe),
/// keeping the first `cap` bytes and counting the rest.
pub(super) fn capture(mut pipe: impl Read, cap: usize) -> Captured {
    let mut out = Captured::default();
    let mut buf = [0u8; 16 * 1024];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                let room = cap.saturating_sub(out.bytes.len()).min(n);
                out.bytes.extend_from_slice(&buf[..room]);
                out.dropped += (n - room) as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    out
}

/// The command's process group, killed when it is dropped before the
/// command finished (a timeout, or the host dropping the hook's future).
///
/// The group's id is the shell's pid, which cannot be reused while the
/// shell is unreaped or any process of the group lives; a group is only
/// killed while the command has not finished, so one of the two holds
/// (short of a process that left the group and holds a pipe open while the
/// pids wrap round).
#[derive(Debug)]
struct Group {
    pgid: u32,
    /// Set once the shell exited and was reaped.
    reaped: Arc<AtomicBool>,
    armed: bool,
}

impl Group {
    fn new(pgid: u32) -> Group {
        Group {
            pgid,
            reaped: Arc::new(AtomicBool::new(false)),
            armed: true,
        }
    }

    fn disarm(&mut self) {
        self.armed = false;
    }

    /// Kills the group and waits (briefly) for `kill` to have run.
    async fn kill(&mut self) {
        self.armed = false;
        let (tx, rx) = oneshot::channel();
        let pgid = self.pgid;
        if thread("kill", move || {
            kill_group(pgid);
            let _ = tx.send(());
        })
        .is_ok()
        {
            let _ = tokio::time::timeout(Duration::from_secs(2), rx).await;
        } else {
            kill_group(pgid);
        }
    }

    /// Kills the group (in the background) and says what went wrong.
    fn fail(&mut self, origin: &str, why: &str) -> String {
        self.armed = false;
        let pgid = self.pgid;
        if thread("kill", move || kill_group(pgid)).is_err() {
            kill_group(pgid);
        }
        format!("`{origin}`: {why}")
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        if self.armed {
            let pgid = self.pgid;
            if thread("kill", move || kill_group(pgid)).is_err() {
                kill_group(pgid);
            }
        }
    }
}

/// `SIGKILL` to every process of the group, through the shell's `kill`
/// builtin (the runtime has no `kill(2)` binding: `rustix`'s `process`
/// feature is not enabled and `unsafe` is denied).
fn kill_group(pgid: u32) {
    let result = Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("kill -s KILL -- -{pgid}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if let Err(e) = result {
        tracing::warn!(pgid, "cannot kill a command hook's process group: {e}");
    }
}
