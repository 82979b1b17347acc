//! Which native events a package registers, and what it cannot deliver.

use std::time::Duration;

use tackle::hook::{HookDef, HookHandler, HookPoint, OnError};

use super::Dropped;
use super::matcher::Filter;
use crate::coverage::{self, Delivery};
use crate::{Agent, NativeEvent};
use tackle_host::{DEFAULT_HOOK_TIMEOUT, Host, PluginStatus};

/// How long the agent gives the binary beyond its hooks: the process start
/// and loading the plugins.
pub(crate) const MARGIN: Duration = Duration::from_secs(5);

/// What a sync hook (and a plugin's rules or context files) is counted for:
/// the host does not time them, and they are meant to be quick.
pub(crate) const SYNC_BUDGET: Duration = tackle_host::SYNC_HOOK_BUDGET;

/// What a package for one agent registers.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The agent.
    pub(crate) agent: Agent,
    /// One per native event the package needs, in the coverage table's order.
    pub(crate) registrations: Vec<Registration>,
    /// What the agent cannot deliver.
    pub(crate) dropped: Vec<Dropped>,
    /// What the user should know about the plugins exported.
    pub(crate) warnings: Vec<String>,
}

/// One native event the package registers the binary for.
#[derive(Debug)]
pub(crate) struct Registration {
    /// The agent's event name.
    pub(crate) event: &'static str,
    /// The tools worth starting the binary for.
    pub(crate) filter: Filter,
    /// How long the agent should wait for the binary.
    pub(crate) timeout: Duration,
    /// The tools a fail-closed hook guards here (`None`: no such hook, or
    /// none at a point that can refuse): where the binary cannot answer
    /// for them, the event must be refused rather than let through.
    pub(crate) closed: Option<Filter>,
}

impl Registration {
    /// The timeout in whole seconds, rounded up.
    pub(crate) fn timeout_secs(&self) -> u64 {
        self.timeout
            .as_millis()
            .div_ceil(1000)
            .try_into()
            .unwrap_or(u64::MAX)
    }

    /// The timeout in milliseconds.
    pub(crate) fn timeout_ms(&self) -> u64 {
        self.timeout.as_millis().try_into().unwrap_or(u64::MAX)
    }
}

/// Something that must run at a point: a hook, or a plugin's rules or
/// context files.
struct Need {
    /// `plugin::hook`, or what else it is, for messages.
    what: String,
    point: HookPoint,
    /// The tools it wants to see.
    filter: Filter,
    /// How long it may take.
    budget: Duration,
    /// Whether it fails closed.
    closed: bool,
}

/// How long `hook` is counted for in its event's timeout: an async hook's
/// own limit (else `default_timeout`), [`SYNC_BUDGET`] for a sync one.
pub(crate) fn hook_budget(hook: &HookDef, default_timeout: Duration) -> Duration {
    match hook.handler {
        HookHandler::Sync(_) => SYNC_BUDGET,
        HookHandler::Async(_) => hook
            .timeout_ms
            .map_or(default_timeout, Duration::from_millis),
    }
}

