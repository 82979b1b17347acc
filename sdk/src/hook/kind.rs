//! What hooks may do at a point: decide (and how), observe, or add to the
//! system prompt.

use std::fmt;

/// How a point's hooks take part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Hooks return a [`Decision`](crate::hook::Decision); the actions
    /// listed are the meaningful ones here.
    Decision(Actions),
    /// Hooks watch; whatever they do cannot change what happens.
    Observer,
    /// Hooks return text for the system prompt.
    Prompt,
}

impl Kind {
    /// The actions a decision may take here (none for observers; context
    /// only for prompt points).
    pub const fn actions(self) -> Actions {
        match self {
            Kind::Decision(actions) => actions,
            Kind::Observer => Actions::NONE,
            Kind::Prompt => Actions::CONTEXT,
        }
    }

    /// Whether a hook here may deny (and so may fail closed).
    pub const fn can_deny(self) -> bool {
        self.actions().contains(Actions::DENY)
    }
}

/// A set of decision actions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Actions(u8);

impl Actions {
    /// No action.
    pub const NONE: Actions = Actions(0);
    /// Let it proceed without asking.
    pub const ALLOW: Actions = Actions(1);
    /// Stop it.
    pub const DENY: Actions = Actions(1 << 1);
    /// Hand it to the user.
    pub const ASK: Actions = Actions(1 << 2);
    /// Rewrite its input.
    pub const MODIFY: Actions = Actions(1 << 3);
    /// Add text for the model.
    pub const CONTEXT: Actions = Actions(1 << 4);

    const NAMES: [(Actions, &'static str); 5] = [
        (Actions::ALLOW, "allow"),
        (Actions::DENY, "deny"),
        (Actions::ASK, "ask"),
        (Actions::MODIFY, "modify"),
        (Actions::CONTEXT, "context"),
    ];

    /// This set plus `other`.
    #[must_use]
    pub const fn with(self, other: Actions) -> Actions {
        Actions(self.0 | other.0)
    }

    /// Whether every action of `other` is in this set.
    pub const fn contains(self, other: Actions) -> bool {
        self.0 & other.0 == other.0
    }

    /// The actions' names, in a fixed order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Actions::NAMES
            .into_iter()
            .filter(move |(a, _)| self.contains(*a))
            .map(|(_, name)| name)
    }
}

impl fmt::Debug for Actions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.names()).finish()
    }
}

impl fmt::Display for Actions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = self.names().collect();
        if names.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&names.join(", "))
        }
    }
}
