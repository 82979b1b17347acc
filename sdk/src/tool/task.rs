//! Whether a tool may run as a task (`#[tool(task)]`,
//! `#[tool(task = required)]`): MCP's tasks extension, where a long call
//! answers at once with a task id and the client polls for its result.

/// Whether a tool may run as an MCP task.
///
/// A task is the server's choice, made per call: a tool that supports one
/// runs as a task when the client's request declares the tasks extension
/// (`io.modelcontextprotocol/tasks`), and as an ordinary call otherwise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TaskSupport {
    /// Never a task: the call answers with its result (the default).
    #[default]
    No,
    /// `#[tool(task)]`: a task when the client takes tasks, an ordinary
    /// call when it does not.
    Optional,
    /// `#[tool(task = required)]`: only ever a task; a client that does
    /// not take tasks is refused (MCP error -32021) before any hook or the
    /// tool runs.
    Required,
}

impl TaskSupport {
    /// Whether the tool may run as a task at all.
    pub fn allowed(self) -> bool {
        self != TaskSupport::No
    }
}
