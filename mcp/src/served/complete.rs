//! `completion/complete`: candidates for a prompt's argument or a resource
//! template's variable, from the author's function or the argument type's
//! variants.

use rmcp::ErrorData;
use rmcp::model::{CompleteRequestParams, CompleteResult, CompletionInfo, Reference};
use tackle_host::Host;

use super::{prompts, resources};

pub(crate) fn complete(
    host: &Host,
    request: &CompleteRequestParams,
) -> Result<CompleteResult, ErrorData> {
    let name = &request.argument.name;
    let typed = &request.argument.value;
    let values = match &request.r#ref {
        // A skill or command served as a prompt has nothing to complete.
        Reference::Prompt(prompt) if prompts::is_skill_or_command(host, &prompt.name) => Vec::new(),
        Reference::Prompt(prompt) => {
            let def = prompts::find(host, &prompt.name)?;
            (def.complete)(name, typed)
        }
        Reference::Resource(template) => {
            let uri = &template.uri;
            match resources::served(host).find(|r| r.uri == uri) {
                Some(def) => (def.complete)(name, typed),
                None => {
                    return Err(ErrorData::invalid_params(
                        format!("no resource template `{uri}`"),
                        None,
                    ));
                }
            }
        }
        _ => {
            return Err(ErrorData::invalid_params(
                "a completion refers to a prompt (`ref/prompt`) or a resource template (`ref/resource`)",
                None,
            ));
        }
    };
    let total = u32::try_from(values.len()).ok();
    let info = CompletionInfo::new(values)
        .map_err(|e| ErrorData::internal_error(format!("completions: {e}"), None))?;
    let mut info = info;
    info.total = total;
    info.has_more = Some(false);
    Ok(CompleteResult::new(info))
}
