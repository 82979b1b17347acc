//! Host binaries as processes, the way the CLI tests drive them.

use std::io::{ErrorKind, Write};
use std::process::{Child, Command, Output};
use std::time::Duration;

/// Writes `stdin` to a started child and waits for it to end. The input
/// is written from a thread: a child that stops reading early does not
/// block the test.
pub fn finish(mut child: Child, stdin: &[u8]) -> Output {
    let input = child.stdin.take();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        if let Some(mut input) = input {
            let _ = input.write_all(&bytes);
        }
    });
    let out = child.wait_with_output().expect("the child runs");
    writer.join().expect("the stdin writer");
    out
}

/// Starts `command`, waiting out "text file busy": a binary a test has
/// just copied can still be open for writing in a child another test
/// thread is forking at that moment, until that child execs.
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(e) if e.kind() == ErrorKind::ExecutableFileBusy && tries < 100 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
            started => return started,
        }
    }
}

/// Starts every child first, then waits for each: they run at once.
pub fn all_at_once(commands: Vec<Command>) -> Vec<Output> {
    let children: Vec<Child> = commands
        .into_iter()
        .map(|mut c| c.spawn().expect("starts"))
        .collect();
    children.into_iter().map(|c| finish(c, b"")).collect()
}

/// `bin` with piped stdio, `home` as the user's home (`HOME`, and
/// `TACKLE_HOME` as `home/.tackle`), and none of the runner's `TACKLE_*`
/// variables: nothing of the real user's config, folders or trust leaks in.
pub fn isolated(bin: &str, home: &std::path::Path) -> Command {
    let mut command = Command::new(bin);
    isolate(&mut command, home);
    command
}

/// The same for a command made otherwise (a program run with a private
/// `/etc`, say).
pub fn isolate(command: &mut Command, home: &std::path::Path) {
    use std::process::Stdio;
    command
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .env_remove("TACKLE_TRUST_PROJECT")
        .env("HOME", home)
        .env("TACKLE_HOME", home.join(".tackle"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
}

/// Runs `command` to its end; its stdout, or a panic naming `what` with
/// its status, stdout and stderr.
pub fn succeed(command: &mut Command, what: &str) -> String {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("runs {what}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{what} failed: {}\nstdout: {stdout}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}
