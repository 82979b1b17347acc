//! A replay's counts and summary lists, kept as the events go by in
//! bounded memory: every count, a hash per session, and the first
//! [`LIST_CAP`] entries of each list and of the malformed lines.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use tackle::hook::HookPoint;

use super::LineProblem;
use super::report::{Replayed, Report, Ruling, Summary};

/// How many entries each list of the summary keeps (denied, asked, ...,
/// malformed lines); the rest are counted.
pub const LIST_CAP: usize = 100;

/// How many kinds of skipped line are told apart; past it they are
/// counted together under [`OTHER_KINDS`].
const KINDS_CAP: usize = 32;

/// The name under which kinds past [`KINDS_CAP`] are counted.
const OTHER_KINDS: &str = "(other kinds)";

/// The longest text a list entry keeps, in characters.
const TEXT_CAP: usize = 500;

/// A list of the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum List {
    Denied,
    Asked,
    Modified,
    Context,
    Changed,
    Failures,
}

impl List {
    pub(crate) const ALL: [List; 6] = [
        List::Denied,
        List::Asked,
        List::Modified,
        List::Context,
        List::Changed,
        List::Failures,
    ];

    /// Its title in the summary.
    pub(crate) fn title(self) -> &'static str {
        match self {
            List::Denied => "Denied",
            List::Asked => "Asked",
            List::Modified => "Modified",
            List::Context => "Context added",
            List::Changed => "Changed since the recording",
            List::Failures => "Hook failures",
        }
    }

    /// What the list says of an entry; `None`: the entry is not listed.
    fn pick(self, e: &Replayed) -> Option<String> {
        match self {
            List::Denied => (e.verdict == Ruling::Deny).then(|| e.decided()),
            List::Asked => (e.verdict == Ruling::Ask).then(|| e.decided()),
            List::Modified => e
                .modified
                .as_ref()
                .map(|m| format!("→ {}", super::brief::rewritten(m))),
            List::Context => (!e.context.is_empty()).then(|| {
                let each: Vec<String> = e
                    .context
                    .iter()
                    .map(|c| format!("{} ({} chars)", c.hook, c.chars))
                    .collect();
                each.join(", ")
            }),
            List::Changed => e.changed.then(|| {
                let was = e.recorded.as_ref().map_or("?", |r| r.verdict.name());
                format!("was {was}, now {}", e.verdict)
            }),
            List::Failures => (!e.failures.is_empty()).then(|| e.failures.join("; ")),
        }
    }
}

/// One entry of a list: where, what, and what the list says of it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    pub(crate) line: usize,
    pub(crate) point: HookPoint,
    pub(crate) subject: String,
    pub(crate) text: String,
}

/// The counts of a replay and the start of each summary list, added to
/// one event at a time. What it holds does not grow with the file, but
/// for one 8-byte hash per session.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    summary: Summary,
    problems: Vec<LineProblem>,
    lists: [(Vec<Row>, usize); 6],
    sessions: HashSet<u64>,
}

impl Tally {
    /// Counts a replayed event, and lists it where it belongs.
    pub fn add(&mut self, e: &Replayed) {
        let s = &mut self.summary;
        s.events += 1;
        *s.points.entry(e.point).or_default() += 1;
        let mut hasher = DefaultHasher::new();
        e.session_id.hash(&mut hasher);
        self.sessions.insert(hasher.finish());
        s.sessions = self.sessions.len();
        match e.verdict {
            Ruling::Deny => s.denied += 1,
            Ruling::Ask => s.asked += 1,
            Ruling::Allow => s.allowed += 1,
            Ruling::Skipped => s.skipped += 1,
            Ruling::Abstain => {}
        }
        s.modified += usize::from(e.is_modified());
        s.context_added += usize::from(!e.context.is_empty());
        s.changed += usize::from(e.changed);
        s.hook_failures += e.failures.len();
        if let Some(at) = e.at {
            s.duration = Some(s.duration.map_or(at, |d| d.max(at)));
        }
        for (list, (rows, more)) in List::ALL.iter().zip(self.lists.iter_mut()) {
            let Some(text) = list.pick(e) else {
                continue;
            };
            if rows.len() < LIST_CAP {
                rows.push(Row {
                    line: e.line,
                    point: e.point,
                    subject: e.subject_line(),
                    text: clip(&text),
                });
            } else {
                *more += 1;
            }
        }
    }

