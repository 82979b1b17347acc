//! `hook <agent> <NativeEvent>`: the binary as an agent's hook handler.
//!
//! One process per event: read the event from stdin (capped), find the
//! points the native event delivers ([`coverage`]),
//! load only the plugins with something to do there, dispatch, and reply
//! in the agent's own format. Nothing else runs: no CLI parser, no logging
//! unless `TACKLE_LOG` asks, no plugin state that the event does not need.
//! The same reading, fold and encoder (`ReadEvent`) answer the events a
//! long-lived server receives instead ([`AgentHooks`]).
//!
//! Fail-closed holds on every path: whenever the binary cannot decide (an
//! unknown agent or event, arguments it cannot read, bad stdin, a registry
//! or config that fails, a plugin that failed to load, an event that does
//! not fit its point, a panic in tackle itself, hooks that have not
//! answered by the event's deadline: [`Watchdog`]) and a linked hook that
//! could have seen the event declared `on_error = "closed"`, the event is
//! refused, with the reason on stderr or in the reply. Otherwise the
//! problem is reported on stderr with the agent's non-blocking exit code.
//! Which hooks could have seen it is judged from what is known: the
//! event's points when the event is known, any point of the agent when
//! only the agent is, any point at all otherwise; a hook's matcher counts
//! only where the payload was read.

pub(crate) mod answer;
#[doc(hidden)]
pub mod input;
pub(crate) mod rename;
pub(crate) mod reply;
mod served;
pub(crate) mod shim_reply;
mod watchdog;

use std::io::Write;
use std::panic::AssertUnwindSafe;

use futures_util::FutureExt;
use serde_json::{Map, Value};
use tackle::hook::{HookDef, HookPoint, OnError};

use self::answer::{Answer, closed_reason};
pub use self::input::MAX_INPUT_BYTES;
pub(crate) use self::reply::NON_BLOCKING;
use self::reply::{BLOCK, NativeReply, Transport, non_blocking};
use super::coverage::{self, Delivery};
use super::{Agent, NativeEvent};
use tackle_host::HostBuilder;
use tackle_host::panic_message;

pub use self::served::AgentHooks;
pub use self::watchdog::Watchdog;

/// Handles one event: `stdin` in, the reply written to `stdout` and
/// `stderr`; returns the exit code. The reply is written only if the
/// `watchdog` has not answered first.
pub async fn run(
    agent: &str,
    event: &str,
    builder: HostBuilder,
    watchdog: &Watchdog,
    stdin: impl std::io::Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let handled = AssertUnwindSafe(handle(agent, event, builder, watchdog, stdin))
        .catch_unwind()
        .await;
    let reply = handled.unwrap_or_else(|panic| {
        let scope = Scope::of(agent, event);
        fail(
            &scope,
            format!("tackle panicked: {}", panic_message(&panic)),
            Transport::Process,
        )
    });
    let _answering = watchdog.answering();
    write(&reply, stdout, stderr)
}

/// The hook call could not be run (`message` says why): `call` is its
/// agent and event, `None` when its arguments could not be read. Refused
/// when a linked fail-closed hook could have been meant.
pub fn unhandled(
    call: Option<(&str, &str)>,
    message: &str,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let scope = match call {
        Some((agent, event)) => Scope::of(agent, event),
        None => Scope::Unknown {
            call: "the hook call".into(),
            why: message.to_owned(),
        },
    };
    write(
        &fail(&scope, message.to_owned(), Transport::Process),
        stdout,
        stderr,
    )
}

