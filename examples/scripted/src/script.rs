//! The script: scenes of turns, as the config and the embedded session
//! write them.

use tackle::prelude::*;
use tackle::serde_json::Value;

/// The model id the embedded script serves.
pub(crate) const DEFAULT_MODEL: &str = "scripted-coder";

/// The embedded coding session.
pub(crate) const CODING_SESSION: &str = include_str!("../script/coding-session.json");

/// A script file: the model it serves and its scenes.
#[tackle::data]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScriptFile {
    pub model: String,
    pub scenes: Vec<Scene>,
}

/// A conversation the script can hold: its turns, played one per request.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// Play this scene when the last user message contains this text
    /// (ignoring case). A scene without it is the fallback.
    #[serde(default)]
    pub when: Option<String>,
    /// The model's turns, in order.
    pub turns: Vec<Turn>,
}

/// One turn of the model.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// What the model says.
    #[serde(default)]
    pub text: String,
    /// The tools it calls; a turn with none ends the model's turn.
    #[serde(default)]
    pub tool_calls: Vec<ScriptedCall>,
}

/// A tool call in a turn.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScriptedCall {
    /// The tool's name.
    pub name: String,
    /// Its arguments (an object).
    #[serde(default = "empty_object")]
    pub arguments: Value,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// What is wrong with a script, if anything: every problem, with its place.
pub(crate) fn problems(scenes: &[Scene]) -> Vec<String> {
    let mut out = Vec::new();
    if scenes.is_empty() {
        out.push("the script has no scenes".to_owned());
    }
    for (i, scene) in scenes.iter().enumerate() {
        if scene.turns.is_empty() {
            out.push(format!("scenes[{i}] has no turns"));
        }
        if scene.when.as_deref().is_some_and(|w| w.trim().is_empty()) {
            out.push(format!(
                "scenes[{i}].when is empty; leave it out for a fallback scene"
            ));
        }
        for (t, turn) in scene.turns.iter().enumerate() {
            if turn.text.trim().is_empty() && turn.tool_calls.is_empty() {
                out.push(format!(
                    "scenes[{i}].turns[{t}] says nothing and calls no tool"
                ));
            }
            for (c, call) in turn.tool_calls.iter().enumerate() {
                if !call.arguments.is_object() {
                    out.push(format!(
                        "scenes[{i}].turns[{t}].tool_calls[{c}].arguments is not an object"
                    ));
                }
            }
        }
        let last = scene.turns.last();
        if last.is_some_and(|turn| !turn.tool_calls.is_empty()) {
            out.push(format!(
                "scenes[{i}] ends with tool calls, so the model's answer to their results is missing; end it with a text-only turn"
            ));
        }
    }
    out
}
