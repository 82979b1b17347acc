//! The dispatch loop, synchronous: it runs every sync hook inline and stops
//! only at an async hook, which the caller awaits and hands back. A point
//! whose hooks are all sync is dispatched without a single await or
//! allocation.

use std::time::Duration;

use tackle::hook::{
    Action, Decision, FailureKind, HookCall, HookDef, HookEvent, HookFailure, HookHandler,
    HookPoint, OnError, Outcome, SessionInfo,
};

use super::fold::{Fold, HookResult};
use super::run;
use super::table::Slot;
use crate::host::contain::{contain, panic_message};
use crate::host::{Host, LoadState};

/// Where a dispatch keeps its event: owned (`dispatch`) or borrowed
/// (`dispatch_mut`).
pub(crate) trait EventHolder<E>: Send + Unpin {
    fn event(&mut self) -> &mut E;
}

impl<E: HookEvent> EventHolder<E> for E {
    fn event(&mut self) -> &mut E {
        self
    }
}

impl<E: HookEvent> EventHolder<E> for &mut E {
    fn event(&mut self) -> &mut E {
        self
    }
}

/// A dispatch in progress. Nothing big moves while it runs: the outcome
/// stays inside the fold from start to end.
pub(crate) struct Run<'a, H> {
    pub(crate) holder: H,
    pub(crate) session: &'a SessionInfo,
    fold: Fold,
    stage: Stage,
}

#[derive(Clone, Copy)]
enum Stage {
    /// The point's own hooks, from this slot.
    Hooks(usize),
    /// The catch-all observers, from this slot.
    Observers(usize),
    Done,
}

