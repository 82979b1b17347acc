//! The recorded session: a Claude Code transcript
//! (`session/fix-exponents.jsonl`) replayed through the plugins' hooks
//! with the runtime's `replay`, as `<bin> replay FILE` does, one timeline
//! line as each event is dispatched.

use std::path::Path;
use std::time::{Duration, Instant};

use tackle_runtime::Host;
use tackle_runtime::replay::{self, RenderOptions, Replay, ReplayOptions};

use crate::project::{RECORDED_IN, SESSION};
use crate::terminal::{Screen, Tone};
use crate::text::{indent, wrap};

/// The widest the subject column (`Bash $ cargo test`) gets.
const SUBJECT_W: usize = 36;

/// Replays the bundled session in the project at `root`.
pub(crate) async fn replay(
    host: &Host,
    root: &Path,
    screen: Screen,
    fast: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let transcript = replay::read(SESSION);
    say!(
        "{}",
        wrap(
            &format!(
                "A developer asked Claude Code to make the calculator's parser accept \
                 exponents. The session was recorded without these plugins (in {RECORDED_IN}); \
                 here each of its {} events goes through their hooks, in this project, \
                 as it would have live:",
                transcript.steps.len()
            ),
            3,
            100
        )
    );
    say!("");
    let options = RenderOptions {
        color: screen.has_colour(),
        // The timeline is indented like the rest.
        width: width() - 3,
        only: Vec::new(),
    };
    say!(
        "   {}",
        screen.tone(&replay::column_labels(SUBJECT_W), Tone::Dim)
    );
    let pace = screen.pace(fast);
    let mut paused = Duration::ZERO;
    let started = Instant::now();
    let report = host
        .replay(
            &transcript,
            &ReplayOptions {
                cwd: Some(root.to_path_buf()),
                session: None,
            },
            |entry, done, total| {
                screen.clear();
                say!("   {}", entry.render_line(&options, SUBJECT_W));
                let fraction = done as f64 / total.max(1) as f64;
                screen.progress(fraction, &format!("{done}/{total} replaying"));
                if !pace.is_zero() {
                    std::thread::sleep(pace);
                    paused += pace;
                }
            },
        )
        .await;
    let took = started.elapsed().saturating_sub(paused);
    screen.clear();
    say!("");
    say!("{}", indent(report.summary_text(&options).trim_end(), 3));
    if report.summary.malformed_lines > 0 {
        say!(
            "   {}",
            screen.tone(
                "(the transcript's last line is cut short on purpose, as when an agent is \
                 stopped while writing it: replay names the line and reads the rest)",
                Tone::Dim
            )
        );
    }
    say!(
        "   {} events through the hooks of {} plugins in {:.1} ms{}.",
        report.summary.events,
        host.plugins().len(),
        took.as_secs_f64() * 1000.0,
        if paused.is_zero() {
            String::new()
        } else {
            screen.tone(
                " (the pauses between lines are for your eyes, and not counted)",
                Tone::Dim,
            )
        }
    );
    Ok(())
}

/// The terminal's width from `COLUMNS`, else 120.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|&c: &usize| c >= 60)
        .unwrap_or(120)
}
