//! Serving the script: picking the scene and the turn a request is at.

use std::sync::Arc;

use tackle::def::BoxFuture;
use tackle::provider::{
    Message, Model, Provider, ProviderError, Reply, Request, StopReason, ToolCall, Usage,
};

use crate::script::{self, Scene, ScriptFile};

/// A provider that answers from a script. Cheap to clone; immutable.
#[derive(Debug, Clone)]
pub struct ScriptedProvider {
    model: String,
    scenes: Arc<[Scene]>,
}

impl ScriptedProvider {
    /// A provider serving `model` from these scenes, or every problem
    /// with them (a scene without turns, a script that ends on tool calls).
    pub fn new(model: impl Into<String>, scenes: Vec<Scene>) -> Result<Self, String> {
        let problems = script::problems(&scenes);
        if !problems.is_empty() {
            return Err(format!("the script is invalid: {}", problems.join("; ")));
        }
        Ok(ScriptedProvider {
            model: model.into(),
            scenes: scenes.into(),
        })
    }

    /// The embedded coding session (see the crate docs).
    pub fn coding_session() -> Self {
        // Checked by this crate's tests; an error here is a bug in the file.
        let file: ScriptFile = match tackle::serde_json::from_str(script::CODING_SESSION) {
            Ok(file) => file,
            Err(e) => panic!("the embedded script is invalid: {e}"),
        };
        ScriptedProvider {
            model: file.model,
            scenes: file.scenes.into(),
        }
    }

    /// The same script, served under another model id.
    #[must_use]
    pub fn with_model(mut self, model: impl Into<String>) -> Self {
        self.model = model.into();
        self
    }

    /// The scenes it plays.
    pub fn scenes(&self) -> &[Scene] {
        &self.scenes
    }

    /// The reply to `request`: a function of the request alone.
    pub fn reply(&self, request: &Request) -> Result<Reply, ProviderError> {
        if request.model != self.model {
            return Err(ProviderError::UnknownModel {
                model: request.model.clone(),
                served: vec![self.model.clone()],
            });
        }
        let Some(start) = request
            .messages
            .iter()
            .rposition(|m| matches!(m, Message::User { .. }))
        else {
            return Err(ProviderError::InvalidRequest(
                "the conversation has no user message to answer".into(),
            ));
        };
        let prompt = request.messages[start].text().to_lowercase();
        let matching = self.scenes.iter().position(|s| {
            s.when
                .as_deref()
                .is_some_and(|w| prompt.contains(&w.to_lowercase()))
        });
        let Some(index) = matching.or_else(|| self.scenes.iter().position(|s| s.when.is_none()))
        else {
            let cues: Vec<String> = self
                .scenes
                .iter()
                .filter_map(|s| s.when.as_deref().map(|w| format!("`{w}`")))
                .collect();
            return Err(ProviderError::fatal(format!(
                "no scene of the script answers this message, and none is a fallback; messages containing {} have one",
                cues.join(", ")
            )));
        };
        let scene = &self.scenes[index];
        let step = request.messages[start..]
            .iter()
            .filter(|m| matches!(m, Message::Assistant { .. }))
            .count();
        let Some(turn) = scene.turns.get(step) else {
            return Err(ProviderError::fatal(format!(
                "the script has nothing more to say: scene {index} has {} turn(s), and this is turn {}",
                scene.turns.len(),
                step + 1
            )));
        };
        let tool_calls: Vec<ToolCall> = turn
            .tool_calls
            .iter()
            .enumerate()
            .map(|(i, call)| {
                ToolCall::new(
                    format!("call_{index}_{step}_{i}"),
                    &call.name,
                    call.arguments.clone(),
                )
            })
            .collect();
        let written: usize = turn.text.len()
            + tool_calls
                .iter()
                .map(|c| c.name.len() + c.arguments.to_string().len())
                .sum::<usize>();
        let read: usize = request.system.len()
            + request
                .messages
                .iter()
                .map(|m| m.text().len())
                .sum::<usize>()
            + request
                .tools
                .iter()
                .map(|t| t.description.len() + t.input_schema.to_string().len())
                .sum::<usize>();
        Ok(Reply {
            model: self.model.clone(),
            text: turn.text.clone(),
            stop: if tool_calls.is_empty() {
                StopReason::EndTurn
            } else {
                StopReason::ToolUse
            },
            tool_calls,
            usage: Usage {
                input_tokens: tokens(read),
                output_tokens: tokens(written),
                cached_input_tokens: 0,
            },
        })
    }
}

