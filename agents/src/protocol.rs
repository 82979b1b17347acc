//! What tackle knows of one agent's protocol, as one trait every agent's
//! module implements; the registry (`registry!` in `lib.rs`, by
//! [`Agent::protocol`](crate::Agent::protocol)) is the one place that
//! goes from an [`Agent`](crate::Agent) to its module.

use std::time::Duration;

use serde_json::{Map, Value};
use tackle::hook::{HookPoint, SessionInfo};

use super::coverage::Delivery;
use super::export::ExportError;
use super::export::matcher::Filter;
use super::export::package::Package;
use super::export::write::Out;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::install::managed::Policy;
use super::install::targets::Install;
use super::tools::Tool;

/// Who an agent is: the facts its protocol is known by, one constant in
/// its module.
pub(crate) struct Card {
    /// The name the command line takes (`claude`, `gemini`, ...).
    pub(crate) name: &'static str,
    /// The product's own name.
    pub(crate) title: &'static str,
    /// Its native events' wire names (its event enum's `NAMES`).
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the tests check the table with it")
    )]
    pub(crate) events: &'static [&'static str],
    /// Its column of the coverage table (its event enum's `column`).
    pub(crate) coverage: fn() -> &'static [(HookPoint, Delivery)],
    /// The agent's names of the built-in tools it has, as hooks know them.
    pub(crate) tools: &'static [(Tool, &'static str)],
    /// Other names the agent gives a built-in tool, after its own.
    pub(crate) aliases: &'static [(&'static str, Tool)],
    /// Its payload's keys that tackle's events read under another name
    /// (`from`, `to`), renamed before [`Protocol::read`] reads the rest.
    pub(crate) renames: &'static [(&'static str, &'static str)],
    /// Writes its package (its `export::write`); returns what the user
    /// should know.
    pub(crate) export: fn(&Package<'_>, &mut Out) -> Result<Vec<String>, ExportError>,
    /// How `install` puts the package where the agent reads it, for the
    /// user or a project; `Err(why)` where it does not (the user is told
    /// to export the package and load it as the export's note says).
    pub(crate) install: Result<Install, &'static str>,
    /// Its managed policy: where `install --managed` puts the package's
    /// hooks for every user of the machine, so that none can switch them
    /// off; `Err(why)` where the agent has no such file.
    pub(crate) managed: Result<Policy, &'static str>,
}

/// One agent's protocol: its names, its built-in tools, how its hook
/// payloads are read and answered, and its package.
///
/// Its native events are an enum of the module's own (made by
/// [`native_events!`]), which the [coverage table](super::coverage) is
/// built from; the methods here take an event by its wire name, one the
/// table gave.
pub(crate) trait Protocol: Sync {
    /// Who the agent is: its names, its events, its tools.
    fn card(&self) -> &'static Card;

