//! # tackle
//!
//! Typed plugins for AI coding agents, written once in Rust. This crate is the
//! only dependency a plugin crate needs.
//!
//! A crate is a plugin: declare it once at the crate root with [`plugin!`],
//! then mark ordinary functions with [`#[tool]`](macro@tool) (a tool the
//! model calls) or [`#[hook(point)]`](macro@hook) (code that runs at a point
//! of the agent's life, such as `before_tool_call`, and may deny, ask, allow,
//! rewrite or add context; see [`hook`](mod@hook)). The macros check names,
//! types, hook points, matchers and globs at compile time, generate portable
//! JSON Schemas and register everything through `inventory`; a host built on
//! `tackle-runtime` collects the plugins it links and serves them.
//!
//! A whole plugin: its declaration, a tool, a hook, a slash command and a
//! cron job, then the same plugin driven through the test kit of
//! `tackle-runtime` (feature `testing`), as a plugin's own tests would:
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//!
//! tackle::plugin! {
//!     id: "notes",
//!     description: "Counts lines, refuses sudo, greets, tidies up.",
//!     config: NotesConfig,
//! }
//!
//! /// Settings from `[plugins.notes]` in the host config.
//! #[tackle::data]
//! #[derive(Deserialize, JsonSchema, Default)]
//! #[serde(default)]
//! pub struct NotesConfig {
//!     /// Count blank lines too.
//!     pub count_blank: bool,
//! }
//!
//! /// Count the lines of a text.
//! #[tool(read_only, idempotent)]
//! fn count_lines(
//!     ctx: &ToolContext<NotesConfig>,
//!     /// The text to count.
//!     text: String,
//! ) -> String {
//!     let blank = ctx.config().count_blank;
//!     text.lines().filter(|l| blank || !l.trim().is_empty()).count().to_string()
//! }
//!
//! /// Refuse `sudo` in shell commands.
//! #[hook(before_tool_call, matcher = "Bash")]
//! fn no_sudo(ev: &BeforeToolCall) -> Decision {
//!     match ev.arguments["command"].as_str() {
//!         Some(cmd) if cmd.starts_with("sudo ") => Decision::deny("no sudo here"),
//!         _ => Decision::abstain(),
//!     }
//! }
//!
//! /// Greet someone: `/hello world`.
//! #[command]
//! fn hello(
//!     /// Who to greet.
//!     #[positional]
//!     name: String,
//! ) -> String {
//!     format!("hello, {name}")
//! }
//!
//! /// Tidy up every night at 03:00 UTC.
//! #[cron("0 3 * * *")]
//! fn tidy(ctx: &CronContext) {
//!     tackle::tracing::info!(job = ctx.job_id(), "tidied");
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use serde_json::json;
//! use tackle_runtime::scheduler::Scheduler;
//! use tackle_runtime::testing::{OutcomeAssertions, TestHost};
//!
//! let host = TestHost::with_config(&["notes"], "[plugins.notes]\ncount_blank = true").await;
//!
//! let counted = host.call_tool("count_lines", json!({"text": "a\n\nb"})).await;
//! assert_eq!(counted.text_content(), "3"); // the config counts the blank line
//!
//! host.before_tool_call("Bash", json!({"command": "sudo rm -r /"})).await
//!     .assert_denied_by("notes::no_sudo")
//!     .assert_denied_with("no sudo");
//! host.before_tool_call("Bash", json!({"command": "ls"})).await.assert_abstains();
//!
//! let greeting = host.host().run_command("/hello world").await.unwrap();
//! assert_eq!(greeting.text, "hello, world");
//!
//! let run = Scheduler::new(host.host()).run_now("__plugin_notes_tidy").await.unwrap();
//! assert!(run.is_success());
//! # }
//! ```
//!
//! Types that cross the boundary (configs, argument structs, `Json<T>`
//! outputs) derive serde's and schemars' traits through this crate's
//! re-exports; [`data`] points those derives at them, so the plugin crate
//! needs no direct dependency on serde or schemars.

#![warn(missing_docs)]

pub mod access;
mod args;
pub mod command;
pub mod cron;
pub mod def;
pub mod doctor;
mod future;
mod handler;
pub mod hook;
mod invocation;
mod location;
mod origin;
mod permission;
mod plugin;
pub mod prelude;
mod problem;
pub mod prompt;
pub mod provider;
pub mod resource;
pub mod schema;
pub mod session;
pub mod skill;
mod state;
pub mod subagent;
pub mod tool;

// The shell command-line reader is a crate of its own (others can use it
// without tackle); here so that a plugin needs no other dependency.
#[doc(inline)]
pub use tackle_shell as shell;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use invocation::{CallInfo, DEFAULT_MAX_OUTPUT_BYTES};
#[doc(hidden)]
pub use invocation::{HandlerError, Invocation};
pub use location::SourceLocation;
pub use origin::Origin;
pub use permission::{ContextFile, PermissionRule, RuleAction};
pub use plugin::{HostServices, PluginContext, PluginInfo};
pub use problem::Problem;
pub use state::{BoxError, PluginState};
pub use tool::{
    Cancellation, Content, IntoToolResult, Json, LogLevel, TaskSupport, ToolAnnotations,
    ToolContext, ToolError, ToolResult, ToolSink,
};