impl Plan {
    /// A plan for `agent` with no hook.
    #[cfg(test)]
    pub(crate) fn empty(agent: Agent) -> Plan {
        Plan {
            agent,
            registrations: Vec::new(),
            dropped: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// The plan for every plugin `host` links, except those the config's
    /// `enabled` list leaves out.
    ///
    /// A plugin that failed to load here is exported all the same (with a
    /// warning): its config may be valid where the agent runs, and where it
    /// is not, the binary refuses the events its fail-closed hooks guard.
    /// Leaving it out would drop those hooks without a word.
    pub(crate) fn new(host: &Host, agent: Agent) -> Plan {
        let default_timeout = host
            .config()
            .hook_timeout_ms
            .map_or(DEFAULT_HOOK_TIMEOUT, Duration::from_millis);
        let mut plan = Plan {
            agent,
            registrations: Vec::new(),
            dropped: Vec::new(),
            warnings: Vec::new(),
        };
        let exported = |id: &str| {
            host.plugin(id)
                .is_some_and(|p| p.status() != PluginStatus::Disabled)
        };
        for plugin in host.plugins() {
            if let PluginStatus::Failed(problems) = plugin.status() {
                plan.warnings
                    .push(failed_warning(host, plugin.def().id, problems));
            }
        }
        for hook in host.registry().hooks() {
            if !exported(hook.plugin.id) {
                continue;
            }
            let budget = hook_budget(hook, default_timeout);
            plan.need(Need {
                what: hook.id().to_string(),
                point: hook.point,
                filter: Filter::of(hook.matcher),
                budget,
                closed: hook.on_error == OnError::Closed,
            });
        }
        // Rules and context files run at their points like quick hooks
        // without a matcher.
        for plugin in host.plugins() {
            if !exported(plugin.def().id) {
                continue;
            }
            let def = plugin.def();
            if !def.permission_rules.is_empty() {
                plan.need(Need::quick(
                    format!("{}: permission rules", def.id),
                    HookPoint::PermissionRequest,
                ));
            }
            // An agent that reads them from the package itself needs no
            // event for them.
            if !def.context_files.is_empty() && !agent.reads_context_files() {
                plan.need(Need::quick(
                    format!("{}: context files", def.id),
                    HookPoint::SystemPrompt,
                ));
            }
        }
        if !host.config().permission_rules.is_empty() {
            plan.need(Need::quick(
                "the host config: [[permission_rules]]".to_owned(),
                HookPoint::PermissionRequest,
            ));
        }
        plan.finish();
        plan
    }

    /// Orders the registrations as the table does, adds the margin to each
    /// timeout and keeps it within the agent's bound.
    fn finish(&mut self) {
        let agent = self.agent;
        let order = coverage::events(agent);
        self.registrations
            .sort_by_key(|r| order.iter().position(|e| *e == r.event));
        for r in &mut self.registrations {
            let budget = r.timeout;
            r.timeout = r.timeout.saturating_add(MARGIN);
            // Every registered name is one the coverage table gave.
            let Some(event) = NativeEvent::parse(agent, r.event) else {
                continue;
            };
            if let Some(max) = agent.protocol().max_timeout_at(event) {
                r.timeout = r.timeout.min(max);
                if budget > max {
                    self.warnings.push(format!(
                        "{} gives the hooks at {} at most {} s, less than their {} s: the slowest may be cut short",
                        agent.title(),
                        r.event,
                        max.as_secs(),
                        budget.as_millis().div_ceil(1000)
                    ));
                }
            }
            // A fail-closed hook refuses only where one of the event's
            // points can refuse; elsewhere its failure is only reported.
            let can_refuse = coverage::points_at(event)
                .iter()
                .any(|(p, _)| p.kind().can_deny());
            if !can_refuse {
                r.closed = None;
            }
        }
    }

    /// `need` must run: register the event(s) that deliver it, or record
    /// why it cannot be delivered.
    fn need(&mut self, need: Need) {
        let agent = self.agent;
        let delivery = coverage::delivery(need.point, agent);
        // Only a tool point's matcher is read against tool names.
        let by_tool = need.point.matcher_field() == Some("tool_name");
        if by_tool
            && delivery.is_supported()
            && let Some(lacked) = need.filter.lacked(agent)
        {
            self.dropped.push(Dropped {
                what: need.what,
                point: need.point,
                why: format!(
                    "its matcher names only built-in tools {} does not have (`{}`), so it never runs there",
                    agent.title(),
                    lacked.join("`, `")
                ),
            });
            return;
        }
        let filter = if by_tool { need.filter } else { Filter::All };
        let closed = need.closed.then(|| filter.clone());
        match delivery {
            Delivery::Native(event) => self.register(event, filter, need.budget, closed),
            // An emulated point runs on payloads its hooks' matchers were
            // not written for: the agent must start the binary for all.
            Delivery::Emulated(emulation) => {
                self.register(emulation.event, Filter::All, need.budget, closed);
            }
            Delivery::Every => {
                for event in coverage::events(agent) {
                    self.register(event, Filter::All, need.budget, closed.clone());
                }
            }
            Delivery::Unsupported => self.dropped.push(Dropped {
                what: need.what,
                point: need.point,
                why: format!("{} has no event for it", agent.title()),
            }),
        }
    }

    /// The hooks of one native event run one after another, across all the
    /// points it delivers: the event's timeout is their sum.
    fn register(
        &mut self,
        event: &'static str,
        filter: Filter,
        budget: Duration,
        closed: Option<Filter>,
    ) {
        match self.registrations.iter_mut().find(|r| r.event == event) {
            Some(r) => {
                r.filter = std::mem::replace(&mut r.filter, Filter::All).union(filter);
                r.timeout = r.timeout.saturating_add(budget);
                r.closed = match (r.closed.take(), closed) {
                    (Some(a), Some(b)) => Some(a.union(b)),
                    (a, b) => a.or(b),
                };
            }
            None => self.registrations.push(Registration {
                event,
                filter,
                timeout: budget,
                closed,
            }),
        }
    }
}

impl Need {
    /// A plugin's rules or context files: quick, every tool, fails open.
    fn quick(what: String, point: HookPoint) -> Need {
        Need {
            what,
            point,
            filter: Filter::All,
            budget: SYNC_BUDGET,
            closed: false,
        }
    }
}

/// What to tell the user about a plugin that failed to load where
/// `export` ran.
fn failed_warning(host: &Host, id: &str, problems: &[tackle_host::problems::Problem]) -> String {
    let why: Vec<String> = problems.iter().map(ToString::to_string).collect();
    let closed: Vec<String> = host
        .registry()
        .hooks()
        .iter()
        .filter(|h| h.plugin.id == id && h.on_error == OnError::Closed)
        .map(|h| h.id().to_string())
        .collect();
    let mut text = format!(
        "plugin `{id}` failed to load here ({}); it is exported anyway, and runs where its config is valid",
        why.join("; ")
    );
    if !closed.is_empty() {
        text.push_str(&format!(
            "; where it still fails, the binary refuses the events its fail-closed hook{} `{}` guard{}",
            if closed.len() == 1 { "" } else { "s" },
            closed.join("`, `"),
            if closed.len() == 1 { "s" } else { "" },
        ));
    }
    text
}
