//! A plugin's slash commands, served as prompts: each command a prompt of
//! its name with one optional argument, `arguments` (what would follow
//! `/name` on a command line); getting it runs the command, as the agent
//! would, and its output is one message from the user.

use rmcp::ErrorData;
#[cfg(feature = "slash-commands")]
use tackle::Origin;
use tackle::command::{CommandDef, Surface};
use tackle::prompt::PromptMessage;
use tackle_host::Host;

/// The argument of a command served as a prompt.
pub(crate) const ARGUMENTS: &str = "arguments";

/// Where a command run over MCP comes from, for permissions and hooks.
#[cfg(feature = "slash-commands")]
const ORIGIN: &str = "mcp";

/// The commands that may run inside an agent's session, of ready plugins;
/// none without the `slash-commands` feature, which runs them.
pub(crate) fn served(host: &Host) -> impl Iterator<Item = &'static CommandDef> + '_ {
    host.commands()
        .iter()
        .copied()
        .filter(|c| cfg!(feature = "slash-commands") && host.is_runnable(c, Surface::Agent))
}

/// Runs `/name arguments` and gives its output as one message from the user.
#[cfg(feature = "slash-commands")]
pub(crate) async fn get(
    host: &Host,
    def: &CommandDef,
    arguments: Option<&str>,
) -> Result<Vec<PromptMessage>, ErrorData> {
    let line = match arguments.map(str::trim).filter(|a| !a.is_empty()) {
        Some(arguments) => format!("/{} {arguments}", def.name),
        None => format!("/{}", def.name),
    };
    let output = host
        .run_command_on(&line, Surface::Agent, Origin(ORIGIN.to_owned()))
        .await
        .map_err(|e| ErrorData::invalid_params(format!("`{line}`: {e}"), None))?;
    Ok(vec![PromptMessage::user(output.text)])
}

/// Never reached: without the feature no command is served.
#[cfg(not(feature = "slash-commands"))]
pub(crate) async fn get(
    _host: &Host,
    def: &CommandDef,
    _arguments: Option<&str>,
) -> Result<Vec<PromptMessage>, ErrorData> {
    Err(ErrorData::invalid_params(
        format!(
            "`/{}` cannot run: tackle-mcp was built without `slash-commands`",
            def.name
        ),
        None,
    ))
}
