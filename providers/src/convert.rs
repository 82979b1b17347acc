//! tackle's request and reply in genai's terms, both ways.

use genai::chat::{
    ChatMessage, ChatOptions, ChatRequest, ContentPart, MessageContent, Tool, ToolResponse,
};
use tackle::provider::{Message, Reply, Request, StopReason, ToolCall, ToolChoice, Usage};

/// The request as genai sends it, and its options.
pub(crate) fn request(request: &Request) -> (ChatRequest, ChatOptions) {
    let mut chat = ChatRequest::default();
    if !request.system.is_empty() {
        chat = chat.with_system(request.system.clone());
    }
    for message in &request.messages {
        chat = chat.append_message(message_of(message));
    }
    let offers_tools = !request.tools.is_empty() && request.tool_choice != ToolChoice::None;
    if offers_tools {
        chat = chat.with_tools(request.tools.iter().map(|tool| {
            Tool::new(tool.name.clone())
                .with_description(tool.description.clone())
                .with_schema(tool.input_schema.clone())
        }));
    }
    let sampling = &request.sampling;
    let mut options = ChatOptions::default()
        .with_capture_usage(true)
        .with_capture_content(true)
        .with_capture_tool_calls(true);
    if let Some(t) = sampling.temperature {
        options = options.with_temperature(f64::from(t));
    }
    if let Some(p) = sampling.top_p {
        options = options.with_top_p(f64::from(p));
    }
    if let Some(n) = sampling.max_tokens {
        options = options.with_max_tokens(n);
    }
    if !sampling.stop.is_empty() {
        options = options.with_stop_sequences(sampling.stop.clone());
    }
    if let Some(seed) = sampling.seed {
        options = options.with_seed(seed);
    }
    let choice = match &request.tool_choice {
        ToolChoice::Required => Some(genai::chat::ToolChoice::Required),
        ToolChoice::Tool(name) => Some(genai::chat::ToolChoice::tool(name.clone())),
        // `Auto` is every API's default; `None` sends no tools at all.
        ToolChoice::Auto | ToolChoice::None => None,
    };
    if let Some(choice) = choice.filter(|_| offers_tools) {
        options = options.with_tool_choice(choice);
    }
    (chat, options)
}

fn message_of(message: &Message) -> ChatMessage {
    match message {
        Message::User { text } => ChatMessage::user(text.clone()),
        Message::Assistant { text, tool_calls } => {
            let mut parts = Vec::with_capacity(tool_calls.len() + 1);
            if !text.is_empty() {
                parts.push(ContentPart::Text(text.clone()));
            }
            parts.extend(tool_calls.iter().map(|call| {
                ContentPart::ToolCall(genai::chat::ToolCall {
                    call_id: call.id.clone(),
                    fn_name: call.name.clone(),
                    fn_arguments: call.arguments.clone(),
                    thought_signatures: None,
                })
            }));
            ChatMessage::assistant(MessageContent::from_parts(parts))
        }
        Message::Tool {
            call_id,
            name,
            content,
            is_error,
        } => {
            // genai has no error flag on a tool result: the model reads it in the text.
            let content = if *is_error {
                format!("Error: {content}")
            } else {
                content.clone()
            };
            ChatMessage::tool(
                ToolResponse::new(call_id.clone(), content).with_fn_name(name.clone()),
            )
        }
    }
}

/// The model's turn from what genai read of the answer.
pub(crate) fn reply(
    model: &str,
    content: Option<MessageContent>,
    stop: Option<&genai::chat::StopReason>,
    usage: Option<&genai::chat::Usage>,
) -> Reply {
    let mut reply = Reply {
        model: model.to_owned(),
        ..Reply::default()
    };
    for part in content.map(MessageContent::into_parts).unwrap_or_default() {
        match part {
            ContentPart::Text(text) => reply.text.push_str(&text),
            ContentPart::ToolCall(call) => {
                reply
                    .tool_calls
                    .push(ToolCall::new(call.call_id, call.fn_name, call.fn_arguments))
            }
            _ => {}
        }
    }
    reply.stop = match stop {
        Some(genai::chat::StopReason::MaxTokens(_)) => StopReason::MaxTokens,
        Some(genai::chat::StopReason::StopSequence(_)) => StopReason::StopSequence,
        Some(genai::chat::StopReason::ContentFilter(_)) => StopReason::ContentFilter,
        _ if !reply.tool_calls.is_empty() => StopReason::ToolUse,
        _ => StopReason::EndTurn,
    };
    if let Some(usage) = usage {
        reply.usage = usage_of(usage);
    }
    reply
}

fn usage_of(usage: &genai::chat::Usage) -> Usage {
    let count = |n: Option<i32>| n.map_or(0, |n| u64::try_from(n).unwrap_or(0));
    Usage {
        input_tokens: count(usage.prompt_tokens),
        output_tokens: count(usage.completion_tokens),
        cached_input_tokens: count(
            usage
                .prompt_tokens_details
                .as_ref()
                .and_then(|d| d.cached_tokens),
        ),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tackle::provider::{Message, Request, ToolCall, ToolChoice, ToolSpec};

    use super::*;

    #[test]
    fn a_conversation_keeps_its_turns_tool_calls_and_results() {
        let call = ToolCall::new("c1", "count", json!({"text": "a b"}));
        let request = Request::new("m")
            .with_system("Be brief.")
            .with_message(Message::user("Count."))
            .with_message(Message::Assistant {
                text: "Counting.".into(),
                tool_calls: vec![call.clone()],
            })
            .with_message(Message::tool_result(&call, "refused", true))
            .with_tools([ToolSpec::new(
                "count",
                "Count words.",
                json!({"type": "object"}),
            )]);
        let (chat, _) = super::request(&request);
        assert_eq!(chat.system.as_deref(), Some("Be brief."));
        assert_eq!(chat.messages.len(), 3);
        let parts = chat.messages[1].content.clone().into_parts();
        assert!(matches!(&parts[0], ContentPart::Text(t) if t == "Counting."));
        assert!(
            matches!(&parts[1], ContentPart::ToolCall(c) if c.call_id == "c1" && c.fn_arguments == json!({"text": "a b"}))
        );
        let parts = chat.messages[2].content.clone().into_parts();
        assert!(
            matches!(&parts[0], ContentPart::ToolResponse(r) if r.call_id == "c1" && r.content == "Error: refused"),
            "an error result says so in its text: {parts:?}"
        );
        assert_eq!(chat.tools.as_ref().map(Vec::len), Some(1));

        let none = Request {
            tool_choice: ToolChoice::None,
            ..request
        };
        assert!(super::request(&none).0.tools.is_none(), "no tools offered");
    }
}
