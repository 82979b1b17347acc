//! An agent's native events: each agent's enum of them (made by
//! `native_events!`), and [`NativeEvent`], one of them parsed once from
//! its wire name and carried through reading, dispatch and the reply.

use crate::Agent;

/// One of an agent's native events (`hook claude PreToolUse`), parsed
/// once from its wire name at the edge; the agent's module reads it back
/// as its own enum (`of`) without parsing again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NativeEvent {
    agent: Agent,
    /// Its place in the agent's enum (and in its card's `events`).
    index: u8,
}

impl NativeEvent {
    /// `agent`'s event named `name` on the wire, if it has one.
    pub fn parse(agent: Agent, name: &str) -> Option<NativeEvent> {
        let index = agent
            .protocol()
            .card()
            .events
            .names
            .iter()
            .position(|e| *e == name)?;
        Some(NativeEvent {
            agent,
            index: u8::try_from(index).ok()?,
        })
    }

    /// Every native event of `agent`, in the order its enum declares them.
    pub fn all(agent: Agent) -> impl Iterator<Item = NativeEvent> {
        (0..agent.protocol().card().events.names.len()).filter_map(move |index| {
            Some(NativeEvent {
                agent,
                index: u8::try_from(index).ok()?,
            })
        })
    }

    /// The agent it belongs to.
    pub fn agent(self) -> Agent {
        self.agent
    }

    /// Its name on the wire.
    pub fn name(self) -> &'static str {
        self.agent.protocol().card().events.names[usize::from(self.index)]
    }

    /// The event as its agent's own enum `E`; only the agent's module
    /// asks, with its own enum.
    pub(crate) fn of<E: EventEnum>(self) -> E {
        let event = E::ALL[usize::from(self.index)];
        debug_assert_eq!(event.name(), self.name(), "read as another agent's event");
        event
    }
}

impl std::fmt::Display for NativeEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An agent's enum of its native events, as [`native_events!`] makes it.
pub(crate) trait EventEnum: Copy + 'static {
    /// Every event, in the order declared (its card's `events` order).
    const ALL: &'static [Self];

    /// The event's name on the wire.
    fn name(self) -> &'static str;
}

