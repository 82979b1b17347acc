//! `replay FILE`: a recorded session through today's hooks (see
//! [`crate::replay`]).

use std::io::{IsTerminal, Read};
use std::path::PathBuf;

use super::{exit, output};
use crate::host::Host;
use crate::replay::{self, Only, RenderOptions, ReplayOptions, Report};

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

pub(super) async fn run(host: &Host, args: Args) -> u8 {
    let text = match read(&args.file) {
        Ok(text) => text,
        Err(message) => {
            output::err(format_args!("error: {message}"));
            return exit::USAGE;
        }
    };
    let transcript = replay::read(&text);
    let options = ReplayOptions {
        cwd: args.cwd.clone(),
        session: args.session.clone(),
    };
    let mut report = host.replay(&transcript, &options, |_, _, _| {}).await;
    report.file = Some(args.file.clone());
    if report.events.is_empty() {
        output::err(format_args!("error: {}", nothing_to_replay(&args, &report)));
        return exit::USAGE;
    }
    let found = !args.fail_on.is_empty()
        && report
            .events
            .iter()
            .any(|e| args.fail_on.iter().any(|f| f.keeps(e)));
    if args.json {
        if !args.only.is_empty() {
            let keep = RenderOptions {
                only: args.only.clone(),
                ..RenderOptions::plain(0)
            };
            report.events.retain(|e| keep.keeps(e));
        }
        match serde_json::to_string_pretty(&report) {
            Ok(json) => output::write(&format!("{json}\n")),
            Err(e) => {
                output::err(format_args!("error: cannot encode the report: {e}"));
                return exit::USAGE;
            }
        }
    } else {
        let stdout = std::io::stdout().is_terminal();
        let options = RenderOptions {
            color: stdout && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            width: args
                .width
                .unwrap_or_else(|| columns().unwrap_or(DEFAULT_WIDTH)),
            only: args.only.clone(),
        };
        output::write(&report.render(&options));
    }
    if !found {
        return exit::OK;
    }
    // Say why the exit code is 1: the first events that matched.
    let matched: Vec<String> = report
        .events
        .iter()
        .filter(|e| args.fail_on.iter().any(|f| f.keeps(e)))
        .map(|e| format!("line {} ({} {})", e.line, e.point, e.verdict))
        .collect();
    let shown = matched
        .iter()
        .take(5)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    let more = matched.len().saturating_sub(5);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    output::err(format_args!(
        "replay: {} event{} matched --fail-on: {shown}{more}",
        matched.len(),
        if matched.len() == 1 { "" } else { "s" }
    ));
    FOUND
}

/// The file's text, or `-`'s stdin; bytes that are not UTF-8 are replaced
/// (the lines that hold them then usually fail to parse, and are reported).
fn read(file: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
    } else {
        bytes = std::fs::read(file).map_err(|e| format!("cannot read `{file}`: {e}"))?;
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Why there was nothing to replay.
fn nothing_to_replay(args: &Args, report: &Report) -> String {
    let file = if args.file == "-" {
        "stdin".to_owned()
    } else {
        format!("`{}`", args.file)
    };
    let malformed = match report.problems.len() {
        0 => String::new(),
        n => format!(
            " ({n} malformed line{}, the first: line {}: {})",
            if n == 1 { "" } else { "s" },
            report.problems[0].line,
            report.problems[0].message
        ),
    };
    match (&args.session, report.format) {
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
