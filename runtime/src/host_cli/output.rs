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

/// Writes `text` to stdout, then a line for each of a report's notes.
pub(crate) fn write_noted(mut text: String, notes: &[String]) {
    for note in notes {
        text.push_str(&format!("note: {note}\n"));
    }
    write(&text);
}

/// Writes one line to stderr; if stderr is gone there is nobody left to
/// tell, so errors are ignored (`eprintln!` would panic).
pub(crate) fn err(line: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Stdout for a report written as it is made: buffered, and, as
/// [`write`], quiet once the reader goes away (further text is dropped);
/// another failure is reported once.
#[derive(Debug)]
pub(crate) struct Stream {
    out: std::io::BufWriter<std::io::Stdout>,
    failed: bool,
}

impl Stream {
    pub(crate) fn stdout() -> Stream {
        Stream {
            out: std::io::BufWriter::new(std::io::stdout()),
            failed: false,
        }
    }

    /// Writes `text`.
    pub(crate) fn print(&mut self, text: &str) {
        let _ = Write::write_all(self, text.as_bytes());
    }

    /// Writes what is buffered.
    pub(crate) fn end(&mut self) {
        let _ = Write::flush(self);
    }

    fn failed(&mut self, e: &std::io::Error) {
        if !self.failed && e.kind() != ErrorKind::BrokenPipe {
            err(format_args!("error: cannot write to stdout: {e}"));
        }
        self.failed = true;
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !self.failed
            && let Err(e) = self.out.write_all(buf)
        {
            self.failed(&e);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.failed
            && let Err(e) = self.out.flush()
        {
            self.failed(&e);
        }
        Ok(())
    }
}
