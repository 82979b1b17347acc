//! A plugin that uses every supported shape of `plugin!` and `#[tool]`, and
//! checks through a real host what the macros registered and how calls behave.

use std::fmt;

use serde_json::{Value, json};
use tackle::prelude::*;
use tackle_runtime::{CallInfo, Host};

tackle::plugin! {
    id: "full",
    name: "Full plugin",
    version: "1.2.3-beta.1",
    description: "Every supported tool shape.",
    config: FullConfig,
}

/// The plugin's config.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(default)]
pub struct FullConfig {
    /// How to greet.
    pub greeting: String,
}

impl Default for FullConfig {
    fn default() -> Self {
        FullConfig {
            greeting: "hello".into(),
        }
    }
}

/// Output of `text-stats`.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Stats {
    /// Words.
    pub words: usize,
    /// Characters.
    pub chars: usize,
}

/// Arguments of `search`, taken whole.
#[tackle::data]
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    /// What to look for.
    pub needle: String,
    /// Where to look.
    pub haystack: String,
    /// Ignore case.
    #[serde(default)]
    pub ignore_case: bool,
}

fn one() -> u8 {
    1
}

/// Greets someone with the configured greeting.
#[tool(read_only, idempotent, order = 1)]
fn greet(
    ctx: &ToolContext<FullConfig>,
    /// Who to greet.
    name: String,
    /// How many times.
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 5))]
    times: u8,
    /// An optional suffix.
    suffix: Option<String>,
) -> String {
    let one = format!(
        "{} {name}{}",
        ctx.config().greeting,
        suffix.unwrap_or_default()
    );
    vec![one; usize::from(times)].join(" ")
}

/// Counts words and characters (this doc comment is overridden).
#[tool(
    name = "text-stats",
    title = "Text statistics",
    description = "Counts words and characters of a text.",
    read_only = true,
    open_world = false
)]
async fn stats(
    /// The text.
    text: String,
) -> Json<Stats> {
    Json(Stats {
        words: text.split_whitespace().count(),
        chars: text.chars().count(),
    })
}

/// Answers `pong`.
#[tool]
fn ping() -> &'static str {
    "pong"
}

/// Does nothing, successfully.
#[tool(destructive = false, idempotent = true)]
fn noop(_ctx: &ToolContext) {}

/// Upper-cases a text.
// `order` takes any integer literal whose value fits an `i32`.
#[tool(destructive, order = 0i64)]
fn shout(mut text: String) -> ToolResult {
    text.make_ascii_uppercase();
    ToolResult::text(text)
}

/// A division error.
#[derive(Debug)]
pub struct DivideByZero;

impl fmt::Display for DivideByZero {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot divide by zero; pass a non-zero `b`")
    }
}

/// Divides `a` by `b`.
#[tool]
async fn divide(a: i64, b: i64) -> Result<String, DivideByZero> {
    if b == 0 {
        return Err(DivideByZero);
    }
    Ok((a / b).to_string())
}

/// Describes a value of a kind.
#[tool]
fn describe(
    /// The kind of value: a Rust keyword as a field name.
    r#type: String,
    value: String,
) -> Result<String, String> {
    match r#type.as_str() {
        "number" => value
            .parse::<f64>()
            .map(|n| format!("the number {n}"))
            .map_err(|e| e.to_string()),
        other => Err(format!("unknown type `{other}`")),
    }
}

/// Output of `search`.
#[tackle::data]
#[derive(Debug, Serialize, JsonSchema)]
pub struct Matches {
    /// Byte offsets of the matches.
    pub offsets: Vec<usize>,
}

/// Finds the byte offsets of `needle` in `haystack`.
#[tool(order = -1, read_only)]
async fn search(
    plugin: &PluginContext<FullConfig>,
    #[args] args: SearchArgs,
) -> Result<Json<Matches>, ToolError> {
    if args.needle.is_empty() {
        return Err(ToolError::new(format!(
            "plugin {}: `needle` is empty",
            plugin.id()
        )));
    }
    let (needle, haystack) = if args.ignore_case {
        (args.needle.to_lowercase(), args.haystack.to_lowercase())
    } else {
        (args.needle, args.haystack)
    };
    let offsets = haystack.match_indices(&needle).map(|(i, _)| i).collect();
    Ok(Json(Matches { offsets }))
}

/// A tool whose function name is a raw identifier.
#[tool]
fn r#loop(times: u32) -> String {
    "again ".repeat(times as usize).trim_end().to_owned()
}

mod nested {
    use tackle::prelude::*;

    /// A tool declared in a module, reading the plugin's context.
    #[tool]
    pub(crate) fn nested_tool(
        ctx: &ToolContext<super::FullConfig>,
        plugin: &PluginContext,
    ) -> String {
        format!("{} {} {}", ctx.tool_name(), plugin.id(), plugin.version())
    }
}

fn schema(host: &Host, tool: &str) -> &'static Value {
    let tool = host
        .tool(tool)
        .unwrap_or_else(|| panic!("tool `{tool}` is not registered"));
    (tool.input_schema)()
}

fn call(host: &Host, tool: &str, args: Value) -> ToolResult {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime
        .block_on(host.call_tool(tool, args, CallInfo::new(".")))
        .unwrap_or_else(|e| panic!("calling `{tool}`: {e}"))
}

fn ok_text(host: &Host, tool: &str, args: Value) -> String {
    let result = call(host, tool, args);
    assert!(
        !result.is_error,
        "`{tool}` failed: {}",
        result.text_content()
    );
    result.text_content()
}

