//! Running a slash command line: split it, find the command (by name or
//! alias, any case, leading `/` optional), check its surface, parse its
//! arguments with the clap parser built once from its schema, deserialize
//! them like a tool's, then run it with panics contained.

use std::sync::Arc;

use serde_json::Value;
use tackle::HandlerError;
use tackle::Origin;
use tackle::command::{CommandCall, CommandDef, CommandHandler, CommandOutput, Surface};
use tracing::Instrument;

use super::CommandError;
use super::line;
use super::parser::{Parsed, Parser};
use crate::host::contain::{contain, contain_future, panic_message};
use crate::host::{Host, LoadState};
use crate::problems;
use crate::suggest;

/// Slash commands: running a command line.
impl Host {
    /// Runs a command line such as `/review --depth 2 src` as a person
    /// typing in the agent would: on [`Surface::Agent`], from origin `agent`.
    ///
    /// `--help` (or `-h`) is output, not an error: the command's generated
    /// help. Quoting follows the shell (`/grep "two words"`); nothing is
    /// expanded.
    ///
    /// ```rust,standalone_crate
    /// use tackle::prelude::*;
    ///
    /// tackle::plugin! { id: "finder" }
    ///
    /// /// Find a text in the project.
    /// #[command(aliases = ["f"])]
    /// fn find(
    ///     /// What to look for.
    ///     #[positional]
    ///     text: String,
    ///     /// At most this many hits.
    ///     limit: Option<u32>,
    /// ) -> String {
    ///     format!("looking for {text:?}, at most {}", limit.unwrap_or(10))
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tackle_host::{CommandError, Host, Registry};
    ///
    /// let registry = Registry::global().unwrap().only(&["finder"]);
    /// let host = Host::builder().registry(registry).build().await.unwrap();
    ///
    /// let out = host.run_command(r#"/find "two words" --limit 3"#).await.unwrap();
    /// assert_eq!(out.text, r#"looking for "two words", at most 3"#);
    /// assert_eq!(host.run_command("/F x").await.unwrap().text, r#"looking for "x", at most 10"#);
    ///
    /// let help = host.run_command("/find --help").await.unwrap();
    /// assert!(help.text.contains("--limit"), "{}", help.text);
    ///
    /// let error = host.run_command("/find x --limt 3").await.unwrap_err();
    /// assert!(error.to_string().contains("--limit"), "{error}");
    /// assert!(matches!(host.run_command("/fnd x").await, Err(CommandError::Unknown { .. })));
    /// # }
    /// ```
    pub async fn run_command(&self, line: &str) -> Result<CommandOutput, CommandError> {
        self.run_command_on(line, Surface::Agent, Origin::new("agent"))
            .await
    }

    /// Runs a command line on a chosen surface for a chosen origin (the
    /// CLI's `command` runs on [`Surface::Host`] from origin `cli`). A
    /// command whose `surface` does not allow `on` is refused.
    pub async fn run_command_on(
        &self,
        line: &str,
        on: Surface,
        origin: Origin,
    ) -> Result<CommandOutput, CommandError> {
        let words = line::split(line).map_err(|message| CommandError::Line { message })?;
        let Some((first, rest)) = words.split_first() else {
            return Err(CommandError::Empty {
                known: self.known_commands(on),
            });
        };
        let typed = first.strip_prefix('/').unwrap_or(first);
        let Some(index) = self
            .commands
            .by_name
            .get(&typed.to_ascii_lowercase())
            .copied()
        else {
            return Err(self.unknown(typed, on));
        };
        let def = self.commands.commands[index];
        if self.shut_down.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(CommandError::ShutDown {
                command: def.name.to_owned(),
            });
        }
        if !def.surface.allows(on) {
            return Err(CommandError::WrongSurface {
                command: def.name.to_owned(),
                surface: def.surface,
                on,
            });
        }
        let parser = self.commands.parsers[index]
            .get_or_init(|| match contain(|| Parser::build(def)) {
                Ok(built) => built,
                Err(panic) => Err(panic_message(&panic)),
            })
            .as_ref()
            .map_err(|message| CommandError::Definition {
                command: def.name.to_owned(),
                message: message.clone(),
            })?;
        // clap asserts on a definition it cannot use; contained, that is a
        // definition error, not a crash.
        let parsed = contain(|| parser.parse(rest)).map_err(|panic| CommandError::Definition {
            command: def.name.to_owned(),
            message: panic_message(&panic),
        })?;
        let args = match parsed {
            Parsed::Help(text) => return Ok(CommandOutput::text(text)),
            Parsed::Usage(message) => {
                return Err(CommandError::Usage {
                    command: def.name.to_owned(),
                    message,
                });
            }
            Parsed::Args(args) => args,
        };
        let LoadState::Ready {
            info,
            config,
            state,
        } = self.load_state(def.plugin.id)
        else {
            return Err(self.command_unavailable(def));
        };
        // Ranges, lengths and patterns are checked before the command runs.
        let constraints = self.commands.constraints[index]
            .get_or_init(|| problems::constraint_validator((def.args_schema)()));
        if let Some(validator) = constraints
            && !validator.is_valid(&args)
        {
            return Err(bad_arguments(def, parser, None, &args));
        }

