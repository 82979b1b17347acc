//! The fold of hook answers equals a simple reference model, over random
//! sequences of answers: once for the fold alone (every point, every kind
//! of answer, hooks open or closed), once through a real host whose
//! scripted hooks (`hooky::s0`..`s7`) play the sequence, panics and
//! timeouts included.
//!
//! The model states the rules declaratively rather than step by step: the
//! hooks that run are those up to the first that denies (or fails closed);
//! the verdict is the strongest of their answers; the decider is the first
//! hook with that answer; context is every context they added; the input
//! is the last rewrite.

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::json;
use tackle::hook::{
    Actions, BeforeToolCall, Decider, Decision, FailureKind, HookEvent, HookId, HookPoint, Outcome,
    SessionInfo, Verdict,
};
use tackle_runtime::{Fold, HookResult, Host, Registry};

tackle_runtime::link!(hooky);

#[derive(Debug, Clone, Copy, PartialEq)]
enum Act {
    Abstain,
    Allow,
    Ask,
    Deny,
    Modify,
    Error,
    Panic,
    Slow,
}

#[derive(Debug, Clone, Copy)]
struct Step {
    act: Act,
    context: bool,
    closed: bool,
}

impl Act {
    fn failure(self) -> Option<FailureKind> {
        match self {
            Act::Error => Some(FailureKind::Error),
            Act::Panic => Some(FailureKind::Panic),
            Act::Slow => Some(FailureKind::Timeout),
            _ => None,
        }
    }

    /// The action it needs, for decisions.
    fn needs(self) -> Option<Actions> {
        match self {
            Act::Allow => Some(Actions::ALLOW),
            Act::Ask => Some(Actions::ASK),
            Act::Deny => Some(Actions::DENY),
            Act::Modify => Some(Actions::MODIFY),
            _ => None,
        }
    }
}

/// What the model says the outcome is, by hook index.
#[derive(Debug, PartialEq)]
struct Expected {
    verdict: u8,
    decider: Option<usize>,
    context: Vec<usize>,
    input: Option<usize>,
    failures: Vec<(usize, FailureKind)>,
    run: usize,
}

fn model(actions: Actions, steps: &[Step]) -> Expected {
    let rank = |s: &Step| -> u8 {
        let deny_ok = actions.contains(Actions::DENY);
        match s.act {
            Act::Allow if actions.contains(Actions::ALLOW) => 1,
            Act::Ask if actions.contains(Actions::ASK) => 2,
            Act::Deny if deny_ok => 3,
            Act::Error | Act::Panic | Act::Slow if s.closed && deny_ok => 3,
            _ => 0,
        }
    };
    let run = steps
        .iter()
        .position(|s| rank(s) == 3)
        .map_or(steps.len(), |i| i + 1);
    let ran = &steps[..run];
    let verdict = ran.iter().map(rank).max().unwrap_or(0);
    let decider = (verdict > 0)
        .then(|| ran.iter().position(|s| rank(s) == verdict))
        .flatten();
    let context_ok = actions.contains(Actions::CONTEXT);
    let context = (0..run)
        .filter(|&i| ran[i].context && ran[i].act.failure().is_none() && context_ok)
        .collect();
    let input = (0..run)
        .rev()
        .find(|&i| ran[i].act == Act::Modify && actions.contains(Actions::MODIFY));
    let mut failures = Vec::new();
    for (i, s) in ran.iter().enumerate() {
        if let Some(kind) = s.act.failure() {
            failures.push((i, kind));
            continue;
        }
        if s.context && !context_ok {
            failures.push((i, FailureKind::Ignored));
        }
        if s.act.needs().is_some_and(|a| !actions.contains(a)) {
            failures.push((i, FailureKind::Ignored));
        }
    }
    Expected {
        verdict,
        decider,
        context,
        input,
        failures,
        run,
    }
}

