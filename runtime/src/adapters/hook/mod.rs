//! `hook <agent> <NativeEvent>`: the binary as an agent's hook handler.
//!
//! One process per event: read the event from stdin (capped), find the
//! points the native event delivers ([`coverage`](crate::adapters::coverage)),
//! load only the plugins with something to do there, dispatch, and reply
//! in the agent's own format. Nothing else runs: no CLI parser, no logging
//! unless `TACKLE_LOG` asks, no plugin state that the event does not need.
//!
//! Bad input never passes for a decision: a message on stderr and the
//! agent's non-blocking exit code, unless a hook at one of the event's
//! points declared `on_error = "closed"`; then the event is refused.

pub(crate) mod answer;
pub(crate) mod input;
mod reply;

use std::io::Write;

use tackle::hook::{HookDef, HookPoint, OnError};

use self::answer::Answer;
pub(crate) use self::input::MAX_INPUT_BYTES;
pub(crate) use self::reply::NON_BLOCKING;
use self::reply::{Reply, non_blocking};
use super::Agent;
use super::coverage::{self, Delivery};
use crate::HostBuilder;
use crate::registry::Registry;

/// Handles one event: `stdin` in, the reply written to `stdout` and
/// `stderr`; returns the exit code.
pub(crate) async fn run(
    agent: &str,
    event: &str,
    builder: HostBuilder,
    stdin: impl std::io::Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let reply = handle(agent, event, builder, stdin).await;
    if let Some(json) = &reply.stdout {
        let _ = writeln!(stdout, "{json}");
        let _ = stdout.flush();
    }
    for line in &reply.stderr {
        let _ = writeln!(stderr, "{line}");
    }
    reply.code
}

async fn handle(
    agent: &str,
    event: &str,
    builder: HostBuilder,
    stdin: impl std::io::Read,
) -> Reply {
    let agent = match Agent::parse(agent) {
        Ok(agent) => agent,
        Err(e) => return error(e),
    };
    let delivered = coverage::points_at(agent, event);
    if delivered.is_empty() {
        let known = coverage::events(agent);
        return fail(
            agent,
            event,
            &[],
            format!(
                "{} has no hook event `{event}`{} (events: {})",
                agent.title(),
                crate::suggest::did_you_mean(event, &known),
                known.join(", ")
            ),
        );
    }
    let candidates: Vec<HookPoint> = delivered.iter().map(|&(p, _)| p).collect();
    let payload = match input::read(stdin, MAX_INPUT_BYTES)
        .and_then(|bytes| input::parse(agent, event, &bytes))
    {
        Ok(payload) => payload,
        Err(e) => return fail(agent, event, &candidates, e),
    };
    // Emulated points that fire only on some payloads (`idle_prompt`).
    let points: Vec<HookPoint> = delivered
        .iter()
        .filter(|(_, delivery)| match delivery {
            Delivery::Emulated(e) => e.when.is_none_or(|(f, v)| payload.has(f, v)),
            _ => true,
        })
        .map(|&(p, _)| p)
        .collect();
    let host = match builder.for_points(&points).build().await {
        Ok(host) => host,
        Err(e) => return fail(agent, event, &points, e.to_string()),
    };
    // A fail-closed hook whose plugin could not load must not fail open:
    // the event is refused if that hook would have seen it.
    for (def, problems) in host.failures() {
        let closed: Vec<String> = closed_hooks(host.registry(), &points)
            .filter(|h| h.plugin.id == def.id && payload.wanted_by(h))
            .map(|h| h.id().to_string())
            .collect();
        if closed.is_empty() {
            continue;
        }
        let why: Vec<String> = problems.iter().map(ToString::to_string).collect();
        let reason = format!(
            "plugin `{}` is off ({}) and its hook `{}` fails closed",
            def.id,
            why.join("; "),
            closed.join("`, `")
        );
        if let Some(reply) = refuse(agent, event, &points, reason) {
            host.shutdown().await;
            return reply;
        }
    }
    let answer = answer::dispatch(&host, &payload, &points, !agent.reads_context_files()).await;
    // A session value that could not be read was started afresh: say so.
    let problems = host.session_store().take_problems();
    host.shutdown().await;
    match answer {
        Ok(mut answer) => {
            answer.notes.extend(problems);
            reply::encode(agent, event, &answer)
        }
        Err(e) => fail(agent, event, &points, e),
    }
}

/// The event could not be handled: refuse it if a fail-closed hook was to
/// see it, else report and let the agent carry on.
fn fail(agent: Agent, event: &str, points: &[HookPoint], message: String) -> Reply {
    let closed: Vec<String> = match Registry::global() {
        Ok(registry) => closed_hooks(registry, points)
            .map(|h| h.id().to_string())
            .collect(),
        Err(_) => Vec::new(),
    };
    let refused = (!closed.is_empty())
        .then(|| {
            let reason = format!(
                "tackle could not handle {} `{event}` ({message}), and `{}` fails closed",
                agent.title(),
                closed.join("`, `")
            );
            refuse(agent, event, points, reason)
        })
        .flatten();
    refused.unwrap_or_else(|| Reply {
        code: non_blocking(agent),
        ..error(message)
    })
}

/// The refusal of the event, at its first point that can refuse (none if
/// no point can).
fn refuse(agent: Agent, event: &str, points: &[HookPoint], reason: String) -> Option<Reply> {
    let point = points.iter().copied().find(|p| p.kind().can_deny())?;
    Some(reply::encode(agent, event, &Answer::refused(point, reason)))
}

fn error(message: String) -> Reply {
    Reply {
        stdout: None,
        stderr: vec![format!("tackle: {message}")],
        code: NON_BLOCKING,
    }
}

/// The fail-closed hooks at these points.
fn closed_hooks<'a>(
    registry: &'a Registry,
    points: &'a [HookPoint],
) -> impl Iterator<Item = &'static HookDef> + 'a {
    registry
        .hooks()
        .iter()
        .copied()
        .filter(|h| h.on_error == OnError::Closed && points.contains(&h.point))
}
