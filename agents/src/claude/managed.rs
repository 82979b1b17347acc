//! Claude Code's managed settings (2.1.330): the folder `/etc/claude-code`
//! on Linux, `/Library/Application Support/ClaudeCode` on macOS and
//! `C:\Program Files\ClaudeCode` on Windows (the binary's `ei()`; a
//! release build reads no variable that moves it). Besides its
//! `managed-settings.json` Claude Code merges every
//! `managed-settings.d/*.json`, in name order, so the package's hooks go
//! into a drop-in of their own, `50-<package>.json`, and an organisation's
//! own file stays as it is.
//!
//! Hooks of the managed tier run whatever a user's, a project's or a
//! `--settings` file's `disableAllHooks` says: only the managed tier's own
//! switches them off (read live, fleet research §1). Its
//! `allowManagedHooksOnly` (`--managed-hooks-only`) goes further: no
//! user's, project's or user-installed plugin's hook runs at all, which
//! would surprise every developer with hooks of their own, so it is asked
//! for, never implied.

use serde::Serialize;
use serde_json::{Map, Value};

use super::install::hooks;
use crate::export::HookRoute;
use crate::export::quote;
use crate::install::InstallError;
use crate::install::managed::{Place, Policy};
use crate::install::targets::{Edit, Target};
use tackle_host::served_hooks::HOOKS_PATH;

/// Claude Code's managed policy.
pub(crate) const POLICY: Policy = Policy {
    targets,
    note: "Claude Code reads its managed settings when a session starts: a user's or a project's `disableAllHooks` does not switch these hooks off. Where server-managed settings (claude.ai) or MDM settings exist too, Claude Code reads only those unless one of them sets `\"managedSourcesBehavior\": \"merge\"`",
};

/// Claude Code's managed folder on this system.
fn folder() -> &'static str {
    if cfg!(target_os = "macos") {
        "/Library/Application Support/ClaudeCode"
    } else if cfg!(windows) {
        r"C:\Program Files\ClaudeCode"
    } else {
        "/etc/claude-code"
    }
}

/// The drop-in: only what install sets, so the file is install's alone.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DropIn {
    hooks: Map<String, Value>,
    /// `--managed-hooks-only`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    allow_managed_hooks_only: bool,
    /// With `--hooks-via URL`: the server's hook URLs. Where the managed
    /// tier has a list (an organisation's), Claude Code blocks the managed
    /// hooks whose URL is not on it, and lists of every file are merged:
    /// this drop-in's entry lets the package's hooks through, whatever
    /// list the organisation has or adds later.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    allowed_http_hook_urls: Vec<String>,
    /// With `--hook-token-env`: the token's variable, which Claude Code
    /// blanks in a header where a managed list leaves it out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    http_hook_allowed_env_vars: Vec<String>,
}

fn targets(place: &Place<'_>) -> Result<Vec<Target>, InstallError> {
    let hooks = hooks(place.exported, place.installed)?;
    let (urls, vars) = match place.route {
        HookRoute::Http { url, token_env } => (
            vec![format!("{url}{HOOKS_PATH}/claude/*")],
            token_env.iter().cloned().collect(),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let text = (!hooks.is_empty()).then(|| {
        quote::json(&DropIn {
            hooks,
            allow_managed_hooks_only: place.hooks_only,
            allowed_http_hook_urls: urls,
            http_hook_allowed_env_vars: vars,
        })
    });
    Ok(vec![Target {
        config: place
            .path(folder())
            .join("managed-settings.d")
            .join(format!("50-{}.json", place.name)),
        edit: Edit::Own {
            text,
            owns_folder: false,
        },
    }])
}
