//! Live: the real Kilo Code (`@kilocode/cli`), installed by
//! `scripts/install-agent-clis.sh` (the pinned version), runs headless
//! (`kilo run PROMPT`) and offline against the fake OpenAI Chat Completions
//! API, declared in the project's `kilo.json`, on a plugin `export kilo`
//! wrote into the project's root, as a user loads it (Kilo Code loads
//! `.kilo/plugins/` of the project it runs in, and not OpenCode's
//! `.opencode/`). The scenarios are OpenCode's (`opencode_live`): a
//! refusal, a call that runs, a rewrite, and a permission hook's refusal.
//!
//! Kilo Code 7.7.7 never calls a plugin's `permission.ask`; its offline
//! environment is `opencode_live::KILO`'s, and `kilo run --auto` lets a
//! call the hooks allow through Kilo's own permission rules.
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

mod opencode_live;

use opencode_live::KILO;

#[test]
fn the_guard_refuses_sudo_and_lets_echo_run() {
    opencode_live::the_guard_refuses_sudo_and_lets_echo_run(&KILO);
}

#[test]
fn agentish_rewrites_adds_context_and_refuses_at_permission_request() {
    opencode_live::agentish_rewrites_adds_context_and_refuses_at_permission_request(&KILO);
}
