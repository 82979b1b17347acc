//! A transcript or event log read as a stream: one line at a time in, the
//! hook events it implies out, so a file of any length is replayed in the
//! memory of its longest line.

use std::collections::VecDeque;
use std::io::BufRead;

use super::lines::{Line, Lines};
use super::{Format, LineProblem, Step, claude, detect, log, parse_line, too_long};

/// What the next line (or the end of the file) gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A hook event to replay.
    Step(Step),
    /// A line that could not be read, and why.
    Problem(LineProblem),
    /// A line of a kind that carries no hook event (`summary`,
    /// `file-history-snapshot`, a record of the catch-all point, ...).
    Skipped(String),
}

/// The reader of one format, chosen by the first line that shows it.
#[derive(Debug)]
enum Decoder {
    Undecided,
    Claude(claude::Reader),
    Log(log::Reader),
}

/// Reads a file as it goes. It holds one line, and what its format must
/// remember between lines: the session and turn being read and the tool
/// calls awaiting their result (at most [`MAX_OPEN_CALLS`](super::MAX_OPEN_CALLS)).
///
/// ```
/// use tackle_runtime::replay::{Format, Item, Reader};
///
/// let text = concat!(
///     r#"{"type":"user","sessionId":"s1","cwd":"/p","message":{"role":"user","content":"hi"}}"#,
///     "\n",
/// );
/// let mut reader = Reader::new(text.as_bytes());
/// let mut events = Vec::new();
/// while let Some(item) = reader.next_item().unwrap() {
///     if let Item::Step(step) = item {
///         events.push(step.native.unwrap_or_default());
///     }
/// }
/// assert_eq!(reader.format(), Some(Format::Claude));
/// assert_eq!(events, ["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"]);
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    lines: Lines<R>,
    decoder: Decoder,
    /// Items made but not yet taken (a line can imply several events).
    queue: VecDeque<Item>,
    ended: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Self {
        Reader {
            lines: Lines::new(input),
            decoder: Decoder::Undecided,
            queue: VecDeque::new(),
            ended: false,
        }
    }

    /// The format, once a line has shown it.
    pub fn format(&self) -> Option<Format> {
        match self.decoder {
            Decoder::Undecided => None,
            Decoder::Claude(_) => Some(Format::Claude),
            Decoder::Log(_) => Some(Format::Log),
        }
    }

    /// How many lines were read so far.
    pub fn lines(&self) -> usize {
        self.lines.count
    }

    /// The next item, or `None` at the end of the file. `Err` only when
    /// the input cannot be read; lines that cannot be used are
    /// [`Item::Problem`]s.
    pub fn next_item(&mut self) -> std::io::Result<Option<Item>> {
        loop {
            if let Some(item) = self.queue.pop_front() {
                return Ok(Some(item));
            }
            if self.ended {
                return Ok(None);
            }
            match self.lines.next_line()? {
                Some((n, line)) => self.line(n, line),
                None => {
                    self.ended = true;
                    if let Decoder::Claude(claude) = &mut self.decoder {
                        claude.finish(self.lines.count);
                        self.queue.append(&mut claude.out);
                    }
                }
            }
        }
    }

    fn line(&mut self, n: usize, line: Line) {
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong(bytes) => {
                self.queue.push_back(problem(n, too_long(bytes)));
                return;
            }
        };
        let fields = match parse_line(n, &text) {
            Ok(fields) => fields,
            Err(Some(problem)) => {
                self.queue.push_back(Item::Problem(problem));
                return;
            }
            Err(None) => return,
        };
        drop(text);
        if matches!(self.decoder, Decoder::Undecided) {
            self.decoder = match detect(&fields) {
                Some(Format::Claude) => Decoder::Claude(claude::Reader::default()),
                Some(Format::Log) => Decoder::Log(log::Reader::default()),
                None => {
                    self.queue.push_back(problem(
                        n,
                        "a JSON object that is neither a Claude Code transcript line (no string `type`, no `sessionId`) nor a tackle event log record (no `point` and `event`) — skipped".to_owned(),
                    ));
                    return;
                }
            };
        }
        match &mut self.decoder {
            Decoder::Claude(claude) => {
                claude.line(n, &fields);
                self.queue.append(&mut claude.out);
            }
            Decoder::Log(log) => self.queue.push_back(log.line(n, &fields)),
            Decoder::Undecided => {}
        }
    }
}

fn problem(line: usize, message: String) -> Item {
    Item::Problem(LineProblem { line, message })
}
