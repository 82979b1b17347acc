//! Writing results to stdout when the reader may go away (`list | head`).

use std::io::{ErrorKind, Write};

/// Writes `text` to stdout. A closed pipe is the reader saying "enough",
/// not an error: the output stops quietly instead of panicking as
/// `println!` would.
pub(crate) fn write(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != ErrorKind::BrokenPipe
    {
        eprintln!("error: cannot write to stdout: {e}");
    }
}