fn main() {
    let host = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a tokio runtime")
        .block_on(Host::builder()
        .config_toml("[plugins.full]\ngreeting = \"hi\"\n", "<inline>")
        .strict(true)
        .build())
        .expect("the host builds");

    // The plugin's declaration.
    let plugin = host.plugin("full").expect("plugin `full` is linked").def();
    assert_eq!(plugin.name, "Full plugin");
    assert_eq!(plugin.version, "1.2.3-beta.1");
    assert_eq!(plugin.description, "Every supported tool shape.");
    assert_eq!(plugin.config.type_name, Some("FullConfig"));
    let config_schema = (plugin.config.schema)();
    assert_eq!(config_schema["properties"]["greeting"]["type"], "string");

    // Every tool, sorted by `order` then source position.
    let names: Vec<&str> = host.tools().iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        [
            "search",
            "text-stats",
            "ping",
            "noop",
            "shout",
            "divide",
            "describe",
            "loop",
            "nested_tool",
            "greet"
        ]
    );

    // Flattened parameters: docs, defaults, ranges, `Option`, raw identifiers.
    let greet = schema(&host, "greet");
    assert_eq!(greet["type"], "object");
    assert_eq!(greet["required"], json!(["name"]));
    assert_eq!(greet["properties"]["name"]["description"], "Who to greet.");
    assert_eq!(greet["properties"]["times"]["minimum"], 1);
    assert_eq!(greet["properties"]["times"]["maximum"], 5);
    assert_eq!(greet["properties"]["suffix"]["type"], "string");
    assert_eq!(
        schema(&host, "describe")["required"],
        json!(["type", "value"])
    );
    assert_eq!(
        schema(&host, "search")["required"],
        json!(["needle", "haystack"])
    );
    assert_eq!(schema(&host, "ping")["properties"], json!({}));

    // Options and annotations.
    let tool = |name: &str| {
        host.tool(name)
            .unwrap_or_else(|| panic!("no tool `{name}`"))
    };
    assert_eq!(tool("text-stats").function, "stats");
    assert_eq!(tool("text-stats").title, Some("Text statistics"));
    assert_eq!(
        tool("text-stats").description,
        "Counts words and characters of a text."
    );
    assert_eq!(
        tool("greet").description,
        "Greets someone with the configured greeting."
    );
    assert_eq!(tool("greet").order, 1);
    assert_eq!(tool("search").order, -1);
    assert_eq!(tool("greet").annotations.read_only, Some(true));
    assert_eq!(tool("greet").annotations.idempotent, Some(true));
    assert_eq!(tool("greet").annotations.destructive, None);
    assert_eq!(tool("text-stats").annotations.open_world, Some(false));
    assert_eq!(tool("noop").annotations.destructive, Some(false));
    assert_eq!(tool("shout").annotations.destructive, Some(true));
    assert_eq!(tool("loop").function, "r#loop");

    // Output schemas: only `Json<T>`, also inside `Result`.
    let stats_schema =
        (tool("text-stats").output_schema)().expect("`Json<Stats>` has an output schema");
    assert_eq!(stats_schema["required"], json!(["words", "chars"]));
    let search_schema =
        (tool("search").output_schema)().expect("`Result<Json<Matches>, _>` has an output schema");
    assert_eq!(search_schema["properties"]["offsets"]["type"], "array");
    assert!((tool("greet").output_schema)().is_none());

    // Calls, sync and async, each return type.
    assert_eq!(
        ok_text(
            &host,
            "greet",
            json!({"name": "Ada", "times": 2, "suffix": "!"})
        ),
        "hi Ada! hi Ada!"
    );
    assert_eq!(ok_text(&host, "greet", json!({"name": "Ada"})), "hi Ada");
    let stats = call(&host, "text-stats", json!({"text": "one two three"}));
    assert_eq!(
        stats.structured_content,
        Some(json!({"words": 3, "chars": 13}))
    );
    assert_eq!(ok_text(&host, "ping", json!({})), "pong");
    let noop = call(&host, "noop", json!({}));
    assert!(!noop.is_error && noop.content.is_empty());
    assert_eq!(ok_text(&host, "shout", json!({"text": "hey"})), "HEY");
    assert_eq!(ok_text(&host, "divide", json!({"a": 7, "b": 2})), "3");
    let by_zero = call(&host, "divide", json!({"a": 7, "b": 0}));
    assert!(by_zero.is_error);
    assert_eq!(
        by_zero.text_content(),
        "cannot divide by zero; pass a non-zero `b`"
    );
    assert_eq!(
        ok_text(&host, "describe", json!({"type": "number", "value": "2.5"})),
        "the number 2.5"
    );
    let found = call(
        &host,
        "search",
        json!({"needle": "A", "haystack": "banana", "ignore_case": true}),
    );
    assert_eq!(
        found.structured_content,
        Some(json!({"offsets": [1, 3, 5]}))
    );
    let empty = call(&host, "search", json!({"needle": "", "haystack": "x"}));
    assert!(empty.is_error && empty.text_content().contains("plugin full"));
    assert_eq!(ok_text(&host, "loop", json!({"times": 2})), "again again");
    assert_eq!(
        ok_text(&host, "nested_tool", json!({})),
        "nested_tool full 1.2.3-beta.1"
    );

    // Argument errors are tool errors naming the field.
    let bad = call(&host, "greet", json!({"name": 42}));
    assert!(bad.is_error);
    assert!(
        bad.text_content().contains("name"),
        "{}",
        bad.text_content()
    );
    let unknown = call(&host, "greet", json!({"name": "Ada", "nmae": "x"}));
    assert!(unknown.is_error, "unknown fields are refused");
}
