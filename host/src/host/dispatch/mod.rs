//! Dispatching an event to the hooks of its point, folding their answers,
//! then showing the event and its outcome to the catch-all `event` hooks.
//!
//! The loop itself is synchronous ([`drive`]): sync hooks run inline, and
//! only an async hook that must be awaited moves the rest of the dispatch
//! into a boxed future. A point whose hooks are all sync (or `async fn`s
//! without `.await`, which the macro turns into sync glue) costs no
//! allocation and no await.

mod drive;
pub mod fold;
pub mod matcher;
mod run;
mod table;

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use tackle::hook::{HookDef, HookEvent, HookPoint, OnError, Outcome, SessionInfo};

use self::drive::{EventHolder, Run};
use super::Host;

pub(crate) use self::table::HookTable;

/// Hook dispatch: an event through every hook that listens for it.
impl Host {
    /// Dispatches an event to its point's hooks and folds their answers.
    ///
    /// ```rust,standalone_crate
    /// use serde_json::json;
    /// use tackle::prelude::*;
    ///
    /// tackle::plugin! { id: "shell" }
    ///
    /// /// Refuse `sudo`.
    /// #[hook(before_tool_call, matcher = "Bash")]
    /// fn no_sudo(ev: &BeforeToolCall) -> Decision {
    ///     let command = ev.arguments["command"].as_str().unwrap_or_default();
    ///     if command.starts_with("sudo ") {
    ///         return Decision::deny("no sudo here");
    ///     }
    ///     Decision::abstain()
    /// }
    ///
    /// /// Prefer ripgrep, and say so.
    /// #[hook(before_tool_call, matcher = "Bash", args = "grep *")]
    /// fn ripgrep(ev: &BeforeToolCall) -> Decision {
    ///     let command = ev.arguments["command"].as_str().unwrap_or_default();
    ///     Decision::modify(json!({"command": command.replacen("grep", "rg", 1)}))
    ///         .with_context("`grep` was run as `rg`.")
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tackle::hook::{Decider, Verdict};
    /// use tackle_host::{Host, Registry};
    ///
    /// let registry = Registry::global().unwrap().only(&["shell"]);
    /// let host = Host::builder().registry(registry).build().await.unwrap();
    /// let bash = |command: &str| BeforeToolCall {
    ///     tool_name: "Bash".into(),
    ///     arguments: json!({"command": command}),
    ///     ..Default::default()
    /// };
    ///
    /// // Reading an outcome: the verdict, who decided, why, the new input, the context.
    /// let denied = host.dispatch(bash("sudo reboot")).await;
    /// assert_eq!(denied.verdict, Verdict::Deny { reason: "no sudo here".into() });
    /// assert_eq!(denied.deny_reason(), Some("no sudo here"));
    /// assert!(matches!(&denied.decided_by, Some(Decider::Hook { hook }) if hook.name == "no_sudo"));
    ///
    /// let rewritten = host.dispatch(bash("grep -n fn src")).await;
    /// assert!(!rewritten.is_denied());
    /// assert_eq!(rewritten.input.as_deref(), Some(&json!({"command": "rg -n fn src"})));
    /// assert_eq!(rewritten.context_text(), "`grep` was run as `rg`.");
    ///
    /// let quiet = host.dispatch(bash("ls")).await;
    /// assert!(quiet.is_abstain() && quiet.input.is_none() && quiet.failures.is_empty());
    /// assert_eq!(quiet.hooks_run, 1); // `ripgrep`'s `args` glob did not match
    /// # }
    /// ```
    ///
    /// Plugins run in host order, then each plugin's hooks by `order` and
    /// source location; hooks whose `matcher` or `args` do not match are
    /// skipped. The first deny wins and ends the fold; modifications chain;
    /// the verdict is Deny > Ask > Allow > Abstain, with the final input and
    /// every hook's context. At `permission_request` the permission rules
    /// are evaluated first. Then every catch-all `event` hook sees the
    /// event and its outcome. Async hooks that do not answer on their first
    /// poll run under their timeout, which needs a tokio runtime with time
    /// enabled.
    pub fn dispatch<E: HookEvent>(&self, event: E) -> impl Future<Output = Outcome> + Send + '_ {
        Dispatch::new(self, event, SessionInfo::empty())
    }

    /// [`dispatch`](Host::dispatch), with what the host knows of the session
    /// (agent, provider, model, iteration, metadata).
    pub fn dispatch_with<'a, E: HookEvent>(
        &'a self,
        event: E,
        session: &'a SessionInfo,
    ) -> impl Future<Output = Outcome> + Send + 'a {
        Dispatch::new(self, event, session)
    }

    /// [`dispatch_with`](Host::dispatch_with) on a borrowed event, which is
    /// left as the last hook saw it (with every modification applied).
    pub fn dispatch_mut<'a, E: HookEvent>(
        &'a self,
        event: &'a mut E,
        session: &'a SessionInfo,
    ) -> impl Future<Output = Outcome> + Send + 'a {
        Dispatch::<E, &'a mut E>::new(self, event, session)
    }

    /// Whether a dispatch at `point` could do anything: a hook there, a
    /// catch-all `event` hook, or (at `permission_request`) a permission
    /// rule. Callers skip building an event nobody would see.
    pub fn listens(&self, point: HookPoint) -> bool {
        !self.hooks.slots(point).is_empty()
            || !self.hooks.slots(HookPoint::AnyEvent).is_empty()
            || (point == HookPoint::PermissionRequest && !self.rules.is_empty())
    }

    /// Every hook of a ready plugin, in dispatch order (host plugin order,
    /// then `order`, then source location).
    pub fn hooks(&self) -> impl Iterator<Item = &'static HookDef> + '_ {
        self.hooks
            .entries()
            .filter(|&(_, plugin)| self.plugins[plugin].ready_parts().is_some())
            .map(|(def, _)| def)
    }

    /// The fail-closed hooks that would refuse at `point`, in dispatch
    /// order: those of ready plugins, and those whose plugin failed to
    /// load (which refuse whatever they would have seen).
    pub fn closed_hooks(&self, point: HookPoint) -> impl Iterator<Item = &'static HookDef> + '_ {
        self.hooks
            .slots(point)
            .iter()
            .filter(move |s| s.def.on_error == OnError::Closed && point.kind().can_deny())
            .map(|s| s.def)
    }
}

