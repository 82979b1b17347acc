//! Reviewer: a code-review subagent, and a tool that asks it for a review
//! on behalf of whoever may.
//!
//! An example tackle plugin showing subagents and permissions together:
//!
//! * the `critic` subagent: its system prompt is read from
//!   `agents/critic.md` at compile time, its payload is a typed
//!   [`ReviewRequest`], it may use the agent's `read` and `grep` tools and
//!   this plugin's own `file_stats` tool, and its in-flight key is the
//!   file: two requests to review the same file while a review of it is
//!   under way get that one review;
//! * two permissions, `reviewer:review` and `reviewer:review-secrets`; the
//!   second is excluded from the owner wildcard, so even the `owner` role
//!   holds it only when the host config names it;
//! * the `review` tool: it checks that the call's origin holds the
//!   permission the path needs, then spawns the critic with that origin
//!   (the run inherits its role) and the call's session as parent;
//! * a cron job, `weekly-review`, declared in `plugin!`: every Monday at
//!   09:00 in Paris it runs the critic on the entry point, through the same
//!   bridge, with the origin `cron:__plugin_reviewer_weekly-review`.
//!
//! ```toml
//! [roles.maintainer]
//! permissions = ["reviewer:review"]
//!
//! [roles.owner]
//! permissions = ["reviewer:review-secrets"]   # the wildcard excludes it
//!
//! [origins]
//! "cli" = "owner"
//! "telegram:*" = "maintainer"
//! ```

#![warn(missing_docs)]

use tackle::prelude::*;
use tackle::subagent::SpawnOptions;

tackle::plugin! {
    id: "reviewer",
    description: "Reviews files with a subagent, for origins allowed to ask.",
    permissions: [
        { name: "review", description: "Ask the critic subagent to review a file." },
        { name: "review-secrets", description: "Ask for a review of a file under `secrets/`." },
    ],
    owner_wildcard_exclusions: ["review-secrets"],
    // Every Monday morning in Paris, the critic reviews the entry point.
    cron_jobs: [
        {
            key: "weekly-review",
            schedule: "0 9 * * 1",
            timezone: "Europe/Paris",
            prompt: "Review the entry point before the week starts.",
            subagent: "critic",
            payload: { "path": "src/main.rs", "focus": "error handling" },
        },
    ],
    subagents: [
        {
            name: "critic",
            description: "Reviews one file and answers with findings, most important first.",
            system_prompt_file: "agents/critic.md",
            payload: ReviewRequest,
            tools: ["read", "grep"],
            custom_tools: ["file_stats"],
            in_flight_key: review_key,
        },
    ],
}

/// What the critic is asked to review.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The file, relative to the project.
    pub path: String,
    /// What to look at most (security, performance, naming, ...).
    pub focus: Option<String>,
}

/// One review per file at a time: a second request for the same file
/// while a review of it runs joins that review.
pub fn review_key(request: &ReviewRequest) -> String {
    request.path.clone()
}

/// The permission a review of `path` needs: `review-secrets` under
/// `secrets/`, `review` elsewhere.
pub fn required_permission(path: &str) -> &'static str {
    let normal = path.trim_start_matches("./");
    if normal == "secrets" || normal.starts_with("secrets/") {
        "review-secrets"
    } else {
        "review"
    }
}

/// Ask a reviewer subagent to review a file, and return its findings.
#[tool(read_only)]
async fn review(
    ctx: &ToolContext,
    /// The file to review, relative to the project.
    path: String,
    /// What to look at most (security, performance, naming, ...).
    focus: Option<String>,
) -> Result<String, ToolError> {
    let Some(origin) = ctx.origin().cloned() else {
        return Err(ToolError::new(
            "this call has no origin, so nobody can be allowed to ask for a review",
        ));
    };
    let permission = required_permission(&path);
    let permissions = ctx.plugin().permissions();
    if !permissions.has(&origin, permission) {
        return Err(ToolError::new(format!(
            "`{origin}` may not ask for this review: it needs `{}`",
            permissions.resolve(permission)
        )));
    }
    let mut options = SpawnOptions::new().origin(origin);
    if let Some(session) = ctx.session_id() {
        options = options.parent_session(session);
    }
    let request = ReviewRequest { path, focus };
    Ok(ctx
        .plugin()
        .spawn_subagent("critic", &request, options)
        .await?)
}

/// Sizes of a file, for a reviewer deciding how to read it.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct FileStats {
    /// Lines.
    pub lines: usize,
    /// Bytes.
    pub bytes: usize,
}

/// Count the lines and bytes of a file.
#[tool(read_only, idempotent)]
fn file_stats(
    ctx: &ToolContext,
    /// The file, relative to the project.
    path: String,
) -> Result<Json<FileStats>, ToolError> {
    let text = std::fs::read_to_string(ctx.resolve_path(&path)?)?;
    Ok(Json(FileStats {
        lines: text.lines().count(),
        bytes: text.len(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_need_their_own_permission() {
        assert_eq!(required_permission("src/main.rs"), "review");
        assert_eq!(required_permission("secrets/key.pem"), "review-secrets");
        assert_eq!(required_permission("./secrets/key.pem"), "review-secrets");
        assert_eq!(required_permission("secrets"), "review-secrets");
        assert_eq!(required_permission("not-secrets/x"), "review");
    }

    #[test]
    fn reviews_are_keyed_by_file() {
        let a = ReviewRequest {
            path: "a.rs".into(),
            focus: None,
        };
        let a_again = ReviewRequest {
            path: "a.rs".into(),
            focus: Some("naming".into()),
        };
        assert_eq!(review_key(&a), review_key(&a_again));
    }
}
