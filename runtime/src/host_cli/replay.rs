//! `replay FILE`: a recorded session through today's hooks (see
//! [`crate::replay`]).

use std::io::{BufRead, BufReader, IsTerminal};
use std::path::PathBuf;

use super::{exit, output};
use crate::replay::{
    self, Format, Item, JsonWriter, Only, Reader, RenderOptions, ReplayOptions, Replayer,
};
use tackle_host::Host;

/// `--fail-on` matched: something would have been denied, asked, ...
pub(crate) const FOUND: u8 = 1;

/// The width of the timeline when neither `--width` nor `COLUMNS` says.
const DEFAULT_WIDTH: usize = 100;

/// The exit codes, for `replay --help`.
pub(super) const HELP: &str = "\
Exit codes:
  0  replayed (malformed lines are reported, not fatal)
  1  --fail-on: an event matched (e.g. something would have been denied)
  2  usage error, or FILE cannot be read or holds no hook event
  3  config or plugin problem: the host could not be built";

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// A Claude Code transcript (~/.claude/projects/<project>/<session>.jsonl)
    /// or tackle's event log (the audit logger's JSONL); `-` reads stdin.
    file: String,
    /// Print one JSON document (format, file, events, summary, problems).
    #[arg(long)]
    json: bool,
    /// Show only these events (comma-separated): denied, asked, modified,
    /// context, changed, skipped. The summary still counts every event.
    #[arg(long, value_delimiter = ',', value_parser = only, value_name = "WHAT")]
    only: Vec<Only>,
    /// Replay only this session, when the file holds several.
    #[arg(long, value_name = "ID")]
    session: Option<String>,
    /// Replay in this folder instead of the one recorded (for a transcript
    /// from another machine).
    #[arg(long, value_name = "DIR")]
    cwd: Option<PathBuf>,
    /// Exit 1 if an event matches (comma-separated): deny, ask, modify,
    /// context, change. For CI: `--fail-on deny,change`.
    #[arg(long, value_delimiter = ',', value_parser = fail_on, value_name = "WHAT")]
    fail_on: Vec<Only>,
    /// The widest a timeline line gets (default: COLUMNS, else 100; 0: no limit).
    #[arg(long, value_name = "COLS")]
    width: Option<usize>,
}

/// `--only`: each kind of entry, by its report name (`denied`) or the verb
/// `--fail-on` takes (`deny`).
fn only(name: &str) -> Result<Only, String> {
    match name {
        "skip" | "skipped" => Ok(Only::Skipped),
        other => fail_on(other).map_err(|_| {
            let names: Vec<&str> = Only::ALL.iter().map(|(n, _)| *n).collect();
            format!("expected one of {}", names.join(", "))
        }),
    }
}

/// `--fail-on`: the verbs (`deny`), or the report names (`denied`).
fn fail_on(name: &str) -> Result<Only, String> {
    match name {
        "deny" | "denied" => Ok(Only::Denied),
        "ask" | "asked" => Ok(Only::Asked),
        "modify" | "modified" => Ok(Only::Modified),
        "context" => Ok(Only::Context),
        "change" | "changed" => Ok(Only::Changed),
        _ => Err("expected one of deny, ask, modify, context, change".to_owned()),
    }
}

/// Replays the file as it is read: each event is printed as it is
/// replayed, and only the counts and the summary's first entries are kept
/// ([`replay::Tally`]), so the memory used does not grow with the file.
pub(super) async fn run(host: &Host, args: Args) -> u8 {
    let input = match open(&args.file) {
        Ok(input) => input,
        Err(message) => {
            output::err(format_args!("error: {message}"));
            return exit::USAGE;
        }
    };
    let mut reader = Reader::new(input);
    let options = ReplayOptions {
        cwd: args.cwd.clone(),
        session: args.session.clone(),
    };
    let mut replayer = Replayer::new(host, options);
    let mut printer = Printer::new(&args);
    let mut matched = Matched::default();
    loop {
        let item = match reader.next_item() {
            Ok(Some(item)) => item,
            Ok(None) => break,
            Err(e) => {
                printer.abandon();
                output::err(format_args!(
                    "error: cannot read {}: {e}",
                    shown_file(&args.file)
                ));
                return exit::USAGE;
            }
        };
        let step = match item {
            Item::Step(step) => step,
            other => {
                replayer.note(other);
                continue;
            }
        };
        let Some(entry) = replayer.replay(&step, reader.format()).await else {
            continue;
        };
        if args.fail_on.iter().any(|f| f.keeps(&entry)) {
            matched.add(&entry);
        }
        printer.event(reader.format(), &entry);
    }
    let tally = replayer.finish();
    if tally.summary().events == 0 {
        output::err(format_args!(
            "error: {}",
            nothing_to_replay(&args, reader.format(), &tally)
        ));
        return exit::USAGE;
    }
    printer.finish(reader.format(), &tally);
    if matched.count == 0 {
        return exit::OK;
    }
    // Say why the exit code is 1: the first events that matched.
    let more = matched.count - matched.first.len();
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    output::err(format_args!(
        "replay: {} event{} matched --fail-on: {}{more}",
        matched.count,
        if matched.count == 1 { "" } else { "s" },
        matched.first.join(", ")
    ));
    FOUND
}