/// Declares the crate's plugin. Write it once, at the crate root.
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
///
/// tackle::plugin! {
///     id: "guard",                        // required: ^[a-z0-9][a-z0-9-]*$, at most 64 characters
///     name: "Shell guard",                // default: the id
///     version: "1.2.0",                   // semver; default: the crate's CARGO_PKG_VERSION
///     description: "Stops destructive shell commands.",
///     config: GuardConfig,                // default: no config
///     state: Guard,                       // default: no state (see `PluginState`)
/// }
///
/// #[tackle::data]
/// #[derive(Deserialize, JsonSchema, Default)]
/// pub struct GuardConfig {
///     /// Extra command prefixes to refuse.
///     pub deny_prefixes: Vec<String>,
/// }
///
/// /// Built once when the host starts; tools borrow it as `&Guard`.
/// pub struct Guard {
///     prefixes: Vec<String>,
/// }
///
/// impl PluginState for Guard {
///     type Config = GuardConfig;
///
///     async fn init(plugin: &PluginContext<GuardConfig>) -> Result<Self, BoxError> {
///         Ok(Guard { prefixes: plugin.config().deny_prefixes.clone() })
///     }
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// // A host loads it with its config block (here through the test kit of
/// // `tackle-runtime`, feature `testing`):
/// let host = tackle_runtime::testing::TestHost::with_config(
///     &["guard"],
///     "[plugins.guard]\ndeny_prefixes = [\"npm publish\"]",
/// )
/// .await;
/// let guard = host.host().plugin("guard").expect("linked");
/// assert_eq!(guard.def().name, "Shell guard");
/// assert_eq!(guard.def().version, "1.2.0");
/// assert_eq!(guard.status().as_str(), "ready");
/// # }
/// ```
///
/// Every entry is checked at compile time and all mistakes are reported in
/// one build, each at its own span: unknown keys (with the nearest known
/// one), keys given twice, values of the wrong kind, an id that breaks the
/// rule (with a corrected id suggested), a version that is not semver, a
/// config type that is not `Deserialize + JsonSchema + Default + Send + Sync`,
/// a state type that is not a [`PluginState`] of that config, `plugin!`
/// written anywhere but the crate root.
///
/// **Skills.** `skills: ["skills/safe-shell.md", "skills/review/SKILL.md"]`
/// names Markdown files with YAML frontmatter, relative to the crate's
/// folder (no `..`, no absolute paths). Each is read at compile time and
/// embedded with `include_str!` (an edit rebuilds the crate), and its
/// frontmatter is checked with the rules the host applies to skill folders
/// at run time: `name` (lowercase letters and digits, words joined by
/// single `-`, at most 64 characters) and `description` are required,
/// `enabled` is a boolean, `input_schema` and `output_schema` must be JSON
/// Schemas, an unknown key is an error (other agents' `license`,
/// `compatibility`, `metadata` and `allowed-tools` are accepted). Each
/// mistake is reported on the path with the file and line; two skills of
/// one plugin cannot share a name. See [`skill::SkillDef`].
///
/// The host reads the config from `[plugins.<id>]` in its `tackle.toml`,
/// checks it against the type's schema, and tools read it through
/// `&ToolContext<GuardConfig>`. The macro also declares a hidden type at the
/// crate root that every `#[tool]` of the crate refers to — so an item in a
/// crate without `plugin!` does not compile — and registers the plugin with
/// `inventory`.
///
/// # Subagents and permissions
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
///
/// tackle::plugin! {
///     id: "reviewer",
///     // Permissions this plugin declares and asks about; full names are
///     // `reviewer:review`, `reviewer:review-secrets`.
///     permissions: [
///         "review",                                   // a name alone
///         { name: "review-secrets", description: "Review files under secrets/." },
///     ],
///     // Never granted by a wildcard (`*`, `reviewer:*`, the `owner` role):
///     // a role holds it only if the host config names it in full.
///     owner_wildcard_exclusions: ["review-secrets"],
///     subagents: [{
///         name: "critic",                             // ^[a-z][a-z0-9-]*$, unique in the plugin
///         description: "Reviews one file.",           // default: ""
///         system_prompt: "You review code.",          // or system_prompt_file: "agents/critic.md"
///         payload: ReviewRequest,                     // default: no payload (spawn with `&()`)
///         tools: ["read", "grep"],                    // the agent's built-in tools
///         custom_tools: ["file_stats"],               // this plugin's #[tool]s
///         in_flight_key: review_key,                  // default: one run of the subagent at a time
///     }],
/// }
///
/// #[tackle::data]
/// #[derive(Serialize, Deserialize, JsonSchema)]
/// pub struct ReviewRequest {
///     /// The file to review.
///     pub path: String,
/// }
///
/// fn review_key(request: &ReviewRequest) -> String {
///     request.path.clone()
/// }
///
/// /// Count the lines of a text.
/// #[tool]
/// fn file_stats(text: String) -> String {
///     text.lines().count().to_string()
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let host = tackle_runtime::testing::TestHost::new(&["reviewer"]).await;
/// let def = host.host().plugin("reviewer").expect("linked").def();
/// let names: Vec<&str> = def.permissions.iter().map(|p| p.name).collect();
/// assert_eq!(names, ["review", "review-secrets"]);
/// assert_eq!(def.subagents[0].name, "critic");
/// assert_eq!(def.subagents[0].tools, ["read", "grep"]);
/// # }
/// ```
///
/// * **`permissions`**: names of lowercase letters, digits, `-`, `_` and
///   `.`, starting with a letter (no `:`, which separates the plugin id,
///   and no `*`, the config's wildcard); no duplicates. Plugins ask with
///   [`PluginContext::permissions`]; hosts grant them to roles
///   (see [`access`]).
/// * **`owner_wildcard_exclusions`**: names from `permissions` (a name that
///   is not declared is a compile error with the nearest one).
/// * **`subagents`**: each a `{ ... }` with a `name` and exactly one of
///   `system_prompt` (a non-empty string) and `system_prompt_file` (a path
///   relative to the crate's folder, without `..`, read at compile time with
///   `include_str!` so that editing it rebuilds). `payload` is a type that is
///   `Serialize + Deserialize + JsonSchema`; its portable schema is
///   [`SubagentDef::payload`](subagent::SubagentDef::payload)'s, and spawns are
///   checked against it. `tools` names built-in tools from
///   [`subagent::BUILTIN_TOOLS`] (`read`, `write`, `edit`, `bash`, `grep`,
///   `find`, `ls`, `web_search`, `web_fetch`; a typo gets the nearest one).
///   `custom_tools` names `#[tool]`s of this plugin (checked when the
///   registry is built, with an error naming the subagent).
///   `in_flight_key` is a function or non-capturing closure
///   `fn(&Payload) -> String`: spawns whose key matches a run under way join
///   it (see [`subagent`]); it needs a `payload`.
pub use tackle_macros::plugin;