/// An agent's native events: the enum, each variant's serde name the wire
/// name, and `ALL`, `name` (a `const fn`, which the coverage table is
/// built with) and `from_name`. serde's names cannot be read in a
/// constant, so the one list of names here gives both.
///
/// Each event says the hook points it delivers, after `=>`: `Point` for one
/// it delivers natively, `Point ~ HOW` for one tackle emulates at it (`HOW`
/// in a few words, for the table's notes), and `Point ["field" = "value"]
/// ~ HOW` for one emulated only when the payload's `field` is `value`.
/// These make the agent's column of the [coverage table](crate::coverage),
/// in the catalogue's order ([`column`](Self::column)).
macro_rules! native_events {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])* $variant:ident = $wire:literal
                $( => [ $( $point:ident $([$field:literal = $value:literal])? $(~ $how:expr)? ),* $(,)? ] )?,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        $vis enum $name {
            $( $(#[$vmeta])* #[serde(rename = $wire)] $variant, )*
        }

        impl $name {
            /// Every event, in the order declared.
            #[allow(dead_code)]
            pub(crate) const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The event's name on the wire.
            pub(crate) const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $wire,)*
                }
            }

            /// Every event's name on the wire, in the order declared.
            pub(crate) const NAMES: &'static [&'static str] = &[$($wire),*];

            /// The events as the agent's card holds them.
            pub(crate) const EVENTS: $crate::protocol::Events = $crate::protocol::Events {
                names: $name::NAMES,
                column: $name::column,
            };

            /// The event named `name` on the wire.
            #[allow(dead_code)]
            pub(crate) fn from_name(name: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|e| e.name() == name)
            }
        }

        /// The cells of the coverage table's column.
        #[allow(dead_code)]
        impl $name {
            /// Delivers a point natively.
            pub(crate) const fn native(self) -> $crate::coverage::Delivery {
                $crate::coverage::Delivery::Native(self.name())
            }

            /// Delivers a point tackle emulates at this event (`how`, in a
            /// few words, for the table's notes).
            pub(crate) const fn emulated(
                self,
                how: &'static str,
            ) -> $crate::coverage::Delivery {
                $crate::coverage::Delivery::Emulated($crate::coverage::Emulation {
                    event: self.name(),
                    when: None,
                    how,
                })
            }

            /// Delivers a point emulated at this event only when the
            /// payload's `field` is `value`.
            pub(crate) const fn emulated_when(
                self,
                field: &'static str,
                value: &'static str,
                how: &'static str,
            ) -> $crate::coverage::Delivery {
                $crate::coverage::Delivery::Emulated($crate::coverage::Emulation {
                    event: self.name(),
                    when: Some((field, value)),
                    how,
                })
            }
        }

        impl $name {
            /// The hook points the event delivers, and how.
            fn delivers(self) -> &'static [(tackle::hook::HookPoint, $crate::coverage::Delivery)] {
                match self {
                    $($name::$variant => {
                        const DELIVERS: &[(tackle::hook::HookPoint, $crate::coverage::Delivery)] = &[
                            $($( (
                                tackle::hook::HookPoint::$point,
                                $crate::native_event::delivery!($name::$variant; $([$field = $value])? $(~ $how)?),
                            ), )*)?
                        ];
                        DELIVERS
                    })*
                }
            }

            /// The agent's column of the coverage table: every point its
            /// events deliver, in the catalogue's order.
            pub(crate) fn column() -> &'static [(tackle::hook::HookPoint, $crate::coverage::Delivery)] {
                static COLUMN: std::sync::OnceLock<
                    Vec<(tackle::hook::HookPoint, $crate::coverage::Delivery)>,
                > = std::sync::OnceLock::new();
                COLUMN.get_or_init(|| {
                    let mut column: Vec<_> = $name::ALL
                        .iter()
                        .flat_map(|event| event.delivers().iter().copied())
                        .collect();
                    column.sort_by_key(|(point, _)| point.index());
                    column
                })
            }
        }

        impl $crate::native_event::EventEnum for $name {
            const ALL: &'static [$name] = $name::ALL;

            fn name(self) -> &'static str {
                $name::name(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
pub(crate) use native_events;

/// One cell of an event's [`native_events!`] line: native, emulated, or
/// emulated only when a payload field has a value.
macro_rules! delivery {
    ($event:expr;) => {
        $event.native()
    };
    ($event:expr; ~ $how:expr) => {
        $event.emulated($how)
    };
    ($event:expr; [$field:literal = $value:literal] ~ $how:expr) => {
        $event.emulated_when($field, $value, $how)
    };
}
pub(crate) use delivery;

#[cfg(test)]
mod tests {
    use tackle::hook::HookPoint;

    use super::*;
    use crate::hook::reply::tests::deny;
    use crate::hook::reply::{NativeReply, Transport, encode_for};

    #[test]
    fn every_event_parses_back_to_itself_and_each_agent_reads_it_as_its_own() {
        for agent in Agent::ALL {
            let events: Vec<NativeEvent> = NativeEvent::all(agent).collect();
            assert_eq!(
                events.len(),
                agent.protocol().card().events.names.len(),
                "{agent}"
            );
            for event in events {
                assert_eq!(event.agent(), agent);
                assert_eq!(NativeEvent::parse(agent, event.name()), Some(event));
                // Each module reads the event as its own enum: one read as
                // another agent's fails its debug assertion here.
                let reply: NativeReply =
                    encode_for(Transport::Process, event, &deny(HookPoint::BeforeToolCall));
                assert!(
                    reply.code != 0 || reply.stdout.is_some() || !reply.stderr.is_empty(),
                    "{agent} `{event}` says nothing of a refusal"
                );
            }
        }
        assert_eq!(NativeEvent::parse(Agent::Claude, "preToolUse"), None);
        assert_eq!(NativeEvent::parse(Agent::Copilot, "PreToolUse"), None);
    }
}