        let span =
            tracing::info_span!(parent: info.span(), "command", name = def.name, origin = %origin);
        let call = CommandCall::new(
            def.name,
            args,
            Arc::from(line),
            on,
            origin,
            info.clone(),
            config.clone(),
            state.clone(),
        );
        let outcome = match def.handler {
            CommandHandler::Sync(f) => span.in_scope(|| contain(|| f(call))),
            CommandHandler::Async(f) => match span.in_scope(|| contain(|| f(call))) {
                Ok(Ok(future)) => contain_future(future).instrument(span).await.map(Ok),
                Ok(Err(e)) => Ok(Err(e)),
                Err(panic) => Err(panic),
            },
        };
        match outcome {
            Ok(Ok(Ok(output))) => Ok(output),
            Ok(Ok(Err(message))) => Err(CommandError::Failed {
                command: def.name.to_owned(),
                message,
            }),
            Ok(Err(HandlerError::Args { error, args })) => {
                Err(bad_arguments(def, parser, Some(&error.to_string()), &args))
            }
            Ok(Err(HandlerError::Internal(e))) => {
                tracing::error!(command = def.name, error = %e, "internal error");
                Err(CommandError::Failed {
                    command: def.name.to_owned(),
                    message: format!("internal error: {e}"),
                })
            }
            Err(panic) => {
                let message = panic_message(&panic);
                tracing::error!(command = def.name, plugin = def.plugin.id, panic = %message, "command panicked");
                Err(CommandError::Panicked {
                    command: def.name.to_owned(),
                    message,
                })
            }
        }
    }

    fn command_unavailable(&self, def: &CommandDef) -> CommandError {
        CommandError::PluginUnavailable {
            command: def.name.to_owned(),
            plugin: def.plugin.id.to_owned(),
            why: self.why_unavailable(def.plugin.id),
        }
    }

    /// The names of the commands that can run on `on`, as `/name`.
    fn runnable_names(&self, on: Surface) -> Vec<String> {
        self.commands
            .commands
            .iter()
            .filter(|c| self.is_runnable(c, on))
            .map(|c| format!("/{}", c.name))
            .collect()
    }

    fn known_commands(&self, on: Surface) -> String {
        let names = self.runnable_names(on);
        suggest::listing(&names.iter().map(String::as_str).collect::<Vec<_>>())
    }

    fn unknown(&self, typed: &str, on: Surface) -> CommandError {
        // Suggest among every name and alias that can run here.
        let candidates: Vec<&str> = self
            .commands
            .commands
            .iter()
            .filter(|c| self.is_runnable(c, on))
            .flat_map(|c| c.names())
            .collect();
        let suggestion = match nearest(&typed.to_ascii_lowercase(), &candidates) {
            Some(near) => format!("; did you mean `/{near}`?"),
            None => String::new(),
        };
        CommandError::Unknown {
            name: typed.to_owned(),
            suggestion,
            known: self.known_commands(on),
        }
    }
}

/// The likely intended name: the usual "did you mean", else (command names
/// are short, where that measure is weak) one edit or swap away, else the
/// only name the typed one begins.
fn nearest<'a>(typed: &str, names: &[&'a str]) -> Option<&'a str> {
    if let Some(near) = suggest::nearest(typed, names) {
        return Some(near);
    }
    if let Some(near) = names
        .iter()
        .copied()
        .find(|n| strsim::damerau_levenshtein(typed, n) <= 1)
    {
        return Some(near);
    }
    let mut starting = names.iter().copied().filter(|n| n.starts_with(typed));
    match (starting.next(), starting.next()) {
        (Some(only), None) if !typed.is_empty() => Some(only),
        _ => None,
    }
}

/// Every problem the schema finds in `args`, each naming its argument as
/// typed (`--depth`, `<SRC>`); serde's one complaint if the schema finds none.
fn bad_arguments(
    def: &CommandDef,
    parser: &Parser,
    serde_error: Option<&str>,
    args: &Value,
) -> CommandError {
    let found = problems::check((def.args_schema)(), args, false);
    let mut lines: Vec<String> = found
        .iter()
        .map(|p| {
            let key = p.path.split(['.', '[']).next().unwrap_or_default();
            let inner = p.path[key.len()..].trim_start_matches('.');
            match (parser.shown(key), inner.is_empty()) {
                (Some(shown), true) => format!("`{shown}`: {}", p.message),
                (Some(shown), false) => format!("`{shown}` (at `{inner}`): {}", p.message),
                (None, _) => p.to_string(),
            }
        })
        .collect();
    if lines.is_empty() {
        lines.push(serde_error.unwrap_or("the arguments do not fit").to_owned());
    }
    let mut message = format!("invalid arguments for `/{}`:", def.name);
    for line in lines {
        message.push_str("\n- ");
        message.push_str(&line);
    }
    message.push_str(&format!("\n(see `/{} --help`)", def.name));
    CommandError::Usage {
        command: def.name.to_owned(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn short_names_get_suggestions_too() {
        let names = ["loc", "largest", "greet", "lines"];
        assert_eq!(nearest("lco", &names), Some("loc"));
        assert_eq!(nearest("gret", &names), Some("greet"));
        assert_eq!(nearest("larg", &names), Some("largest"));
        assert_eq!(nearest("l", &names), None, "ambiguous prefix");
        assert_eq!(nearest("deploy", &names), None);
    }
}