/// Makes a function a tool the model can call.
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
/// # tackle::plugin! { id: "files" }
///
/// // The doc comment is the description the model sees.
/// /// Show the first lines of a file.
/// #[tool(read_only, idempotent)]
/// async fn head(
///     ctx: &ToolContext,                        // filled by tackle: a reference parameter
///     /// The file, relative to the project.
///     path: String,                             // an argument: a required JSON field
///     /// How many lines (default 20).
///     #[schemars(range(min = 1))]
///     lines: Option<usize>,                     // Option: not required
/// ) -> Result<String, ToolError> {
///     let text = std::fs::read_to_string(ctx.resolve_path(&path)?)?;
///     Ok(text.lines().take(lines.unwrap_or(20)).collect::<Vec<_>>().join("\n"))
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use serde_json::json;
/// use tackle_runtime::testing::TestHost;
///
/// let dir = std::env::temp_dir().join(format!("tackle-doc-head-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("notes.txt"), "one\ntwo\nthree\n").unwrap();
/// let host = TestHost::new(&["files"]).await.cwd(&dir);
///
/// let result = host.call_tool("head", json!({"path": "notes.txt", "lines": 2})).await;
/// assert_eq!(result.text_content(), "one\ntwo");
///
/// // Arguments are checked against the schema before the function runs.
/// let bad = host.call_tool("head", json!({"path": "notes.txt", "lines": 0})).await;
/// assert!(bad.is_error);
/// assert!(bad.text_content().contains("lines"), "{}", bad.text_content());
///
/// // An `Err` is a tool result the model reads, not a failure of the host.
/// let missing = host.call_tool("head", json!({"path": "nowhere.txt"})).await;
/// assert!(missing.is_error);
/// # std::fs::remove_dir_all(&dir).ok();
/// # }
/// ```
///
/// * **Arguments.** Parameters taken by value become the fields of a generated
///   arguments type (`Deserialize + JsonSchema`, unknown fields refused);
///   `///` on a parameter is its description, and `#[serde(...)]` /
///   `#[schemars(...)]` on it pass through. Or mark one parameter `#[args]`
///   to take all arguments as your own type.
/// * **Contexts.** Reference parameters are filled by tackle:
///   [`&ToolContext`](ToolContext), `&ToolContext<Config>` or
///   `&PluginContext<Config>` with the plugin's config type, or `&State`
///   with the plugin's [state](PluginState). Anything else is a compile
///   error that lists what is allowed.
/// * **Options.** `name = "..."` (default: the function's name; checked
///   against `^[A-Za-z0-9_-]{1,64}$`), `title = "..."`,
///   `description = "..."` (default: the doc comment; one of the two is
///   required), `order = N` (position among the plugin's tools), and the
///   hints `read_only`, `destructive`, `idempotent`, `open_world` (each alone
///   for `true`, or `= false`). `raw_schema` lists the arguments schema as
///   schemars writes it (JSON Schema 2020-12 with `$schema`, `$defs` and
///   `$ref`) instead of the portable rewrite, for clients that read 2020-12.
/// * **Returns.** Anything [`IntoToolResult`]: `String`, `&'static str`, `()`,
///   [`ToolResult`], [`Json<T>`](Json) (structured output with an output
///   schema), `Result<T, E: Display>` (an `Err` is a tool error the model
///   reads).
/// * `fn` or `async fn`; not generic, not a method, not `unsafe`.
///
/// The schema is generated on first use and kept; at run time the arguments
/// are checked, and a model that sends bad ones gets every problem back with
/// its JSON path.
pub use tackle_macros::tool;

