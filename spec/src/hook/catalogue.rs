//! The catalogue of hook points, as a macro: the one place a point is
//! added.

/// The one catalogue of hook points. Adding a point is one entry here.
///
/// `hook_catalogue!(then)` invokes the macro `then` with every entry, so
/// that each crate reads the one table its own way: `tackle` generates the
/// event types and the `HookPoint` enum from it, and this crate makes it
/// the table [`POINTS`](crate::hook::POINTS) that `#[hook]` checks against.
///
/// Each entry as written here:
///
/// ```text
/// /// What happens at this point (the first line is its summary).
/// canonical_name: EventType {
///     aliases: [every spelling used by the seed systems and the agents],
///     kind: decision[actions meaningful here] | observer | prompt,
///     matcher: field,    // optional: what `matcher = "..."` is matched against
///     args: field,       // optional: the tool arguments `args = "glob"` looks at
///     input: field,      // optional: what `Decision::modify` replaces
///     fields { the event's own fields; `session_id` and `cwd` are added to every event }
/// }
/// ```
///
/// An entry without `fields` has its event type written by hand (`event`).
/// The fields every tool event begins with (the tool's name, its arguments,
/// the call's id) are written once and stand as `$($tool_call)*` in each.
///
/// A field is `/// docs`, then `#[required]` if a decision needs it, then
/// `#[aliases("...")]` with the other keys agents send it under, then
/// `name: Type`. A required field must be in the agent's payload with a
/// value its type takes, or the event cannot be read (and a fail-closed
/// hook refuses it). Every other field is metadata: read whatever its shape
/// (a value of another shape is kept in the event's `unread`), so that an
/// agent's new or changed metadata never turns into a refusal. Mark only
/// what hooks decide on: the tool's name and input, the prompt, the model's
/// request or response.
///
/// Sources of the spellings: SuperQode (snake_case), AgentPlugins
/// (camelCase), TypeClaw (`session.start`), Google ADK (`*_callback`), Claude
/// Code, Codex and Kimi (PascalCase), Gemini CLI (`BeforeTool`), Copilot CLI
/// (camelCase), OpenCode (`tool.execute.before`), Pi (`tool_call`).
///
/// `then` gets each entry read, in one fixed order, one token tree a part
/// (the lists in brackets, comma-separated; the optional parts in brackets,
/// empty where the entry has none): `[docs] name Event [aliases] kind
/// [actions] [matcher] [args] [input] [{ fields }]`, the fields as written.
///
/// ```
/// // A macro that takes the entries: here, it counts them.
/// macro_rules! count {
///     ($($docs:tt $name:ident $Event:ident $aliases:tt $kind:ident $actions:tt
///         $matcher:tt $args:tt $input:tt $fields:tt)*) => {
///         const COUNT: usize = [$(stringify!($name)),*].len();
///     };
/// }
/// tackle_spec::hook_catalogue!(count);
/// assert_eq!(COUNT, tackle_spec::hook::POINTS.len());
/// ```
#[macro_export]
macro_rules! hook_catalogue {
    ($then:ident) => {
        $crate::hook_catalogue!(@with $then, tool_call: {
            /// The tool, as the agent names it (`Bash`, `run_shell_command`, `mcp__srv__tool`).
            #[required]
            #[aliases("tool", "toolName")]
            tool_name: String,
            /// The arguments the model gave.
            #[required]
            #[aliases("tool_input", "toolArgs", "args")]
            arguments: serde_json::Value,
            /// The agent's id for this call.
            #[aliases("tool_call_id", "callID")]
            tool_use_id: Option<String>,
        });
    };
    // The fields every tool event begins with (`tool_call`) are written
    // once, above, and spliced into each of them.
    (@with $then:ident, tool_call: { $($tool_call:tt)* }) => {
        $crate::hook_catalogue!(@entries $then
            // ----- set-up and sessions -----

            /// The plugin is being installed or set up (once, outside any session).
            setup: Setup {
                aliases: ["Setup"],
                kind: observer,
                matcher: trigger,
                fields {
                    /// Why set-up runs (`init`, `maintenance`), when the agent says.
                    trigger: Option<String>,
                }
            }

            /// A session begins, before its first turn. Hooks may add context.
            session_start: SessionStart {
                aliases: ["sessionStart", "SessionStart", "session.start"],
                kind: decision[context],
                matcher: source,
                fields {
                    /// How it started: `startup`, `resume`, `clear` or `compact`.
                    source: Option<String>,
                }
            }

            /// A session ends.
            session_end: SessionEnd {
                aliases: ["sessionEnd", "SessionEnd", "session.end"],
                kind: observer,
                matcher: reason,
                fields {
                    /// Why it ended (`clear`, `logout`, `prompt_input_exit`, ...).
                    reason: Option<String>,
                }
            }

            /// The session has been idle for a while.
            session_idle: SessionIdle {
                aliases: ["session.idle"],
                kind: observer,
                fields {
                    /// How long it has been idle, in milliseconds.
                    idle_ms: u64,
                }
            }

            /// A user turn starts (one prompt and everything the agent does for it).
            turn_start: TurnStart {
                aliases: ["session.turn.start", "before_run_callback"],
                kind: observer,
                fields {
                    /// The prompt that starts the turn, when known.
                    prompt: Option<String>,
                }
            }

            /// A user turn ends.
            turn_end: TurnEnd {
                aliases: ["session.turn.end", "after_run_callback"],
                kind: observer,
                fields {}
            }

            /// One iteration of the agent loop (a model call and its tools) is done.
            after_turn_complete: AfterTurnComplete {
                aliases: [],
                kind: observer,
                fields {
                    /// How many tools ran in this iteration.
                    tool_calls: u64,
                }
            }

            // ----- prompts -----

            /// The user submitted a prompt. Deny blocks it; modify rewrites it
            /// (a string); context is added to the turn.
            user_prompt_submit: UserPromptSubmit {
                aliases: [
                    "userPromptSubmit", "UserPromptSubmit", "userPromptSubmitted",
                    "on_user_message_callback", "BeforeAgent",
                ],
                kind: decision[deny, modify, context],
                input: prompt,
                fields {
                    /// The prompt as the user wrote it.
                    #[required]
                    prompt: String,
                }
            }

            /// A slash command or prompt template is being expanded.
            user_prompt_expansion: UserPromptExpansion {
                aliases: ["userPromptExpansion", "UserPromptExpansion"],
                kind: decision[deny, context],
                matcher: command_name,
                fields {
                    /// The prompt being expanded.
                    prompt: String,
                    /// The command, when a slash command is expanded.
                    command_name: Option<String>,
                    /// The command's arguments, as typed.
                    command_args: Option<String>,
                }
            }

            /// The system prompt is being assembled. Hooks return text to add to it
            /// (with each plugin's context files, under the host's cap).
            system_prompt: SystemPrompt {
                aliases: ["session.prompt"],
                kind: prompt,
                fields {
                    /// The system prompt as assembled before plugins add to it.
                    prompt: String,
                }
            }

            /// Instruction files (such as `CLAUDE.md`) were loaded.
            instructions_loaded: InstructionsLoaded {
                aliases: ["InstructionsLoaded"],
                kind: observer,
                fields {
                    /// The file that was loaded.
                    file_path: Option<String>,
                    /// Why it was loaded.
                    load_reason: Option<String>,
                }
            }

            // ----- the model -----

            /// A request is about to go to the model. Deny skips the call; modify
            /// replaces the request.
            before_llm_call: BeforeLlmCall {
                aliases: ["before_model_callback", "BeforeModel"],
                kind: decision[deny, modify, context],
                input: request,
                fields {
                    /// The request, in the agent's own shape.
                    #[required]
                    request: serde_json::Value,
                }
            }

            /// The model answered. Modify replaces the response.
            after_llm_call: AfterLlmCall {
                aliases: ["after_model_callback", "AfterModel"],
                kind: decision[modify, context],
                input: response,
                fields {
                    /// The response, in the agent's own shape.
                    #[required]
                    response: serde_json::Value,
                }
            }

            /// A model call failed.
            model_error: ModelError {
                aliases: ["on_model_error_callback"],
                kind: observer,
                fields {
                    /// What went wrong.
                    error: String,
                }
            }

            /// The agent is choosing which tools to offer the model. Modify
            /// replaces the list.
            before_tool_selection: BeforeToolSelection {
                aliases: ["BeforeToolSelection"],
                kind: decision[modify],
                input: tools,
                fields {
                    /// The tools on offer, in the agent's own shape.
                    #[required]
                    tools: serde_json::Value,
                }
            }

            /// The user is switching models. Deny keeps the current one.
            before_model_switch: BeforeModelSwitch {
                aliases: ["PreModelSwitch"],
                kind: decision[deny],
                fields {
                    /// The model in use.
                    previous_model: Option<String>,
                    /// The model asked for.
                    model: Option<String>,
                }
            }

            /// The model was switched.
            after_model_switch: AfterModelSwitch {
                aliases: ["PostModelSwitch"],
                kind: observer,
                fields {
                    /// The model used before.
                    previous_model: Option<String>,
                    /// The model now in use.
                    model: Option<String>,
                }
            }

            /// The agent chose which context (files, snippets) to give the model.
            context_selection: ContextSelection {
                aliases: [],
                kind: observer,
                fields {
                    /// What was selected, in the agent's own shape.
                    selected: serde_json::Value,
                }
            }

            /// The agent retrieved context for a query.
            context_retrieval: ContextRetrieval {
                aliases: [],
                kind: observer,
                fields {
                    /// What was searched for.
                    query: String,
                    /// What came back, in the agent's own shape.
                    results: serde_json::Value,
                }
            }

            // ----- tools -----

            /// A tool is about to run. Deny stops it; ask hands it to the user;
            /// allow skips the prompt; modify rewrites its arguments.
            before_tool_call: BeforeToolCall {
                aliases: [
                    "preToolUse", "PreToolUse", "tool.before", "before_tool_callback",
                    "BeforeTool", "tool.execute.before", "tool_call",
                ],
                kind: decision[allow, deny, ask, modify, context],
                matcher: tool_name,
                args: arguments,
                input: arguments,
                fields {
                    $($tool_call)*
                    /// The MCP server the tool belongs to, for an MCP tool.
                    mcp_server: Option<McpServer>,
                }
            }

            /// A tool returned (a tool that failed is `tool_error`). Deny tells the
            /// model the result was refused; modify replaces the result; context is
            /// added after it.
            after_tool_call: AfterToolCall {
                aliases: [
                    "postToolUse", "PostToolUse", "tool.after", "after_tool_callback",
                    "AfterTool", "tool.execute.after", "tool_result",
                ],
                kind: decision[deny, modify, context],
                matcher: tool_name,
                args: arguments,
                input: response,
                fields {
                    $($tool_call)*
                    /// What the tool returned, in the agent's own shape.
                    #[required]
                    #[aliases("tool_response", "tool_output", "toolResult")]
                    response: serde_json::Value,
                    /// How long it ran, in milliseconds.
                    duration_ms: Option<u64>,
                    /// The MCP server the tool belongs to, for an MCP tool.
                    mcp_server: Option<McpServer>,
                }
            }

            /// A tool failed (raised, exited non-zero, or was interrupted).
            tool_error: ToolFailure {
                aliases: ["postToolUseFailure", "PostToolUseFailure", "on_tool_error_callback"],
                kind: decision[context],
                matcher: tool_name,
                args: arguments,
                fields {
                    $($tool_call)*
                    /// What went wrong.
                    error: String,
                    /// Whether the user interrupted it.
                    is_interrupt: bool,
                    /// The MCP server the tool belongs to, for an MCP tool.
                    mcp_server: Option<McpServer>,
                }
            }

            /// A batch of parallel tool calls finished.
            after_tool_batch: AfterToolBatch {
                aliases: ["PostToolBatch"],
                kind: observer,
                fields {
                    /// The calls of the batch, in the agent's own shape.
                    calls: serde_json::Value,
                }
            }

            /// A tool needs permission. Permission rules are evaluated here first;
            /// deny refuses, allow grants, ask leaves it to the user, modify grants
            /// with rewritten arguments.
            permission_request: PermissionRequest {
                aliases: ["permissionRequest", "PermissionRequest", "permission.ask"],
                kind: decision[allow, deny, ask, modify],
                matcher: tool_name,
                args: arguments,
                input: arguments,
                fields {
                    $($tool_call)*
                    /// What the agent suggests offering the user.
                    #[aliases("permission_suggestions")]
                    suggestions: Option<serde_json::Value>,
                    /// The MCP server the tool belongs to, for an MCP tool.
                    mcp_server: Option<McpServer>,
                }
            }

            /// A permission was refused.
            permission_denied: PermissionDenied {
                aliases: ["permissionDenied", "PermissionDenied"],
                kind: observer,
                matcher: tool_name,
                args: arguments,
                fields {
                    $($tool_call)*
                    /// Why it was refused.
                    reason: Option<String>,
                    /// The MCP server the tool belongs to, for an MCP tool.
                    mcp_server: Option<McpServer>,
                }
            }

            // ----- agents and subagents -----

            /// An agent (the main one or a sub-agent) is about to run. Deny skips it.
            agent_start: AgentStart {
                aliases: ["before_agent_callback"],
                kind: decision[deny, context],
                matcher: agent_name,
                fields {
                    /// The agent's name.
                    agent_name: String,
                }
            }

            /// An agent finished its run.
            agent_end: AgentEnd {
                aliases: ["after_agent_callback"],
                kind: observer,
                matcher: agent_name,
                fields {
                    /// The agent's name.
                    agent_name: String,
                }
            }

            /// An agent's run failed.
            agent_error: AgentError {
                aliases: ["on_agent_error_callback"],
                kind: observer,
                matcher: agent_name,
                fields {
                    /// The agent's name.
                    agent_name: String,
                    /// What went wrong.
                    error: String,
                }
            }

            /// A subagent was spawned. Hooks may add context to it.
            subagent_start: SubagentStart {
                aliases: ["subagentStart", "SubagentStart"],
                kind: decision[context],
                matcher: agent_type,
                fields {
                    /// The subagent's id.
                    agent_id: Option<String>,
                    /// The subagent's type (its definition's name).
                    agent_type: Option<String>,
                }
            }

            /// A subagent wants to stop. Deny makes it continue, with the reason as
            /// its next instruction.
            subagent_stop: SubagentStop {
                aliases: ["subagentStop", "SubagentStop"],
                kind: decision[deny, context],
                matcher: agent_type,
                fields {
                    /// The subagent's id.
                    agent_id: Option<String>,
                    /// The subagent's type.
                    agent_type: Option<String>,
                    /// Its last message.
                    last_assistant_message: Option<String>,
                    /// Where its transcript is.
                    agent_transcript_path: Option<String>,
                    /// Whether a stop hook already made it continue once.
                    stop_hook_active: bool,
                }
            }

            /// The agent wants to stop answering. Deny makes it continue, with the
            /// reason as its next instruction.
            stop: Stop {
                aliases: ["Stop", "agentStop", "AfterAgent"],
                kind: decision[deny, context],
                fields {
                    /// The agent's last message.
                    last_assistant_message: Option<String>,
                    /// Whether a stop hook already made it continue once.
                    stop_hook_active: bool,
                }
            }

            /// The turn ended because of an error (an API failure, a crash).
            stop_failure: StopFailure {
                aliases: ["stopFailure", "StopFailure", "errorOccurred", "on_run_error_callback"],
                kind: observer,
                fields {
                    /// What went wrong.
                    error: Option<String>,
                }
            }

            /// The user interrupted the agent.
            interrupt: Interrupt {
                aliases: ["Interrupt"],
                kind: observer,
                fields {}
            }

            /// A teammate agent is about to go idle. Deny keeps it working.
            teammate_idle: TeammateIdle {
                aliases: ["TeammateIdle"],
                kind: decision[deny],
                fields {
                    /// The teammate's name.
                    teammate_name: Option<String>,
                }
            }

            /// A task was created.
            task_created: TaskCreated {
                aliases: ["TaskCreated"],
                kind: observer,
                fields {
                    /// The task's id.
                    task_id: Option<String>,
                    /// Its subject.
                    task_subject: Option<String>,
                }
            }

            /// A task was completed.
            task_completed: TaskCompleted {
                aliases: ["TaskCompleted"],
                kind: observer,
                fields {
                    /// The task's id.
                    task_id: Option<String>,
                    /// Its subject.
                    task_subject: Option<String>,
                }
            }

            // ----- compaction -----

            /// The conversation is about to be compacted. Deny prevents it.
            before_compact: BeforeCompact {
                aliases: ["preCompact", "PreCompact", "PreCompress"],
                kind: decision[deny, context],
                matcher: trigger,
                fields {
                    /// `manual` or `auto`.
                    trigger: Option<String>,
                    /// The user's instructions for the summary.
                    custom_instructions: Option<String>,
                }
            }

            /// The conversation was compacted.
            after_compact: AfterCompact {
                aliases: ["postCompact", "PostCompact"],
                kind: observer,
                matcher: trigger,
                fields {
                    /// `manual` or `auto`.
                    trigger: Option<String>,
                    /// The summary that replaced the conversation.
                    compact_summary: Option<String>,
                }
            }

            // ----- the environment -----

            /// The agent shows the user a notification.
            notification: Notification {
                aliases: ["Notification"],
                kind: observer,
                matcher: notification_type,
                fields {
                    /// The text.
                    message: String,
                    /// The title, if any.
                    title: Option<String>,
                    /// Its kind (`permission_prompt`, `idle_prompt`, ...).
                    notification_type: Option<String>,
                }
            }

            /// A file the agent watches changed on disk.
            file_changed: FileChanged {
                aliases: ["fileChanged", "FileChanged"],
                kind: observer,
                matcher: file_path,
                fields {
                    /// The file.
                    file_path: String,
                    /// `change`, `add` or `unlink`.
                    #[aliases("event")]
                    change: Option<String>,
                }
            }

            /// The working directory changed.
            cwd_changed: CwdChanged {
                aliases: ["cwdChanged", "CwdChanged"],
                kind: observer,
                fields {
                    /// The directory before.
                    old_cwd: Option<String>,
                    /// The directory now.
                    new_cwd: String,
                }
            }

            /// A directory was added to the workspace.
            directory_added: DirectoryAdded {
                aliases: ["DirectoryAdded"],
                kind: observer,
                fields {
                    /// The directory.
                    directory: String,
                }
            }

            /// A settings file changed while the agent runs. Deny refuses the change.
            config_change: ConfigChange {
                aliases: ["ConfigChange"],
                kind: decision[deny],
                matcher: source,
                fields {
                    /// Which settings changed (`user_settings`, `project_settings`, ...).
                    source: Option<String>,
                    /// The file, if any.
                    file_path: Option<String>,
                }
            }

            /// A git worktree was created for the session.
            worktree_create: WorktreeCreate {
                aliases: ["WorktreeCreate"],
                kind: observer,
                fields {
                    /// The worktree's name.
                    name: Option<String>,
                    /// Where it is.
                    path: Option<String>,
                }
            }

            /// A git worktree was removed.
            worktree_remove: WorktreeRemove {
                aliases: ["WorktreeRemove"],
                kind: observer,
                fields {
                    /// Where it was.
                    path: Option<String>,
                }
            }

            /// An MCP server asks the user for input. Allow accepts, deny declines.
            elicitation: Elicitation {
                aliases: ["Elicitation"],
                kind: decision[allow, deny],
                matcher: server_name,
                fields {
                    /// The MCP server asking.
                    #[aliases("mcp_server_name")]
                    server_name: Option<String>,
                    /// What it asks.
                    message: String,
                    /// The form it asks for, as a JSON Schema.
                    requested_schema: Option<serde_json::Value>,
                }
            }

            /// The user answered an MCP server's request for input.
            elicitation_result: ElicitationResult {
                aliases: ["ElicitationResult"],
                kind: observer,
                matcher: server_name,
                fields {
                    /// The MCP server that asked.
                    #[aliases("mcp_server_name")]
                    server_name: Option<String>,
                    /// `accept`, `decline` or `cancel`.
                    action: String,
                    /// What the user entered.
                    content: Option<serde_json::Value>,
                }
            }

            /// A message is shown to the user.
            message_display: MessageDisplay {
                aliases: ["MessageDisplay"],
                kind: observer,
                fields {
                    /// The text.
                    message: String,
                }
            }

            /// Every event, after its own hooks ran, with their outcome: for audit
            /// logs and metrics. Its event type is [`AnyEvent`](crate::hook::AnyEvent).
            event: AnyEvent {
                aliases: ["on_event_callback"],
                kind: observer,
            }
        );
    };
    // The entries' grammar, read here once and handed to `then` in one
    // fixed order, each part bracketed (empty where the entry has none).
    (@entries $then:ident $(
        $(#[doc = $doc:literal])*
        $name:ident : $Event:ident {
            aliases: [$($alias:literal),* $(,)?],
            kind: $kind:ident $([$($action:ident),* $(,)?])?,
            $(matcher: $subject:ident,)?
            $(args: $args:ident,)?
            $(input: $input:ident,)?
            $(fields { $($fields:tt)* })?
        }
    )*) => {
        $then! { $(
            [$($doc)*] $name $Event [$($alias),*] $kind [$($($action),*)?]
            [$($subject)?] [$($args)?] [$($input)?] [$({ $($fields)* })?]
        )* }
    };
}
