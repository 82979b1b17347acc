//! Live: the real Kilo Code (`@kilocode/cli`), installed by
//! `scripts/install-agent-clis.sh` (the pinned version), runs headless
//! (`kilo run PROMPT`) and offline against the fake OpenAI Chat Completions
//! API, declared in the project's `kilo.json`, on a plugin `export kilo`
//! wrote into the project's root, as a user loads it (Kilo Code loads
//! `.kilo/plugins/` of the project it runs in, and not OpenCode's
//! `.opencode/`). The scenarios are OpenCode's (`opencode_live`): a
//! refusal, a call that runs, a rewrite, and a permission hook's refusal.
//!
//! Kilo Code 7.7.7 never calls a plugin's `permission.ask`. Offline:
//! `KILO_DISABLE_MODELS_FETCH=1` keeps it from models.dev,
//! `KILO_TELEMETRY_LEVEL=off` from PostHog, and its background npm install
//! of its plugin SDK in each config folder asks the fake.
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

mod opencode_live;

use opencode_live::Fork;

const KILO: Fork = Fork {
    title: "Kilo Code",
    agent: "kilo",
    dir: ".kilo",
    config: "kilo.json",
    env: &[
        ("KILO_DISABLE_AUTOUPDATE", "1"),
        ("KILO_DISABLE_MODELS_FETCH", "1"),
        ("KILO_DISABLE_SHARE", "1"),
        ("KILO_TELEMETRY_LEVEL", "off"),
        ("KILO_DISABLE_DEFAULT_PLUGINS", "1"),
        ("KILO_DISABLE_SESSION_INGEST", "1"),
        ("KILO_DISABLE_LSP_DOWNLOAD", "1"),
    ],
    disabled_providers: &["kilo", "apertis"],
};

#[test]
fn the_guard_refuses_sudo_and_lets_echo_run() {
    opencode_live::the_guard_refuses_sudo_and_lets_echo_run(&KILO);
}

#[test]
fn agentish_rewrites_adds_context_and_refuses_at_permission_request() {
    opencode_live::agentish_rewrites_adds_context_and_refuses_at_permission_request(&KILO);
}
