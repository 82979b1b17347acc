//! The command's answer — exit code, stdout, stderr — read by Claude
//! Code's rules into a [`Decision`]: the reverse of what the adapters'
//! `reply` writes. Its JSON on stdout is read in [`super::reply`].

use serde_json::Value;
use tackle::hook::{Actions, Decision, HookPoint, HookReturn};

use super::CommandHook;
use super::input::claude_name;
use super::process::{Captured, Exit, Ran};
use super::reply::Reply;

/// Claude Code's events whose plain stdout (exit 0, not JSON) is added to
/// the model's context.
const PLAIN_CONTEXT: &[&str] = &["UserPromptSubmit", "UserPromptExpansion", "SessionStart"];

/// The most stderr lines an error quotes.
const ERROR_LINES: usize = 5;

/// What the command's exit code and output mean at `point`.
pub(super) fn decide(hook: &CommandHook, point: HookPoint, ran: &Ran) -> HookReturn {
    let origin = &hook.origin;
    match ran.exit() {
        Exit::Code(0) => {
            let stderr = ran.stderr.text();
            if !stderr.trim().is_empty() {
                tracing::debug!(hook = %origin, %point, "stderr: {}", stderr.trim_end());
            }
            succeeded(hook, point, &ran.stdout)
        }
        Exit::Code(2) => Ok(blocked(hook, point, &ran.stderr)),
        Exit::Code(code) => {
            // The shell's way of saying that what it ran died of a signal.
            let signal = match code - 128 {
                signal @ 1..=64 => match signal_name(signal) {
                    Some(name) => format!(" (what it ran was killed by signal {signal}, {name})"),
                    None => format!(" (what it ran was killed by signal {signal})"),
                },
                _ => String::new(),
            };
            Err(format!(
                "`{origin}` exited with code {code}{signal}{}",
                first_lines(&ran.stderr)
            ))
        }
        Exit::Signal(signal) => Err(format!(
            "`{origin}` was killed by signal {signal}{}{}",
            signal_name(signal).map_or(String::new(), |name| format!(" ({name})")),
            first_lines(&ran.stderr)
        )),
    }
}

/// Exit 2: a refusal with stderr as the reason, where the point can refuse.
fn blocked(hook: &CommandHook, point: HookPoint, stderr: &Captured) -> Decision {
    let text = stderr.text();
    let reason = match text.trim() {
        "" => format!("blocked by `{}`", hook.origin),
        reason => reason.to_owned(),
    };
    if point.kind().can_deny() {
        Decision::deny(reason)
    } else {
        tracing::info!(
            hook = %hook.origin,
            %point,
            "exit code 2 at a point that cannot be refused; ignored: {reason}"
        );
        Decision::abstain()
    }
}

/// Exit 0: JSON on stdout, plain text, or nothing.
fn succeeded(hook: &CommandHook, point: HookPoint, stdout: &Captured) -> HookReturn {
    let origin = &hook.origin;
    let body = String::from_utf8_lossy(&stdout.bytes);
    let body = body.trim();
    if body.is_empty() {
        return Ok(Decision::abstain());
    }
    if body.starts_with('{') {
        let cut = if stdout.was_cut() {
            " (it was cut at the output cap)"
        } else {
            ""
        };
        let value: Value = serde_json::from_str(body).map_err(|e| {
            format!("`{origin}` printed JSON on stdout that does not parse{cut}: {e}")
        })?;
        if !value.is_object() {
            return Err(format!(
                "`{origin}` printed JSON on stdout that is not an object"
            ));
        }
        let reply = Reply::read(&value, point).map_err(|e| format!("`{origin}`: {e}"))?;
        return Ok(reply.decision(hook, point));
    }
    let takes_text = match claude_name(point) {
        Some(name) => PLAIN_CONTEXT.contains(&name),
        None => point.kind().actions().contains(Actions::CONTEXT),
    };
    if takes_text {
        Ok(Decision::context(stdout.text().trim()))
    } else {
        tracing::debug!(hook = %origin, %point, "stdout ignored: {body}");
        Ok(Decision::abstain())
    }
}

/// `: ` and the first lines of stderr, for an error message.
fn first_lines(stderr: &Captured) -> String {
    let text = stderr.text();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    let mut shown: Vec<String> = lines
        .iter()
        .take(ERROR_LINES)
        .map(|l| {
            if l.chars().count() > 200 {
                let cut: String = l.chars().take(200).collect();
                format!("{cut}...")
            } else {
                (*l).to_owned()
            }
        })
        .collect();
    if lines.len() > ERROR_LINES {
        shown.push(format!("... ({} more lines)", lines.len() - ERROR_LINES));
    }
    format!(": {}", shown.join("; "))
}

/// The names of the signals whose numbers are the same on Linux and macOS.
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => return None,
    })
}