fn write(reply: &NativeReply, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
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
    watchdog: &Watchdog,
    stdin: impl std::io::Read,
) -> NativeReply {
    let scope = Scope::of(agent, event);
    let stdin = || input::read(stdin, MAX_INPUT_BYTES).and_then(|b| input::object(&b, "stdin"));
    let read = match ReadEvent::read(&scope, stdin) {
        Ok(read) => read,
        Err(message) => return fail(&scope, message, Transport::Process),
    };
    // Each large future boxed while it runs: the second reuses the first's
    // heap, where nested in this one both would be stack pages the process
    // faults in.
    // The plugin options the user set in Claude Code, for Claude Code's
    // hooks only: no other agent sets them.
    let builder = match read.event.agent() {
        Agent::Claude => builder.agent_settings(super::claude::options::from_env()),
        _ => builder,
    };
    let host = match Box::pin(builder.for_points(&read.points).build()).await {
        Ok(host) => host,
        Err(e) => return fail(&scope, e.to_string(), Transport::Process),
    };
    watchdog.rearm(&host);
    let reply = Box::pin(read.decide(&host, &scope, Transport::Process)).await;
    host.shutdown().await;
    reply
}

/// One event, read: what the agent sent and the points it reaches.
pub(crate) struct ReadEvent {
    event: NativeEvent,
    payload: input::NativeInput,
    points: Vec<HookPoint>,
}

impl ReadEvent {
    /// Reads the event `scope` names from the object `fields` gives,
    /// asked only once the event is known; `Err` says why it cannot be
    /// read.
    fn read(
        scope: &Scope,
        fields: impl FnOnce() -> Result<Map<String, Value>, String>,
    ) -> Result<ReadEvent, String> {
        let (event, delivered) = scope.known()?;
        let payload = fields().and_then(|fields| input::parse_object(event, fields))?;
        // Emulated points that fire only on some payloads (`idle_prompt`).
        let points = delivered
            .iter()
            .filter(|(_, delivery)| match delivery {
                Delivery::Emulated(e) => e.when.is_none_or(|(f, v)| payload.has(f, v)),
                _ => true,
            })
            .map(|&(p, _)| p)
            .collect();
        Ok(ReadEvent {
            event,
            payload,
            points,
        })
    }

    /// Dispatches the event on `host` and answers it in the agent's reply
    /// format for `transport`: the one fold and the one encoder, whether
    /// the event came by process, MCP tool or HTTP.
    async fn decide(
        &self,
        host: &tackle_host::Host,
        scope: &Scope,
        transport: Transport,
    ) -> NativeReply {
        let ReadEvent {
            event,
            payload,
            points,
        } = self;
        let (event, agent) = (*event, event.agent());
        // A fail-closed hook whose plugin could not load is dispatched too,
        // and refuses what it would have seen.
        let unknown = unknown_tool(agent, host, payload, points);
        let unloaded = not_loaded(host, payload, points);
        let answer = answer::dispatch(host, payload, points, !agent.reads_context_files())
            .await
            .map(|mut answer| {
                answer.notes.extend(unknown);
                answer.notes.extend(unloaded);
                answer
            });
        // A session value that could not be read was started afresh: say so.
        let problems = host.session_store().take_problems();
        // What an untrusted project configured and did not get: a guard
        // configured but not applied must not look applied.
        let withheld = tackle_host::trust::not_applied_note(host.withheld());
        match answer {
            Ok(mut answer) => {
                answer.notes.extend(problems);
                answer.notes.extend(withheld);
                answer.native_tool = payload
                    .session
                    .metadata
                    .get("native_tool_name")
                    .and_then(|v| v.as_str())
                    .map(str::to_owned);
                reply::encode_for(transport, event, &answer)
            }
            Err(unreadable) => match unreadable.refusal(&scope.what()) {
                Some(refused) => reply::encode_for(transport, event, &refused),
                None => NativeReply {
                    code: non_blocking(agent),
                    ..error(unreadable.message)
                },
            },
        }
    }
}

