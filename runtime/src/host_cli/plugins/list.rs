//! `plugins list`: one row per plugin, linked or declarative, including the
//! ones that do not run and why.

use serde_json::{Value, json};

use super::super::{exit, output, table};
use crate::declarative::{Found, FoundStatus};
use tackle_host::{Host, PluginStatus};

/// One plugin as the listing shows it.
pub(super) struct Row {
    pub id: String,
    pub status: String,
    pub source: String,
    pub tier: String,
    pub items: String,
    pub problems: Vec<String>,
    pub warnings: Vec<String>,
}

pub(super) fn rows(host: &Host) -> Vec<Row> {
    let mut rows = Vec::new();
    for plugin in host.plugins() {
        let def = plugin.def();
        let found = host.declared_plugin(def);
        let (status, problems) = match plugin.status() {
            PluginStatus::Ready => ("ready", Vec::new()),
            PluginStatus::Disabled => ("disabled", Vec::new()),
            PluginStatus::Failed(problems) => {
                ("failed", problems.iter().map(ToString::to_string).collect())
            }
        };
        rows.push(Row {
            id: def.id.to_owned(),
            status: status.to_owned(),
            source: match found {
                Some(f) => format!("{} {}", f.plugin.format, f.plugin.manifest.display()),
                None => format!("linked (crate {})", def.crate_name),
            },
            tier: found.map_or("linked", |f| f.tier.as_str()).to_owned(),
            items: items(host, def, found),
            problems,
            warnings: found
                .map(|f| f.plugin.warnings.iter().map(ToString::to_string).collect())
                .unwrap_or_default(),
        });
    }
    // Found but not taking part: shadowed, untrusted, or refused.
    for found in host.declared() {
        let registered = host
            .plugin(&found.plugin.id)
            .and_then(|p| host.declared_plugin(p.def()))
            .is_some_and(|f| f.plugin.manifest == found.plugin.manifest);
        if registered {
            continue;
        }
        let status = match &found.status {
            FoundStatus::ShadowedBy(by) => format!("shadowed by {}", by.display()),
            FoundStatus::Untrusted => "untrusted".to_owned(),
            FoundStatus::Active => "failed".to_owned(),
        };
        rows.push(Row {
            id: found.plugin.id.clone(),
            status,
            source: format!(
                "{} {}",
                found.plugin.format,
                found.plugin.manifest.display()
            ),
            tier: found.tier.as_str().to_owned(),
            items: summary(&found.plugin),
            problems: found
                .plugin
                .problems
                .iter()
                .map(ToString::to_string)
                .collect(),
            warnings: found
                .plugin
                .warnings
                .iter()
                .map(ToString::to_string)
                .collect(),
        });
    }
    rows
}

fn items(host: &Host, def: &tackle::def::PluginDef, found: Option<&Found>) -> String {
    if let Some(found) = found {
        return summary(&found.plugin);
    }
    let tools = host.tools_of(def.id).count();
    let hooks = host.registry().hooks_of(def.id).count();
    count(&[
        (tools, "tool"),
        (hooks, "hook"),
        (def.permission_rules.len(), "rule"),
        (def.skills.len(), "skill"),
        (def.context_files.len(), "context file"),
    ])
}

fn summary(plugin: &crate::declarative::DeclaredPlugin) -> String {
    count(&[
        (plugin.hooks.len(), "hook"),
        (plugin.rules.len(), "rule"),
        (plugin.skills.len(), "skill"),
        (plugin.context.len(), "context file"),
    ])
}

fn count(parts: &[(usize, &str)]) -> String {
    let text: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}{}", if *n == 1 { "" } else { "s" }))
        .collect();
    if text.is_empty() {
        "-".into()
    } else {
        text.join(", ")
    }
}

pub(super) fn run(host: &Host, json: bool) -> u8 {
    let rows = rows(host);
    if json {
        let plugins: Vec<Value> = rows
            .iter()
            .map(|r| {
                json!({
                    "id": r.id, "status": r.status, "source": r.source, "tier": r.tier,
                    "items": r.items, "problems": r.problems, "warnings": r.warnings,
                })
            })
            .collect();
        let warnings: Vec<String> = host.warnings().iter().map(ToString::to_string).collect();
        let refused: Vec<String> = host.withheld().iter().map(ToString::to_string).collect();
        output::write(&format!(
            "{:#}\n",
            json!({
                "plugins": plugins,
                "warnings": warnings,
                "folders": folders(host),
                "refused": refused,
            })
        ));
    } else {
        output::write(&text(host, &rows));
    }
    if rows.iter().any(|r| !r.problems.is_empty()) {
        exit::CONFIG
    } else {
        exit::OK
    }
}

fn folders(host: &Host) -> Value {
    let Some(folders) = host.plugin_folders() else {
        return json!([]);
    };
    folders
        .folders
        .iter()
        .map(|(tier, path)| {
            json!({
                "tier": tier.as_str(),
                "path": path.display().to_string(),
                "exists": path.is_dir(),
                "trusted": *tier != crate::declarative::Tier::Project || folders.project_trusted,
            })
        })
        .collect()
}

fn text(host: &Host, rows: &[Row]) -> String {
    if rows.is_empty() {
        return "No plugins: none is linked into this binary and the plugin folders hold none.\n"
            .into();
    }
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.id.clone(),
                r.status.clone(),
                r.tier.clone(),
                r.items.clone(),
                r.source.clone(),
            ]
        })
        .collect();
    let mut out = table::render(&["PLUGIN", "STATUS", "TIER", "ITEMS", "SOURCE"], &cells);
    for r in rows
        .iter()
        .filter(|r| !r.problems.is_empty() || !r.warnings.is_empty())
    {
        out.push_str(&format!("\n{}:\n", r.id));
        for p in &r.problems {
            out.push_str(&format!("  error: {p}\n"));
        }
        for w in &r.warnings {
            out.push_str(&format!("  note: {w}\n"));
        }
    }
    for w in host.warnings() {
        out.push_str(&format!("\nwarning: {w}\n"));
    }
    if !host.withheld().is_empty() {
        out.push_str(
            "\nThis project is not trusted, so these are not applied (`plugins trust` trusts it):\n",
        );
        for r in host.withheld() {
            out.push_str(&format!("  {r}\n"));
        }
    }
    out
}
