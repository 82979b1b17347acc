//! `prompts/list` and `prompts/get`, over the plugins' `#[prompt]`s.

use rmcp::ErrorData;
use rmcp::model::{GetPromptRequestParams, GetPromptResult, ListPromptsResult};
use tackle::prompt::{PromptDef, linked_prompts};
use tackle_host::{Host, suggest};

use super::{to_rmcp, wire};

/// The prompts of ready plugins.
pub(crate) fn served(host: &Host) -> impl Iterator<Item = &'static PromptDef> + '_ {
    linked_prompts().filter(|p| host.is_ready(p.plugin))
}

pub(crate) fn list(host: &Host) -> Result<ListPromptsResult, ErrorData> {
    let prompts: Vec<wire::Prompt> = served(host).map(wire::Prompt::of).collect();
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
    let names: Vec<&str> = served(host).map(|p| p.name).collect();
    Err(ErrorData::invalid_params(
        format!(
            "unknown prompt `{name}`{} (prompts: {})",
            suggest::did_you_mean(name, &names),
            suggest::listing(&names)
        ),
        None,
    ))
}

pub(crate) async fn get(
    host: &Host,
    request: GetPromptRequestParams,
) -> Result<GetPromptResult, ErrorData> {
    let def = find(host, &request.name)?;
    let arguments = request.arguments.unwrap_or_default();
    let get = (def.get)(arguments)
        .map_err(|why| ErrorData::invalid_params(format!("prompt `{}`: {why}", def.name), None))?;
    let messages = get.await.map_err(|why| {
        ErrorData::internal_error(format!("prompt `{}` failed: {why}", def.name), None)
    })?;
    to_rmcp(
        wire::GetResult {
            description: def.description,
            messages,
        },
        "the prompt's messages",
    )
}
