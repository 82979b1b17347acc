//! Subagents and permissions: the `reviewer` plugin's `review` tool checks
//! that the call's origin holds its permission, then spawns the `critic`
//! subagent through the host's subagent bridge, which sees who asked.

use std::path::Path;

use serde_json::json;
use tackle::Origin;
use tackle::def::BoxFuture;
use tackle::subagent::{PromptRun, RunError, SubagentBridge, SubagentRun};
use tackle_runtime::{CallInfo, Host};

use crate::text::wrap;

/// The host's subagent bridge, offline: it answers with what it was asked and by whom,
/// where a real agent would run the subagent with its prompt and tools.
pub(crate) struct OfflineBridge;

impl SubagentBridge for OfflineBridge {
    fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, RunError>> {
        let p = run.provenance;
        let answer = format!(
            "[offline agent] subagent `{}` of `{}` reviewed `{}`; asked from `{}` (role {}), parent session `{}`",
            run.subagent.name,
            p.plugin,
            run.payload["path"].as_str().unwrap_or("?"),
            p.origin,
            p.role.as_deref().unwrap_or("none"),
            p.parent_session.as_deref().unwrap_or("none"),
        );
        Box::pin(async move { Ok(answer) })
    }

    fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, RunError>> {
        let answer = format!(
            "[offline agent] answered `{}` for `{}`",
            run.text, run.provenance.origin
        );
        Box::pin(async move { Ok(answer) })
    }
}

/// Asks for reviews from origins with different roles.
pub(crate) async fn tour(host: &Host, root: &Path) -> Result<(), Box<dyn std::error::Error>> {
    for (origin, permission) in [
        ("cli", "reviewer:review"),
        ("cli", "reviewer:review-secrets"),
        ("telegram:42", "reviewer:review"),
        ("discord:7", "reviewer:review"),
    ] {
        let holds = host.has(&Origin::new(origin), permission);
        say!(
            "   `{origin}` {} `{permission}`",
            if holds { "holds" } else { "does not hold" }
        );
    }
    for (origin, path) in [
        ("telegram:42", "src/parser.rs"),
        ("telegram:42", "secrets/deploy.key"),
        ("discord:7", "src/main.rs"),
    ] {
        say!("   review {path}, asked from `{origin}`");
        let call = CallInfo::new(root)
            .with_session("chat-session")
            .with_origin(Origin::new(origin));
        let result = host
            .call_tool("review", json!({ "path": path }), call)
            .await?;
        let label = if result.is_error { "refused" } else { "->" };
        say!("   {label}\n{}", wrap(&result.text_content(), 6, 78));
    }
    Ok(())
}
