//! Dispatching one native event: each of its points in turn (see
//! [`points_at`](crate::coverage)), folded into one answer for
//! the agent. `replay` dispatches a recorded event the same way.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;

use serde_json::Value;
use tackle::hook::{HookEvent, HookPoint, Outcome, PointVisitor, SystemPrompt, Verdict};

use super::input::NativeInput;
use tackle_host::Host;

/// What the hooks at one native event said, for the agent's reply.
#[derive(Debug)]
pub(crate) struct Answer {
    /// The verdict and final input: the first point that refused, else the
    /// strongest verdict and the last rewrite; every hook's context with
    /// the hook that added it.
    pub(crate) outcome: Outcome,
    /// What the agent is given, in order: every hook's context, and at
    /// `system_prompt` the plugins' system context in place of its hooks'
    /// pieces (it holds them, under their plugin's header).
    pub(crate) context: Vec<String>,
    /// The plugins' system context among [`Answer::context`], if given
    /// (`replay` reports it beside the hooks' pieces).
    pub(crate) system: Option<String>,
    /// What went wrong without changing the verdict: failed hooks, actions
    /// the agent cannot take. Shown on stderr.
    pub(crate) notes: Vec<String>,
    /// The agent's own name of the tool called, where it is not the name
    /// hooks see (`run_commands` for `Bash`): a rewrite goes back in the
    /// tool's own shape (Cline's).
    pub(crate) native_tool: Option<String>,
}

impl Answer {
    /// An answer with nothing to say, for `point`.
    pub(crate) fn empty(point: HookPoint) -> Answer {
        Answer {
            outcome: Outcome::new(point),
            context: Vec::new(),
            system: None,
            notes: Vec::new(),
            native_tool: None,
        }
    }

    /// A refusal that no hook made: tackle could not run a fail-closed hook.
    pub(crate) fn refused(point: HookPoint, reason: String) -> Answer {
        let mut answer = Answer::empty(point);
        answer.outcome.verdict = Verdict::Deny {
            reason: reason.into(),
        };
        answer
    }

    /// All context, as one text.
    pub(crate) fn context_text(&self) -> Option<String> {
        (!self.context.is_empty()).then(|| self.context.join("\n\n"))
    }

    /// The rewritten input, if a hook rewrote it.
    pub(crate) fn input(&self) -> Option<&Value> {
        self.outcome.input.as_deref()
    }
}

/// An event that could not be read as the event of one of its points.
#[derive(Debug)]
pub(crate) struct Unreadable {
    /// Why, naming the point and the field.
    pub(crate) message: String,
    /// Where a fail-closed hook that could have wanted the event (at that
    /// point or a later one) refuses it, and those hooks; `None` when no
    /// such hook was to see it.
    pub(crate) closed: Option<(HookPoint, Vec<String>)>,
}

