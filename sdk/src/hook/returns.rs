//! What hook functions may return, point kind by point kind. The macro
//! routes the return value through one of these traits, so a type that does
//! not fit the point is a compile error on the return type.

use std::fmt::Display;

use super::decision::Decision;

/// A return type of a hook at a decision point.
#[diagnostic::on_unimplemented(
    message = "a decision hook cannot return `{Self}`",
    label = "this return type does not say what to decide",
    note = "decision hooks return `()` (abstain), `bool` (allow or deny), `Decision`, `Option<Decision>`, or a `Result` of one of these whose error implements `Display`"
)]
pub trait IntoDecision {
    /// The decision, or the hook's error as text.
    fn into_decision(self) -> Result<Decision, String>;
}

impl IntoDecision for () {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(Decision::ABSTAIN)
    }
}

/// `true` allows, `false` denies (the reason names the hook).
impl IntoDecision for bool {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(if self {
            Decision::allow()
        } else {
            Decision::deny("")
        })
    }
}

impl IntoDecision for Decision {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(self)
    }
}

impl IntoDecision for Option<Decision> {
    fn into_decision(self) -> Result<Decision, String> {
        Ok(self.unwrap_or(Decision::ABSTAIN))
    }
}

impl<T: IntoDecision, E: Display> IntoDecision for Result<T, E> {
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
