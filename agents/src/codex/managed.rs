//! Codex's managed requirements (0.169.0): `/etc/codex/requirements.toml`
//! on Linux and macOS, `%ProgramData%\OpenAI\Codex\requirements.toml` on
//! Windows (openai/codex `codex-rs/config/src/loader`; only the Rust API
//! of its tests moves it). Its hook groups, `[[hooks.PreToolUse]]` and the
//! like, are managed: Codex runs them without the user's trust step and
//! no `[hooks.state]` of the user's switches them off (`hooks/src/engine/
//! discovery.rs`). But the user's `[features] hooks = false` (or `-c
//! features.hooks=false`) switches every hook off, managed ones too
//! (read live, fleet research §1), unless the requirements pin
//! `[features] hooks = true`: install always pins it.
//! `allow_managed_hooks_only` (`--managed-hooks-only`) leaves only the
//! managed hooks. The file is an organisation's too (its sandbox and
//! approval policies): install merges into it.
//!
//! Codex runs only command hooks from there (no `http`): the hooks run the
//! package's binary, and `--hooks-via URL` is refused for Codex, as for
//! its other installs.

use super::install::hooks;
use crate::install::InstallError;
use crate::install::managed::{Place, Policy};
use crate::install::pins::Pin;
use crate::install::targets::{Edit, Target};

/// Codex's managed policy.
pub(crate) const POLICY: Policy = Policy {
    targets,
    note: "Codex reads requirements.toml when it starts, and runs its hooks without asking the user to trust them; `[features] hooks = true` there keeps a user's `features.hooks = false` from switching them off",
};

/// Codex's requirements file on this system.
fn file() -> &'static str {
    if cfg!(windows) {
        r"C:\ProgramData\OpenAI\Codex\requirements.toml"
    } else {
        "/etc/codex/requirements.toml"
    }
}

fn targets(place: &Place<'_>) -> Result<Vec<Target>, InstallError> {
    let bin = place.bins.hooks;
    let fragment = hooks(place.exported, place.installed, bin)?;
    Ok(vec![Target {
        config: place.path(file()),
        edit: Edit::EventTables {
            markers: place.shell_markers(),
            pins: vec![
                Pin {
                    key: &["features", "hooks"],
                    value: true,
                    wanted: !fragment.is_empty(),
                },
                Pin {
                    key: &["allow_managed_hooks_only"],
                    value: true,
                    wanted: place.hooks_only,
                },
            ],
            fragment,
        },
    }])
}
