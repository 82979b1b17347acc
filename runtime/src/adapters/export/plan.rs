//! Which native events a package registers, and what it cannot deliver.

use std::time::Duration;

use tackle::hook::HookPoint;

use super::Dropped;
use super::matcher::Filter;
use crate::adapters::Agent;
use crate::adapters::coverage::{self, Delivery};
use crate::host::{DEFAULT_HOOK_TIMEOUT, Host, PluginStatus};

/// How long the agent gives the binary beyond the slowest hook: the
/// process start and the sync hooks, which are not timed.
const MARGIN: Duration = Duration::from_secs(5);

/// What a package for one agent registers.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The agent.
    pub(crate) agent: Agent,
    /// One per native event the package needs, in the coverage table's order.
    pub(crate) registrations: Vec<Registration>,
    /// What the agent cannot deliver.
    pub(crate) dropped: Vec<Dropped>,
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

impl Plan {
    /// The plan for `host`'s ready plugins.
    pub(crate) fn new(host: &Host, agent: Agent) -> Plan {
        let default_timeout = host
            .config()
            .hook_timeout_ms
            .map_or(DEFAULT_HOOK_TIMEOUT, Duration::from_millis);
        let mut plan = Plan {
            agent,
            registrations: Vec::new(),
            dropped: Vec::new(),
        };
        for hook in host.hooks() {
            let timeout = hook
                .timeout_ms
                .map_or(default_timeout, Duration::from_millis);
            plan.need(
                hook.id().to_string(),
                hook.point,
                Filter::of(hook.matcher),
                timeout,
            );
        }
        // Rules and context files run at their points like hooks without
        // a matcher.
        for plugin in host.plugins() {
            if plugin.status() != PluginStatus::Ready {
                continue;
            }
            let def = plugin.def();
            if !def.permission_rules.is_empty() {
                plan.need(
                    format!("{}: permission rules", def.id),
                    HookPoint::PermissionRequest,
                    Filter::All,
                    default_timeout,
                );
            }
            if !def.context_files.is_empty() {
                plan.need(
                    format!("{}: context files", def.id),
                    HookPoint::SystemPrompt,
                    Filter::All,
                    default_timeout,
                );
            }
        }
        if !host.config().permission_rules.is_empty() {
            plan.need(
                "the host config: [[permission_rules]]".to_owned(),
                HookPoint::PermissionRequest,
                Filter::All,
                default_timeout,
            );
        }
        let order = coverage::events(agent);
        plan.registrations
            .sort_by_key(|r| order.iter().position(|e| *e == r.event));
        plan
    }

    /// Something (`what`) needs hooks at `point` to run.
    fn need(&mut self, what: String, point: HookPoint, filter: Filter, timeout: Duration) {
        let agent = self.agent;
        match coverage::delivery(point, agent) {
            Delivery::Native(event) => {
                // Only a tool point can be pre-filtered by tool name.
                let filter = if point.matcher_field() == Some("tool_name") {
                    filter
                } else {
                    Filter::All
                };
                self.register(event, filter, timeout);
            }
            // An emulated point runs on payloads its hooks' matchers were
            // not written for: the agent must start the binary for all.
            Delivery::Emulated(emulation) => self.register(emulation.event, Filter::All, timeout),
            Delivery::Every => {
                for event in coverage::events(agent) {
                    self.register(event, Filter::All, timeout);
                }
            }
            Delivery::Unsupported => self.dropped.push(Dropped {
                what,
                point,
                why: format!("{} has no event for it", agent.title()),
            }),
        }
    }

    fn register(&mut self, event: &'static str, filter: Filter, timeout: Duration) {
        let timeout = timeout.saturating_add(MARGIN);
        match self.registrations.iter_mut().find(|r| r.event == event) {
            Some(r) => {
                r.filter = std::mem::replace(&mut r.filter, Filter::All).union(filter);
                r.timeout = r.timeout.max(timeout);
            }
            None => self.registrations.push(Registration {
                event,
                filter,
                timeout,
            }),
        }
    }
}
