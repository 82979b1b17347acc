//! # tackle-agents
//!
//! The real agents: one binary as the hook handler of each
//! ([`hook::run`], `<bin> hook <agent> <event>` on the command line), the table of what each agent
//! can deliver ([`coverage`]), and the plugin packages `export` writes.
//!
//! Claude Code, Gemini CLI, Codex, Copilot CLI, Kimi CLI, Qwen Code,
//! Factory Droid, Cline, Cursor, Windsurf, VS Code, Kiro CLI and goose
//! start the binary
//! once per event with the event's JSON on stdin and read the reply from its
//! stdout and exit code, each by its own rules. OpenCode and Pi load a small
//! generated JS/TS shim that does the same, and SuperQode a generated Python
//! plugin whose tools, too, run through the binary.
//!
//! Each agent is one folder (`claude/`, `gemini/`, ...): its native events
//! as an enum, each saying the hook points it delivers (its column of the
//! [coverage table](coverage)), its payload quirks, its reply in typed
//! structs, its built-in tool names, its package (`export.rs`) and where
//! [`install`] puts it (`install.rs`), behind the one trait `Protocol`
//! (`agents/src/protocol.rs`). The mechanics ([`export`], [`install`],
//! [`hook`], [`coverage`]) ask the agent through that trait and name no
//! agent's module: only the registry below, `Agent::protocol`, does.
//! Adding an agent is its folder and its line in the registry
//! (docs/guide/adding-an-agent.md).

mod agent;
pub mod coverage;
pub mod export;
pub mod hook;
pub mod install;
pub(crate) mod protocol;
pub(crate) mod regular_file;
pub mod replay;
pub mod tools;

pub(crate) mod claude;
pub(crate) mod cline;
pub(crate) mod codex;
pub(crate) mod copilot;
pub(crate) mod cursor;
pub(crate) mod droid;
pub(crate) mod gemini;
pub(crate) mod goose;
pub(crate) mod kimi;
pub(crate) mod kiro;
pub(crate) mod opencode;
pub(crate) mod pi;
pub(crate) mod qwen;
pub(crate) mod superqode;
pub(crate) mod vscode;
pub(crate) mod windsurf;

pub use agent::Agent;
use protocol::Protocol;

/// The registry: the one place that names every agent's module.
impl Agent {
    /// The agent's protocol: the one place an agent leads to its module.
    pub(crate) fn protocol(self) -> &'static dyn Protocol {
        match self {
            Agent::Claude => &claude::Claude,
            Agent::Gemini => &gemini::Gemini,
            Agent::Codex => &codex::Codex,
            Agent::Copilot => &copilot::Copilot,
            Agent::Kimi => &kimi::Kimi,
            Agent::Qwen => &qwen::Qwen,
            Agent::Droid => &droid::Droid,
            Agent::OpenCode => &opencode::OpenCode,
            Agent::Pi => &pi::Pi,
            Agent::SuperQode => &superqode::SuperQode,
            Agent::Cline => &cline::Cline,
            Agent::Cursor => &cursor::Cursor,
            Agent::Windsurf => &windsurf::Windsurf,
            Agent::VsCode => &vscode::VsCode,
            Agent::Kiro => &kiro::Kiro,
            Agent::Goose => &goose::Goose,
        }
    }
}
