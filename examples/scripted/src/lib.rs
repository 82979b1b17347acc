//! Scripted: an offline LLM provider that plays scripted replies.
//!
//! An example tackle plugin with one `#[provider]`. It answers from a
//! script instead of a model, so that demos and tests of an agent loop run
//! offline, with no key, and the same way every time.
//!
//! A script is a list of scenes, each a list of turns (text and/or tool
//! calls). The last user message picks the scene: the first whose `when`
//! it contains (ignoring case), else the first scene without `when`. The
//! number of assistant turns since that message picks the turn. So the
//! reply depends on the request alone: the provider keeps no state and
//! serves concurrent sessions.
//!
//! The embedded script plays a short coding session on the demo's
//! calculator (`bad number` in `src/parser.rs`): the model reads the file,
//! searches the project with a tool, tries a shell command that would
//! remove `/`, edits the file, and answers. A host config can replace it:
//!
//! ```toml
//! provider = "scripted"
//!
//! [plugins.scripted]
//! model = "scripted-coder"
//!
//! [[plugins.scripted.scenes]]
//! when = "hello"
//! turns = [{ text = "Hello! Let me look around.", tool_calls = [{ name = "Bash", arguments = { command = "ls" } }] },
//!          { text = "A tidy project." }]
//! ```

#![warn(missing_docs)]

mod script;
mod serve;

use tackle::prelude::*;

pub use script::{Scene, ScriptedCall, Turn};
pub use serve::ScriptedProvider;

tackle::plugin! {
    id: "scripted",
    name: "Scripted provider",
    description: "An offline LLM provider that plays scripted replies: deterministic agent sessions for demos and tests.",
    config: ScriptedConfig,
}

/// Settings from the host config's `[plugins.scripted]` block.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ScriptedConfig {
    /// The model id it serves (default: the script's, `scripted-coder`).
    pub model: Option<String>,
    /// Scenes to play instead of the embedded coding session.
    pub scenes: Vec<Scene>,
}

/// Plays scripted replies, offline and deterministic.
///
/// The embedded coding session, or the scenes in its config.
#[provider]
fn scripted(ctx: &PluginContext<ScriptedConfig>) -> Result<ScriptedProvider, String> {
    let config = ctx.config();
    let mut provider = if config.scenes.is_empty() {
        ScriptedProvider::coding_session()
    } else {
        ScriptedProvider::new(script::DEFAULT_MODEL, config.scenes.clone())?
    };
    if let Some(model) = &config.model {
        provider = provider.with_model(model);
    }
    Ok(provider)
}
