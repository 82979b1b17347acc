//! Every shape `#[command]` accepts: sync and async, each context, the
//! state, `#[positional]`, a whole `#[args]` type, each option and each
//! return type. `main` checks what was registered and runs some through a
//! host.

use std::fmt;

use tackle::command::{CommandSurface, linked_commands};
use tackle::prelude::*;
use tackle_runtime::Host;

tackle::plugin! {
    id: "shapes",
    config: Settings,
    state: Seen,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct Settings {
    /// A prefix for output.
    pub prefix: String,
}

pub struct Seen;

impl PluginState for Seen {
    type Config = Settings;

    async fn init(_: &PluginContext<Settings>) -> Result<Self, BoxError> {
        Ok(Seen)
    }
}

/// `()`: nothing to show.
#[command]
fn nothing() {}

/// `&'static str`, with every option.
#[command(
    name = "every-option",
    aliases = ["eo", "e-o"],
    category = "demo",
    surface = "host",
    description = "Uses every option.",
    order = -3
)]
fn every() -> &'static str {
    "all"
}

/// `String` from arguments: a positional one, a flag, an optional number.
#[command(surface = "agent")]
fn review_pr(
    ctx: &CommandContext<Settings>,
    /// The change.
    #[positional]
    change: String,
    /// Look closely.
    deep: bool,
    /// How far.
    depth: Option<u32>,
) -> String {
    format!("{}{change} {deep} {depth:?}", ctx.config().prefix)
}

/// An error type: anything `Display`.
#[derive(Debug)]
pub struct Nope;

impl fmt::Display for Nope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nope")
    }
}

/// `Result<CommandOutput, E>`, async, with the untyped contexts and the state.
#[command(surface = "either")]
async fn fetch(
    ctx: &CommandContext,
    plugin: &PluginContext,
    typed: &PluginContext<Settings>,
    _seen: &Seen,
    /// Fail on purpose.
    fail: bool,
) -> Result<CommandOutput, Nope> {
    let _ = (plugin.id(), typed.config(), ctx.line());
    if fail {
        Err(Nope)
    } else {
        Ok(CommandOutput::text("fetched"))
    }
}

/// Arguments taken whole.
#[tackle::data]
#[derive(Deserialize, JsonSchema)]
pub struct TagArgs {
    /// The tag.
    #[schemars(extend("x-positional" = true))]
    pub tag: String,
}

/// `Result<String, String>` with `#[args]`.
#[command]
fn tag(#[args] args: TagArgs) -> Result<String, String> {
    Ok(args.tag)
}

/// `r#` names lose their prefix.
#[command]
fn r#type() -> &'static str {
    "typed"
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut names: Vec<&str> = linked_commands().map(|c| c.name).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["every-option", "fetch", "nothing", "review-pr", "tag", "type"]
    );
    let every = linked_commands()
        .find(|c| c.name == "every-option")
        .expect("registered");
    assert_eq!(every.aliases, ["eo", "e-o"]);
    assert_eq!(every.category, Some("demo"));
    assert_eq!(every.surface, CommandSurface::Host);
    assert_eq!(every.description, "Uses every option.");
    assert_eq!(every.order, -3);
    assert_eq!(every.function, "every");
    let review = linked_commands()
        .find(|c| c.name == "review-pr")
        .expect("registered");
    assert_eq!(review.description, "`String` from arguments: a positional one, a flag, an optional number.");
    assert_eq!(review.surface, CommandSurface::Agent);

    let host = Host::builder()
        .config_toml("[plugins.shapes]\nprefix = \"> \"\n", "pass.toml")
        .build()
        .await
        .expect("host");
    let text = |r: Result<CommandOutput, tackle_runtime::CommandError>| {
        r.map(|o| o.text).map_err(|e| e.to_string())
    };
    assert_eq!(
        text(host.run_command("/review-pr 42 --deep --depth 3").await),
        Ok("> 42 true Some(3)".to_owned())
    );
    assert_eq!(text(host.run_command("/fetch").await), Ok("fetched".to_owned()));
    assert_eq!(
        text(host.run_command("/fetch --fail").await),
        Err("`/fetch` failed: nope".to_owned())
    );
    assert_eq!(text(host.run_command("/tag v1").await), Ok("v1".to_owned()));
    assert_eq!(text(host.run_command("/nothing").await), Ok(String::new()));
    assert_eq!(text(host.run_command("/type").await), Ok("typed".to_owned()));
}
