//! The report for people: a timeline, one line per event, then a summary
//! with every denied, asked, rewritten and changed call.

use std::fmt::Write as _;

use super::brief::{self, fit};
use super::report::{Replayed, Report, Ruling};
use super::tally::{List, Tally};
use super::{Format, time};

/// Which events the timeline (and `--json`'s `events`) keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Only {
    /// Denied events.
    Denied,
    /// Events that would have gone to the user.
    Asked,
    /// Events whose input a hook rewrote.
    Modified,
    /// Events a hook added context to.
    Context,
    /// Events whose verdict differs from the recorded one.
    Changed,
    /// Tool results not dispatched because their call was denied.
    Skipped,
}

impl Only {
    /// Every filter with its name, as `--only` takes it.
    pub const ALL: [(&'static str, Only); 6] = [
        ("denied", Only::Denied),
        ("asked", Only::Asked),
        ("modified", Only::Modified),
        ("context", Only::Context),
        ("changed", Only::Changed),
        ("skipped", Only::Skipped),
    ];

    /// Whether the entry is one of these.
    pub fn keeps(self, e: &Replayed) -> bool {
        match self {
            Only::Denied => e.verdict == Ruling::Deny,
            Only::Asked => e.verdict == Ruling::Ask,
            Only::Modified => e.is_modified(),
            Only::Context => !e.context.is_empty(),
            Only::Changed => e.changed,
            Only::Skipped => e.verdict == Ruling::Skipped,
        }
    }
}

/// How to render a report as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    /// ANSI colours.
    pub color: bool,
    /// The widest a timeline line gets, in characters; 0 for no limit.
    pub width: usize,
    /// Keep only entries matching one of these (all when empty).
    pub only: Vec<Only>,
}

impl RenderOptions {
    /// No colour, this wide, every entry.
    pub fn plain(width: usize) -> RenderOptions {
        RenderOptions {
            color: false,
            width,
            only: Vec::new(),
        }
    }

    /// Whether the entry is shown.
    pub fn keeps(&self, e: &Replayed) -> bool {
        self.only.is_empty() || self.only.iter().any(|o| o.keeps(e))
    }

    /// The width in effect.
    fn width(&self) -> usize {
        if self.width == 0 {
            usize::MAX
        } else {
            self.width
        }
    }

    /// The subject column of a timeline written as events come, before
    /// their subjects are known: half of what the fixed columns leave.
    pub fn subject_width(&self) -> usize {
        (self.width().saturating_sub(TIME_W + LINE_W + POINT_W) / 2).clamp(12, 60)
    }
}

const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const CYAN: &str = "\x1b[36m";
const GREEN: &str = "\x1b[32m";
const MAGENTA: &str = "\x1b[35;1m";
const DIM: &str = "\x1b[2m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// The fixed columns: time, line, point.
const TIME_W: usize = 8;
const LINE_W: usize = 5;
const POINT_W: usize = 20;

impl Report {
    /// The header, the timeline and the summary.
    pub fn render(&self, options: &RenderOptions) -> String {
        let mut out = header(self.file.as_deref(), self.format, options);
        out.push_str(&self.timeline(options));
        out.push('\n');
        out.push_str(&self.summary_text(options));
        out
    }

    /// One line per event the options keep, aligned.
    pub fn timeline(&self, options: &RenderOptions) -> String {
        let kept: Vec<&Replayed> = self.events.iter().filter(|e| options.keeps(e)).collect();
        if kept.is_empty() {
            return "  (no event to show)\n".to_owned();
        }
        let subject_w = kept
            .iter()
            .map(|e| e.subject_line().chars().count())
            .max()
            .unwrap_or(0)
            .min(options.width().saturating_sub(TIME_W + LINE_W + POINT_W) / 2)
            .max(12);
        let mut out = String::new();
        for e in kept {
            out.push_str(&e.render_line(options, subject_w));
            out.push('\n');
        }
        out
    }

    /// The counts, then each denied, asked, rewritten, context-adding and
    /// changed event with its line and reason, then the skipped lines.
    pub fn summary_text(&self, options: &RenderOptions) -> String {
        Tally::of(self).summary_text(options)
    }
}

/// The labels of the timeline's columns, aligned with
/// [`Replayed::render_line`] for the same `subject_w`: the time into the
/// session, the event's line in the file, the hook point, the call, and
/// what the hooks did.
pub fn column_labels(subject_w: usize) -> String {
    format!(
        "{:>w$}  {:>l$}  {:<p$}  {:<subject_w$}  what the hooks did",
        "time",
        "line",
        "point",
        "call",
        w = TIME_W - 2,
        l = LINE_W - 2,
        p = POINT_W - 2
    )
}

/// The first line of a report: what was replayed.
pub fn header(file: Option<&str>, format: Option<Format>, options: &RenderOptions) -> String {
    let format = format.map_or("unknown format", |f| f.title());
    let file = file.unwrap_or("input");
    format!(
        "{} ({format})\n\n",
        paint(options, BOLD, &format!("Replay of {file}"))
    )
}