/// A rough token count: four bytes a token, as tokenizers average on English and code.
fn tokens(bytes: usize) -> u64 {
    bytes.div_ceil(4) as u64
}

impl Provider for ScriptedProvider {
    fn models(&self) -> Vec<Model> {
        vec![
            Model::new(&self.model)
                .with_context_window(32_768)
                .with_max_output_tokens(4_096),
        ]
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        let reply = self.reply(&request);
        Box::pin(async move { reply })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{ScriptedCall, Turn};
    use tackle::serde_json::json;

    fn ask(provider: &ScriptedProvider, messages: Vec<Message>) -> Result<Reply, ProviderError> {
        let mut request = Request::new("scripted-coder");
        request.messages = messages;
        provider.reply(&request)
    }

    #[test]
    fn the_embedded_session_is_valid_and_plays_in_order() {
        let provider = ScriptedProvider::coding_session();
        assert_eq!(script::problems(provider.scenes()), Vec::<String>::new());
        let mut messages = vec![Message::user(
            "Why does `1..2` give `bad number 1..2`? Fix it.",
        )];
        let mut tools = Vec::new();
        loop {
            let reply = ask(&provider, messages.clone()).expect("scripted");
            messages.push(reply.to_message());
            if !reply.wants_tools() {
                assert_eq!(reply.stop, StopReason::EndTurn);
                assert!(reply.text.starts_with("Done."), "{}", reply.text);
                break;
            }
            assert_eq!(reply.stop, StopReason::ToolUse);
            for call in &reply.tool_calls {
                tools.push(call.name.clone());
                messages.push(Message::tool_result(call, "ok", false));
            }
        }
        assert_eq!(tools, ["Read", "search", "Bash", "Edit"]);
    }

    #[test]
    fn the_same_request_gets_the_same_reply() {
        let provider = ScriptedProvider::coding_session();
        let messages = vec![Message::user("bad number again")];
        let first = ask(&provider, messages.clone()).expect("scripted");
        let second = ask(&provider, messages).expect("scripted");
        assert_eq!(first, second);
        assert_eq!(first.tool_calls[0].id, "call_0_0_0");
        assert_eq!(
            first.tool_calls[0].arguments,
            json!({"file_path": "src/parser.rs"})
        );
        assert!(first.usage.input_tokens > 0 && first.usage.output_tokens > 0);
    }

    #[test]
    fn the_last_user_message_picks_the_scene_and_restarts_it() {
        let provider = ScriptedProvider::coding_session();
        let reply = ask(&provider, vec![Message::user("hello")]).expect("fallback");
        assert!(
            reply.text.starts_with("I am the scripted model"),
            "{}",
            reply.text
        );
        // A new user message starts its scene from the first turn.
        let reply = ask(
            &provider,
            vec![
                Message::user("hello"),
                Message::assistant("I am the scripted model."),
                Message::user("BAD NUMBER"),
            ],
        )
        .expect("scene");
        assert_eq!(reply.tool_calls[0].name, "Read");
    }

    #[test]
    fn running_past_the_script_or_asking_another_model_is_an_error() {
        let provider = ScriptedProvider::coding_session();
        let err = ask(
            &provider,
            vec![Message::user("hello"), Message::assistant("...")],
        )
        .expect_err("exhausted");
        assert!(!err.is_retryable());
        assert!(err.to_string().contains("nothing more to say"), "{err}");

        let err = provider
            .reply(&Request::new("gpt-5").with_message(Message::user("hi")))
            .expect_err("unknown model");
        assert_eq!(
            err.to_string(),
            "model `gpt-5` is not served by this provider (it serves: `scripted-coder`); pick one of those"
        );
        let err = ask(&provider, Vec::new()).expect_err("no user message");
        assert!(matches!(err, ProviderError::InvalidRequest(_)), "{err}");
    }

    #[test]
    fn bad_scripts_are_refused_with_every_problem() {
        let scenes = vec![
            Scene {
                when: Some(" ".into()),
                turns: vec![],
            },
            Scene {
                when: None,
                turns: vec![Turn {
                    text: String::new(),
                    tool_calls: vec![ScriptedCall {
                        name: "Bash".into(),
                        arguments: json!("ls"),
                    }],
                }],
            },
        ];
        let err = ScriptedProvider::new("m", scenes).expect_err("invalid");
        assert!(err.contains("scenes[0] has no turns"), "{err}");
        assert!(err.contains("scenes[0].when is empty"), "{err}");
        assert!(
            err.contains("scenes[1].turns[0].tool_calls[0].arguments is not an object"),
            "{err}"
        );
        assert!(err.contains("scenes[1] ends with tool calls"), "{err}");
    }
}
