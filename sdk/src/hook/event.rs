//! The events hooks receive: one typed struct per point, and the erased
//! view that catch-all observers get.

use std::any::Any;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::outcome::Outcome;
use super::point::HookPoint;
use super::read::EventField;

/// The typed event of one hook point. Implemented by the types the
/// catalogue generates ([`BeforeToolCall`](crate::hook::BeforeToolCall), ...);
/// a host dispatches any of them.
///
/// ```
/// use std::path::Path;
/// use serde_json::json;
/// use tackle::hook::{BeforeToolCall, HookEvent, HookPoint};
///
/// let ev = BeforeToolCall {
///     tool_name: "Bash".into(),
///     arguments: json!({"command": "cargo test"}),
///     ..BeforeToolCall::default()
/// }
/// .in_session("s-1")
/// .in_dir("/work/app");
/// assert_eq!(ev.session_id(), "s-1");
/// assert_eq!(ev.cwd(), Path::new("/work/app"));
/// assert_eq!(BeforeToolCall::POINT, HookPoint::BeforeToolCall);
/// assert_eq!(ev.subject(), Some("Bash")); // what `matcher` sees
/// assert_eq!(ev.input(), Some(json!({"command": "cargo test"}))); // what `modify` replaces
///
/// // An agent's own payload reads as the event, under its fields' aliases.
/// let from_agent: BeforeToolCall = serde_json::from_value(json!({
///     "session_id": "s-2",
///     "tool_name": "Read",
///     "tool_input": {"file_path": "src/lib.rs"},
/// }))
/// .unwrap();
/// assert_eq!(from_agent.arguments["file_path"], "src/lib.rs");
/// ```
pub trait HookEvent:
    Serialize + DeserializeOwned + Clone + fmt::Debug + Send + Sync + Unpin + 'static
{
    /// The point this event belongs to.
    const POINT: HookPoint;

    /// Its fields as the catalogue declares them, in order (`session_id`
    /// and `cwd` first): each one's name, the keys agents send it under,
    /// and whether a decision needs it.
    const FIELDS: &'static [EventField];

    /// The agent session it belongs to. Empty when the host did not say:
    /// plugins that keep per-session state then see all such events as one
    /// session.
    fn session_id(&self) -> &str;

    /// The session's working directory.
    fn cwd(&self) -> &Path;

    /// The session id and working directory, to set them.
    #[doc(hidden)]
    fn common_mut(&mut self) -> (&mut String, &mut PathBuf);

    /// What a hook's `matcher` is matched against (the tool name for tool
    /// points), if the point has one.
    fn subject(&self) -> Option<&str>;

    /// The tool arguments a hook's `args` glob looks at, if the point has them.
    fn arguments(&self) -> Option<&Value>;

    /// Replaces what `Decision::modify` rewrites at this point; an input of
    /// the wrong shape is refused, saying why.
    fn replace_input(&mut self, input: Value) -> Result<(), String>;

    /// What `Decision::modify` would rewrite, as JSON, if anything.
    fn input(&self) -> Option<Value>;

    /// The same event, in another session.
    #[must_use]
    fn in_session(mut self, session_id: impl Into<String>) -> Self {
        *self.common_mut().0 = session_id.into();
        self
    }

    /// The same event, with another working directory.
    #[must_use]
    fn in_dir(mut self, cwd: impl Into<PathBuf>) -> Self {
        *self.common_mut().1 = cwd.into();
        self
    }
}

/// What a `matcher` can be matched against.
#[doc(hidden)]
pub trait Subject {
    fn subject(&self) -> Option<&str>;
}

impl Subject for String {
    fn subject(&self) -> Option<&str> {
        Some(self)
    }
}

impl Subject for Option<String> {
    fn subject(&self) -> Option<&str> {
        self.as_deref()
    }
}

/// A field `Decision::modify` can replace.
#[doc(hidden)]
pub trait ModifyInput {
    fn replace(&mut self, input: Value) -> Result<(), String>;
    fn to_value(&self) -> Value;
}

impl ModifyInput for Value {
    fn replace(&mut self, input: Value) -> Result<(), String> {
        *self = input;
        Ok(())
    }

    fn to_value(&self) -> Value {
        self.clone()
    }
}

impl ModifyInput for String {
    fn replace(&mut self, input: Value) -> Result<(), String> {
        match input {
            Value::String(text) => {
                *self = text;
                Ok(())
            }
            other => Err(format!(
                "expected a string to replace the text, found {}",
                crate::Problem::show_value(&other)
            )),
        }
    }

    fn to_value(&self) -> Value {
        Value::String(self.clone())
    }
}

/// Any event, type-erased: what the runtime hands the generated glue and
/// what catch-all observers see.
pub trait DynEvent: Any + Send + Sync {
    /// The point it belongs to.
    fn point(&self) -> HookPoint;
    /// The agent session it belongs to.
    fn session_id(&self) -> &str;
    /// The session's working directory.
    fn cwd(&self) -> &Path;
    /// The event as JSON (its serde form).
    fn to_json(&self) -> Value;
    /// For downcasting to the typed event.
    fn as_any(&self) -> &dyn Any;
}

impl<E: HookEvent> DynEvent for E {
    fn point(&self) -> HookPoint {
        E::POINT
    }

    fn session_id(&self) -> &str {
        HookEvent::session_id(self)
    }

    fn cwd(&self) -> &Path {
        HookEvent::cwd(self)
    }

    fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or_else(|e| Value::String(e.to_string()))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The event of the catch-all `event` point: every event a host
/// dispatches, after its own hooks ran, with their outcome.
///
/// ```
/// use tackle::hook::{AnyEvent, BeforeToolCall};
/// fn tool_of<'a>(ev: &AnyEvent<'a>) -> Option<&'a str> {
///     ev.downcast::<BeforeToolCall>().map(|call| call.tool_name.as_str())
/// }
/// ```
#[derive(Clone, Copy)]
pub struct AnyEvent<'a> {
    event: &'a dyn DynEvent,
    outcome: &'a Outcome,
}

impl<'a> AnyEvent<'a> {
    /// Built by the host after a dispatch.
    #[doc(hidden)]
    pub fn new(event: &'a dyn DynEvent, outcome: &'a Outcome) -> Self {
        AnyEvent { event, outcome }
    }

    /// The point it was dispatched at.
    pub fn point(&self) -> HookPoint {
        self.event.point()
    }

    /// The agent session.
    pub fn session_id(&self) -> &'a str {
        self.event.session_id()
    }

    /// The session's working directory.
    pub fn cwd(&self) -> &'a Path {
        self.event.cwd()
    }

    /// The event as JSON, as its hooks saw it last (after any `modify`).
    pub fn to_json(&self) -> Value {
        self.event.to_json()
    }

    /// The typed event, if it is an `E`.
    pub fn downcast<E: HookEvent>(&self) -> Option<&'a E> {
        self.event.as_any().downcast_ref()
    }

    /// What the point's hooks decided.
    pub fn outcome(&self) -> &'a Outcome {
        self.outcome
    }
}

impl fmt::Debug for AnyEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyEvent")
            .field("point", &self.point())
            .field("session_id", &self.session_id())
            .field("outcome", &self.outcome.verdict)
            .finish_non_exhaustive()
    }
}
