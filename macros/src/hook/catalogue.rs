//! The hook catalogue as `#[hook]` checks against it: the same file the
//! `tackle` crate generates its types from, read here as a table.

/// One point, as far as compile-time checks need it.
pub(crate) struct PointSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// The event type's name (also the `HookPoint` variant's).
    pub event: &'static str,
    /// `decision`, `observer` or `prompt`.
    pub kind: &'static str,
    pub actions: &'static [&'static str],
    pub matcher: Option<&'static str>,
    pub args: Option<&'static str>,
}

macro_rules! catalogue {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident : $Event:ident {
            aliases: [$($alias:literal),* $(,)?],
            kind: $kind:ident $([$($action:ident),* $(,)?])?,
            $(matcher: $subject:ident,)?
            $(args: $args:ident,)?
            $(input: $input:ident,)?
            $(fields { $($fields:tt)* })?
        }
    )*) => {
        pub(crate) const POINTS: &[PointSpec] = &[$(
            PointSpec {
                name: stringify!($name),
                aliases: &[$($alias),*],
                event: stringify!($Event),
                kind: stringify!($kind),
                actions: &[$($(stringify!($action)),*)?],
                matcher: catalogue!(@opt $(stringify!($subject))?),
                args: catalogue!(@opt $(stringify!($args))?),
            }
        ),*];
    };
    (@opt) => { None };
    (@opt $value:expr) => { Some($value) };
}

include!("../../../sdk/src/hook/catalogue.rs");

impl PointSpec {
    pub(crate) fn find(name: &str) -> Option<&'static PointSpec> {
        POINTS.iter().find(|p| p.name == name)
    }

    pub(crate) fn by_alias(alias: &str) -> Option<&'static PointSpec> {
        POINTS.iter().find(|p| p.aliases.contains(&alias))
    }

    pub(crate) fn by_event(event: &str) -> Option<&'static PointSpec> {
        POINTS.iter().find(|p| p.event == event)
    }

    pub(crate) fn can_deny(&self) -> bool {
        self.actions.contains(&"deny")
    }
}

/// The canonical names, for suggestions.
pub(crate) fn names() -> Vec<&'static str> {
    POINTS.iter().map(|p| p.name).collect()
}
