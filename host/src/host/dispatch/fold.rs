//! Folding the results of a point's hooks into one [`Outcome`]: the rules of
//! the fold, with no I/O, so they can be checked against a reference model.

use std::ops::ControlFlow;

use serde_json::Value;
use tackle::hook::{
    Action, Actions, Contribution, Decider, Decision, FailureKind, HookFailure, HookId, HookPoint,
    Outcome, Verdict,
};

/// What running one hook came to, as the fold sees it: its decision, or
/// its failure.
#[derive(Debug, Clone, PartialEq)]
pub enum HookResult {
    /// It returned a decision.
    Decided(Decision),
    /// It failed: an error, a panic, or its timeout.
    Failed(FailureKind, String),
}

/// The fold in progress.
#[derive(Debug)]
pub struct Fold {
    outcome: Outcome,
    actions: Actions,
}

impl Fold {
    /// A fold at `point`, taking the actions meaningful there.
    #[inline]
    pub fn new(point: HookPoint) -> Fold {
        Fold {
            outcome: Outcome::new(point),
            actions: point.kind().actions(),
        }
    }

    /// Seeds the verdict (permission rules run before the hooks).
    pub fn seed(&mut self, verdict: Verdict, by: Decider) {
        self.outcome.verdict = verdict;
        self.outcome.decided_by = Some(by);
    }

    /// Whether the fold is over (a deny).
    pub fn is_denied(&self) -> bool {
        self.outcome.is_denied()
    }

    /// The outcome so far.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// Counts a hook that abstained with nothing to add (the common case,
    /// kept short).
    pub fn abstained(&mut self) {
        self.outcome.hooks_run += 1;
    }

    /// Takes one hook's result. `closed`: the hook declared `on_error =
    /// "closed"`. `replace` applies a modification to the event and says
    /// whether it fitted. `Break` when the fold is over.
    pub fn step(
        &mut self,
        hook: HookId,
        closed: bool,
        result: HookResult,
        replace: impl FnOnce(Value) -> Result<(), String>,
    ) -> ControlFlow<()> {
        self.outcome.hooks_run += 1;
        let decision = match result {
            HookResult::Decided(decision) => decision,
            HookResult::Failed(kind, message) => return self.fail(hook, closed, kind, message),
        };
        if let Some(text) = decision.context {
            if self.actions.contains(Actions::CONTEXT) {
                self.outcome.context.push(Contribution { hook, text });
            } else {
                self.ignored(hook, "added context");
            }
        }
        let by = || Some(Decider::Hook { hook });
        match decision.action {
            Action::Abstain => {}
            Action::Allow if self.actions.contains(Actions::ALLOW) => {
                if self.outcome.verdict == Verdict::Abstain {
                    self.outcome.verdict = Verdict::Allow;
                    self.outcome.decided_by = by();
                }
            }
            Action::Ask { reason } if self.actions.contains(Actions::ASK) => {
                if matches!(self.outcome.verdict, Verdict::Abstain | Verdict::Allow) {
                    self.outcome.verdict = Verdict::Ask {
                        reason: reason.map(Into::into),
                    };
                    self.outcome.decided_by = by();
                }
            }
            Action::Deny { reason } if self.actions.contains(Actions::DENY) => {
                let reason = if reason.trim().is_empty() {
                    crate::host::refusal::denied_by(&Decider::Hook { hook })
                } else {
                    reason
                };
                self.outcome.verdict = Verdict::Deny {
                    reason: reason.into(),
                };
                self.outcome.decided_by = by();
                return ControlFlow::Break(());
            }
            Action::Modify { input } if self.actions.contains(Actions::MODIFY) => {
                if let Err(why) = replace(input.clone()) {
                    let message = format!("its modification does not fit: {why}");
                    return self.fail(hook, closed, FailureKind::Error, message);
                }
                self.outcome.input = Some(Box::new(input));
            }
            Action::Allow => self.ignored(hook, "allow"),
            Action::Ask { .. } => self.ignored(hook, "ask"),
            Action::Deny { .. } => self.ignored(hook, "deny"),
            Action::Modify { .. } => self.ignored(hook, "modify"),
        }
        ControlFlow::Continue(())
    }

    fn fail(
        &mut self,
        hook: HookId,
        closed: bool,
        kind: FailureKind,
        message: String,
    ) -> ControlFlow<()> {
        let point = self.outcome.point;
        tracing::warn!(hook = %hook, %point, "hook {kind}: {message}");
        let deny = closed && self.actions.contains(Actions::DENY);
        if deny {
            self.outcome.verdict = Verdict::Deny {
                reason: format!("hook `{hook}` {kind} and fails closed: {message}").into(),
            };
            self.outcome.decided_by = Some(Decider::Hook { hook });
        }
        self.outcome.failures.push(HookFailure {
            hook,
            kind,
            message,
        });
        if deny {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn ignored(&mut self, hook: HookId, what: &str) {
        let point = self.outcome.point;
        let message = format!(
            "`{point}` does not take {what} (it takes: {}); ignored",
            self.actions
        );
        tracing::warn!(hook = %hook, %point, "{message}");
        self.outcome.failures.push(HookFailure {
            hook,
            kind: FailureKind::Ignored,
            message,
        });
    }

    /// The failures so far, for catch-all observers (which run after the
    /// fold and cannot change the verdict) to add theirs.
    pub(crate) fn failures_mut(&mut self) -> &mut Vec<HookFailure> {
        &mut self.outcome.failures
    }

    /// The outcome.
    #[inline]
    pub fn finish(self) -> Outcome {
        self.outcome
    }
}
