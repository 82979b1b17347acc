//! What `plugin! { subagents: [...] }` declares: a subagent's prompt,
//! payload, tools and in-flight key.

use std::fmt;
use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::__private::SchemaCell;

pub use tackle_spec::subagent::BUILTIN_TOOLS;

/// A subagent from `plugin! { subagents: [...] }`.
pub struct SubagentDef {
    /// The name it is spawned by, unique within the plugin
    /// (`^[a-z][a-z0-9-]*$`, checked at compile time).
    pub name: &'static str,
    /// What it does, for listings and for the agent that hosts it.
    pub description: &'static str,
    /// Its system prompt (inline, or read from a file at compile time).
    pub system_prompt: &'static str,
    /// The file the prompt was read from, relative to the plugin crate, if any.
    pub prompt_file: Option<&'static str>,
    /// Its payload type, if it takes one; without, it is spawned with `()`.
    pub payload: Option<&'static dyn PayloadType>,
    /// The agent's built-in tools it may use (names from [`BUILTIN_TOOLS`]).
    pub tools: &'static [&'static str],
    /// The plugin's own `#[tool]`s it may use, by name (checked when the
    /// registry is built).
    pub custom_tools: &'static [&'static str],
}

impl SubagentDef {
    /// The in-flight key of a run with this (already checked) payload: the
    /// subagent's `in_flight_key` function's, or `""` when it has none (one
    /// run of the subagent at a time).
    pub fn in_flight_key(&self, payload: &Value) -> Result<String, String> {
        match self.payload {
            Some(p) => p.key(payload).map(Option::unwrap_or_default),
            None => Ok(String::new()),
        }
    }
}

impl fmt::Debug for SubagentDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SubagentDef")
            .field("name", &self.name)
            .field("prompt_file", &self.prompt_file)
            .field("payload", &self.payload.map(|p| p.type_name()))
            .field("tools", &self.tools)
            .field("custom_tools", &self.custom_tools)
            .finish_non_exhaustive()
    }
}

/// A subagent's payload type, erased: its schema, and the in-flight key of
/// a payload. Implemented by [`Payload`], which `plugin!` declares.
pub trait PayloadType: Send + Sync + 'static {
    /// The Rust type as written in `plugin!`.
    fn type_name(&self) -> &'static str;
    /// Its portable JSON Schema, generated once.
    fn schema(&'static self) -> &'static Value;
    /// The in-flight key of `payload`, if the subagent declares a key
    /// function; an error when the payload does not deserialize.
    fn key(&self, payload: &Value) -> Result<Option<String>, String>;
}

/// A type that can be a subagent's payload.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a subagent payload",
    label = "a payload must implement `Serialize`, `Deserialize` and `JsonSchema`",
    note = "derive them: `#[tackle::data] #[derive(Serialize, Deserialize, JsonSchema)]`; the payload must also be `Send + Sync + 'static`"
)]
pub trait SubagentPayload:
    Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static
{
}

impl<T: Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static> SubagentPayload for T {}

/// The payload of one subagent, as `plugin!` declares it in a `static`.
#[doc(hidden)]
pub struct Payload<P: 'static> {
    type_name: &'static str,
    schema: SchemaCell,
    schema_of: fn(&'static SchemaCell) -> &'static Value,
    parse: fn(&Value) -> Result<P, String>,
    key: Option<fn(&P) -> String>,
    _payload: PhantomData<fn() -> P>,
}

impl<P: 'static> Payload<P> {
    /// The payload `P`, keyed by `key` if given. The one place the payload's
    /// bounds are checked, so a wrong type gets one message (the bound is on
    /// the function, not the impl, so that it is `SubagentPayload`'s).
    pub const fn new(type_name: &'static str, key: Option<fn(&P) -> String>) -> Self
    where
        P: SubagentPayload,
    {
        Payload {
            type_name,
            schema: SchemaCell::new(),
            schema_of: schema_of::<P>,
            parse: parse::<P>,
            key,
            _payload: PhantomData,
        }
    }
}

impl<P> fmt::Debug for Payload<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Payload")
            .field("type_name", &self.type_name)
            .field("keyed", &self.key.is_some())
            .finish_non_exhaustive()
    }
}

fn schema_of<P: SubagentPayload>(cell: &'static SchemaCell) -> &'static Value {
    cell.input::<P>()
}

fn parse<P: SubagentPayload>(value: &Value) -> Result<P, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = crate::args::render_path(e.path());
        crate::args::describe(path, &e.into_inner().to_string()).to_string()
    })
}

impl<P: 'static> PayloadType for Payload<P> {
    fn type_name(&self) -> &'static str {
        self.type_name
    }

    fn schema(&'static self) -> &'static Value {
        (self.schema_of)(&self.schema)
    }

    fn key(&self, payload: &Value) -> Result<Option<String>, String> {
        match self.key {
            None => Ok(None),
            Some(key) => (self.parse)(payload).map(|p| Some(key(&p))),
        }
    }
}