/// Makes a function a hook: it runs at a point of the agent's life.
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
/// # tackle::plugin! { id: "guard", config: GuardConfig }
/// # #[tackle::data] #[derive(Deserialize, JsonSchema, Default)]
/// # pub struct GuardConfig { pub deny_prefixes: Vec<String> }
///
/// /// Refuse configured command prefixes.
/// #[hook(before_tool_call, matcher = "Bash|run_shell_command", on_error = "closed")]
/// fn refuse(ev: &BeforeToolCall, ctx: &HookContext<GuardConfig>) -> Decision {
///     let command = ev.arguments["command"].as_str().unwrap_or_default();
///     match ctx.config().deny_prefixes.iter().find(|p| command.starts_with(p.as_str())) {
///         Some(prefix) => Decision::deny(format!("`{prefix}` is refused here")),
///         None => Decision::abstain(),
///     }
/// }
///
/// /// Log every tool that ran.
/// #[hook(after_tool_call)]
/// async fn log(ev: &AfterToolCall, ctx: &HookContext) {
///     tackle::tracing::info!(session = ctx.session_id(), tool = %ev.tool_name, "ran");
/// }
///
/// /// Tell the model about the project.
/// #[hook(system_prompt)]
/// fn house_rules() -> &'static str {
///     "Run `cargo test` before saying you are done."
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use serde_json::json;
/// use tackle_runtime::testing::{OutcomeAssertions, TestHost};
///
/// let config = "[plugins.guard]\ndeny_prefixes = [\"npm publish\"]";
/// let host = TestHost::with_config(&["guard"], config).await;
/// host.before_tool_call("Bash", json!({"command": "npm publish"})).await
///     .assert_denied_by("guard::refuse")
///     .assert_denied_with("`npm publish` is refused here");
/// host.before_tool_call("Bash", json!({"command": "npm test"})).await.assert_abstains();
/// // The matcher: other tools never reach the hook.
/// host.before_tool_call("Read", json!({"command": "npm publish"})).await.assert_abstains();
/// assert!(host.system_context().await.text.contains("cargo test"));
/// # }
/// ```
///
/// * **Point.** The first argument: a canonical name from the
///   [catalogue](hook::HookPoint) (`before_tool_call`, `user_prompt_submit`,
///   `stop`, ...). An unknown name, or another spelling of a known one
///   (`PreToolUse`), is a compile error naming the canonical one.
/// * **Parameters.** The point's event by reference (`&BeforeToolCall`;
///   optional), and any of [`&HookContext`](hook::HookContext),
///   `&HookContext<Config>`, `&State` (the plugin's [state](PluginState)),
///   or [`&Session<T>`](session::Session) (a value the plugin keeps per
///   session, which survives between hook processes).
/// * **Returns.** At a decision point: `()`, `bool` (where hooks may deny),
///   [`Decision`](hook::Decision), `Option<Decision>`, or a `Result` of one
///   of these (an `Err` is a failure). `Decision` there is the point's
///   (`Decision<BeforeToolCall>`), so a decision the point does not take is
///   a compile error ([`hook::takes`]). At an observer point: `()` or
///   `Result<(), E>`. At `system_prompt`: the text to add (`String`,
///   `&'static str`, `Option<String>`, or a `Result` of one). Anything else
///   does not compile.
/// * **Name.** Two hooks of one crate with one name do not compile, nor do
///   two tools, commands, cron jobs, doctor checks or providers.
/// * **Options.** `matcher = "..."`: tool names (`Bash`, `Edit|Write`) or,
///   with any other character, an unanchored regex, as Claude Code reads
///   matchers; checked at compile time, only at points that have something
///   to match. `args = "git push*"`: a glob that one top-level argument value
///   must match whole (`*` crosses `/`). `order = N`: position among the
///   plugin's hooks at the point. `timeout_ms = N` (async hooks only; the
///   host's default otherwise; an `async fn` with no `.await` runs inline
///   like a sync hook, with no allocation and nothing to time out).
///   `on_error = "closed"`: a failure denies
///   instead of abstaining (decision points that can deny only).
///   `name = "..."`: the name messages use (default: the function's).
///
/// # Each kind of decision
///
/// ```rust,standalone_crate
/// use serde_json::json;
/// use tackle::prelude::*;
/// # tackle::plugin! { id: "kinds" }
///
/// /// One decision of each kind, chosen by the command's first word.
/// #[hook(before_tool_call, matcher = "Bash")]
/// fn decide(ev: &BeforeToolCall) -> Decision {
///     let command = ev.arguments["command"].as_str().unwrap_or_default();
///     match command.split_whitespace().next() {
///         Some("ls") => Decision::allow(),
///         Some("git") => Decision::ask_because("git can rewrite history"),
///         Some("rm") => Decision::deny("no rm here"),
///         Some("grep") => Decision::modify(json!({"command": command.replacen("grep", "rg", 1)})),
///         Some("cargo") => Decision::context("Run `cargo test` before saying you are done."),
///         _ => Decision::abstain(),
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_runtime::testing::{OutcomeAssertions, TestHost};
///
/// let host = TestHost::new(&["kinds"]).await;
/// host.before_tool_call("Bash", json!({"command": "ls"})).await.assert_allowed();
/// host.before_tool_call("Bash", json!({"command": "git push"})).await.assert_asks();
/// host.before_tool_call("Bash", json!({"command": "rm -r src"})).await
///     .assert_denied_with("no rm here");
/// host.before_tool_call("Bash", json!({"command": "grep fn src"})).await
///     .assert_modified(json!({"command": "rg fn src"}));
/// host.before_tool_call("Bash", json!({"command": "cargo build"})).await
///     .assert_abstains()
///     .assert_context("cargo test");
/// host.before_tool_call("Bash", json!({"command": "echo hi"})).await
///     .assert_abstains()
///     .assert_no_context()
///     .assert_no_failures();
/// # }
/// ```
///
/// Hooks run in the host's plugin order, then by `order`, then by source
/// location. See [`hook`](mod@hook) for how their decisions fold.
pub use tackle_macros::hook;