    /// The name the command line takes (`claude`, `gemini`, ...).
    fn name(&self) -> &'static str {
        self.card().name
    }

    /// The product's own name.
    fn title(&self) -> &'static str {
        self.card().title
    }

    /// Its column of the [coverage table](super::coverage): how it
    /// delivers each hook point it delivers (natively or emulated at one
    /// of its events), in the catalogue's order.
    fn coverage(&self) -> &'static [(HookPoint, Delivery)] {
        (self.card().coverage)()
    }

    /// Whether the agent runs the binary through a generated shim (and so
    /// speaks tackle's own reply format) rather than its own hook protocol.
    fn uses_shim(&self) -> bool {
        false
    }

    /// Whether the agent's package carries the plugins' context files for
    /// the agent to read itself, so that the binary leaves them out of the
    /// system context it answers with.
    fn reads_context_files(&self) -> bool {
        false
    }

    /// Whether the agent's hooks can call an MCP tool (Claude Code's
    /// `mcp_tool`) and read its text as a hook process's JSON answer.
    fn mcp_tool_hooks(&self) -> bool {
        false
    }

    /// Whether the agent's hooks can POST the event to a URL (Claude
    /// Code's `http`) and read the body as a hook process's JSON answer.
    fn http_hooks(&self) -> bool {
        false
    }

    /// Whether the agent's hooks can reach a long-lived server: then
    /// [`reply`](Protocol::reply) refuses in JSON alone for
    /// [`Transport::Served`](crate::hook::reply::Transport::Served).
    fn served(&self) -> bool {
        self.mcp_tool_hooks() || self.http_hooks()
    }

    /// The exit code of an error the agent must not take as a decision.
    /// The agents treat an exit other than 0 and 2 as a failure that does
    /// not block.
    fn non_blocking(&self) -> u8 {
        1
    }

    /// The agent's names of the built-in tools it has, as hooks know them.
    fn tools(&self) -> &'static [(Tool, &'static str)] {
        self.card().tools
    }

    /// Other names the agent gives a built-in tool, after its own.
    fn tool_aliases(&self) -> &'static [(&'static str, Tool)] {
        self.card().aliases
    }

    /// Smooths the agent's quirks in a payload, its keys already renamed
    /// (the card's `renames`), into the shape tackle's events read
    /// (values decoded, moved); says what it cannot read.
    fn read(&self, fields: &mut Map<String, Value>) -> Result<(), String> {
        let _ = fields;
        Ok(())
    }

    /// Fills the session with what the payload says beyond the event.
    fn read_session(&self, fields: &Map<String, Value>, session: &mut SessionInfo) {
        let _ = (fields, session);
    }

    /// Writes the answer to `event` (one of the agent's events) in the
    /// agent's own reply format; `reply` holds the answer's notes.
    fn reply(&self, event: &str, answer: &Answer, reply: &mut NativeReply);

    /// The tool matcher to write in the agent's config, in its own
    /// syntax; `None`, unless the agent says otherwise, to match every
    /// tool (the matcher left out, and the binary filters).
    fn matcher(&self, filter: &Filter) -> Option<String> {
        let _ = filter;
        None
    }

    /// The longest hook timeout the agent accepts, where it has a bound.
    fn max_timeout(&self) -> Option<Duration> {
        None
    }

    /// The longest timeout the agent accepts for its event `event`: the
    /// agent's bound, or a tighter one it keeps for that event.
    fn max_timeout_at(&self, event: &str) -> Option<Duration> {
        let _ = event;
        self.max_timeout()
    }

    /// Whether its hook lines are written for one system (`--os`), with
    /// no line for the other: a multi-platform package for Windows then
    /// needs a Windows build to start.
    fn hook_lines_per_system(&self) -> bool {
        false
    }

    /// Whether its package carries slash commands.
    fn carries_commands(&self) -> bool {
        false
    }

    /// Writes the package; returns what the user should know.
    fn export(&self, package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
        (self.card().export)(package, out)
    }

    /// Where the agent looks for the package at `dir` (a shell word),
    /// named `name`, in one line.
    fn how_to_load(&self, dir: &str, name: &str) -> String;

    /// The agent's managed policy (its card's).
    fn managed(&self) -> Result<Policy, &'static str> {
        self.card().managed
    }

    /// How `install` puts the package where the agent reads it (its
    /// card's).
    fn install(&self) -> Result<Install, &'static str> {
        self.card().install
    }
}

/// An agent's native events, as [`native_events!`] makes them.
pub(crate) trait NativeEvent: Sized {
    /// The event named `name` on the wire.
    fn from_wire(name: &str) -> Option<Self>;
}

/// Writes the answer to the event named `event` with `encode`, the
/// agent's encoder of its own events; a name that is none of them gets
/// no reply.
pub(crate) fn reply_with<E: NativeEvent>(
    encode: fn(E, &Answer, &mut NativeReply),
    event: &str,
    answer: &Answer,
    reply: &mut NativeReply,
) {
    if let Some(event) = E::from_wire(event) {
        encode(event, answer, reply);
    }
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
                                $crate::protocol::delivery!($name::$variant; $([$field = $value])? $(~ $how)?),
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

        impl $crate::protocol::NativeEvent for $name {
            fn from_wire(name: &str) -> Option<$name> {
                $name::from_name(name)
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