impl Tally {
    /// The counts, then the first [`LIST_CAP`](super::LIST_CAP) denied,
    /// asked, rewritten, context-adding and changed events and hook
    /// failures, each with its line and reason, then the skipped lines.
    pub fn summary_text(&self, options: &RenderOptions) -> String {
        let s = self.summary();
        let mut out = String::new();
        let over = s
            .duration
            .map(|d| format!(" over {}", &time::offset(d)[1..]))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{}: {} event{} in {} session{}{over}",
            paint(options, BOLD, "Summary"),
            s.events,
            plural(s.events),
            s.sessions,
            plural(s.sessions)
        );
        let points: Vec<String> = s.points.iter().map(|(p, n)| format!("{p} {n}")).collect();
        if !points.is_empty() {
            let _ = writeln!(out, "  by point: {}", points.join(", "));
        }
        let _ = writeln!(
            out,
            "  denied {}, asked {}, allowed {}, modified {}, context added {}, skipped {}, changed {}, hook failures {}",
            s.denied,
            s.asked,
            s.allowed,
            s.modified,
            s.context_added,
            s.skipped,
            s.changed,
            s.hook_failures
        );
        for list in List::ALL {
            let (rows, more) = self.list(list);
            if rows.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n{}:", paint(options, colour(list), list.title()));
            for row in rows {
                let _ = writeln!(
                    out,
                    "  line {:<4} {} {}: {}",
                    row.line, row.point, row.subject, row.text
                );
            }
            if more > 0 {
                let _ = writeln!(out, "  … and {more} more");
            }
        }
        let problems = self.problems();
        if s.malformed_lines > 0 || !s.skipped_lines.is_empty() {
            let kinds: usize = s.skipped_lines.values().sum();
            let each: Vec<String> = s
                .skipped_lines
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            let _ = write!(
                out,
                "\n{}: {} malformed",
                paint(options, DIM, "Lines skipped"),
                s.malformed_lines
            );
            if kinds > 0 {
                let _ = write!(out, ", {kinds} without a hook event ({})", each.join(", "));
            }
            out.push('\n');
            for p in problems {
                let _ = writeln!(out, "  line {}: {}", p.line, p.message);
            }
            let more = s.malformed_lines.saturating_sub(problems.len());
            if more > 0 {
                let _ = writeln!(out, "  … and {more} more");
            }
        }
        out
    }
}

/// The colour of a list's title.
fn colour(list: List) -> &'static str {
    match list {
        List::Denied | List::Failures => RED,
        List::Asked => YELLOW,
        List::Modified => CYAN,
        List::Context => GREEN,
        List::Changed => MAGENTA,
    }
}

impl Replayed {
    /// The entry as one timeline line, at most `options.width` wide, with
    /// its subject padded to `subject_w`.
    pub fn render_line(&self, options: &RenderOptions, subject_w: usize) -> String {
        let at = self.at.map(time::offset).unwrap_or_default();
        let mut plain = format!(
            "{at:>w$}  {:>l$}  {:<p$}  ",
            self.line,
            self.point.name(),
            w = TIME_W - 2,
            l = LINE_W - 2,
            p = POINT_W - 2
        );
        let subject = fit(&self.subject_line(), subject_w);
        let (word, colour) = verdict_word(self);
        let mut tail = String::new();
        if let Some(by) = &self.decided_by {
            let _ = write!(tail, " {by}");
        }
        if let Some(reason) = self
            .shown_reason()
            .filter(|_| self.verdict != Ruling::Skipped)
        {
            let _ = write!(tail, ": {}", reason.lines().next().unwrap_or_default());
        }
        if let Some(m) = &self.modified {
            let _ = write!(tail, " → {}", brief::rewritten(m));
        }
        for c in &self.context {
            let _ = write!(tail, " +{} ({} chars)", c.hook, c.chars);
        }
        if !self.failures.is_empty() {
            let _ = write!(tail, " ! {} failure(s)", self.failures.len());
        }
        let changed = self.changed.then(|| {
            let was = self.recorded.as_ref().map_or("?", |r| r.verdict.name());
            format!("CHANGED (was {was}) ")
        });
        // Cut on the plain text, then colour what is left.
        let padded = format!("{subject:<subject_w$}  ");
        let budget = options.width();
        let mut parts: Vec<(String, &str)> = Vec::new();
        let mut used = plain.chars().count();
        for (text, colour) in [
            (std::mem::take(&mut plain), ""),
            (padded, ""),
            (changed.unwrap_or_default(), MAGENTA),
            (word.to_owned(), colour),
            (tail, ""),
        ] {
            if parts.is_empty() {
                parts.push((text, colour));
                continue;
            }
            let room = budget.saturating_sub(used);
            let n = text.chars().count();
            if n <= room {
                used += n;
                parts.push((text, colour));
            } else {
                parts.push((fit(&text, room), colour));
                break;
            }
        }
        let mut line = String::new();
        for (text, colour) in parts {
            if colour.is_empty() || text.is_empty() {
                line.push_str(&text);
            } else {
                line.push_str(&paint(options, colour, &text));
            }
        }
        line.trim_end().to_owned()
    }
}

/// The word for the verdict and its colour.
fn verdict_word(e: &Replayed) -> (&'static str, &'static str) {
    match e.verdict {
        Ruling::Deny => ("DENY", RED),
        Ruling::Ask => ("ASK", YELLOW),
        Ruling::Allow => ("allow", GREEN),
        Ruling::Skipped => ("skipped: its call was denied", DIM),
        Ruling::Abstain if e.is_modified() => ("modify", CYAN),
        Ruling::Abstain if !e.context.is_empty() => ("context", GREEN),
        Ruling::Abstain if e.changed => ("abstain", ""),
        Ruling::Abstain => ("", ""),
    }
}

fn paint(options: &RenderOptions, colour: &str, text: &str) -> String {
    if options.color {
        format!("{colour}{text}{RESET}")
    } else {
        text.to_owned()
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