/// Makes a function a slash command: something a person runs by name,
/// `/review --depth 2 src`, inside the agent or on the host's command line.
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
/// # tackle::plugin! { id: "reviews", config: ReviewConfig }
/// # #[tackle::data] #[derive(Deserialize, JsonSchema, Default)]
/// # pub struct ReviewConfig { pub max_depth: u32 }
///
/// // The doc comment is what `/review --help` and listings show.
/// /// Review the changes under a folder.
/// #[command(aliases = ["r", "rev"], category = "git")]
/// async fn review(
///     ctx: &CommandContext<ReviewConfig>, // filled by tackle
///     /// The folder to review.
///     #[positional]
///     dir: String,                        // `/review src`
///     /// How many levels of callers to follow.
///     #[schemars(range(min = 1, max = 5))]
///     depth: Option<u32>,                 // `--depth 2`; Option: not required
///     /// Only list the files.
///     brief: bool,                        // `--brief`, a flag
/// ) -> Result<String, String> {
///     let depth = depth.unwrap_or(1).min(ctx.config().max_depth);
///     if dir.is_empty() {
///         return Err("name a folder".into()); // a failure the person reads
///     }
///     Ok(format!("reviewing {dir} to depth {depth} (brief: {brief}) from {}", ctx.origin()))
/// }
///
/// /// Show where the agent keeps its files.
/// #[command(name = "agent-dir", surface = "host")]
/// fn agent_dir(ctx: &CommandContext) -> String {
///     ctx.agent_dir().display().to_string()
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_runtime::testing::TestHost;
///
/// let host = TestHost::with_config(&["reviews"], "[plugins.reviews]\nmax_depth = 2").await;
/// let out = host.host().run_command("/review src --depth 3 --brief").await.unwrap();
/// assert!(out.text.starts_with("reviewing src to depth 2 (brief: true)"), "{}", out.text);
///
/// // Aliases, any case.
/// assert!(host.host().run_command("/R src").await.is_ok());
///
/// // A typo is refused before the function runs, with the nearest option.
/// let typo = host.host().run_command("/review src --dpth 2").await.unwrap_err();
/// assert!(typo.to_string().contains("--depth"), "{typo}");
/// # }
/// ```
///
/// * **Name.** The function's name in kebab-case (`review_pr` →
///   `review-pr`), or `name = "..."`; checked against `^[a-z][a-z0-9-]*$`
///   at compile time. The host binary's own subcommands
///   ([`command::RESERVED_NAMES`]: `list`, `call`, `command`, `run`, ...)
///   are refused, as names and as aliases. People may type any case, with
///   or without the `/`.
/// * **Options.** `aliases = ["r", "rev"]` (same rule), `category = "..."`,
///   `surface = "agent" | "host" | "either"` (where it may run; default
///   `either`), `description = "..."` (default: the doc comment; one of the
///   two is required), `order = N` (position among the plugin's commands).
///   An unknown option is an error naming the nearest known one.
/// * **Arguments.** Parameters taken by value become `--kebab-name` options
///   of a generated arguments type, as a tool's do: `///` is the help line,
///   `bool` is a flag, numbers are parsed as such, `Vec<T>` repeats, enums
///   list their possible values, `Option` is not required, `#[serde]` and
///   `#[schemars]` pass through. `#[positional]` takes one in order without
///   its name. Or mark one parameter `#[args]` to take all arguments as
///   your own `Deserialize + JsonSchema` type (a positional field there has
///   `#[schemars(extend("x-positional" = true))]`).
/// * **Contexts.** Reference parameters are filled by tackle:
///   [`&CommandContext`](command::CommandContext), `&CommandContext<Config>`,
///   `&PluginContext<Config>`, or `&State`.
/// * **Returns.** Anything [`IntoCommandOutput`](command::IntoCommandOutput):
///   `()`, `String`, `&'static str`, [`CommandOutput`](command::CommandOutput),
///   or `Result<T, E: Display>` (an `Err` is a failure the person reads).
/// * `fn` or `async fn`; not generic, not a method, not `unsafe`.
///
/// The host builds a `clap` parser from the command's metadata and the
/// JSON Schema of its arguments on first use: `/review --help` is generated
/// help, a typo gets clap's "a similar argument exists: '--depth'", and the
/// parsed values go through the same typed deserialization and schema
/// constraints as a tool's arguments, each error naming its `--option`.
pub use tackle_macros::command;

