//! The hook points, generated from the catalogue
//! (`tackle_spec::hook_catalogue!`, in `spec/src/hook/catalogue.rs`): their
//! names, kinds and fields, below the typed events that name them.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::kind::{Actions, Kind};

/// Turns the catalogue into `HookPoint`.
macro_rules! points {
    ($($docs:tt $name:ident $Event:ident $aliases:tt $kind:ident $actions:tt
        $subject:tt $args:tt $input:tt $fields:tt)*) => {
        /// A point in an agent's life where hooks run.
        ///
        /// Each has a canonical snake_case [`name`](HookPoint::name), the
        /// other spellings agents and plugin systems use for it
        /// ([`aliases`](HookPoint::aliases)), and a [`Kind`]. The variants
        /// are named after the points' event types.
        ///
        /// ```
        /// use tackle::hook::{HookPoint, Kind};
        ///
        /// // Agents' own spellings resolve to the canonical point, exactly as spelled.
        /// let point = HookPoint::from_name("PreToolUse").unwrap();
        /// assert_eq!(point, HookPoint::BeforeToolCall);
        /// assert_eq!(point.name(), "before_tool_call");
        /// assert_eq!(point.to_string(), "before_tool_call");
        /// assert!(point.aliases().contains(&"tool.execute.before"));
        /// assert_eq!(HookPoint::from_name("pre_tool_use"), None);
        ///
        /// // What hooks may do there, and what `matcher` and `args` look at.
        /// assert!(point.kind().can_deny());
        /// assert_eq!(point.matcher_field(), Some("tool_name"));
        /// assert_eq!(point.args_field(), Some("arguments"));
        /// assert_eq!(HookPoint::SystemPrompt.kind(), Kind::Prompt);
        /// assert!(!HookPoint::SessionStart.kind().can_deny());
        /// assert_eq!(HookPoint::ALL[point.index()], point);
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum HookPoint {
            $(
                #[doc = points!(@lines $docs)]
                $Event,
            )*
        }

        impl HookPoint {
            /// Every point, in catalogue order.
            pub const ALL: &'static [HookPoint] = &[$(HookPoint::$Event),*];

            /// The canonical name, as `#[hook(...)]` takes it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(HookPoint::$Event => stringify!($name),)*
                }
            }

            /// Every other spelling of this point in agents and plugin systems.
            pub const fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(HookPoint::$Event => &$aliases,)*
                }
            }

            /// Whether hooks here decide, observe or add to the system prompt.
            pub const fn kind(self) -> Kind {
                match self {
                    $(HookPoint::$Event => points!(@kind $kind $actions),)*
                }
            }

            /// What the point is, from the catalogue.
            pub const fn description(self) -> &'static str {
                match self {
                    $(HookPoint::$Event => points!(@lines $docs),)*
                }
            }

            /// The field `matcher = "..."` is matched against, if any.
            pub const fn matcher_field(self) -> Option<&'static str> {
                match self {
                    $(HookPoint::$Event => points!(@opt $subject),)*
                }
            }

            /// The field holding tool arguments that `args = "..."` globs look at, if any.
            pub const fn args_field(self) -> Option<&'static str> {
                match self {
                    $(HookPoint::$Event => points!(@opt $args),)*
                }
            }

            /// The field `Decision::modify` replaces, if any.
            pub const fn input_field(self) -> Option<&'static str> {
                match self {
                    $(HookPoint::$Event => points!(@opt $input),)*
                }
            }
        }
    };

    (@opt []) => { None };
    (@opt [$field:ident]) => { Some(stringify!($field)) };
    (@lines [$($doc:literal)*]) => { concat!($($doc, "\n"),*) };

    (@kind observer []) => { Kind::Observer };
    (@kind prompt []) => { Kind::Prompt };
    (@kind decision [$($action:ident),*]) => {
        Kind::Decision(Actions::NONE $(.with(points!(@action $action)))*)
    };
    (@action allow) => { Actions::ALLOW };
    (@action deny) => { Actions::DENY };
    (@action ask) => { Actions::ASK };
    (@action modify) => { Actions::MODIFY };
    (@action context) => { Actions::CONTEXT };
}

tackle_spec::hook_catalogue!(points);

impl HookPoint {
    /// The point with this name or alias (`before_tool_call`, `PreToolUse`,
    /// `tool.before`, `BeforeTool`, ...), exactly as spelled.
    pub fn from_name(name: &str) -> Option<HookPoint> {
        HookPoint::ALL
            .iter()
            .copied()
            .find(|p| p.name() == name || p.aliases().contains(&name))
    }

    /// Its position in [`HookPoint::ALL`], for tables indexed by point.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for HookPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for HookPoint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for HookPoint {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        HookPoint::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown hook point `{name}`")))
    }
}