impl Unreadable {
    /// `points` are the point that could not read `payload` and the ones
    /// after it.
    fn new(
        host: &Host,
        payload: &NativeInput,
        points: &[HookPoint],
        message: String,
    ) -> Unreadable {
        let mut closed: Option<(HookPoint, Vec<String>)> = None;
        for &point in points {
            for def in host.closed_hooks(point) {
                if payload.may_want(def) {
                    let id = def.id().to_string();
                    let (_, ids) = closed.get_or_insert_with(|| (point, Vec::new()));
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
            }
        }
        Unreadable { message, closed }
    }

    /// The refusal of the event, if a fail-closed hook was to see it;
    /// `what` names the event for the reason.
    pub(crate) fn refusal(&self, what: &str) -> Option<Answer> {
        let (point, hooks) = self.closed.as_ref()?;
        Some(Answer::refused(
            *point,
            closed_reason(what, &self.message, hooks),
        ))
    }
}

/// Why an event nobody could decide is refused: what it is, what went
/// wrong, and the fail-closed hooks that were to see it.
pub(crate) fn closed_reason(what: &str, message: &str, hooks: &[String]) -> String {
    format!(
        "tackle could not handle {what} ({message}), and `{}` fails closed",
        hooks.join("`, `")
    )
}

/// Runs every point in order; stops at the first refusal. An event that
/// does not fit a point's type is [`Unreadable`], naming the point and the
/// field, with the fail-closed hooks that were to see it.
///
/// At `system_prompt` the answer is the plugins' whole system context,
/// their context files included unless `files` is false (the agent reads
/// them from its package itself): then only what the hooks add.
pub(crate) async fn dispatch(
    host: &Host,
    payload: &NativeInput,
    points: &[HookPoint],
    files: bool,
) -> Result<Answer, Unreadable> {
    let Some(&first) = points.first() else {
        return Err(Unreadable {
            message: "no hook point to dispatch".into(),
            closed: None,
        });
    };
    let mut answer = Answer::empty(first);
    let mut rewrite: Option<(&'static str, Value)> = None;
    for (i, &point) in points.iter().enumerate() {
        let chained = rewrite
            .as_ref()
            .filter(|(field, _)| point.input_field() == Some(field))
            .map(|(_, value)| value);
        let (outcome, system) = match point.visit(OnePoint {
            host,
            payload,
            chained,
            files,
        }) {
            Ok(dispatched) => dispatched.await,
            Err(e) => {
                let message = format!("the event does not fit `{point}`: {e}");
                return Err(Unreadable::new(host, payload, &points[i..], message));
            }
        };
        answer
            .notes
            .extend(outcome.failures.iter().map(ToString::to_string));
        match system {
            // It holds this point's hooks' text already: given once.
            Some(text) => {
                if !text.is_empty() {
                    answer.context.push(text.clone());
                    answer.system = Some(text);
                }
            }
            None => {
                answer
                    .context
                    .extend(outcome.context.iter().map(|c| c.text.clone()));
                // Kept with their hooks too, for `replay`'s report.
                answer.outcome.context.extend(outcome.context);
            }
        }
        if let (Some(field), Some(input)) = (point.input_field(), &outcome.input) {
            rewrite = Some((field, (**input).clone()));
            answer.outcome.input = Some(input.clone());
        }
        answer.outcome.hooks_run += outcome.hooks_run;
        if strength(&outcome.verdict) > strength(&answer.outcome.verdict) {
            answer.outcome.point = outcome.point;
            answer.outcome.verdict = outcome.verdict;
            answer.outcome.decided_by = outcome.decided_by;
        }
        if answer.outcome.is_denied() {
            break;
        }
    }
    Ok(answer)
}

fn strength(verdict: &Verdict) -> u8 {
    match verdict {
        Verdict::Abstain => 0,
        Verdict::Allow => 1,
        Verdict::Ask { .. } => 2,
        Verdict::Deny { .. } => 3,
    }
}

type Dispatched<'a> = Pin<Box<dyn Future<Output = (Outcome, Option<String>)> + Send + 'a>>;

/// Reads the payload as one point's event and dispatches it; the
/// `system_prompt` point gives the plugins' whole system context, or
/// without `files` only what its hooks add.
struct OnePoint<'a> {
    host: &'a Host,
    payload: &'a NativeInput,
    chained: Option<&'a Value>,
    files: bool,
}

impl<'a> PointVisitor for OnePoint<'a> {
    type Output = Result<Dispatched<'a>, String>;

    fn visit<E: HookEvent>(self) -> Self::Output {
        let mut event: E = serde_path_to_error::deserialize(&self.payload.fields).map_err(|e| {
            let path = e.path().to_string();
            if path == "." {
                e.into_inner().to_string()
            } else {
                format!("`{path}`: {}", e.into_inner())
            }
        })?;
        if let Some(input) = self.chained {
            event.replace_input(input.clone())?;
        }
        let (host, session) = (self.host, &self.payload.session);
        if self.files
            && let Some(prompt) = (&event as &dyn Any).downcast_ref::<SystemPrompt>()
        {
            let prompt = prompt.clone();
            return Ok(Box::pin(async move {
                let context = host.system_context(prompt, session).await;
                (context.outcome, Some(context.text))
            }));
        }
        Ok(Box::pin(async move {
            (host.dispatch_with(event, session).await, None)
        }))
    }

    fn visit_untyped(self, point: HookPoint) -> Self::Output {
        Err(format!(
            "`{point}` is not an event of its own; its hooks see every event"
        ))
    }
}