/// Makes a function a scheduled job: the host's scheduler (`<bin> run`)
/// calls it at the times a cron expression names.
///
/// ```rust,standalone_crate
/// use std::sync::Mutex;
/// use std::time::{Duration, SystemTime};
/// use tackle::prelude::*;
///
/// tackle::plugin! {
///     id: "janitor",
///     config: JanitorConfig,
///     state: Sessions,
///     // Jobs without Rust code: a prompt for the host's subagent bridge (or one of the
///     // plugin's subagents, with a JSON payload), or a program to run.
///     cron_jobs: [
///         { key: "digest", schedule: "0 9 * * 1-5", timezone: "Europe/Paris",
///           prompt: "Summarise yesterday's commits" },
///         { key: "gc", schedule: "0 4 * * SUN", exec: ["git", "gc", "--auto"], enabled: false },
///     ],
/// }
///
/// #[tackle::data]
/// #[derive(Deserialize, JsonSchema, Default)]
/// pub struct JanitorConfig {
///     /// Hours a session may stay idle.
///     pub max_idle_hours: u64,
/// }
///
/// /// Last activity per session.
/// pub struct Sessions(Mutex<Vec<(String, SystemTime)>>);
///
/// impl PluginState for Sessions {
///     type Config = JanitorConfig;
///     async fn init(_: &PluginContext<JanitorConfig>) -> Result<Self, BoxError> {
///         Ok(Sessions(Mutex::default()))
///     }
/// }
///
/// /// Forgets sessions idle for too long, at 03:00 Paris time.
/// #[cron("0 3 * * *", timezone = "Europe/Paris")]
/// async fn prune(ctx: &CronContext<JanitorConfig>, sessions: &Sessions) -> Result<(), String> {
///     let idle = Duration::from_secs(ctx.config().max_idle_hours * 3600);
///     let now = ctx.scheduled();
///     let mut list = sessions.0.lock().map_err(|e| e.to_string())?;
///     list.retain(|(_, seen)| now.duration_since(*seen).unwrap_or_default() < idle);
///     tackle::tracing::info!(job = ctx.job_id(), kept = list.len(), "pruned");
///     Ok(())
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_runtime::scheduler::Scheduler;
///
/// let host = tackle_runtime::testing::TestHost::new(&["janitor"]).await;
/// let scheduler = Scheduler::new(host.host());
/// let prune = scheduler.jobs().iter().find(|j| j.id == "__plugin_janitor_prune").unwrap();
/// assert_eq!(prune.expression, "0 3 * * *");
/// assert_eq!(prune.timezone, Some("Europe/Paris"));
/// assert!(scheduler.next_run(prune).is_some());
///
/// // Run it now, as `<bin> cron run-now` does.
/// assert!(scheduler.run_now("__plugin_janitor_prune").await.unwrap().is_success());
/// # }
/// ```
///
/// * **Schedule.** The first argument: five fields, `minute hour
///   day-of-month month day-of-week` (no seconds), with ranges, lists,
///   steps, names (`MON`, `JAN`), `L`, `W`, `#`, and `@daily`-style
///   nicknames. It is checked at compile time by the parser the scheduler
///   uses (croner, through `tackle_spec::cron`): a bad field, a sixth field or
///   a date that never comes does not compile.
/// * **Options.** `timezone = "Area/City"` (IANA, checked, a misspelling
///   gets the nearest name; default UTC), `key = "..."` (default: the
///   function's name; `^[a-z0-9][a-z0-9_-]*$`), `enabled = false` (off
///   unless `[cron] enable` in the host config turns it on).
/// * **Parameters.** Optional, by reference:
///   [`&CronContext`](cron::CronContext) or `&CronContext<Config>` (job id,
///   due time, origin `cron:<id>`, the plugin's context, a cancellation
///   token that fires at shutdown), and the plugin's `&State`.
/// * **Returns.** `()` or `Result<(), E: Display>`; an `Err` is a failed
///   run, reported and logged. A panic is contained and reported too.
/// * `fn` (run on a blocking thread) or `async fn`; not generic, not a method.
///
/// The job's id is `__plugin_<plugin id>_<key>`; `list` shows each job's
/// schedule, zone and next run; `run` runs them. Runs of one job never
/// overlap, missed runs are run once (never replayed), and shutdown waits a
/// grace period for running jobs: see the README's "Cron jobs".
pub use tackle_macros::cron;

