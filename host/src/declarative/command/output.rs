//! The command's answer — exit code, stdout, stderr — read by Claude
//! Code's rules into a [`Decision`]: the reverse of what the adapters'
//! `reply` writes.

use serde_json::{Map, Value};
use tackle::Problem;
use tackle::hook::{Action, Actions, Decision, HookPoint, HookReturn, Kind};

use super::CommandHook;
use super::input::{claude_name, event_name};
use super::process::{Captured, Exit, Ran};

/// Claude Code's events whose plain stdout (exit 0, not JSON) is added to
/// the model's context.
const PLAIN_CONTEXT: &[&str] = &["UserPromptSubmit", "UserPromptExpansion", "SessionStart"];

/// Points where a refusal keeps the agent going: `continue: false` there
/// lets it stop, which it is about to do anyway.
const REFUSAL_KEEPS_GOING: &[HookPoint] = &[
    HookPoint::Stop,
    HookPoint::SubagentStop,
    HookPoint::TeammateIdle,
];

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
        let Value::Object(map) = &value else {
            return Err(format!(
                "`{origin}` printed JSON on stdout that is not an object"
            ));
        };
        let reply = Reply::read(map, point).map_err(|e| format!("`{origin}`: {e}"))?;
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

/// Claude Code's JSON reply, checked.
#[derive(Debug, Default)]
struct Reply<'a> {
    /// `continue`.
    keep_going: Option<bool>,
    stop_reason: Option<&'a str>,
    /// Top-level `decision`: `approve` or `block`.
    decision: Option<&'a str>,
    reason: Option<&'a str>,
    system_message: Option<&'a str>,
    /// `hookSpecificOutput.permissionDecision`.
    permission: Option<&'a str>,
    permission_reason: Option<&'a str>,
    updated_input: Option<&'a Value>,
    updated_output: Option<&'a Value>,
    context: Option<&'a str>,
    /// `PermissionRequest`'s `hookSpecificOutput.decision`.
    request: Option<Request<'a>>,
}

/// `{behavior, updatedInput?, message?}`.
#[derive(Debug)]
struct Request<'a> {
    allow: bool,
    updated_input: Option<&'a Value>,
    message: Option<&'a str>,
}

