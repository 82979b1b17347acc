//! `list`: what is linked, whether it runs, its tools and its hooks.

use serde_json::{Value, json};

use super::{exit, output, table};
use tackle_host::{Host, PluginStatus};

pub(super) fn run(host: &Host, json: bool) -> u8 {
    if json {
        output::write(&format!("{:#}\n", as_json(host)));
    } else {
        output::write(&as_text(host));
    }
    if host.failures().next().is_some() {
        exit::CONFIG
    } else {
        exit::OK
    }
}

fn as_text(host: &Host) -> String {
    if host.plugins().is_empty() {
        return "No plugins are linked into this binary.\n\
                A host names its plugin crates in main.rs: tackle_runtime::link!(crate_a, crate_b);\n"
            .to_owned();
    }
    let plugin_rows: Vec<Vec<String>> = host
        .plugins()
        .iter()
        .map(|p| {
            let def = p.def();
            vec![
                def.id.to_owned(),
                def.version.to_owned(),
                p.status().as_str().to_owned(),
                host.tools_of(def.id).count().to_string(),
                host.hooks()
                    .filter(|h| h.plugin.id == def.id)
                    .count()
                    .to_string(),
                table::first_line(def.description).to_owned(),
            ]
        })
        .collect();
    let mut out = table::render(
        &[
            "PLUGIN",
            "VERSION",
            "STATUS",
            "TOOLS",
            "HOOKS",
            "DESCRIPTION",
        ],
        &plugin_rows,
    );
    let tool_rows: Vec<Vec<String>> = host
        .tools()
        .iter()
        .map(|t| {
            let hints = t.annotations.words().join(", ");
            vec![
                t.name.to_owned(),
                t.plugin.id.to_owned(),
                table::or_dash(hints),
                table::first_line(t.description).to_owned(),
            ]
        })
        .collect();
    table::push_section(
        &mut out,
        &["TOOL", "PLUGIN", "HINTS", "DESCRIPTION"],
        &tool_rows,
    );
    let hook_rows: Vec<Vec<String>> = host
        .hooks()
        .map(|h| {
            let mut when = Vec::new();
            if let Some(m) = h.matcher {
                when.push(format!("matcher {m:?}"));
            }
            if let Some(a) = h.args {
                when.push(format!("args {a:?}"));
            }
            if h.on_error == tackle::hook::OnError::Closed {
                when.push("fails closed".to_owned());
            }
            vec![
                h.id().to_string(),
                h.point.name().to_owned(),
                table::or_dash(when.join(", ")),
                table::first_line(h.description).to_owned(),
            ]
        })
        .collect();
    table::push_section(
        &mut out,
        &["HOOK", "POINT", "WHEN", "DESCRIPTION"],
        &hook_rows,
    );
    let command_rows: Vec<Vec<String>> = host
        .commands()
        .iter()
        .map(|c| super::command::row(c))
        .collect();
    table::push_section(
        &mut out,
        &["COMMAND", "PLUGIN", "SURFACE", "ALIASES", "DESCRIPTION"],
        &command_rows,
    );
    let provider_table = super::providers::table(host);
    if !provider_table.is_empty() {
        out.push('\n');
        out.push_str(&provider_table);
    }
    out.push_str(&crate::skills::list_text(host.skills(), table::render));
    out.push_str(&super::run::list_section(host));
    for p in host.plugins() {
        if let PluginStatus::Failed(problems) = p.status() {
            out.push_str(&format!(
                "\nplugin `{}` is off until this is fixed:\n",
                p.def().id
            ));
            for problem in problems {
                out.push_str(&format!("  - {problem}\n"));
            }
        }
    }
    out
}

fn as_json(host: &Host) -> Value {
    let plugins: Vec<Value> = host
        .plugins()
        .iter()
        .map(|p| {
            let def = p.def();
            let problems: Vec<String> = match p.status() {
                PluginStatus::Failed(problems) => {
                    problems.iter().map(ToString::to_string).collect()
                }
                _ => Vec::new(),
            };
            json!({
                "id": def.id,
                "name": def.name,
                "version": def.version,
                "description": def.description,
                "crate": def.crate_name,
                "status": p.status().as_str(),
                "problems": problems,
                "tools": host.tools_of(def.id).map(|t| t.name).collect::<Vec<_>>(),
                "hooks": host
                    .hooks()
                    .filter(|h| h.plugin.id == def.id)
                    .map(|h| h.id().to_string())
                    .collect::<Vec<_>>(),
                "commands": host
                    .commands()
                    .iter()
                    .filter(|c| c.plugin.id == def.id)
                    .map(|c| c.name)
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    let tools: Vec<Value> = host
        .tools()
        .iter()
        .map(|t| {
            json!({
                "name": t.name,
                "plugin": t.plugin.id,
                "description": t.description,
                "annotations": t.annotations,
                "callable": host.is_callable(t),
            })
        })
        .collect();
    let hooks: Vec<Value> = host.hooks().map(super::manifest::hook).collect();
    let commands: Vec<Value> = host
        .commands()
        .iter()
        .map(|c| super::command::listing(host, c))
        .collect();
    let providers = super::providers::json(host);
    let skills = host.skills();
    json!({
        "plugins": plugins,
        "tools": tools,
        "hooks": hooks,
        "commands": commands,
        "providers": providers,
        "api_providers": super::providers::api_json(host),
        "skills": skills.skills().iter().map(crate::skills::Skill::to_json).collect::<Vec<_>>(),
        "skill_problems": skills.problems().iter().map(ToString::to_string).collect::<Vec<_>>(),
        "cron": super::run::list_json(host),
    })
}
