//! The scripted hooks `s0`..`s7`.

use tackle::prelude::*;

/// The scripted hooks' names, in dispatch order, with whether each fails closed.
pub const SCRIPTED: [(&str, bool); 8] = [
    ("s0", false),
    ("s1", true),
    ("s2", false),
    ("s3", true),
    ("s4", false),
    ("s5", true),
    ("s6", false),
    ("s7", true),
];

/// Hook `index`'s step from the session metadata.
fn step(ctx: &HookContext, index: usize) -> String {
    ctx.metadata()
        .get("script")
        .and_then(|s| s.get(index))
        .and_then(|s| s.as_str())
        .unwrap_or("abstain")
        .to_owned()
}

/// What the step says to return, or to do: a decision read at run time,
/// with no point (the hooks make it theirs with `.into()`).
fn perform(index: usize, step: &str) -> Result<Decision, String> {
    let (action, context) = match step.strip_suffix("+context") {
        Some(action) => (action, true),
        None => (step, false),
    };
    let decision = match action {
        "" | "abstain" => Decision::abstain(),
        "allow" => Decision::allow(),
        "ask" => Decision::ask_because(format!("s{index} asks")),
        "deny" => Decision::deny(format!("s{index} denies")),
        "modify" => Decision::modify(tackle::serde_json::json!({ "modified_by": index })),
        "error" => return Err(format!("s{index} failed")),
        "panic" => panic!("s{index} panicked"),
        other => return Err(format!("unknown step `{other}`")),
    };
    Ok(if context {
        decision.with_context(format!("context from s{index}"))
    } else {
        decision
    })
}

macro_rules! sync_hooks {
    ($($name:ident = $index:literal, $on_error:literal;)*) => {$(
        #[doc = concat!("Scripted hook ", stringify!($index), " (sync).")]
        #[hook(before_tool_call, order = $index, on_error = $on_error)]
        fn $name(ctx: &HookContext) -> Result<Decision, String> {
            perform($index, &step(ctx, $index)).map(Into::into)
        }
    )*};
}

macro_rules! async_hooks {
    ($($name:ident = $index:literal, $on_error:literal;)*) => {$(
        #[doc = concat!("Scripted hook ", stringify!($index), " (async).")]
        #[hook(before_tool_call, order = $index, on_error = $on_error, timeout_ms = 100)]
        async fn $name(ctx: &HookContext) -> Result<Decision, String> {
            let step = step(ctx, $index);
            if step.starts_with("slow") {
                stall().await;
            }
            perform($index, &step).map(Into::into)
        }
    )*};
}

sync_hooks! {
    s0 = 0, "open";
    s1 = 1, "closed";
    s2 = 2, "open";
    s3 = 3, "closed";
}

async_hooks! {
    s4 = 4, "open";
    s5 = 5, "closed";
    s6 = 6, "open";
    s7 = 7, "closed";
}

/// Never finishes: the hook's timeout ends it.
async fn stall() {
    std::future::pending::<()>().await;
}
