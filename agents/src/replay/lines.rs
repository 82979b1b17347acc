//! A file's lines, one at a time, never holding more than
//! [`MAX_LINE_BYTES`] of any one: a transcript is replayed as it is read.

use std::io::BufRead;

use super::MAX_LINE_BYTES;

/// One line of the input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// The line, without its `\n` (or `\r\n`); bytes that are not UTF-8
    /// replaced.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`], dropped as it was read: how
    /// long it was.
    TooLong(usize),
}

/// Reads lines as [`str::lines`] splits them, each capped.
#[derive(Debug)]
pub(crate) struct Lines<R> {
    input: R,
    line: Vec<u8>,
    /// How many lines were read.
    pub(crate) count: usize,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Self {
        Lines {
            input,
            line: Vec::new(),
            count: 0,
        }
    }

    /// The next line and its number (from 1), or `None` at the end.
    pub(crate) fn next_line(&mut self) -> std::io::Result<Option<(usize, Line)>> {
        self.line.clear();
        let mut length = 0usize;
        let mut last = None;
        let mut ended = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            let newline = memchr::memchr(b'\n', available);
            let end = newline.unwrap_or(available.len());
            if end > 0 {
                last = Some(available[end - 1]);
            }
            // Past the cap (and a `\r`) the bytes are only counted; the
            // buffer grows no further than the cap.
            let needed = length + end;
            if needed <= MAX_LINE_BYTES + 1 {
                if needed > self.line.capacity() {
                    let room = needed.max(2 * self.line.capacity()).min(MAX_LINE_BYTES + 1);
                    self.line.reserve_exact(room - self.line.len());
                }
                self.line.extend_from_slice(&available[..end]);
            } else {
                self.line.clear();
            }
            length = needed;
            let take = newline.map_or(end, |at| at + 1);
            self.input.consume(take);
            if newline.is_some() {
                ended = true;
                break;
            }
        }
        if !ended && length == 0 {
            return Ok(None);
        }
        self.count += 1;
        if last == Some(b'\r') {
            self.line.pop();
            length -= 1;
        }
        if length > MAX_LINE_BYTES {
            return Ok(Some((self.count, Line::TooLong(length))));
        }
        let text = match std::str::from_utf8(&self.line) {
            Ok(text) => text.to_owned(),
            Err(_) => String::from_utf8_lossy(&self.line).into_owned(),
        };
        Ok(Some((self.count, Line::Text(text))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<(usize, Line)> {
        let mut lines = Lines::new(std::io::BufReader::with_capacity(7, input));
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().expect("read") {
            out.push(line);
        }
        out
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_owned())
    }

    #[test]
    fn lines_split_as_str_lines_does() {
        let input = "one\r\ntwo\n\nthree, no newline";
        let got = all(input.as_bytes());
        let want: Vec<(usize, Line)> = input
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, text(l)))
            .collect();
        assert_eq!(got, want);
        assert!(all(b"").is_empty());
        assert_eq!(all(b"\n"), [(1, text(""))]);
        assert_eq!(all(b"a\xffb\n"), [(1, text("a\u{fffd}b"))]);
    }

    #[test]
    fn a_line_over_the_cap_is_counted_not_kept() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 5];
        input.extend_from_slice(b"\nafter\n");
        input.extend(vec![b'y'; MAX_LINE_BYTES]);
        let mut lines = Lines::new(std::io::BufReader::new(&input[..]));
        assert_eq!(
            lines.next_line().expect("read"),
            Some((1, Line::TooLong(MAX_LINE_BYTES + 5)))
        );
        assert!(lines.line.capacity() <= MAX_LINE_BYTES + 1);
        assert_eq!(lines.next_line().expect("read"), Some((2, text("after"))));
        // Exactly at the cap, without a newline: a line.
        let Some((3, Line::Text(last))) = lines.next_line().expect("read") else {
            panic!("the last line is kept");
        };
        assert_eq!(last.len(), MAX_LINE_BYTES);
        assert_eq!(lines.next_line().expect("read"), None);
    }
}
