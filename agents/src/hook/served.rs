//! The agents' [`ServedHooks`]: an event sent to a long-lived server (an
//! MCP tool call, an HTTP POST) read and answered as the hook process
//! reads and answers it — [`ReadEvent::read`], [`ReadEvent::decide`], the agent's
//! own encoder — with the refusals written in JSON, as there is no exit
//! code to refuse by.
//!
//! The server's host outlives the event, so two guards stand in for the
//! process's: the event is answered by its deadline (the budget
//! `export` counts, as the [`Watchdog`](super::Watchdog) has it), or as
//! soon as one of its hooks is past its own limit, refused then if a
//! fail-closed hook could have seen it; and the hooks run on a worker of
//! the host's ([`Host::offload`]), so one that blocks, sync or async,
//! holds that worker, never the server. A hook stuck so is skipped by
//! later events (its `on_error` decides for it) while it stays stuck.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use futures_util::FutureExt;
use tackle::hook::{HookDef, HookPoint};
use tackle_host::served_hooks::{HookBody, ServedAnswer, ServedEvent, ServedFuture, ServedHooks};
use tackle_host::{DEFAULT_HOOK_TIMEOUT, Host, panic_message};

use super::reply::{BLOCK, NativeReply, Transport};
use super::watchdog::budget;
use super::{ReadEvent, Scope, fail, input};
use crate::export::plan::MARGIN;
use crate::{Agent, NativeEvent};

/// The agents' hook protocols, for a server to answer their hooks with.
#[derive(Debug, Clone, Copy, Default)]
pub struct AgentHooks;

impl ServedHooks for AgentHooks {
    fn answer(&self, host: Arc<Host>, call: ServedEvent) -> ServedFuture {
        Box::pin(answer(host, call))
    }

    fn serves(&self, agent: &str) -> bool {
        Agent::from_name(agent).is_some_and(|a| a.protocol().served())
    }
}

/// The agents whose hooks can take a served answer, for messages.
fn served_agents() -> String {
    Agent::ALL
        .into_iter()
        .filter(|a| a.protocol().served())
        .map(Agent::name)
        .collect::<Vec<_>>()
        .join(", ")
}

async fn answer(host: Arc<Host>, call: ServedEvent) -> ServedAnswer {
    let ServedEvent { agent, event, body } = call;
    let scope = Scope::of(&agent, &event);
    match scope.event().map(NativeEvent::agent) {
        Ok(agent) if !agent.protocol().served() => {
            return ServedAnswer::Unknown(format!(
                "{}'s hooks cannot call a server; they run `<bin> hook {} <event>` (served: {})",
                agent.title(),
                agent.name(),
                served_agents()
            ));
        }
        Ok(_) => {}
        Err(message) => return ServedAnswer::Unknown(message),
    }
    let fields = || match body {
        HookBody::Json(bytes) => input::object(&bytes, "the request's body"),
        HookBody::Fields(fields) => Ok(fields),
    };
    let read = match ReadEvent::read(&scope, fields) {
        Ok(read) => read,
        Err(message) => return served(fail(&scope, message, Transport::Served)),
    };
    let hooks: Vec<&'static HookDef> = tackle::hook::linked_hooks()
        .filter(|h| h.point == HookPoint::AnyEvent || read.points.contains(&h.point))
        .collect();
    let default_timeout = host
        .config()
        .hook_timeout_ms
        .map_or(DEFAULT_HOOK_TIMEOUT, Duration::from_millis);
    let deadline = budget(&hooks, default_timeout) + MARGIN / 2;
    let scope = Arc::new(scope);
    // On a worker of the host's, never this thread: a hook that blocks
    // (a sync one, or an `async fn` calling `std::fs`) holds the worker,
    // and this thread still answers at the deadline, or sooner once a
    // hook is past its own limit.
    let deciding = {
        let scope = scope.clone();
        let host = host.clone();
        host.clone()
            .offload(move || {
                Box::pin(async move {
                    AssertUnwindSafe(read.decide(&host, &scope, Transport::Served))
                        .catch_unwind()
                        .await
                        .map_err(|panic| format!("tackle panicked: {}", panic_message(&panic)))
                })
            })
            .await
    };
    let reply = match deciding {
        Err(busy) => fail(&scope, busy.to_string(), Transport::Served),
        Ok(deciding) => match tokio::time::timeout(deadline, deciding).await {
            Ok(Ok(Ok(reply))) => reply,
            Ok(Ok(Err(message))) => fail(&scope, message, Transport::Served),
            Ok(Err(ended)) => fail(
                &scope,
                format!("its hooks could not answer: {ended}"),
                Transport::Served,
            ),
            Err(_) => fail(
                &scope,
                format!(
                    "its hooks did not answer within {:.1} s, the event's budget from each hook's timeout_ms and 1 s per sync hook{}",
                    deadline.as_secs_f64(),
                    stuck_note(&host)
                ),
                Transport::Served,
            ),
        },
    };
    served(reply)
}

/// The hooks stuck now, for a message: `` (stuck: `a::b` for 3.0 s)``.
fn stuck_note(host: &Host) -> String {
    let stuck = host.stuck_runs();
    if stuck.is_empty() {
        return String::new();
    }
    let names: Vec<String> = stuck
        .iter()
        .map(|(name, running)| format!("`{name}` for {:.1} s", running.as_secs_f64()))
        .collect();
    format!(" (stuck: {})", names.join(", "))
}

/// The hook process's reply as a served answer: its JSON, or `{}`; a
/// refusal that has no JSON form is a failure the agent handles.
fn served(reply: NativeReply) -> ServedAnswer {
    match reply.stdout {
        Some(json) => ServedAnswer::Reply {
            json,
            notes: reply.stderr,
        },
        None if reply.code == BLOCK => ServedAnswer::Failed(reply.stderr.join("\n")),
        None => ServedAnswer::Reply {
            json: "{}".to_owned(),
            notes: reply.stderr,
        },
    }
}
