//! `completion/complete`: candidates for a prompt's argument or a resource
//! template's variable, from the author's function or the argument type's
//! variants.

use rmcp::ErrorData;
use rmcp::model::{CompleteRequestParams, CompleteResult, CompletionInfo, Reference};
use tackle_host::Host;

use super::limit::Limits;
use super::{prompts, resources};

pub(crate) async fn complete(
    host: &Host,
    request: &CompleteRequestParams,
    limits: &Limits<'_>,
) -> Result<CompleteResult, ErrorData> {
    let name = request.argument.name.clone();
    let typed = request.argument.value.clone();
    let (complete, of) = match &request.r#ref {
        // A skill or command served as a prompt has nothing to complete.
        Reference::Prompt(prompt) if prompts::is_skill_or_command(host, &prompt.name) => {
            return Ok(CompleteResult::new(first_page(Vec::new())));
        }
        Reference::Prompt(prompt) => {
            let def = prompts::find(host, &prompt.name)?;
            (def.complete, format!("the prompt `{}`", def.name))
        }
        Reference::Resource(template) => {
            let uri = &template.uri;
            match resources::served(host).find(|r| r.uri == uri) {
                Some(def) => (def.complete, format!("the resource template `{uri}`")),
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
    let what = format!("completing `{name}` of {of}");
    let values = limits
        .run(&what, Box::pin(async move { complete(&name, &typed) }))
        .await?;
    Ok(CompleteResult::new(first_page(values)))
}

/// The spec's most per answer ([`CompletionInfo::MAX_VALUES`]); the rest
/// counted in `total`, with `hasMore`.
fn first_page(mut values: Vec<String>) -> CompletionInfo {
    let total = values.len();
    values.truncate(CompletionInfo::MAX_VALUES);
    let has_more = total > values.len();
    CompletionInfo::with_pagination(values, u32::try_from(total).ok(), has_more).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_a_page_is_cut_to_one_and_counted() {
        let many: Vec<String> = (0..250).map(|n| n.to_string()).collect();
        let info = first_page(many);
        assert_eq!(info.values.len(), CompletionInfo::MAX_VALUES);
        assert_eq!(info.values[0], "0");
        assert_eq!(info.total, Some(250));
        assert_eq!(info.has_more, Some(true));
        let few = first_page(vec!["a".into(), "b".into()]);
        assert_eq!(
            (few.values.len(), few.total, few.has_more),
            (2, Some(2), Some(false))
        );
    }
}
