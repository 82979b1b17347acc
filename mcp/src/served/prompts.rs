//! `prompts/list` and `prompts/get`, over the plugins' `#[prompt]`s, then
//! their skills, then their slash commands (of one name, the first wins).

use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{GetPromptRequestParams, GetPromptResult, ListPromptsResult};
use tackle::prompt::{PromptContext, PromptDef, PromptMessage, linked_prompts};
use tackle::tool::ClientRequests;
use tackle_host::{Host, suggest};
use tokio::sync::mpsc::UnboundedReceiver;

use super::commands;
use super::input::Round;
use super::limit::Limits;
use super::skills::{self, Skill};
use super::{to_rmcp, wire};

/// The prompts of ready plugins, by plugin and name (the link order is
/// not stable).
pub(crate) fn served(host: &Host) -> impl Iterator<Item = &'static PromptDef> + '_ {
    super::of_ready(
        host,
        linked_prompts(),
        |p| p.plugin,
        |p| (p.plugin.id, p.name),
    )
}

pub(crate) fn list(host: &Host) -> Result<ListPromptsResult, ErrorData> {
    let skills: Vec<Skill> = skills::served(host)
        .filter(|s| !served(host).any(|p| p.name == s.def.name))
        .collect();
    let taken = |name: &str| {
        served(host).any(|p| p.name == name) || skills::served(host).any(|s| s.def.name == name)
    };
    let prompts: Vec<wire::Prompt> = served(host)
        .map(wire::Prompt::of)
        .chain(skills.iter().map(wire::Prompt::skill))
        .chain(
            commands::served(host)
                .filter(|c| !taken(c.name))
                .map(wire::Prompt::command),
        )
        .collect();
    Ok(ListPromptsResult::with_all_items(to_rmcp(
        prompts,
        "the prompt list",
    )?))
}

/// The prompt `name`; the error names the prompts there are.
pub(crate) fn find(host: &Host, name: &str) -> Result<&'static PromptDef, ErrorData> {
    if let Some(def) = served(host).find(|p| p.name == name) {
        return Ok(def);
    }
    let mut names: Vec<&str> = served(host).map(|p| p.name).collect();
    names.extend(skills::served(host).map(|s| s.def.name));
    names.extend(commands::served(host).map(|c| c.name));
    Err(ErrorData::invalid_params(
        format!(
            "unknown prompt `{name}`{} (prompts: {})",
            suggest::did_you_mean(name, &names),
            suggest::listing(&names)
        ),
        None,
    ))
}

/// Whether `name` is a skill or a command served as a prompt (no
/// `#[prompt]` has it): neither has arguments to complete.
pub(crate) fn is_skill_or_command(host: &Host, name: &str) -> bool {
    !served(host).any(|p| p.name == name)
        && (skills::served(host).any(|s| s.def.name == name)
            || commands::served(host).any(|c| c.name == name))
}

/// What a request for a prompt came to.
pub(crate) enum Got {
    /// Its messages.
    Messages(GetPromptResult),
    /// On protocol 2026-07-28, the questions the prompt asked its client
    /// (through `asking`'s asker) before it could go on: it stopped there.
    Asked(Round),
}

/// The client a prompt may ask, and on protocol 2026-07-28 where its
/// questions arrive.
pub(crate) struct PromptClient<'a> {
    pub(crate) client: Option<Arc<dyn ClientRequests>>,
    pub(crate) rounds: Option<&'a mut UnboundedReceiver<Round>>,
}

pub(crate) async fn get(
    host: &Arc<Host>,
    request: GetPromptRequestParams,
    limits: &Limits<'_>,
    asking: PromptClient<'_>,
) -> Result<Got, ErrorData> {
    if !served(host).any(|p| p.name == request.name)
        && let Some(skill) = skills::served(host).find(|s| s.def.name == request.name)
    {
        return to_rmcp(
            wire::GetResult {
                description: skill.def.description,
                messages: vec![PromptMessage::user(skill.def.body())],
            },
            "the skill",
        )
        .map(Got::Messages);
    }
    if !served(host).any(|p| p.name == request.name)
        && let Some(command) = commands::served(host).find(|c| c.name == request.name)
    {
        let arguments = request.arguments.unwrap_or_default();
        let line = arguments
            .get(commands::ARGUMENTS)
            .and_then(|v| v.as_str())
            .map(str::to_owned);
        // Under the limits: a sync command runs on the thread it is polled on.
        let host = Arc::clone(host);
        let messages = limits
            .run(
                &format!("the command `/{}`", command.name),
                Box::pin(async move { commands::get(&host, command, line.as_deref()).await }),
            )
            .await??;
        return to_rmcp(
            wire::GetResult {
                description: command.description,
                messages,
            },
            "the command's output",
        )
        .map(Got::Messages);
    }
    let def = find(host, &request.name)?;
    let arguments = request.arguments.unwrap_or_default();
    let context = PromptContext::new(def.name, asking.client);
    let get = (def.get)(arguments, context)
        .map_err(|why| ErrorData::invalid_params(format!("prompt `{}`: {why}", def.name), None))?;
    let what = format!("the prompt `{}`", def.name);
    let run = limits.run(&what, get);
    let messages = match asking.rounds {
        None => run.await?,
        Some(rounds) => tokio::select! {
            biased;
            Some(mut asked) = rounds.recv() => {
                // It waits for its answers: it stops here (dropped with
                // `run`), and runs again with them on the client's retry.
                while let Ok(round) = rounds.try_recv() {
                    asked.extend(round);
                }
                return Ok(Got::Asked(asked));
            }
            messages = run => messages?,
        },
    };
    let messages = messages.map_err(|why| {
        ErrorData::internal_error(format!("prompt `{}` failed: {why}", def.name), None)
    })?;
    to_rmcp(
        wire::GetResult {
            description: def.description,
            messages,
        },
        "the prompt's messages",
    )
    .map(Got::Messages)
}
