//! The hook points: the catalogue ([`hook_catalogue!`](crate::hook_catalogue))
//! and the table of it that compile-time checks read ([`POINTS`]).

mod catalogue;

/// One point, as far as compile-time checks need it.
#[derive(Debug)]
pub struct PointSpec {
    /// The canonical snake_case name (`before_tool_call`).
    pub name: &'static str,
    /// Every other spelling of it.
    pub aliases: &'static [&'static str],
    /// The event type's name (also the `HookPoint` variant's).
    pub event: &'static str,
    /// `decision`, `observer` or `prompt`.
    pub kind: &'static str,
    /// What a decision there may do (`deny`, `ask`, `modify`, ...).
    pub actions: &'static [&'static str],
    /// The field `matcher = "..."` is matched against.
    pub matcher: Option<&'static str>,
    /// The field holding the tool arguments `args = "glob"` looks at.
    pub args: Option<&'static str>,
}

/// Turns the catalogue into [`POINTS`].
macro_rules! table {
    ($($docs:tt $name:ident $Event:ident $aliases:tt $kind:ident $actions:tt
        $subject:tt $args:tt $input:tt $fields:tt)*) => {
        /// Every point, in catalogue order.
        pub const POINTS: &[PointSpec] = &[$(
            PointSpec {
                name: stringify!($name),
                aliases: &$aliases,
                event: stringify!($Event),
                kind: stringify!($kind),
                actions: table!(@names $actions),
                matcher: table!(@opt $subject),
                args: table!(@opt $args),
            }
        ),*];
    };
    (@opt []) => { None };
    (@opt [$field:ident]) => { Some(stringify!($field)) };
    (@names [$($action:ident),*]) => { &[$(stringify!($action)),*] };
}

crate::hook_catalogue!(table);

impl PointSpec {
    /// The point with this canonical name.
    pub fn find(name: &str) -> Option<&'static PointSpec> {
        POINTS.iter().find(|p| p.name == name)
    }

    /// The point with this alias.
    pub fn by_alias(alias: &str) -> Option<&'static PointSpec> {
        POINTS.iter().find(|p| p.aliases.contains(&alias))
    }

    /// The point whose event type has this name.
    pub fn by_event(event: &str) -> Option<&'static PointSpec> {
        POINTS.iter().find(|p| p.event == event)
    }

    /// Whether a decision there may deny.
    pub fn can_deny(&self) -> bool {
        self.actions.contains(&"deny")
    }
}

/// The canonical names, for suggestions.
pub fn names() -> Vec<&'static str> {
    POINTS.iter().map(|p| p.name).collect()
}
