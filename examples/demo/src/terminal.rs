//! The console: a live progress line and colours on a terminal, plain text
//! when the output is piped or `--plain` is given.

use std::io::{IsTerminal as _, Write as _};
use std::time::Duration;

use tackle_runtime::ToolSink;

/// How the demo writes: live (a terminal) or plain (a pipe, a file, CI).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Screen {
    live: bool,
    colour: bool,
}

/// A verdict's colour.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Tone {
    Bad,
    Warn,
    Good,
    Dim,
}

impl Screen {
    /// Live when stdout is a terminal that can redraw a line, unless
    /// `plain`; colours also need `NO_COLOR` unset (<https://no-color.org>).
    pub(crate) fn detect(plain: bool) -> Screen {
        let live = !plain
            && std::io::stdout().is_terminal()
            && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        let colour = live && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Screen { live, colour }
    }

    /// Whether progress is drawn.
    pub(crate) fn is_live(self) -> bool {
        self.live
    }

    /// Whether colours are on.
    pub(crate) fn has_colour(self) -> bool {
        self.colour
    }

    /// Redraws the progress line: a bar filled to `fraction` and what is
    /// happening. Nothing when plain.
    pub(crate) fn progress(self, fraction: f64, what: &str) {
        if !self.live {
            return;
        }
        const WIDTH: f64 = 24.0;
        let filled = (fraction.clamp(0.0, 1.0) * WIDTH).round() as usize;
        let bar = format!(
            "{}{}",
            "█".repeat(filled),
            "░".repeat(WIDTH as usize - filled)
        );
        let what: String = what.chars().take(64).collect();
        let mut out = std::io::stdout().lock();
        let _ = write!(out, "\r\x1b[2K   {bar} {what}");
        let _ = out.flush();
    }

    /// Removes the progress line, so that the next line starts clean.
    pub(crate) fn clear(self) {
        if self.live {
            let mut out = std::io::stdout().lock();
            let _ = write!(out, "\r\x1b[2K");
            let _ = out.flush();
        }
    }

    /// The pause between replayed events on a terminal, so that a reader
    /// can follow; none when plain or fast. The figures the demo prints
    /// are measured without it.
    pub(crate) fn pace(self, fast: bool) -> Duration {
        if self.live && !fast {
            Duration::from_millis(45)
        } else {
            Duration::ZERO
        }
    }

    /// `text` in bold, on a terminal with colours.
    pub(crate) fn bold(self, text: &str) -> String {
        self.paint(text, "1")
    }

    /// `text` in the colour of `tone`, on a terminal with colours.
    pub(crate) fn tone(self, text: &str, tone: Tone) -> String {
        let code = match tone {
            Tone::Bad => "1;31",
            Tone::Warn => "1;33",
            Tone::Good => "32",
            Tone::Dim => "2",
        };
        self.paint(text, code)
    }

    fn paint(self, text: &str, code: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

/// A tool's progress: the bar on a terminal, one line per report when plain.
pub(crate) struct ToolProgress(pub(crate) Screen);

impl ToolSink for ToolProgress {
    fn progress(&self, tool: &str, fraction: f64, message: &str) {
        if self.0.is_live() {
            self.0.progress(fraction, &format!("{tool}: {message}"));
        } else {
            say!("   [{tool} {:>3.0}%] {message}", fraction * 100.0);
        }
    }
}
