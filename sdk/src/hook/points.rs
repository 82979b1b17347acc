//! The typed event of each hook point, generated from the catalogue
//! (`tackle_spec::hook_catalogue!`, in `spec/src/hook/catalogue.rs`), and
//! the visit that reaches a point's event type from the point.

use std::path::{Path, PathBuf};

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Map;

use super::event::{HookEvent, ModifyInput, Subject};
use super::mcp_server::McpServer;
use super::point::HookPoint;
use super::read::{self, EventField, Fields};

/// Turns the catalogue into one event struct per point, and `HookPoint::visit`.
macro_rules! catalogue {
    ($($docs:tt $name:ident $Event:ident $aliases:tt $kind:ident $actions:tt
        $subject:tt $args:tt $input:tt $fields:tt)*) => {
        impl HookPoint {
            /// Calls `visitor` with this point's event type: how code that
            /// knows a point only at run time (a hook binary reading an
            /// agent's JSON) reaches the typed event.
            pub fn visit<V: PointVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(HookPoint::$Event => catalogue!(@visit visitor $Event $fields),)*
                }
            }
        }

        $(
            catalogue!(@event $docs $Event $subject $args $input $fields);
        )*
    };

    (@visit $v:ident $Event:ident []) => { $v.visit_untyped(HookPoint::$Event) };
    (@visit $v:ident $Event:ident [$($fields:tt)+]) => { $v.visit::<$Event>() };

    // A point whose event type is written by hand.
    (@event $docs:tt $Event:ident $subject:tt $args:tt $input:tt []) => {};

    // A point with fields: each field is read into `{required [docs] name:
    // type [aliases]}`, one at a time, then the struct is made.
    (@event $docs:tt $Event:ident $subject:tt $args:tt $input:tt [{ $($fields:tt)* }]) => {
        catalogue!(@fields ($docs $Event $subject $args $input) [] $($fields)*);
    };

    (@fields $point:tt [$($done:tt)*]
        $(#[doc = $fdoc:literal])*
        #[required]
        $(#[aliases($($alias:literal),+ $(,)?)])?
        $field:ident : $ty:ty
        $(, $($rest:tt)*)?
    ) => {
        catalogue!(@fields $point
            [$($done)* { true [$($fdoc)*] $field : $ty [$($($alias)+)?] }]
            $($($rest)*)?
        );
    };
    (@fields $point:tt [$($done:tt)*]
        $(#[doc = $fdoc:literal])*
        $(#[aliases($($alias:literal),+ $(,)?)])?
        $field:ident : $ty:ty
        $(, $($rest:tt)*)?
    ) => {
        catalogue!(@fields $point
            [$($done)* { false [$($fdoc)*] $field : $ty [$($($alias)+)?] }]
            $($($rest)*)?
        );
    };
    (@fields $point:tt [$($done:tt)*]) => {
        catalogue!(@struct $point $($done)*);
    };

    (@struct
        ([$($doc:literal)*] $Event:ident [$($subject:ident)?] [$($args:ident)?] [$($input:ident)?])
        $({ $required:literal [$($fdoc:literal)*] $field:ident : $ty:ty [$($alias:literal)*] })*
    ) => {
        $(#[doc = $doc])*
        ///
        /// Read from an agent's JSON, a field a decision needs (marked
        /// required in the catalogue) must be there with a value its type
        /// takes; any other field is read whatever its shape: a value of
        /// another shape leaves it at its default and is kept in `unread`.
        /// Keys the event does not know are skipped.
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $Event {
            /// The agent session it belongs to.
            pub session_id: String,
            /// The session's working directory.
            pub cwd: PathBuf,
            $(
                $(#[doc = $fdoc])*
                pub $field: $ty,
            )*
            /// The agent's metadata this type could not read, as the agent
            /// sent it: a field's value of another shape than the field
            /// takes (under the field's name), or another spelling of a
            /// field with another value (under that spelling). Written back
            /// in their place when the event is serialized.
            pub unread: Map<String, serde_json::Value>,
        }

        impl<'de> Deserialize<'de> for $Event {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let mut fields = Fields::read(deserializer, <$Event as HookEvent>::FIELDS)?;
                Ok($Event {
                    session_id: fields.take("session_id")?,
                    cwd: fields.take("cwd")?,
                    $($field: fields.take(stringify!($field))?,)*
                    unread: fields.unread(),
                })
            }
        }

        impl Serialize for $Event {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(None)?;
                read::write(&mut map, &self.unread, "session_id", &self.session_id)?;
                read::write(&mut map, &self.unread, "cwd", &self.cwd)?;
                $(read::write(&mut map, &self.unread, stringify!($field), &self.$field)?;)*
                for (key, value) in &self.unread {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }

        impl HookEvent for $Event {
            const POINT: HookPoint = HookPoint::$Event;

            const FIELDS: &'static [EventField] = &[
                EventField { name: "session_id", aliases: &[], required: false },
                EventField { name: "cwd", aliases: &[], required: false },
                $(EventField { name: stringify!($field), aliases: &[$($alias),*], required: $required },)*
            ];

            fn session_id(&self) -> &str {
                &self.session_id
            }

            fn cwd(&self) -> &Path {
                &self.cwd
            }

            fn common_mut(&mut self) -> (&mut String, &mut PathBuf) {
                (&mut self.session_id, &mut self.cwd)
            }

            #[allow(unreachable_code)]
            fn subject(&self) -> Option<&str> {
                $(return Subject::subject(&self.$subject);)?
                None
            }

            #[allow(unreachable_code)]
            fn arguments(&self) -> Option<&serde_json::Value> {
                $(return Some(&self.$args);)?
                None
            }

            #[allow(unreachable_code, unused_variables)]
            fn replace_input(&mut self, input: serde_json::Value) -> Result<(), String> {
                $(return ModifyInput::replace(&mut self.$input, input);)?
                Err(format!("`{}` has nothing to modify", HookPoint::$Event.name()))
            }

            #[allow(unreachable_code)]
            fn input(&self) -> Option<serde_json::Value> {
                $(return Some(ModifyInput::to_value(&self.$input));)?
                None
            }
        }
    };
}

tackle_spec::hook_catalogue!(catalogue);

/// What [`HookPoint::visit`] calls with a point's event type.
pub trait PointVisitor {
    /// What the visit returns.
    type Output;
    /// The point's event is `E`.
    fn visit<E: HookEvent>(self) -> Self::Output;
    /// The point has no event of its own to read (the catch-all `event`
    /// point, whose hooks see every other event).
    fn visit_untyped(self, point: HookPoint) -> Self::Output;
}

impl HookPoint {
    /// Its event's fields ([`HookEvent::FIELDS`]); none for the catch-all
    /// `event` point, which has no event of its own.
    pub fn fields(self) -> &'static [EventField] {
        struct FieldsOf;
        impl PointVisitor for FieldsOf {
            type Output = &'static [EventField];
            fn visit<E: HookEvent>(self) -> Self::Output {
                E::FIELDS
            }
            fn visit_untyped(self, _: HookPoint) -> Self::Output {
                &[]
            }
        }
        self.visit(FieldsOf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hook::kind::{Actions, Kind};

    /// Every hook name of the seed systems (`../shared/SEEDS.md`) and of the
    /// agents (`../shared/PROTOCOLS.md`), with the point it must resolve to.
    const SPELLINGS: &[(&str, &[&str])] = &[
        // SuperQode: 13 points.
        (
            "superqode",
            &[
                "session_start",
                "user_prompt_submit",
                "before_llm_call",
                "after_llm_call",
                "permission_request",
                "before_tool_call",
                "after_tool_call",
                "after_turn_complete",
                "before_compact",
                "after_compact",
                "stop",
                "context_selection",
                "context_retrieval",
            ],
        ),
        // AgentPlugins: 19 universal hooks.
        (
            "agentplugins",
            &[
                "sessionStart",
                "sessionEnd",
                "userPromptSubmit",
                "userPromptExpansion",
                "preToolUse",
                "postToolUse",
                "postToolUseFailure",
                "permissionRequest",
                "permissionDenied",
                "subagentStart",
                "subagentStop",
                "preCompact",
                "postCompact",
                "stop",
                "stopFailure",
                "notification",
                "fileChanged",
                "cwdChanged",
                "setup",
            ],
        ),
        // TypeClaw: 8 hooks.
        (
            "typeclaw",
            &[
                "session.start",
                "session.end",
                "session.idle",
                "session.prompt",
                "session.turn.start",
                "session.turn.end",
                "tool.before",
                "tool.after",
            ],
        ),
        // Google ADK callbacks (2.x adds the agent and run errors).
        (
            "adk",
            &[
                "before_tool_callback",
                "after_tool_callback",
                "on_tool_error_callback",
                "before_model_callback",
                "after_model_callback",
                "on_model_error_callback",
                "before_agent_callback",
                "after_agent_callback",
                "before_run_callback",
                "after_run_callback",
                "on_user_message_callback",
                "on_event_callback",
                "on_agent_error_callback",
                "on_run_error_callback",
            ],
        ),
        // Claude Code 2.1.330: 33 events (Kimi uses the same names).
        ("claude", &tackle_spec::claude::EVENTS),
        (
            "gemini",
            &[
                "BeforeTool",
                "AfterTool",
                "BeforeAgent",
                "AfterAgent",
                "BeforeModel",
                "AfterModel",
                "BeforeToolSelection",
                "SessionStart",
                "SessionEnd",
                "PreCompress",
                "Notification",
            ],
        ),
        (
            "codex",
            &[
                "SessionStart",
                "SubagentStart",
                "PreToolUse",
                "PermissionRequest",
                "PostToolUse",
                "PreCompact",
                "PostCompact",
                "UserPromptSubmit",
                "SubagentStop",
                "Stop",
                "Interrupt",
                "SessionEnd",
            ],
        ),
        (
            "copilot",
            &[
                "sessionStart",
                "sessionEnd",
                "userPromptSubmitted",
                "preToolUse",
                "postToolUse",
                "permissionRequest",
                "agentStop",
                "subagentStop",
                "errorOccurred",
                "notification",
            ],
        ),
        (
            "opencode",
            &[
                "tool.execute.before",
                "tool.execute.after",
                "permission.ask",
                "event",
            ],
        ),
        ("pi", &["tool_call", "tool_result", "session_start"]),
    ];

    #[test]
    fn every_hook_name_of_every_seed_and_agent_resolves() {
        let mut missing = Vec::new();
        for (system, names) in SPELLINGS {
            for name in *names {
                if HookPoint::from_name(name).is_none() {
                    missing.push(format!("{system}: {name}"));
                }
            }
        }
        assert!(missing.is_empty(), "unresolved: {missing:?}");
        assert_eq!(SPELLINGS[0].1.len(), 13);
        assert_eq!(SPELLINGS[1].1.len(), 19);
        assert_eq!(SPELLINGS[2].1.len(), 8);
        assert_eq!(SPELLINGS[4].1.len(), 33);
    }

    #[test]
    fn the_same_event_resolves_to_the_same_point_everywhere() {
        let tool_before = [
            "before_tool_call",
            "preToolUse",
            "PreToolUse",
            "tool.before",
            "before_tool_callback",
            "BeforeTool",
            "tool.execute.before",
            "tool_call",
        ];
        for name in tool_before {
            assert_eq!(
                HookPoint::from_name(name),
                Some(HookPoint::BeforeToolCall),
                "{name}"
            );
        }
        assert_eq!(
            HookPoint::from_name("session.prompt"),
            Some(HookPoint::SystemPrompt)
        );
        assert_eq!(HookPoint::from_name("AfterAgent"), Some(HookPoint::Stop));
        assert_eq!(HookPoint::from_name("before_tool"), None, "names are exact");
    }

    #[test]
    fn names_and_aliases_are_unique_and_canonical_names_are_snake_case() {
        let mut seen = std::collections::HashMap::new();
        for &point in HookPoint::ALL {
            let name = point.name();
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name} is not snake_case"
            );
            for spelling in std::iter::once(name).chain(point.aliases().iter().copied()) {
                if let Some(other) = seen.insert(spelling, point) {
                    assert_eq!(other, point, "`{spelling}` names two points");
                }
            }
            assert!(
                !point.description().trim().is_empty(),
                "{name} has no description"
            );
            assert_eq!(point.to_string(), name);
        }
    }

    #[test]
    fn visit_reaches_each_points_own_event_type() {
        struct PointOf;
        impl PointVisitor for PointOf {
            type Output = Option<HookPoint>;
            fn visit<E: HookEvent>(self) -> Option<HookPoint> {
                Some(E::POINT)
            }
            fn visit_untyped(self, _: HookPoint) -> Option<HookPoint> {
                None
            }
        }
        for &point in HookPoint::ALL {
            let seen = point.visit(PointOf);
            if point == HookPoint::AnyEvent {
                assert_eq!(seen, None, "the catch-all point has no event to read");
            } else {
                assert_eq!(seen, Some(point));
            }
        }
    }

    #[test]
    fn kinds_say_what_each_point_takes() {
        let actions = |p: HookPoint| p.kind().actions();
        let all = Actions::ALLOW
            .with(Actions::DENY)
            .with(Actions::ASK)
            .with(Actions::MODIFY)
            .with(Actions::CONTEXT);
        assert_eq!(actions(HookPoint::BeforeToolCall), all);
        assert!(HookPoint::PermissionRequest.kind().can_deny());
        assert_eq!(HookPoint::Notification.kind(), Kind::Observer);
        assert_eq!(HookPoint::SystemPrompt.kind(), Kind::Prompt);
        assert!(!HookPoint::SessionStart.kind().can_deny());
        // Every point with a `modify` action has something to modify.
        for &point in HookPoint::ALL {
            assert_eq!(
                point.kind().actions().contains(Actions::MODIFY),
                point.input_field().is_some(),
                "{point}"
            );
        }
        assert_eq!(HookPoint::BeforeToolCall.matcher_field(), Some("tool_name"));
        assert_eq!(HookPoint::BeforeToolCall.args_field(), Some("arguments"));
    }

    /// Reads `value` as `point`'s event, writes it back, reads that again:
    /// the event as written.
    struct RoundTrip(serde_json::Value);

    impl PointVisitor for RoundTrip {
        type Output = Result<serde_json::Value, String>;
        fn visit<E: HookEvent>(self) -> Self::Output {
            let event: E = serde_json::from_value(self.0).map_err(|e| e.to_string())?;
            let written = serde_json::to_value(&event).map_err(|e| e.to_string())?;
            let back: E = serde_json::from_value(written.clone()).map_err(|e| e.to_string())?;
            assert_eq!(
                serde_json::to_value(&back).ok(),
                Some(written.clone()),
                "{}",
                E::POINT
            );
            Ok(written)
        }
        fn visit_untyped(self, _: HookPoint) -> Self::Output {
            Err("untyped".into())
        }
    }

    /// An event of `point` with its required fields empty, as written.
    fn empty(point: HookPoint) -> Option<Map<String, serde_json::Value>> {
        let required = point
            .fields()
            .iter()
            .filter(|f| f.required)
            .map(|f| (f.name.to_owned(), serde_json::Value::from("")));
        let written = point
            .visit(RoundTrip(Map::from_iter(required).into()))
            .ok()?;
        written.as_object().cloned()
    }

    #[test]
    fn metadata_of_any_shape_never_makes_an_event_unreadable() {
        use serde_json::json;
        let shapes = [
            json!({"a": [1]}),
            json!([1, "x"]),
            json!(-2.5),
            json!("text"),
            json!(true),
            json!(null),
        ];
        for &point in HookPoint::ALL {
            let Some(fields) = empty(point) else {
                assert_eq!(point, HookPoint::AnyEvent);
                continue;
            };
            for field in point.fields().iter().filter(|f| !f.required) {
                for spelling in field.spellings() {
                    for shape in &shapes {
                        let mut payload = fields.clone();
                        payload.remove(field.name);
                        payload.insert(spelling.to_owned(), shape.clone());
                        let written = point
                            .visit(RoundTrip(payload.into()))
                            .unwrap_or_else(|e| panic!("{point}: `{spelling}` = {shape}: {e}"));
                        // Read into the field, or kept and written back as sent.
                        assert_eq!(
                            written.get(field.name),
                            Some(shape),
                            "{point}: `{spelling}` = {shape}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_value_a_metadata_field_cannot_hold_is_written_back_as_sent() {
        use serde_json::json;
        let value = json!({"tool_name": "Bash", "tool_input": {}, "tool_use_id": {"id": 7}});
        let event: BeforeToolCall = serde_json::from_value(value).expect("reads");
        assert_eq!(event.tool_use_id, None);
        assert_eq!(event.unread["tool_use_id"], json!({"id": 7}));
        let written = serde_json::to_value(&event).expect("writes");
        assert_eq!(written["tool_use_id"], json!({"id": 7}));
        assert_eq!(
            written.get("unread"),
            None,
            "kept in place, not under a key of its own"
        );
    }

    #[test]
    fn what_a_decision_needs_must_be_there_with_its_type() {
        for &point in HookPoint::ALL {
            let Some(fields) = empty(point) else { continue };
            for field in point.fields().iter().filter(|f| f.required) {
                let mut payload = fields.clone();
                payload.remove(field.name);
                let err = point
                    .visit(RoundTrip(payload.clone().into()))
                    .expect_err("missing");
                assert_eq!(err, format!("missing field `{}`", field.name), "{point}");
                // A value of another type, where the type is not any JSON.
                payload.insert(field.name.to_owned(), 42.into());
                if let Err(err) = point.visit(RoundTrip(payload.into())) {
                    assert!(
                        err.starts_with(&format!("`{}`: invalid type", field.name)),
                        "{point}: {err}"
                    );
                }
            }
        }
        let wrong: Result<BeforeToolCall, _> =
            serde_json::from_value(serde_json::json!({"tool_name": 42, "tool_input": {}}));
        let err = wrong.expect_err("a number is no tool name").to_string();
        assert!(
            err.starts_with("`tool_name`: invalid type: integer `42`"),
            "{err}"
        );
        let required = |p: HookPoint| -> Vec<&str> {
            p.fields()
                .iter()
                .filter(|f| f.required)
                .map(|f| f.name)
                .collect()
        };
        assert_eq!(
            required(HookPoint::BeforeToolCall),
            ["tool_name", "arguments"]
        );
        assert_eq!(
            required(HookPoint::AfterToolCall),
            ["tool_name", "arguments", "response"]
        );
        assert_eq!(required(HookPoint::UserPromptSubmit), ["prompt"]);
        assert!(required(HookPoint::SessionStart).is_empty());
    }

    #[test]
    fn claude_codes_mcp_server_is_read() {
        use crate::hook::McpServer;
        let ev: BeforeToolCall = serde_json::from_value(serde_json::json!({
            "tool_name": "mcp__plugin_example-host_example-host__count_lines",
            "tool_input": {"path": "a"},
            "mcp_server": {"name": "plugin:example-host:example-host", "source": "plugin"},
        }))
        .expect("reads");
        assert_eq!(
            ev.mcp_server,
            Some(McpServer {
                name: "plugin:example-host:example-host".into(),
                source: Some("plugin".into()),
                ..McpServer::default()
            })
        );
        assert!(ev.unread.is_empty());
    }

    #[test]
    fn events_read_agent_payloads_and_their_aliases() {
        use crate::hook::{BeforeToolCall, HookEvent};
        let claude: BeforeToolCall = serde_json::from_value(serde_json::json!({
            "session_id": "s1", "cwd": "/repo", "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": "t1",
        }))
        .expect("reads");
        assert_eq!(claude.tool_name, "Bash");
        assert_eq!(claude.arguments["command"], "ls");
        assert_eq!(claude.tool_use_id.as_deref(), Some("t1"));
        assert_eq!(HookEvent::session_id(&claude), "s1");
        assert_eq!(claude.subject(), Some("Bash"));
        let kimi: BeforeToolCall = serde_json::from_value(serde_json::json!({
            "tool_name": "Shell", "tool_input": {}, "tool_call_id": "k1",
        }))
        .expect("reads");
        assert_eq!(kimi.tool_use_id.as_deref(), Some("k1"));
        // Qwen Code sends the id under two of its spellings.
        let qwen: BeforeToolCall = serde_json::from_value(serde_json::json!({
            "tool_name": "run_shell_command", "tool_input": {},
            "tool_use_id": "q1", "tool_call_id": "q1",
        }))
        .expect("reads");
        assert_eq!(qwen.tool_use_id.as_deref(), Some("q1"));
    }
}
