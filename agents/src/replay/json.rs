//! The report as one JSON document, written as the events come: the same
//! document [`Report`](super::Report) serializes to, without holding its
//! events.

use std::io::Write;

use serde::Serialize;

use super::{Format, Replayed, Tally};

/// Writes `{"format", "file", "events": [...], "summary", "problems"}`,
/// pretty-printed, one event at a time.
///
/// ```
/// use tackle_runtime::replay::{JsonWriter, Tally};
///
/// let mut out = Vec::new();
/// let writer = JsonWriter::new(&mut out, None, Some("-".into()));
/// writer.finish(&Tally::default()).unwrap();
/// let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(doc["events"], serde_json::json!([]));
/// assert_eq!(doc["summary"]["events"], 0);
/// ```
#[derive(Debug)]
pub struct JsonWriter<W: Write> {
    out: W,
    format: Option<Format>,
    file: Option<String>,
    /// Whether the head and the first event were written.
    started: bool,
    first: bool,
}

/// The fields before `events`, in the order [`Report`](super::Report) has them.
#[derive(Serialize)]
struct Head<'a> {
    format: Option<Format>,
    file: Option<&'a str>,
}

impl<W: Write> JsonWriter<W> {
    /// A writer to `out` for a replay of `file`, whose format is known
    /// (or given later with [`JsonWriter::format`]) by the first event.
    pub fn new(out: W, format: Option<Format>, file: Option<String>) -> Self {
        JsonWriter {
            out,
            format,
            file,
            started: false,
            first: true,
        }
    }

    /// Sets the format, before the first event is written.
    pub fn format(&mut self, format: Option<Format>) {
        self.format = format;
    }

    fn start(&mut self) -> std::io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let head = serde_json::to_string_pretty(&Head {
            format: self.format,
            file: self.file.as_deref(),
        })?;
        // `{\n  "format": ...,\n  "file": ...\n}` without its closing brace.
        let head = head.trim_end().trim_end_matches('}').trim_end();
        write!(self.out, "{head},\n  \"events\": [")
    }

    /// Writes one event.
    pub fn event(&mut self, event: &Replayed) -> std::io::Result<()> {
        self.start()?;
        let separator = if self.first { "\n" } else { ",\n" };
        self.first = false;
        write!(self.out, "{separator}    {}", indented(event, 4)?)
    }

    /// Writes the counts and the malformed lines kept, and ends the
    /// document.
    pub fn finish(mut self, tally: &Tally) -> std::io::Result<W> {
        self.start()?;
        let close = if self.first { "]" } else { "\n  ]" };
        write!(
            self.out,
            "{close},\n  \"summary\": {},\n  \"problems\": {}\n}}\n",
            indented(tally.summary(), 2)?,
            indented(&tally.problems(), 2)?
        )?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// `value` pretty-printed, its lines after the first indented by
/// `depth` spaces (JSON strings hold no raw line break, so every line
/// break is the printer's).
fn indented<T: Serialize + ?Sized>(value: &T, depth: usize) -> std::io::Result<String> {
    let text = serde_json::to_string_pretty(value)?;
    Ok(text.replace('\n', &format!("\n{}", " ".repeat(depth))))
}