/// Makes a function a doctor check: it looks at the plugin's setup and
/// reports what it found, optionally with a fix that `doctor --fix` applies.
///
/// ```rust,standalone_crate
/// use tackle::prelude::*;
/// # tackle::plugin! { id: "notes", config: NotesConfig }
/// # #[tackle::data] #[derive(Deserialize, JsonSchema)]
/// # pub struct NotesConfig { pub folder: String }
/// # impl Default for NotesConfig { fn default() -> Self { NotesConfig { folder: "notes".into() } } }
///
/// /// The notes folder exists.
/// #[doctor_check(name = "notes-folder", category = "files")]
/// fn notes_folder(ctx: &DoctorContext<NotesConfig>) -> CheckResult {
///     let folder = ctx.config().folder.clone();
///     let full = ctx.agent_path(&folder);
///     if full.is_dir() {
///         return CheckResult::ok(format!("`{folder}` exists"));
///     }
///     CheckResult::warn(format!("`{folder}` is missing: notes cannot be saved"))
///         .with_fix(Fix::new(format!("create `{folder}`"), [folder], move || {
///             std::fs::create_dir_all(&full)
///         }))
/// }
///
/// /// The notes service answers.
/// #[doctor_check]
/// async fn service() -> Result<CheckResult, std::io::Error> {
///     Ok(CheckResult::ok("the service answers"))
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_runtime::doctor::{CheckStatus, DoctorOptions};
/// use tackle_runtime::{Host, Registry};
///
/// let agent = std::env::temp_dir().join(format!("tackle-doc-doctor-{}", std::process::id()));
/// std::fs::create_dir_all(&agent).unwrap();
/// let host = Host::builder()
///     .agent_dir(&agent)
///     .registry(Registry::global().unwrap().only(&["notes"]))
///     .build()
///     .await
///     .unwrap();
///
/// let report = host.doctor(DoctorOptions { fix: true }).await;
/// let entry = report.entries.iter().find(|e| e.name == "notes-folder").unwrap();
/// assert_eq!(entry.status, CheckStatus::Warn); // what the check found ...
/// assert_eq!(entry.final_status(), CheckStatus::Ok); // ... and after its fix ran
/// assert!(agent.join("notes").is_dir());
/// # std::fs::remove_dir_all(&agent).ok();
/// # }
/// ```
///
/// * **Parameters.** Any of [`&DoctorContext`](doctor::DoctorContext)
///   (the agent folder, the check's name), `&DoctorContext<Config>` (also
///   the plugin's config), and `&State` (the plugin's
///   [state](PluginState)); anything else is a compile error that lists
///   these. Checks of a plugin that is off (its config or state failed, or
///   it is not enabled) do not run; `doctor` reports why.
/// * **Returns.** A [`CheckResult`](doctor::CheckResult) (`ok`, `warn` or
///   `fail`, a message, optionally a [`Fix`](doctor::Fix)), or a
///   `Result<CheckResult, E: Display>` whose `Err` is a failure.
/// * **Options.** `name = "..."` (default: the function's name) and
///   `category = "..."`, both `^[a-z][a-z0-9_-]{0,63}$`; the doc comment is
///   the description. Names are unique within a plugin.
/// * **Fixes.** A check only looks; what it would change goes in the
///   [`Fix`](doctor::Fix) it returns, with every path the fix changes
///   (relative to the agent folder). `doctor --fix` runs fixes one at a
///   time, in report order; a fix whose paths lead outside the agent folder
///   (after `..` and symlinks) is refused, not run; after a fix its check
///   runs again. A check or fix that panics is reported as a failure.
/// * `fn` or `async fn`; not generic, not a method, not `unsafe`.
pub use tackle_macros::doctor_check;

