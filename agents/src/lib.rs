//! # tackle-agents
//!
//! The real agents: one binary as the hook handler of each
//! ([`hook::run`], `<bin> hook <agent> <event>` on the command line), the table of what each agent
//! can deliver ([`coverage`]), and the plugin packages `export` writes.
//!
//! Claude Code, Gemini CLI, Codex, Copilot CLI, Kimi CLI, Qwen Code,
//! Factory Droid, Cline, Cursor, Windsurf, VS Code, Kiro CLI, goose,
//! Crush and Auggie start the binary
//! once per event with the event's JSON on stdin and read the reply from its
//! stdout and exit code, each by its own rules. OpenCode, Kilo Code and Pi
//! load a small generated JS/TS shim that does the same, and SuperQode a
//! generated Python plugin whose tools, too, run through the binary.
//!
//! Each agent is one folder (`claude/`, `gemini/`, ...): its native events
//! as an enum, each saying the hook points it delivers (its column of the
//! [coverage table](coverage)), its payload quirks, its reply in typed
//! structs, its built-in tool names, its package (`export.rs`) and where
//! [`install`] puts it (`install.rs`), behind the one trait `Protocol`
//! (`agents/src/protocol.rs`). The mechanics ([`export`], [`install`],
//! [`hook`], [`coverage`]) ask the agent through that trait and name no
//! agent's module: only the registry below (`registry!`) does. Adding
//! an agent is its folder and its line in the registry
//! (docs/guide/adding-an-agent.md).

/// The registry: every agent, once, in the order tables show them, as
/// `Variant = module`: its [`Agent`] variant (with its doc line), named
/// as its protocol's type in `agents/src/<module>/`. `$then!` gets the
/// list: `agent_modules!` below declares the modules and
/// [`Agent::protocol`], and `agent.rs` the enum and [`Agent::ALL`], so
/// that no agent's module imports the file that names it.
macro_rules! registry {
    ($then:ident) => {
        $then! {
            /// Claude Code.
            Claude = claude,
            /// Gemini CLI.
            Gemini = gemini,
            /// OpenAI Codex CLI.
            Codex = codex,
            /// GitHub Copilot CLI.
            Copilot = copilot,
            /// Kimi CLI.
            Kimi = kimi,
            /// Qwen Code.
            Qwen = qwen,
            /// Factory Droid.
            Droid = droid,
            /// OpenCode, through a generated JS plugin.
            OpenCode = opencode,
            /// Kilo Code, through OpenCode's plugin in its own folders.
            Kilo = kilo,
            /// Pi, through a generated TS extension.
            Pi = pi,
            /// SuperQode, through a generated Python plugin (tools and hooks).
            SuperQode = superqode,
            /// Cline CLI.
            Cline = cline,
            /// Cursor (its agent, in the editor and `cursor-agent`).
            Cursor = cursor,
            /// Windsurf's Cascade.
            Windsurf = windsurf,
            /// VS Code's agent mode (GitHub Copilot Chat's agent hooks).
            VsCode = vscode,
            /// Kiro CLI, through an agent configuration.
            Kiro = kiro,
            /// goose, through a plugin.
            Goose = goose,
            /// Crush (Charm), through hooks in its `crush.json`.
            Crush = crush,
            /// Auggie (Augment Code), through hooks in its `.augment/settings.json`.
            Auggie = auggie,
        }
    };
}

/// The agents' modules, and [`Agent::protocol`], from the `registry!`.
macro_rules! agent_modules {
    ($( $(#[$doc:meta])* $variant:ident = $module:ident, )*) => {
        $( pub(crate) mod $module; )*

        impl Agent {
            /// The agent's protocol: the one place an agent leads to its
            /// module.
            pub(crate) fn protocol(self) -> &'static dyn Protocol {
                match self {
                    $( Agent::$variant => &$module::$variant, )*
                }
            }
        }
    };
}

mod agent;
pub mod coverage;
pub mod export;
pub mod hook;
pub mod install;
pub mod native_event;
pub(crate) mod protocol;
pub(crate) mod regular_file;
pub mod replay;
pub mod tools;

registry!(agent_modules);

pub use agent::Agent;
pub use native_event::NativeEvent;
use protocol::Protocol;
