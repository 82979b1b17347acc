//! `resources/list`, `resources/templates/list`, `resources/read` and
//! subscriptions, over the plugins' `#[resource]`s and their skills' files.

use std::collections::BTreeSet;
use std::sync::Mutex;

use rmcp::ErrorData;
use rmcp::model::{
    ListResourceTemplatesResult, ListResourcesResult, ReadResourceRequestParams, ReadResourceResult,
};
use tackle::resource::{ResourceContents, ResourceDef, linked_resources};
use tackle_host::Host;

use super::limit::Limits;
use super::skills::{self, Skill};
use super::{to_rmcp, wire};

/// The resources of ready plugins, templates and fixed ones alike, by
/// plugin and URI (the link order is not stable).
pub(crate) fn served(host: &Host) -> impl Iterator<Item = &'static ResourceDef> + '_ {
    super::of_ready(
        host,
        linked_resources(),
        |r| r.plugin,
        |r| (r.plugin.id, r.uri),
    )
}

pub(crate) fn list(host: &Host) -> Result<ListResourcesResult, ErrorData> {
    let skills: Vec<Skill> = skills::served(host).collect();
    let resources: Vec<wire::Resource> = served(host)
        .filter(|r| !r.is_template())
        .map(wire::Resource::of)
        .chain(skills.iter().map(wire::Resource::skill))
        .collect();
    Ok(ListResourcesResult::with_all_items(to_rmcp(
        resources,
        "the resource list",
    )?))
}

pub(crate) fn templates(host: &Host) -> Result<ListResourceTemplatesResult, ErrorData> {
    let templates: Vec<wire::ResourceTemplate> = served(host)
        .filter(|r| r.is_template())
        .map(wire::ResourceTemplate::of)
        .collect();
    Ok(ListResourceTemplatesResult::with_all_items(to_rmcp(
        templates,
        "the resource template list",
    )?))
}

/// The resource that answers `uri`: a fixed one first, then the first
/// template that matches.
fn find(
    host: &Host,
    uri: &str,
) -> Option<(
    &'static ResourceDef,
    serde_json::Map<String, serde_json::Value>,
)> {
    let fixed = served(host).find(|r| !r.is_template() && r.uri == uri);
    fixed
        .map(|r| (r, serde_json::Map::new()))
        .or_else(|| served(host).find_map(|r| r.matches(uri).map(|v| (r, v))))
}

/// The skill whose file is at `uri`.
fn skill(host: &Host, uri: &str) -> Option<Skill> {
    skills::served(host).find(|s| s.uri() == uri)
}

/// The `data` of a resource-not-found error: the URI asked for (SEP-2164),
/// so that a client need not parse the message.
#[derive(serde::Serialize)]
struct NotFound<'a> {
    uri: &'a str,
}

/// The error for a URI no resource answers, naming what is served.
fn unknown(host: &Host, uri: &str) -> ErrorData {
    let mut uris: Vec<String> = served(host).map(|r| r.uri.to_owned()).collect();
    uris.extend(skills::served(host).map(|s| s.uri()));
    ErrorData::resource_not_found(
        format!(
            "no resource at `{uri}` (resources: {})",
            if uris.is_empty() {
                "none".to_owned()
            } else {
                uris.join(", ")
            }
        ),
        serde_json::to_value(NotFound { uri }).ok(),
    )
}

pub(crate) async fn read(
    host: &Host,
    request: ReadResourceRequestParams,
    limits: &Limits<'_>,
) -> Result<ReadResourceResult, ErrorData> {
    let uri = request.uri;
    let Some((def, variables)) = find(host, &uri) else {
        return match skill(host, &uri) {
            Some(skill) => {
                let contents = vec![
                    ResourceContents::text(&uri, skill.def.source).with_mime_type(wire::MARKDOWN),
                ];
                to_rmcp(wire::ReadResult { contents }, "the skill's file")
            }
            None => Err(unknown(host, &uri)),
        };
    };
    let read = (def.read)(&uri, variables)
        .map_err(|why| ErrorData::invalid_params(format!("`{uri}` ({}): {why}", def.uri), None))?;
    let contents = limits
        .run(&format!("reading `{uri}`"), read)
        .await?
        .map_err(|why| ErrorData::internal_error(format!("reading `{uri}` failed: {why}"), None))?;
    to_rmcp(wire::ReadResult { contents }, "the resource's contents")
}

/// The most URIs one client may be subscribed to at once.
const MAX_SUBSCRIPTIONS: usize = 1024;

/// Adds `uri` to a client's set. A template matches endlessly many URIs,
/// so the set is bounded.
fn admit(uris: &mut BTreeSet<String>, uri: String) -> Result<(), ErrorData> {
    if uris.len() >= MAX_SUBSCRIPTIONS && !uris.contains(&uri) {
        return Err(ErrorData::invalid_params(
            format!("at most {MAX_SUBSCRIPTIONS} subscriptions: unsubscribe from one first"),
            None,
        ));
    }
    uris.insert(uri);
    Ok(())
}

/// Whether a resource (or a skill's file) answers `uri`.
pub(crate) fn serves(host: &Host, uri: &str) -> bool {
    find(host, uri).is_some() || skill(host, uri).is_some()
}

/// Of the URIs a 2026-07-28 client listens to, those served, at most
/// [`MAX_SUBSCRIPTIONS`] of them.
pub(crate) fn listenable(host: &Host, uris: &[String]) -> Vec<String> {
    let mut admitted = BTreeSet::new();
    for uri in uris.iter().filter(|uri| serves(host, uri)) {
        if admit(&mut admitted, uri.clone()).is_err() {
            break;
        }
    }
    admitted.into_iter().collect()
}

/// The URIs a client subscribed to.
#[derive(Debug, Default)]
pub(crate) struct Subscriptions(Mutex<BTreeSet<String>>);

impl Subscriptions {
    /// Subscribes to `uri`, which a resource must answer.
    pub(crate) fn subscribe(&self, host: &Host, uri: String) -> Result<(), ErrorData> {
        if !serves(host, &uri) {
            return Err(unknown(host, &uri));
        }
        admit(&mut self.uris(), uri)
    }

    /// Ends a subscription; one that was never made is no error.
    pub(crate) fn unsubscribe(&self, uri: &str) {
        self.uris().remove(uri);
    }

    /// Whether the client subscribed to `uri`.
    pub(crate) fn contains(&self, uri: &str) -> bool {
        self.uris().contains(uri)
    }

    /// The URIs subscribed to, in order.
    pub(crate) fn list(&self) -> Vec<String> {
        self.uris().iter().cloned().collect()
    }

    fn uris(&self) -> std::sync::MutexGuard<'_, BTreeSet<String>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clients_subscriptions_are_bounded() {
        let mut uris = BTreeSet::new();
        for n in 0..MAX_SUBSCRIPTIONS {
            admit(&mut uris, format!("test://item/{n}")).expect("within the bound");
        }
        let refused = admit(&mut uris, "test://item/more".into()).expect_err("over");
        assert!(refused.message.contains("at most 1024"), "{refused:?}");
        // Subscribing again to one it has is no new subscription.
        admit(&mut uris, "test://item/0".into()).expect("already there");
        assert_eq!(uris.len(), MAX_SUBSCRIPTIONS);
    }
}
