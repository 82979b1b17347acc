//! Reading the client's messages a line at a time, never holding more than
//! the line cap of any one line.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest line read; a longer one is dropped unread, and the server
/// goes on with the next.
pub(crate) const MAX_LINE: usize = 16 * 1024 * 1024;

/// What one read gave.
#[derive(Debug)]
pub(crate) enum Line {
    /// A whole line is in the buffer, without its newline.
    Ready,
    /// A line longer than [`MAX_LINE`] was dropped.
    TooLong,
    /// The client closed its end (a last line without a newline is
    /// incomplete and dropped).
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
    /// Set once the caller has taken the line in `line`.
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
                return Line::End;
            }
            let newline = memchr::memchr(b'\n', available);
            let take = newline.map_or(available.len(), |at| at + 1);
            let step = if self.skipping {
                self.skipping = newline.is_none();
                None
            } else if self.line.len() + take > MAX_LINE + 1 {
                self.line.clear();
                self.skipping = newline.is_none();
                Some(Line::TooLong)
            } else {
                let end = newline.unwrap_or(available.len());
                self.line.extend_from_slice(&available[..end]);
                newline.map(|_| Line::Ready)
            };
            // No `.await` between the copy and the consume: a read
            // cancelled at `fill_buf` loses nothing.
            self.read.consume(take);
            if let Some(step) = step {
                self.taken = matches!(step, Line::Ready);
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
                Line::TooLong => out.push(Err("too long")),
                Line::End => return out,
                Line::Failed(e) => panic!("{e}"),
            }
        }
    }

    #[tokio::test]
    async fn lines_span_buffer_refills_and_an_unended_last_line_is_dropped() {
        let got = lines(7, b"{\"a\":1}\n\nsecond line here\r\nlast").await;
        assert_eq!(
            got,
            vec![
                Ok("{\"a\":1}".to_owned()),
                Ok(String::new()),
                Ok("second line here\r".to_owned())
            ]
        );
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