impl<'a> Reply<'a> {
    fn read(map: &'a Map<String, Value>, point: HookPoint) -> Result<Reply<'a>, String> {
        let top = Fields { map, path: "" };
        if let Some(Value::Object(_)) = top.get("decision") {
            return Err(
                "`decision` must be \"approve\" or \"block\", found an object (PermissionRequest's `decision` object goes in `hookSpecificOutput`)"
                    .to_owned(),
            );
        }
        let _ = top.boolean("suppressOutput")?;
        let mut reply = Reply {
            keep_going: top.boolean("continue")?,
            stop_reason: top.string("stopReason")?,
            decision: top.one_of("decision", &["approve", "block"])?,
            reason: top.string("reason")?,
            system_message: top.string("systemMessage")?,
            ..Reply::default()
        };
        let Some(specific) = top.object("hookSpecificOutput")? else {
            return Ok(reply);
        };
        let specific = Fields {
            map: specific,
            path: "hookSpecificOutput.",
        };
        if let Some(name) = specific.string("hookEventName")?
            && HookPoint::from_name(name) != Some(point)
            && name != event_name(point)
        {
            return Err(format!(
                "`hookSpecificOutput.hookEventName` is \"{name}\", but the event is {}",
                event_name(point)
            ));
        }
        reply.permission =
            specific.one_of("permissionDecision", &["allow", "deny", "ask", "defer"])?;
        reply.permission_reason = specific.string("permissionDecisionReason")?;
        reply.updated_input = specific.arguments("updatedInput")?;
        reply.updated_output = specific.get("updatedToolOutput");
        reply.context = specific.string("additionalContext")?;
        if let Some(request) = specific.object("decision")? {
            let request = Fields {
                map: request,
                path: "hookSpecificOutput.decision.",
            };
            let behavior = request.one_of("behavior", &["allow", "deny"])?;
            let Some(behavior) = behavior else {
                return Err("`hookSpecificOutput.decision.behavior` is missing; it is \"allow\" or \"deny\"".to_owned());
            };
            reply.request = Some(Request {
                allow: behavior == "allow",
                updated_input: request.arguments("updatedInput")?,
                message: request.string("message")?,
            });
        }
        Ok(reply)
    }

    /// The one decision the reply makes: deny, else ask, else a rewrite,
    /// else allow; with its added context.
    fn decision(&self, hook: &CommandHook, point: HookPoint) -> Decision {
        let origin = &hook.origin;
        if let Some(message) = self.system_message {
            tracing::info!(hook = %origin, %point, "{message}");
        }
        if point.kind() == Kind::Observer {
            if self.denial(origin, point).is_some() || self.keep_going == Some(false) {
                tracing::info!(hook = %origin, %point, "a refusal at an observer point; ignored");
            }
            return Decision::abstain();
        }
        let rewrite = self.rewrite(origin, point);
        let mut decision = if let Some(reason) = self.denial(origin, point) {
            Decision::deny(reason)
        } else if self.permission == Some("ask") {
            if rewrite.is_some() {
                tracing::warn!(
                    hook = %origin,
                    %point,
                    "`ask` with `updatedInput`: the user is asked about the call as it was; the rewrite is dropped"
                );
            }
            Decision::from(Action::Ask {
                reason: self
                    .permission_reason
                    .filter(|r| !r.trim().is_empty())
                    .map(str::to_owned),
            })
        } else if let Some(input) = rewrite {
            Decision::modify(input.clone())
        } else if self.allows(point) {
            Decision::allow()
        } else {
            Decision::abstain()
        };
        if let Some(context) = self.context.filter(|c| !c.trim().is_empty()) {
            decision = decision.with_context(context);
        }
        decision
    }

    /// The reason of a refusal, if the reply refuses.
    fn denial(&self, origin: &str, point: HookPoint) -> Option<String> {
        let text =
            |reason: Option<&str>| reason.filter(|r| !r.trim().is_empty()).map(str::to_owned);
        if self.keep_going == Some(false) && !REFUSAL_KEEPS_GOING.contains(&point) {
            return Some(
                text(self.stop_reason)
                    .or_else(|| text(self.reason))
                    .unwrap_or_else(|| format!("stopped by `{origin}`")),
            );
        }
        if self.decision == Some("block") {
            return Some(text(self.reason).unwrap_or_else(|| format!("blocked by `{origin}`")));
        }
        if self.permission == Some("deny") {
            return Some(
                text(self.permission_reason)
                    .or_else(|| text(self.reason))
                    .unwrap_or_else(|| format!("denied by `{origin}`")),
            );
        }
        match &self.request {
            Some(request) if !request.allow => {
                Some(text(request.message).unwrap_or_else(|| format!("denied by `{origin}`")))
            }
            _ => None,
        }
    }

    /// The new input: a tool's arguments where the point's input is them,
    /// a tool's result after it ran.
    fn rewrite(&self, origin: &str, point: HookPoint) -> Option<&'a Value> {
        let arguments = self.updated_input.or(self
            .request
            .as_ref()
            .filter(|r| r.allow)
            .and_then(|r| r.updated_input));
        let takes_arguments = point.input_field() == Some("arguments");
        let takes_output = point == HookPoint::AfterToolCall;
        let (kept, dropped) = match (arguments, self.updated_output) {
            (Some(input), _) if takes_arguments => (Some(input), None),
            (_, Some(output)) if takes_output => (Some(output), None),
            (Some(_), _) => (None, Some("updatedInput")),
            (_, Some(_)) => (None, Some("updatedToolOutput")),
            (None, None) => (None, None),
        };
        if let Some(field) = dropped {
            tracing::warn!(hook = %origin, %point, "`{field}` means nothing at `{point}`; ignored");
        }
        kept
    }

    /// Whether the reply allows, where allowing means something (Claude
    /// Code's `approve` at `Stop` only says "no objection").
    fn allows(&self, point: HookPoint) -> bool {
        let allow = self.permission == Some("allow")
            || self.decision == Some("approve")
            || self.request.as_ref().is_some_and(|r| r.allow);
        allow && point.kind().actions().contains(Actions::ALLOW)
    }
}

/// One JSON object of the reply, with its path for messages. `null` counts
/// as absent.
struct Fields<'a> {
    map: &'a Map<String, Value>,
    path: &'static str,
}

impl<'a> Fields<'a> {
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn wrong(&self, key: &str, expected: &str, found: &Value) -> String {
        format!(
            "`{}{key}` must be {expected}, found {}",
            self.path,
            Problem::show_value(found)
        )
    }

    fn string(&self, key: &str) -> Result<Option<&'a str>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(other) => Err(self.wrong(key, "a string", other)),
        }
    }

    fn boolean(&self, key: &str) -> Result<Option<bool>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(other) => Err(self.wrong(key, "true or false", other)),
        }
    }

    fn object(&self, key: &str) -> Result<Option<&'a Map<String, Value>>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Object(map)) => Ok(Some(map)),
            Some(other) => Err(self.wrong(key, "an object", other)),
        }
    }

    /// A tool's arguments, whole: an object.
    fn arguments(&self, key: &str) -> Result<Option<&'a Value>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(value @ Value::Object(_)) => Ok(Some(value)),
            Some(other) => Err(self.wrong(key, "an object (the tool's arguments, whole)", other)),
        }
    }

    fn one_of(&self, key: &str, allowed: &[&str]) -> Result<Option<&'a str>, String> {
        let expected = || {
            let quoted: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
            format!("one of {}", quoted.join(", "))
        };
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(text)) if allowed.contains(&text.as_str()) => Ok(Some(text)),
            Some(other) => Err(self.wrong(key, &expected(), other)),
        }
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
