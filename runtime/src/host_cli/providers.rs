//! Providers as `list` and `manifest` show them: every linked one, with
//! whether it is offered and the models it serves, then the model APIs
//! the config may name (`anthropic`, `openai`, `openai-responses`).

use serde_json::{Value, json};

use super::table;
use tackle_host::Host;

/// The `PROVIDER` table of `list` (empty when none is linked).
pub(super) fn table(host: &Host) -> String {
    let default = host.default_provider().ok().map(|p| p.name());
    let rows: Vec<Vec<String>> = host
        .registry()
        .providers()
        .iter()
        .map(|def| {
            let offered = host.providers().iter().find(|p| p.name() == def.name);
            let models = offered.map_or_else(
                || "-".to_owned(),
                |p| {
                    p.models()
                        .iter()
                        .map(|m| m.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            );
            let status = match (offered, default == Some(def.name)) {
                (Some(_), true) => "default",
                (Some(_), false) => "ready",
                (None, _) => "off",
            };
            vec![
                def.name.to_owned(),
                def.plugin.id.to_owned(),
                status.to_owned(),
                models,
                table::first_line(def.description).to_owned(),
            ]
        })
        .collect();
    let mut rows = rows;
    rows.extend(api_rows(host));
    if rows.is_empty() {
        return String::new();
    }
    table::render(
        &["PROVIDER", "PLUGIN", "STATUS", "MODELS", "DESCRIPTION"],
        &rows,
    )
}

/// Every linked provider as JSON, for `list --json` and `manifest`.
pub(super) fn json(host: &Host) -> Vec<Value> {
    let default = host.default_provider().ok().map(|p| p.name());
    host.registry()
        .providers()
        .iter()
        .map(|def| {
            let offered = host.providers().iter().find(|p| p.name() == def.name);
            json!({
                "name": def.name,
                "plugin": def.plugin.id,
                "description": def.description,
                "function": def.function,
                "location": def.location.to_string(),
                "offered": offered.is_some(),
                "default": default == Some(def.name),
                "models": offered.map(|p| p.models().to_vec()),
            })
        })
        .collect()
}

/// The model APIs as rows: `api`, or `default` with the config's model
/// when `[provider]` names it.
fn api_rows(host: &Host) -> Vec<Vec<String>> {
    let config = &host.config().providers;
    host.api_providers()
        .into_iter()
        .map(|(name, description)| {
            let chosen = config.default.as_deref() == Some(name);
            vec![
                name.to_owned(),
                "-".to_owned(),
                if chosen { "default" } else { "api" }.to_owned(),
                config
                    .model
                    .clone()
                    .filter(|_| chosen)
                    .unwrap_or_else(|| "-".to_owned()),
                description.to_owned(),
            ]
        })
        .collect()
}

/// The model APIs as JSON, for `list --json`'s `api_providers`.
pub(super) fn api_json(host: &Host) -> Vec<Value> {
    let default = host.config().providers.default.as_deref();
    host.api_providers()
        .into_iter()
        .map(|(name, description)| {
            json!({
                "name": name,
                "description": description,
                "default": default == Some(name),
            })
        })
        .collect()
}
