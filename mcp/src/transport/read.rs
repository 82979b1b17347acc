//! Reading the client's messages a line at a time, never holding more than
//! the line cap of any one line.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest line read; of a longer one only the first `MAX_LINE` bytes
/// are kept (to find its id), the rest is skipped unread, and the server
/// goes on with the next.
pub(crate) const MAX_LINE: usize = 16 * 1024 * 1024;

/// What one read gave.
#[derive(Debug)]
pub(crate) enum Line {
    /// A whole line is in the buffer, without its newline (the last line
    /// may have none).
    Ready,
    /// A line longer than [`MAX_LINE`]: its first `MAX_LINE` bytes are in
    /// the buffer, the rest is skipped.
    TooLong,
    /// The client closed its end.
    End,
    Failed(std::io::Error),
}

/// A line reader that can be cancelled at any `.await` and resumed without
/// losing bytes: rmcp polls `receive` in a `select!`.
#[derive(Debug)]
pub(crate) struct LineReader<R> {
    read: R,
    /// The line being read; a partial line survives a cancelled read.
    pub(crate) line: Vec<u8>,
    /// Set once a line was found too long, until its newline is consumed.
    skipping: bool,
    /// Set once the caller has been handed the line in `line`.
    taken: bool,
}

impl<R: AsyncBufRead + Unpin> LineReader<R> {
    pub(crate) fn new(read: R) -> Self {
        LineReader {
            read,
            line: Vec::new(),
            skipping: false,
            taken: false,
        }
    }

    /// Reads the next line into [`LineReader::line`].
    pub(crate) async fn next(&mut self) -> Line {
        if self.taken {
            self.line.clear();
            self.taken = false;
        }
        loop {
            let available = match self.read.fill_buf().await {
                Ok(available) => available,
                Err(e) => return Line::Failed(e),
            };
            if available.is_empty() {
                // A last line without its newline is still a line.
                if self.skipping || self.line.is_empty() {
                    return Line::End;
                }
                self.taken = true;
                return Line::Ready;
            }
            let newline = memchr::memchr(b'\n', available);
            let take = newline.map_or(available.len(), |at| at + 1);
            let step = if self.skipping {
                self.skipping = newline.is_none();
                None
            } else {
                let end = newline.unwrap_or(available.len());
                if self.line.len() + end > MAX_LINE {
                    // Keep the head, where a client writes the id.
                    let room = MAX_LINE - self.line.len();
                    self.line.extend_from_slice(&available[..room]);
                    self.skipping = newline.is_none();
                    Some(Line::TooLong)
                } else {
                    self.line.extend_from_slice(&available[..end]);
                    newline.map(|_| Line::Ready)
                }
            };
            // No `.await` between the copy and the consume: a read
            // cancelled at `fill_buf` loses nothing.
            self.read.consume(take);
            if let Some(step) = step {
                self.taken = true;
                return step;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::BufReader;

    async fn lines(capacity: usize, input: &[u8]) -> Vec<Result<String, &'static str>> {
        let mut reader = LineReader::new(BufReader::with_capacity(capacity, input));
        let mut out = Vec::new();
        loop {
            match reader.next().await {
                Line::Ready => out.push(Ok(String::from_utf8(reader.line.clone()).expect("UTF-8"))),
                Line::TooLong => {
                    assert_eq!(reader.line.len(), MAX_LINE, "the head is kept");
                    out.push(Err("too long"));
                }
                Line::End => return out,
                Line::Failed(e) => panic!("{e}"),
            }
        }
    }

    #[tokio::test]
    async fn lines_span_buffer_refills_and_an_unended_last_line_is_read() {
        let got = lines(7, b"{\"a\":1}\n\nsecond line here\r\nlast").await;
        assert_eq!(
            got,
            vec![
                Ok("{\"a\":1}".to_owned()),
                Ok(String::new()),
                Ok("second line here\r".to_owned()),
                Ok("last".to_owned())
            ]
        );
        assert_eq!(lines(3, b"").await, vec![]);
        assert_eq!(lines(3, b"one\n").await, vec![Ok("one".to_owned())]);
    }

    #[tokio::test]
    async fn an_unended_last_line_over_the_cap_is_too_long_once() {
        let mut input = b"first\n".to_vec();
        input.extend(vec![b'x'; MAX_LINE + 10]);
        let got = lines(64 * 1024, &input).await;
        assert_eq!(got, vec![Ok("first".to_owned()), Err("too long")]);
    }

    #[tokio::test]
    async fn a_line_over_the_cap_is_dropped_and_the_next_is_read() {
        let mut input = vec![b'x'; MAX_LINE + 1];
        input.push(b'\n');
        input.extend_from_slice(b"after\n");
        let mut exact = vec![b'y'; MAX_LINE];
        exact.push(b'\n');
        input.extend_from_slice(&exact);
        let got = lines(64 * 1024, &input).await;
        assert_eq!(
            got.len(),
            3,
            "{:?}",
            got.iter()
                .map(|l| l.as_ref().map(String::len))
                .collect::<Vec<_>>()
        );
        assert_eq!(got[0], Err("too long"));
        assert_eq!(got[1], Ok("after".to_owned()));
        assert_eq!(
            got[2].as_ref().map(String::len),
            Ok(MAX_LINE),
            "a line of exactly the cap is read"
        );
    }
}