/// The reports of plugins that failed to load (their config, their
/// state) and had hooks that would have seen the event: those hooks did
/// not run. A fail-closed one refused instead, which its reply says; the
/// others would otherwise be missing without a word.
fn not_loaded(
    host: &tackle_host::Host,
    payload: &input::NativeInput,
    points: &[HookPoint],
) -> Vec<String> {
    host.failures()
        .filter_map(|(plugin, problems)| {
            let skipped: Vec<String> = host
                .registry()
                .hooks()
                .iter()
                .filter(|h| h.plugin.id == plugin.id && h.on_error != OnError::Closed)
                .filter(|h| h.point == HookPoint::AnyEvent || points.contains(&h.point))
                .filter(|h| payload.may_want(h))
                .map(|h| format!("`{}`", h.id()))
                .collect();
            if skipped.is_empty() {
                return None;
            }
            let why: Vec<String> = problems.iter().map(ToString::to_string).collect();
            Some(format!(
                "plugin `{}` failed to load ({}); its {} did not run: {}",
                plugin.id,
                why.join("; "),
                if skipped.len() == 1 { "hook" } else { "hooks" },
                skipped.join(", ")
            ))
        })
        .collect()
}

/// The report of a tool name that tackle's tool-name table does not know,
/// where a fail-closed hook with a tool matcher waits at the event: the
/// hook does not see the call (its matcher names other tools), which is
/// what a missing entry in the table looks like (Factory Droid's shell,
/// `Execute`, let through a `Bash` guard). Reported, not refused:
/// agents' task, todo and MCP tools are outside the table by design, and
/// refusing them would stop every session a guard is installed in. MCP
/// tools (`mcp__...`, `server__tool`, `@server/tool`) are named by their
/// server, which a matcher names exactly, and are not reported.
fn unknown_tool(
    agent: Agent,
    host: &tackle_host::Host,
    payload: &input::NativeInput,
    points: &[HookPoint],
) -> Option<String> {
    let name = ["tool_name", "toolName", "tool"]
        .into_iter()
        .find_map(|key| payload.fields.get(key)?.as_str())?;
    let mcp = name.starts_with("mcp") || name.contains("__") || name.contains('/');
    if mcp || crate::tools::Tool::from_name(name).is_some() {
        return None;
    }
    let mut guards: Vec<String> = Vec::new();
    for &point in points {
        if point.matcher_field() != Some("tool_name") {
            continue;
        }
        for hook in host.closed_hooks(point) {
            let Some(matcher) = hook.matcher.filter(|m| !m.is_empty() && *m != "*") else {
                continue;
            };
            let guard = format!("`{}` (matcher `{matcher}`)", hook.id());
            if !guards.contains(&guard) && !payload.may_want(hook) {
                guards.push(guard);
            }
        }
    }
    let (hooks, verb) = match guards.len() {
        0 => return None,
        1 => ("hook", "does"),
        _ => ("hooks", "do"),
    };
    let title = agent.title();
    Some(format!(
        "{title} called `{name}`, a tool tackle's tool-name table does not know; the fail-closed {hooks} {} {verb} not see it. If `{name}` is one of {title}'s built-in tools (a shell, a file tool), the table lacks it: report it to tackle, and guard it by name meanwhile",
        guards.join(", ")
    ))
}

/// The points a native event delivers, and how.
type Delivered = [(HookPoint, Delivery)];

/// What the binary knew of an event it could not decide: the agent and
/// the event, parsed here once (`hook <agent> <event>`).
#[derive(Debug)]
enum Scope {
    /// A known agent's known event, and the points it delivers, and how
    /// ([`coverage::points_at`], in the order they run).
    Event {
        event: NativeEvent,
        delivered: Vec<(HookPoint, Delivery)>,
    },
    /// A known agent, and an event it does not have (or one that
    /// delivers no point).
    Agent(Agent, String),
    /// No agent known: what the call was, and why it is unknown.
    Unknown { call: String, why: String },
}

impl Scope {
    fn of(agent: &str, event: &str) -> Scope {
        let known = match Agent::parse(agent) {
            Ok(known) => known,
            Err(why) => {
                return Scope::Unknown {
                    call: format!("`hook {agent} {event}`"),
                    why,
                };
            }
        };
        let Some(native) = NativeEvent::parse(known, event) else {
            return Scope::Agent(known, event.to_owned());
        };
        let delivered = coverage::points_at(native);
        if delivered.is_empty() {
            return Scope::Agent(known, event.to_owned());
        }
        Scope::Event {
            event: native,
            delivered,
        }
    }

