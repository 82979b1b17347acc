//! How a refusal reads: who refused and why, each said once.
//!
//! A permission rule, or a hook that denies without words, gets a reason
//! that names it ("denied by permission rule 0 of plugin `guard` (deny
//! Bash "npm publish*")"); a hook that fails closed names itself in its
//! reason too. Wherever a refusal is shown beside its decider, a reason
//! that names the decider already is shown alone, not after the name
//! again.

use tackle::hook::Decider;

/// The reason of a deny by `decider` that gave none of its own.
pub(crate) fn denied_by(decider: &Decider) -> String {
    format!("denied by {decider}")
}

/// The reason of an ask by `decider` that gave none of its own.
pub(crate) fn asks(decider: &Decider) -> String {
    format!("{decider} asks")
}

/// Whether `reason` is one of the above: it names its decider and says
/// nothing more, so a report that names the decider need not show it.
pub fn is_default(reason: &str) -> bool {
    (reason.starts_with("denied by hook `") && reason.ends_with('`'))
        || (reason.starts_with("denied by permission rule ") && reason.ends_with(')'))
        || (reason.starts_with("permission rule ") && reason.ends_with(") asks"))
}

/// A refused call's text: who denied it and why.
pub(crate) fn denial(decider: Option<&Decider>, reason: &str) -> String {
    match decider {
        Some(by) if names(reason, by) => reason.to_owned(),
        Some(by) => format!("denied by {by}: {reason}"),
        None => format!("denied by the hooks: {reason}"),
    }
}

/// What follows "… asks the user to approve it": the ask's reason in
/// brackets, unless it only names the decider again.
pub(crate) fn because(decider: Option<&Decider>, reason: Option<&str>) -> String {
    match (decider, reason) {
        (Some(by), Some(reason)) if names(reason, by) => String::new(),
        (_, Some(reason)) => format!(" ({reason})"),
        (_, None) => String::new(),
    }
}

/// Whether `reason` names `decider` (as "hook `g::h`" or "permission
/// rule N of …").
fn names(reason: &str, decider: &Decider) -> bool {
    reason.contains(&decider.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tackle::hook::{HookId, RuleRef};

    fn rule() -> Decider {
        Decider::Rule(Box::new(RuleRef {
            origin: "plugin `guard`".to_owned(),
            index: 0,
            rule: "deny Bash \"npm publish*\"".to_owned(),
        }))
    }

    fn hook() -> Decider {
        Decider::Hook {
            hook: HookId {
                plugin: "guard",
                name: "refuse",
            },
        }
    }

    #[test]
    fn a_reason_that_names_its_decider_is_said_once() {
        let rule = rule();
        assert_eq!(
            denial(Some(&rule), &denied_by(&rule)),
            "denied by permission rule 0 of plugin `guard` (deny Bash \"npm publish*\")"
        );
        let hook = hook();
        assert_eq!(
            denial(Some(&hook), &denied_by(&hook)),
            "denied by hook `guard::refuse`"
        );
        let failed = "hook `guard::refuse` panicked and fails closed: boom";
        assert_eq!(denial(Some(&hook), failed), failed);
        assert_eq!(because(Some(&rule), Some(&asks(&rule))), "");
    }

    #[test]
    fn a_reason_of_its_own_follows_its_decider() {
        let hook = hook();
        assert_eq!(
            denial(Some(&hook), "no sudo here"),
            "denied by hook `guard::refuse`: no sudo here"
        );
        assert_eq!(denial(None, "no"), "denied by the hooks: no");
        assert_eq!(because(Some(&hook), Some("check it")), " (check it)");
        assert_eq!(because(Some(&hook), None), "");
    }

    #[test]
    fn only_the_worded_defaults_are_defaults() {
        let (rule, hook) = (rule(), hook());
        assert!(is_default(&denied_by(&rule)));
        assert!(is_default(&asks(&rule)));
        assert!(is_default(&denied_by(&hook)));
        assert!(!is_default("no sudo here"));
        assert!(!is_default(
            "hook `guard::refuse` panicked and fails closed: boom"
        ));
    }
}