/// Registers an LLM provider: a function that builds a
/// [`Provider`](provider::Provider) from its plugin's config when the host
/// starts.
///
/// ```rust,standalone_crate
/// use tackle::def::BoxFuture;
/// use tackle::prelude::*;
/// use tackle::provider::{Model, Provider, ProviderError, Reply, Request};
///
/// tackle::plugin! { id: "canned", config: CannedConfig }
///
/// /// Settings from `[plugins.canned]` in the host config.
/// #[tackle::data]
/// #[derive(Deserialize, JsonSchema, Default)]
/// pub struct CannedConfig {
///     /// What it answers.
///     pub answer: String,
/// }
///
/// pub struct Canned {
///     answer: String,
/// }
///
/// impl Provider for Canned {
///     fn models(&self) -> Vec<Model> {
///         vec![Model::new("canned-1")]
///     }
///
///     fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
///         let reply = Reply::text(request.model, self.answer.clone());
///         Box::pin(async move { Ok(reply) })
///     }
/// }
///
/// // The doc comment is the description hosts list.
/// /// Answers every request with the configured text.
/// #[provider(name = "canned")]
/// fn build(ctx: &PluginContext<CannedConfig>) -> Result<Canned, String> {
///     match ctx.config().answer.as_str() {
///         "" => Err("set `answer` in `[plugins.canned]`".into()),
///         answer => Ok(Canned { answer: answer.to_owned() }),
///     }
/// }
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle::provider::{Message, Request};
///
/// let config = "[plugins.canned]\nanswer = \"It compiles.\"";
/// let host = tackle_runtime::testing::TestHost::with_config(&["canned"], config).await;
/// let canned = host.host().provider("canned").unwrap();
/// assert_eq!(canned.plugin(), "canned");
/// assert_eq!(canned.description(), "Answers every request with the configured text.");
///
/// let request = Request::new("canned-1").with_message(Message::user("Does it build?"));
/// let reply = canned.provider().complete(request).await.unwrap();
/// assert_eq!(reply.text, "It compiles.");
/// # }
/// ```
///
/// * **Name.** `name = "..."`, else the function's name; checked at compile
///   time against `^[a-z][a-z0-9_-]*$` (at most 64 characters), since
///   people type it: `provider = "canned"` in `tackle.toml`, `complete
///   --provider canned` on the command line. Two linked providers with one
///   name stop the host, naming both.
/// * **Description.** The doc comment, or `description = "..."`; one of
///   the two is required.
/// * **Parameters.** None, or `&PluginContext<Config>` with the plugin's
///   config type (`&PluginContext` for a plugin without one).
/// * **Returns.** A type that implements [`Provider`](provider::Provider),
///   or a `Result` of one whose error converts into [`BoxError`] (`String`,
///   any error type); `impl Provider` works too.
/// * `fn` or `async fn`; not generic, not a method, not `unsafe`.
///
/// The host calls the function once when it starts, after the plugin's
/// config is checked and its state started. An `Err`, a panic, or (with an
/// `init_timeout`) a factory that takes too long switches the plugin off
/// and reports it, as a failing state does; the other plugins run. Hosts
/// list what they built (`host.providers()`, `list`) and select one by name
/// (`host.provider("canned")`) or take the default (`host.default_provider()`:
/// the config's `provider`, or the only one linked).
pub use tackle_macros::provider;

/// Lets `#[derive(Serialize, Deserialize, JsonSchema)]` work in a crate that
/// depends on `tackle` alone. Put it above the derive:
///
/// ```
/// use tackle::prelude::*;
///
/// #[tackle::data]
/// #[derive(Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
/// pub struct Count {
///     /// Lines counted.
///     pub lines: usize,
/// }
///
/// let json = tackle::serde_json::to_value(Count { lines: 3 }).unwrap();
/// assert_eq!(json, tackle::serde_json::json!({"lines": 3}));
/// assert_eq!(tackle::serde_json::from_value::<Count>(json).unwrap(), Count { lines: 3 });
///
/// let schema = tackle::schemars::schema_for!(Count);
/// assert_eq!(schema.get("required"), Some(&tackle::serde_json::json!(["lines"])));
/// ```
///
/// The prelude's `Serialize`, `Deserialize` and `JsonSchema` derives stand
/// in for serde's and schemars': `#[tackle::data]` replaces them with the
/// real ones, through tackle's re-exports, and adds `#[serde(crate = ...)]`
/// and `#[schemars(crate = ...)]` pointing there. Without it, a stand-in
/// says, on the type, to add it (rather than the real derives' "can't find
/// crate for `serde`").
pub use tackle_macros::data;

pub use schemars;
pub use serde;
pub use serde_json;
pub use tracing;

/// Declares a resource an MCP client can read: `#[resource("docs://changelog")]`
/// on a function returning its contents, or a template
/// `#[resource("docs://issues/{number}")]` whose variables are the
/// function's parameters. Options: `name`, `title`, `description` (else the
/// doc comment), `mime_type`, `complete(variable = function)`. See
/// [`resource`](mod@crate::resource).
pub use tackle_macros::resource;

/// Declares a prompt an MCP client can get: its parameters are its
/// arguments (described by their `///`, required unless `Option`), its
/// return value its messages. Options: `name`, `title`, `description`
/// (else the doc comment), `complete(argument = function)`. See
/// [`prompt`](mod@crate::prompt).
pub use tackle_macros::prompt;