    /// The known event; `Err` says what is unknown.
    fn event(&self) -> Result<NativeEvent, String> {
        self.known().map(|(event, _)| event)
    }

    /// The known event and the points it delivers, and how; `Err` says
    /// what is unknown.
    fn known(&self) -> Result<(NativeEvent, &Delivered), String> {
        match self {
            Scope::Event { event, delivered } => Ok((*event, delivered)),
            Scope::Agent(agent, name) => {
                let known = coverage::events(*agent);
                Err(format!(
                    "{} has no hook event `{name}`{} (events: {})",
                    agent.title(),
                    tackle_host::suggest::did_you_mean(name, &known),
                    known.join(", ")
                ))
            }
            Scope::Unknown { why, .. } => Err(why.clone()),
        }
    }

    /// The points a hook could have been meant for: the event's; any
    /// point of the agent's events; any point.
    fn points(&self) -> Vec<HookPoint> {
        match self {
            Scope::Event { delivered, .. } => delivered.iter().map(|&(p, _)| p).collect(),
            Scope::Agent(agent, _) => NativeEvent::all(*agent)
                .flat_map(coverage::points_at)
                .map(|(p, _)| p)
                .collect(),
            Scope::Unknown { .. } => HookPoint::ALL.to_vec(),
        }
    }

    /// The event, for messages.
    fn what(&self) -> String {
        match self {
            Scope::Event { event, .. } => format!("{} `{event}`", event.agent().title()),
            Scope::Agent(agent, event) => format!("{} `{event}`", agent.title()),
            Scope::Unknown { call, .. } => call.clone(),
        }
    }
}

/// The event could not be handled: refuse it if a linked fail-closed hook
/// could have seen it (from the linked declarations themselves, which a
/// registry that fails to build does not give), else report it and let the
/// agent carry on. A known event gets the agent's own refusal; otherwise
/// exit code 2 with the reason on stderr, which every agent (and the
/// OpenCode, Pi and SuperQode shims) takes as a block.
fn fail(scope: &Scope, message: String, transport: Transport) -> NativeReply {
    let closed = closed_hooks(scope);
    if closed.is_empty() {
        let code = match scope {
            Scope::Event { event, .. } => non_blocking(event.agent()),
            Scope::Agent(agent, _) => non_blocking(*agent),
            Scope::Unknown { .. } => NON_BLOCKING,
        };
        return NativeReply {
            code,
            ..error(message)
        };
    }
    let reason = closed_reason(&scope.what(), &message, &closed);
    match scope {
        Scope::Event { event, delivered } => {
            let point = delivered
                .iter()
                .map(|&(p, _)| p)
                .find(|p| p.kind().can_deny())
                .unwrap_or(HookPoint::BeforeToolCall);
            reply::encode_for(transport, *event, &Answer::refused(point, reason))
        }
        _ => NativeReply {
            stdout: None,
            stderr: vec![reason],
            code: BLOCK,
            transport,
        },
    }
}

/// The linked fail-closed hooks that could have seen the event, by id, in
/// the registry's order (whatever the link order).
fn closed_hooks(scope: &Scope) -> Vec<String> {
    let points = scope.points();
    let mut hooks: Vec<_> = tackle::hook::linked_hooks()
        .filter(|h| refuses_at(h, &points))
        .collect();
    hooks.sort_by_key(|h| (h.plugin.id, h.point, h.order, h.location));
    let mut closed: Vec<String> = Vec::new();
    for hook in hooks {
        let id = hook.id().to_string();
        if !closed.contains(&id) {
            closed.push(id);
        }
    }
    closed
}

/// Whether `hook` fails closed at one of `points` where it could deny.
fn refuses_at(hook: &HookDef, points: &[HookPoint]) -> bool {
    hook.on_error == OnError::Closed && hook.point.kind().can_deny() && points.contains(&hook.point)
}

fn error(message: String) -> NativeReply {
    NativeReply {
        stdout: None,
        stderr: vec![format!("tackle: {message}")],
        code: NON_BLOCKING,
        transport: Transport::Process,
    }
}