/// The future of one dispatch: small (it holds the arguments until its
/// first poll), and boxed past that only if an async hook must be awaited.
struct Dispatch<'a, E, H> {
    host: &'a Host,
    start: Option<(H, &'a SessionInfo)>,
    slow: Option<Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>>,
    _event: std::marker::PhantomData<fn() -> E>,
}

impl<'a, E: HookEvent, H: EventHolder<E> + 'a> Dispatch<'a, E, H> {
    fn new(host: &'a Host, holder: H, session: &'a SessionInfo) -> Self {
        Dispatch {
            host,
            start: Some((holder, session)),
            slow: None,
            _event: std::marker::PhantomData,
        }
    }
}

impl<'a, E: HookEvent, H: EventHolder<E> + 'a> Future for Dispatch<'a, E, H> {
    type Output = Outcome;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Outcome> {
        let this = self.get_mut();
        if let Some(slow) = &mut this.slow {
            return slow.as_mut().poll(cx);
        }
        // A dispatch whose hooks are all synchronous completes in this one
        // poll, so a task that loops over dispatches would never give way
        // to the others on its worker: each dispatch takes a unit of
        // tokio's cooperative budget, and yields once the task's is spent.
        let coop = std::task::ready!(tokio::task::coop::poll_proceed(cx));
        let Some((holder, session)) = this.start.take() else {
            panic!("a dispatch future was polled after it completed");
        };
        let host = this.host;
        let mut run = Run::new::<E>(host, holder, session);
        coop.made_progress();
        let Some(slot) = host.drive::<E, H>(&mut run) else {
            return Poll::Ready(run.into_outcome::<E>(host));
        };
        // An async hook: the rest of the dispatch awaits, boxed.
        let slow = this.slow.insert(Box::pin(async move {
            let mut slot = slot;
            loop {
                if let Some(result) = host.result_async::<E, H>(&mut run, slot).await {
                    host.resume_with::<E, H>(&mut run, slot, result);
                }
                match host.drive::<E, H>(&mut run) {
                    Some(next) => slot = next,
                    None => return run.into_outcome::<E>(host),
                }
            }
        }));
        slow.as_mut().poll(cx)
    }
}