    /// Counts a line that could not be read, keeping the first
    /// [`LIST_CAP`].
    pub fn problem(&mut self, problem: LineProblem) {
        self.summary.malformed_lines += 1;
        if self.problems.len() < LIST_CAP {
            self.problems.push(LineProblem {
                line: problem.line,
                message: clip(&problem.message),
            });
        }
    }

    /// Counts a line of a kind that carries no hook event.
    pub fn skipped(&mut self, kind: &str) {
        let kinds = &mut self.summary.skipped_lines;
        if let Some(n) = kinds.get_mut(kind) {
            *n += 1;
        } else if kinds.len() < KINDS_CAP {
            kinds.insert(clip(kind), 1);
        } else {
            *kinds.entry(OTHER_KINDS.to_owned()).or_default() += 1;
        }
    }

    /// The tally of a report held in memory: its events listed, its
    /// counts as they are.
    pub fn of(report: &Report) -> Tally {
        let mut tally = Tally::default();
        for e in &report.events {
            tally.add(e);
        }
        for p in &report.problems {
            tally.problem(p.clone());
        }
        tally.summary = report.summary.clone();
        tally
    }

    /// The counts.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The first [`LIST_CAP`] lines that could not be read
    /// ([`Summary::malformed_lines`] counts them all).
    pub fn problems(&self) -> &[LineProblem] {
        &self.problems
    }

    /// A list's first entries, and how many more it had.
    pub(crate) fn list(&self, list: List) -> (&[Row], usize) {
        let at = List::ALL.iter().position(|l| *l == list).unwrap_or(0);
        let (rows, more) = &self.lists[at];
        (rows, *more)
    }
}

/// Text cut to [`TEXT_CAP`] characters, `…` last when cut.
fn clip(text: &str) -> String {
    match text.char_indices().nth(TEXT_CAP) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(line: usize, session: &str, verdict: Ruling) -> Replayed {
        Replayed {
            line,
            at: Some(line as f64),
            session_id: session.to_owned(),
            point: HookPoint::BeforeToolCall,
            native: None,
            points: vec![HookPoint::BeforeToolCall],
            tool: Some("Bash".into()),
            subject: "$ ls".into(),
            verdict,
            reason: Some("x".repeat(10 * TEXT_CAP)),
            decided_by: Some("guard::refuse".into()),
            modified: None,
            context: Vec::new(),
            failures: Vec::new(),
            hooks_run: 1,
            recorded: None,
            changed: false,
        }
    }

    #[test]
    fn counts_are_whole_and_lists_stop_at_the_cap() {
        let mut tally = Tally::default();
        for n in 0..3 * LIST_CAP {
            tally.add(&entry(n, &format!("s{}", n % 7), Ruling::Deny));
            tally.add(&entry(n, "s0", Ruling::Allow));
            tally.problem(LineProblem {
                line: n,
                message: "y".repeat(10 * TEXT_CAP),
            });
            tally.skipped(&format!("kind{n}"));
        }
        let s = tally.summary();
        assert_eq!(
            (s.events, s.denied, s.allowed),
            (6 * LIST_CAP, 3 * LIST_CAP, 3 * LIST_CAP)
        );
        assert_eq!(s.sessions, 7);
        assert_eq!(s.duration, Some((3 * LIST_CAP - 1) as f64));
        assert_eq!(s.malformed_lines, 3 * LIST_CAP);
        assert_eq!(tally.problems().len(), LIST_CAP);
        assert!(tally.problems()[0].message.chars().count() <= TEXT_CAP + 1);
        let (rows, more) = tally.list(List::Denied);
        assert_eq!((rows.len(), more), (LIST_CAP, 2 * LIST_CAP));
        assert!(rows[0].text.chars().count() <= TEXT_CAP + 1);
        assert_eq!(tally.list(List::Asked).0.len(), 0);
        assert_eq!(s.skipped_lines.len(), KINDS_CAP + 1);
        assert_eq!(s.skipped_lines[OTHER_KINDS], 3 * LIST_CAP - KINDS_CAP);
    }
}