impl<'a, H> Run<'a, H> {
    /// A dispatch at `point`; the permission rules decide first at
    /// `permission_request`.
    #[inline(always)]
    pub(crate) fn new<E: HookEvent>(host: &Host, mut holder: H, session: &'a SessionInfo) -> Self
    where
        H: EventHolder<E>,
    {
        let mut fold = Fold::new(E::POINT);
        let mut stage = Stage::Hooks(0);
        if host.shut_down.load(std::sync::atomic::Ordering::SeqCst) {
            tracing::warn!(point = %E::POINT, "event dispatched after shutdown; no hook ran");
            stage = Stage::Done;
        } else if E::POINT == HookPoint::PermissionRequest {
            let event = holder.event();
            if let Some(tool) = event.subject()
                && let Some((verdict, by)) = host.rules.evaluate(tool, event.arguments())
            {
                fold.seed(verdict, by);
                if fold.is_denied() {
                    stage = Stage::Observers(0);
                }
            }
        }
        Run {
            holder,
            session,
            fold,
            stage,
        }
    }

    /// The outcome, once [`Host::drive`] returned `None`. At `session_end`,
    /// after its hooks ran, the host forgets the session's values.
    #[inline(always)]
    pub(crate) fn into_outcome<E: HookEvent>(mut self, host: &Host) -> Outcome
    where
        H: EventHolder<E>,
    {
        if E::POINT == HookPoint::SessionEnd {
            host.end_session(self.holder.event().session_id());
        }
        self.fold.finish()
    }
}

/// Hook dispatch: driving the hooks of one event in order.
impl Host {
    /// Runs hooks until the dispatch is over (`None`) or an async hook must
    /// be awaited (its slot; hand its result to [`Host::resume_with`]).
    pub(crate) fn drive<'s, E: HookEvent, H: EventHolder<E>>(
        &'s self,
        run: &mut Run<'_, H>,
    ) -> Option<&'s Slot> {
        loop {
            match run.stage {
                Stage::Hooks(from) => {
                    let slots = self.hooks.slots(E::POINT);
                    let mut next = from;
                    if next >= slots.len() {
                        run.stage = Stage::Observers(0);
                        continue;
                    }
                    // One unwind guard around a whole run of sync hooks, not
                    // one per hook: a panic ends the run, is folded as that
                    // hook's failure, and the run resumes after it.
                    loop {
                        let mut running = None;
                        let ran = contain(|| {
                            self.sync_hooks::<E, H>(run, slots, &mut next, &mut running)
                        });
                        match ran {
                            Ok(Some(slot)) => {
                                run.stage = Stage::Hooks(next);
                                return Some(slot);
                            }
                            Ok(None) => break,
                            Err(panic) => {
                                let Some(slot) = running else { break };
                                let result =
                                    HookResult::Failed(FailureKind::Panic, panic_message(&panic));
                                if step(&mut run.fold, slot, result, run.holder.event()) {
                                    break;
                                }
                            }
                        }
                    }
                    run.stage = Stage::Observers(0);
                }
                Stage::Observers(from) => {
                    let slots = self.hooks.slots(HookPoint::AnyEvent);
                    let mut next = from;
                    while let Some(slot) = slots.get(next) {
                        next += 1;
                        let HookHandler::Sync(f) = slot.def.handler else {
                            run.stage = Stage::Observers(next);
                            return Some(slot);
                        };
                        let event = run.holder.event();
                        let Some((call, span)) = self.prepare(slot, &*event, run.session) else {
                            continue;
                        };
                        let call = call.with_outcome(run.fold.outcome());
                        let result = match self.start_hook_run(slot.def) {
                            Ok(_run) => run::sync(f, call, span),
                            Err(stuck) => stuck,
                        };
                        observed(run.fold.failures_mut(), slot, result);
                    }
                    run.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Runs the point's hooks from `next` while they are sync; `Some` when
    /// an async one must be awaited, `None` at the end or on a deny. Panics
    /// are the caller's to catch; `running` names the hook that was running.
    fn sync_hooks<'s, E: HookEvent, H: EventHolder<E>>(
        &'s self,
        run: &mut Run<'_, H>,
        slots: &'s [Slot],
        next: &mut usize,
        running: &mut Option<&'s Slot>,
    ) -> Option<&'s Slot> {
        'hooks: while let Some(slot) = slots.get(*next) {
            *next += 1;
            let event = run.holder.event();
            let result = 'result: {
                let (matcher, args) = match &slot.filter {
                    Ok(filter) => filter,
                    Err(why) => break 'result HookResult::Failed(FailureKind::Error, why.clone()),
                };
                if !matcher.matches(event.subject())
                    || args.as_ref().is_some_and(|g| !g.matches(event.arguments()))
                {
                    continue 'hooks;
                }
                let HookHandler::Sync(f) = slot.def.handler else {
                    return Some(slot);
                };
                let Some((call, span)) = self.prepare(slot, &*event, run.session) else {
                    break 'result self.plugin_off(slot);
                };
                let _run = match self.start_hook_run(slot.def) {
                    Ok(run) => run,
                    Err(stuck) => break 'result stuck,
                };
                *running = Some(slot);
                let reply = {
                    let _entered = span.enter();
                    f(call)
                };
                *running = None;
                // Most hooks abstain: count them, nothing else. An
                // abstain owns no heap data, so its drop glue is skipped.
                if let Ok(Decision {
                    action: Action::Abstain,
                    context: None,
                    ..
                }) = &reply
                {
                    std::mem::forget(reply);
                    run.fold.abstained();
                    continue 'hooks;
                }
                match reply {
                    Ok(decision) => HookResult::Decided(decision),
                    Err(error) => HookResult::Failed(FailureKind::Error, error),
                }
            };
            if step(&mut run.fold, slot, result, event) {
                return None;
            }
        }
        None
    }

    /// Runs the async hook `drive` stopped at.
    pub(crate) async fn result_async<E: HookEvent, H: EventHolder<E>>(
        &self,
        run: &mut Run<'_, H>,
        slot: &Slot,
    ) -> Option<HookResult> {
        let HookHandler::Async(f) = slot.def.handler else {
            return None;
        };
        let event = run.holder.event();
        let Some((call, span)) = self.prepare(slot, &*event, run.session) else {
            return Some(self.plugin_off(slot));
        };
        let call = match run.stage {
            Stage::Observers(_) => call.with_outcome(run.fold.outcome()),
            _ => call,
        };
        let _run = match self.start_hook_run(slot.def) {
            Ok(run) => run,
            Err(stuck) => return Some(stuck),
        };
        Some(run::asynchronous(f, call, span, self.timeout_of(slot.def)).await)
    }

    /// Registers a run of hook `def` on a server's worker (nothing
    /// elsewhere); a hook stuck there is not run, and fails as stuck.
    fn start_hook_run(
        &self,
        def: &'static HookDef,
    ) -> Result<Option<crate::offload::RunGuard>, HookResult> {
        let limit = match def.handler {
            HookHandler::Sync(_) => crate::SYNC_HOOK_BUDGET,
            HookHandler::Async(_) => self.timeout_of(def),
        };
        let name = crate::offload::RunName {
            plugin: def.plugin.id,
            name: def.name,
        };
        self.start_run(def, name, Some(limit))
            .map_err(|stuck| HookResult::Failed(FailureKind::Stuck, stuck.to_string()))
    }

    /// Takes the result of the async hook `drive` stopped at.
    pub(crate) fn resume_with<E: HookEvent, H: EventHolder<E>>(
        &self,
        run: &mut Run<'_, H>,
        slot: &Slot,
        result: HookResult,
    ) {
        match run.stage {
            Stage::Hooks(_) => {
                if step(&mut run.fold, slot, result, run.holder.event()) {
                    run.stage = Stage::Observers(0);
                }
            }
            Stage::Observers(_) => observed(run.fold.failures_mut(), slot, result),
            Stage::Done => {}
        }
    }

    /// The call for one hook and its plugin's span, if its plugin is ready.
    fn prepare<'a, E: HookEvent>(
        &'a self,
        slot: &Slot,
        event: &'a E,
        session: &'a SessionInfo,
    ) -> Option<(HookCall<'a>, &'a tracing::Span)> {
        let LoadState::Ready {
            info,
            config,
            state,
        } = &self.plugins[slot.plugin].state
        else {
            return None;
        };
        let call = HookCall::new(event, session, info, config, state.as_ref(), slot.def)
            .with_sessions(&*self.sessions);
        Some((call, info.span()))
    }

    /// The result of a hook whose plugin is not ready: only a fail-closed
    /// hook of a plugin that failed to load is dispatched so, to refuse.
    #[cold]
    fn plugin_off(&self, slot: &Slot) -> HookResult {
        let id = self.plugins[slot.plugin].def.id;
        HookResult::Failed(
            FailureKind::Error,
            format!("its plugin `{id}` {}", self.why_unavailable(id)),
        )
    }

    /// How long an async hook may take.
    fn timeout_of(&self, def: &HookDef) -> Duration {
        def.timeout_ms
            .map_or(self.hooks.timeout, Duration::from_millis)
    }
}

/// Folds one result in; `true` when the fold is over.
fn step<E: HookEvent>(fold: &mut Fold, slot: &Slot, result: HookResult, event: &mut E) -> bool {
    let closed = slot.def.on_error == OnError::Closed;
    fold.step(slot.def.id(), closed, result, |input| {
        event.replace_input(input)
    })
    .is_break()
}

/// Records a catch-all observer's failure.
fn observed(failures: &mut Vec<HookFailure>, slot: &Slot, result: HookResult) {
    if let HookResult::Failed(kind, message) = result {
        let hook = slot.def.id();
        tracing::warn!(hook = %hook, point = %HookPoint::AnyEvent, "hook {kind}: {message}");
        failures.push(HookFailure {
            hook,
            kind,
            message,
        });
    }
}
