// Every mistake in one hook is reported at once, each on its own tokens.
use tackle::prelude::*;

tackle::plugin! {
    id: "hooks",
}

/// Rewrites Bash calls.
#[hook(before_tool_call, matcher = "Bash(", timeout = 500, on_error = "closed")]
fn rewrite<T>(ev: BeforeToolCall, ctx: &mut HookContext, extra: &str) -> String {
    let _ = (ev, ctx, extra);
    String::new()
}

fn main() {}