/// The events `--fail-on` matched: how many, and the first few.
#[derive(Default)]
struct Matched {
    count: usize,
    first: Vec<String>,
}

impl Matched {
    /// How many matches the message names.
    const SHOWN: usize = 5;

    fn add(&mut self, e: &replay::Replayed) {
        self.count += 1;
        if self.first.len() < Self::SHOWN {
            self.first
                .push(format!("line {} ({} {})", e.line, e.point, e.verdict));
        }
    }
}

/// Where the report goes as it is made: a timeline, or one JSON document.
enum Printer {
    Text {
        out: output::Stream,
        options: RenderOptions,
        file: String,
        /// Whether the header was written, and how many lines below it.
        started: bool,
        shown: usize,
    },
    Json {
        out: JsonWriter<output::Stream>,
        only: Vec<Only>,
        started: bool,
    },
}

impl Printer {
    fn new(args: &Args) -> Printer {
        let out = output::Stream::stdout();
        if args.json {
            return Printer::Json {
                out: JsonWriter::new(out, None, Some(args.file.clone())),
                only: args.only.clone(),
                started: false,
            };
        }
        let terminal = std::io::stdout().is_terminal();
        Printer::Text {
            out,
            options: RenderOptions {
                color: terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
                width: args
                    .width
                    .unwrap_or_else(|| columns().unwrap_or(DEFAULT_WIDTH)),
                only: args.only.clone(),
            },
            file: args.file.clone(),
            started: false,
            shown: 0,
        }
    }

    /// Prints one event, if `--only` keeps it; the header comes with the
    /// first event, when the format is known.
    fn event(&mut self, format: Option<Format>, entry: &replay::Replayed) {
        match self {
            Printer::Text {
                out,
                options,
                file,
                started,
                shown,
            } => {
                if !*started {
                    *started = true;
                    out.print(&replay::header(Some(file), format, options));
                }
                if options.keeps(entry) {
                    *shown += 1;
                    let line = entry.render_line(options, options.subject_width());
                    out.print(&format!("{line}\n"));
                }
            }
            Printer::Json { out, only, started } => {
                if !*started {
                    *started = true;
                    out.format(format);
                }
                if only.is_empty() || only.iter().any(|o| o.keeps(entry)) {
                    out.event(entry).ok();
                }
            }
        }
    }

    /// Ends the report with the counts and the summary.
    fn finish(self, format: Option<Format>, tally: &replay::Tally) {
        match self {
            Printer::Text {
                mut out,
                options,
                shown,
                ..
            } => {
                if shown == 0 {
                    out.print("  (no event to show)\n");
                }
                out.print(&format!("\n{}", tally.summary_text(&options)));
                out.end();
            }
            Printer::Json { mut out, .. } => {
                out.format(format);
                if let Ok(mut out) = out.finish(tally) {
                    out.end();
                }
            }
        }
    }

    /// Ends the output where it is, after a read error.
    fn abandon(&mut self) {
        match self {
            Printer::Text { out, .. } => out.end(),
            Printer::Json { .. } => {}
        }
    }
}

/// The file, or `-`'s stdin, read a line at a time; bytes that are not
/// UTF-8 are replaced (the lines that hold them then usually fail to
/// parse, and are reported).
fn open(file: &str) -> Result<Box<dyn BufRead>, String> {
    if file == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    std::fs::File::open(file)
        .map(|f| Box::new(BufReader::new(f)) as Box<dyn BufRead>)
        .map_err(|e| format!("cannot read `{file}`: {e}"))
}

fn shown_file(file: &str) -> String {
    if file == "-" {
        "stdin".to_owned()
    } else {
        format!("`{file}`")
    }
}

/// Why there was nothing to replay.
fn nothing_to_replay(args: &Args, format: Option<Format>, tally: &replay::Tally) -> String {
    let file = shown_file(&args.file);
    let problems = tally.problems();
    let malformed = match (tally.summary().malformed_lines, problems.first()) {
        (0, _) | (_, None) => String::new(),
        (n, Some(first)) => format!(
            " ({n} malformed line{}, the first: line {}: {})",
            if n == 1 { "" } else { "s" },
            first.line,
            first.message
        ),
    };
    match (&args.session, format) {
        (Some(id), Some(_)) => format!("{file} has no event of session `{id}`{malformed}"),
        (_, Some(format)) => format!(
            "{file} has no hook event to replay (read as a {}){malformed}",
            format.title()
        ),
        (_, None) => format!(
            "{file} is neither a Claude Code transcript nor a tackle event log: no line is a JSON object with `type` or `point`{malformed}"
        ),
    }
}

/// The terminal's width, as the shell exports it.
fn columns() -> Option<usize> {
    std::env::var("COLUMNS")
        .ok()?
        .trim()
        .parse()
        .ok()
        .filter(|&w| w > 20)
}