/// The outcome, read back by hook index (hooks named `s<i>`).
fn observed(out: &Outcome) -> Expected {
    let index = |hook: &HookId| -> usize {
        hook.name
            .trim_start_matches('s')
            .parse()
            .expect("scripted hook")
    };
    Expected {
        verdict: match out.verdict {
            Verdict::Abstain => 0,
            Verdict::Allow => 1,
            Verdict::Ask { .. } => 2,
            Verdict::Deny { .. } => 3,
        },
        decider: out.decided_by.as_ref().map(|d| match d {
            Decider::Hook { hook } => index(hook),
            Decider::Rule(_) => usize::MAX,
        }),
        context: out.context.iter().map(|c| index(&c.hook)).collect(),
        input: out
            .input
            .as_ref()
            .map(|v| v["modified_by"].as_u64().expect("index") as usize),
        failures: out
            .failures
            .iter()
            .map(|f| (index(&f.hook), f.kind))
            .collect(),
        run: out.hooks_run as usize,
    }
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        3 => Just(Act::Abstain),
        2 => Just(Act::Allow),
        2 => Just(Act::Ask),
        1 => Just(Act::Deny),
        2 => Just(Act::Modify),
        1 => Just(Act::Error),
        1 => Just(Act::Panic),
        1 => Just(Act::Slow),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    (act(), any::<bool>(), any::<bool>()).prop_map(|(act, context, closed)| Step {
        act,
        context,
        closed,
    })
}

const NAMES: [&str; 12] = [
    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
];

proptest! {
    #[test]
    fn the_fold_equals_the_model(point in prop::sample::select(HookPoint::ALL), steps in prop::collection::vec(step(), 0..12)) {
        let mut fold = Fold::new(point);
        for (i, s) in steps.iter().enumerate() {
            let hook = HookId { plugin: "p", name: NAMES[i] };
            let answer = match s.act.failure() {
                Some(kind) => HookResult::Failed(kind, format!("s{i} failed")),
                None => {
                    let decision = match s.act {
                        Act::Allow => Decision::allow(),
                        Act::Ask => Decision::ask_because(format!("s{i}")),
                        Act::Deny => Decision::deny(format!("s{i}")),
                        Act::Modify => Decision::modify(json!({ "modified_by": i })),
                        _ => Decision::abstain(),
                    };
                    HookResult::Decided(if s.context { decision.with_context(format!("s{i}")) } else { decision })
                }
            };
            if fold.step(hook, s.closed, answer, |_| Ok(())).is_break() {
                break;
            }
        }
        let out = fold.finish();
        prop_assert_eq!(observed(&out), model(point.kind().actions(), &steps));
        if let Some(Decider::Hook { hook }) = &out.decided_by {
            // The reason belongs to the decider.
            match &out.verdict {
                Verdict::Deny { reason } | Verdict::Ask { reason: Some(reason) } => prop_assert!(reason.contains(hook.name)),
                _ => {}
            }
        }
    }

    #[test]
    fn dispatch_through_a_host_equals_the_model(script in prop::collection::vec((act(), any::<bool>()), 0..8)) {
        let (runtime, host) = scripted_host();
        tackle_runtime::quiet_plugin_panics();
        // Sync hooks cannot stall; the closed ones are fixed by the fixture.
        let steps: Vec<Step> = script
            .iter()
            .enumerate()
            .map(|(i, &(act, context))| Step {
                act: if act == Act::Slow && i < 4 { Act::Error } else { act },
                context,
                closed: hooky::SCRIPTED[i].1,
            })
            .collect();
        let words: Vec<String> = steps
            .iter()
            .map(|s| {
                let word = format!("{:?}", s.act).to_lowercase();
                if s.context { format!("{word}+context") } else { word }
            })
            .collect();
        let mut info = SessionInfo::default();
        info.metadata.insert("script".into(), json!(words));
        let event = BeforeToolCall { tool_name: "Scripted".into(), ..Default::default() }.in_session("model");
        let out = runtime.block_on(host.dispatch_with(event, &info));
        // `hooky::order_probe` runs first and abstains.
        let mut seen = observed(&out);
        seen.run -= 1;
        let mut expected = model(HookPoint::BeforeToolCall.kind().actions(), &steps);
        // Hooks past the script abstain and run too, unless the fold stopped.
        if expected.verdict != 3 {
            expected.run = hooky::SCRIPTED.len();
        }
        prop_assert_eq!(seen, expected);
    }
}

/// One host (and a paused-time runtime, so timeouts pass instantly) for all cases.
fn scripted_host() -> &'static (tokio::runtime::Runtime, Host) {
    static HOST: OnceLock<(tokio::runtime::Runtime, Host)> = OnceLock::new();
    HOST.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .start_paused(true)
            .build()
            .expect("runtime");
        let host = runtime
            .block_on(
                Host::builder()
                    .registry(Registry::global().expect("registry").only(&["hooky"]))
                    .build(),
            )
            .expect("host");
        (runtime, host)
    })
}
