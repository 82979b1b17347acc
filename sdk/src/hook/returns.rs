//! What hook functions may return, point kind by point kind. The macro
//! routes the return value through one of these traits, so a type that does
//! not fit the point is a compile error on the return type.

use std::fmt::Display;

use super::decision::Decision;
use super::kind::Actions;
use super::takes::{self, DecisionPoint, Takes};

/// A return type of a hook at a decision point `P` (by its event type).
/// `#[hook]` reads `Decision` in a hook's return type as `Decision<P>`, so
/// that its constructors are checked against what `P` takes.
#[diagnostic::on_unimplemented(
    message = "a decision hook cannot return `{Self}`",
    label = "this return type does not say what to decide here",
    note = "decision hooks return `()` (abstain), `bool` (deny, or let it go), `Decision`, `Option<Decision>`, or a `Result` of one of these whose error implements `Display`; `#[hook]` reads `Decision` there as `Decision<{P}>`",
    note = "a `Decision` with no point (from a helper or a config) becomes this point's with `.into()`; the host checks it when it folds the hooks' answers"
)]
pub trait IntoDecision<P> {
    /// The decision, or the hook's error as text.
    fn into_decision(self) -> Result<Decision, String>;
}

impl<P: DecisionPoint> IntoDecision<P> for () {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(Decision::ABSTAIN)
    }
}

/// `false` denies (the reason names the hook); `true` lets it go on: an
/// allow where the point takes one, no opinion where it does not (`stop`).
impl<P: DecisionPoint + Takes<takes::Deny>> IntoDecision<P> for bool {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(if !self {
            Decision::deny("")
        } else if P::POINT.kind().actions().contains(Actions::ALLOW) {
            Decision::allow()
        } else {
            Decision::ABSTAIN
        })
    }
}

impl<P: DecisionPoint> IntoDecision<P> for Decision<P> {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(self.into())
    }
}

impl<P: DecisionPoint> IntoDecision<P> for Option<Decision<P>> {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(self.map_or(Decision::ABSTAIN, Into::into))
    }
}

impl<P, T: IntoDecision<P>, E: Display> IntoDecision<P> for Result<T, E> {
    fn into_decision(self) -> Result<Decision, String> {
        self.map_err(|e| e.to_string())?.into_decision()
    }
}

/// A return type of a hook at an observer point.
#[diagnostic::on_unimplemented(
    message = "an observer hook cannot return `{Self}`",
    label = "observer hooks return `()` or `Result<(), E>`",
    note = "this point only observes: what its hooks return cannot change what happens. To decide, hook a decision point such as `before_tool_call`; to add to the system prompt, hook `system_prompt`"
)]
pub trait IntoObservation {
    /// `Ok`, or the hook's error as text.
    fn into_observation(self) -> Result<(), String>;
}

impl IntoObservation for () {
    fn into_observation(self) -> Result<(), String> {
        Ok(())
    }
}

impl<E: Display> IntoObservation for Result<(), E> {
    fn into_observation(self) -> Result<(), String> {
        self.map_err(|e| e.to_string())
    }
}

/// A return type of a `system_prompt` hook: the text to add.
#[diagnostic::on_unimplemented(
    message = "a `system_prompt` hook cannot return `{Self}`",
    label = "`system_prompt` hooks return the text to add",
    note = "return `String`, `&'static str`, `Option<String>` (`None` adds nothing), `()`, or a `Result` of one of these whose error implements `Display`"
)]
pub trait IntoPromptText {
    /// The text, if any, or the hook's error as text.
    fn into_prompt_text(self) -> Result<Option<String>, String>;
}

impl IntoPromptText for () {
    fn into_prompt_text(self) -> Result<Option<String>, String> {
        Ok(None)
    }
}

impl IntoPromptText for String {
    fn into_prompt_text(self) -> Result<Option<String>, String> {
        Ok(Some(self))
    }
}

impl IntoPromptText for &'static str {
    fn into_prompt_text(self) -> Result<Option<String>, String> {
        Ok(Some(self.to_owned()))
    }
}

impl IntoPromptText for Option<String> {
    fn into_prompt_text(self) -> Result<Option<String>, String> {
        Ok(self)
    }
}

impl<T: IntoPromptText, E: Display> IntoPromptText for Result<T, E> {
    fn into_prompt_text(self) -> Result<Option<String>, String> {
        self.map_err(|e| e.to_string())?.into_prompt_text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hook::{Action, BeforeToolCall, Elicitation, Stop};

    fn decided<P: DecisionPoint, R: IntoDecision<P>>(value: R) -> Action {
        value.into_decision().expect("decides").action
    }

    #[test]
    fn true_allows_where_the_point_takes_allow_and_is_no_opinion_elsewhere() {
        assert_eq!(decided::<BeforeToolCall, _>(true), Action::Allow);
        assert_eq!(decided::<Elicitation, _>(true), Action::Allow);
        assert_eq!(decided::<Stop, _>(true), Action::Abstain);
        for action in [
            decided::<BeforeToolCall, _>(false),
            decided::<Stop, _>(false),
        ] {
            assert_eq!(
                action,
                Action::Deny {
                    reason: String::new()
                }
            );
        }
    }

    #[test]
    fn a_points_decision_keeps_its_action_and_context() {
        let d: Decision<Stop> = Decision::deny("go on").with_context("tests first");
        let plain = IntoDecision::<Stop>::into_decision(Some(d)).expect("decides");
        assert_eq!(
            plain.action,
            Action::Deny {
                reason: "go on".into()
            }
        );
        assert_eq!(plain.context.as_deref(), Some("tests first"));
        let none: Option<Decision<Stop>> = None;
        assert_eq!(decided::<Stop, _>(none), Action::Abstain);
        let failed: Result<Decision<Stop>, &str> = Err("no");
        assert_eq!(
            IntoDecision::<Stop>::into_decision(failed),
            Err("no".to_owned())
        );
    }
}
