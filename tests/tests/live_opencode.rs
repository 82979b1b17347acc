//! Live: the real OpenCode, installed by `scripts/install-agent-clis.sh`
//! (the pinned version), runs headless (`opencode run PROMPT`) and offline
//! against the fake OpenAI Chat Completions API, declared in the project's
//! `opencode.json`, on a plugin `export opencode` wrote into the project's
//! root, as a user loads it (OpenCode loads `.opencode/plugins/` of the
//! project it runs in). The scenarios are `opencode_live`'s, shared with
//! Kilo Code.
//!
//! OpenCode 1.18.33 never calls a plugin's `permission.ask`. Offline: it
//! also asks models.dev for its model list (`OPENCODE_DISABLE_MODELS_FETCH=1`
//! stops it, `opencode_live::OPENCODE`) and, in the background, runs an
//! npm install of `@opencode-ai/plugin` in each config folder (the user's
//! and the project's `.opencode/`), which asks the fake.
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

mod opencode_live;

use opencode_live::OPENCODE;

#[test]
fn the_guard_refuses_sudo_and_lets_echo_run() {
    opencode_live::the_guard_refuses_sudo_and_lets_echo_run(&OPENCODE);
}

#[test]
fn agentish_rewrites_adds_context_and_refuses_at_permission_request() {
    opencode_live::agentish_rewrites_adds_context_and_refuses_at_permission_request(&OPENCODE);
}
