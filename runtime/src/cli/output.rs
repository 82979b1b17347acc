//! Writing to stdout and stderr when the reader may go away (`list | head`,
//! an agent that closes the pipe).

use std::fmt;
use std::io::{ErrorKind, Write};

/// Writes `text` to stdout. A closed pipe is the reader saying "enough",
/// not an error: the output stops quietly instead of panicking as
/// `println!` would.
pub(crate) fn write(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != ErrorKind::BrokenPipe
    {
        err(format_args!("error: cannot write to stdout: {e}"));
    }
}

/// Writes one line to stderr; if stderr is gone there is nobody left to
/// tell, so errors are ignored (`eprintln!` would panic).
pub(crate) fn err(line: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
