//! The host's own validation, as doctor entries: plugins that failed to
//! load, skill problems, hooks and checks that do not run, and (when the
//! host could not be built) the config and registry problems.

use tackle::doctor::CheckStatus;

use super::report::{DoctorEntry, DoctorReport};
use crate::host::{Host, HostError, PluginStatus};

fn entry(
    plugin: Option<&'static str>,
    name: &str,
    status: CheckStatus,
    message: String,
) -> DoctorEntry {
    DoctorEntry {
        plugin,
        name: name.to_owned(),
        category: None,
        builtin: true,
        status,
        message,
        fix: None,
    }
}

/// The host-wide entries: the config and the skill catalogue.
pub(super) fn host(host: &Host) -> Vec<DoctorEntry> {
    let running = host
        .plugins()
        .iter()
        .filter(|p| p.status() == PluginStatus::Ready)
        .count();
    let config = match (host.config().origin.as_str(), host.config_files()) {
        ("<no config>", _) => "no host config (defaults apply)".to_owned(),
        (origin, []) => format!("{origin} is valid"),
        (_, files) => {
            let name = |f: &crate::trust::ConfigFile| {
                let powers = if f.trusted { "" } else { ", not trusted" };
                format!("{} ({}{powers})", f.path.display(), f.layer)
            };
            let (applied, not): (Vec<_>, Vec<_>) = files.iter().partition(|f| f.applied);
            let mut parts = Vec::new();
            if !applied.is_empty() {
                let verb = if applied.len() == 1 { "is" } else { "are" };
                let names: Vec<String> = applied.iter().map(|f| name(f)).collect();
                parts.push(format!("{} {verb} valid", names.join(" and ")));
            }
            for f in not {
                parts.push(format!(
                    "{} has problems and is not applied (the `trust` entries list them)",
                    name(f)
                ));
            }
            parts.join("; ")
        }
    };
    let mut out = vec![entry(
        None,
        "config",
        CheckStatus::Ok,
        format!(
            "{config}; {running} of {} linked plugins run",
            host.plugins().len()
        ),
    )];
    // What the project asked for and did not get, one entry each.
    let trust_hint = format!(
        "; to apply it, trust the project: `{}` in {}",
        crate::trust::TRUST_COMMAND,
        host.agent_dir().display()
    );
    for refusal in host.withheld() {
        let hint = if refusal.item.starts_with("env.") {
            ""
        } else {
            trust_hint.as_str()
        };
        out.push(entry(
            None,
            "trust",
            CheckStatus::Warn,
            format!("{refusal}{hint}"),
        ));
    }
    #[cfg(feature = "skills")]
    out.extend(skill_entries(host));
    out.extend(providers(host));
    out
}

/// The skill catalogue's problems outside plugins, and what it holds.
#[cfg(feature = "skills")]
fn skill_entries(host: &Host) -> Vec<DoctorEntry> {
    let mut out = Vec::new();
    let skills = host.skills();
    for problem in skills.problems().iter().filter(|p| p.plugin.is_none()) {
        out.push(entry(
            None,
            "skills",
            CheckStatus::Fail,
            problem.to_string(),
        ));
    }
    let from_plugins = skills
        .skills()
        .iter()
        .filter(|s| matches!(s.origin, crate::skills::SkillOrigin::Plugin { .. }))
        .count();
    let mut message = format!(
        "{} skills: {from_plugins} from plugins, {} from skill folders",
        skills.skills().len(),
        skills.skills().len() - from_plugins
    );
    for skill in skills.skills().iter().filter(|s| !s.shadowed.is_empty()) {
        let shadowed: Vec<String> = skill.shadowed.iter().map(ToString::to_string).collect();
        message.push_str(&format!(
            "; `{}` from {} overrides {}",
            skill.name,
            skill.origin,
            shadowed.join(" and ")
        ));
    }
    out.push(entry(None, "skills", CheckStatus::Ok, message));
    out
}

/// One entry per provider choice the config makes (`[provider]`, each
/// `[provider.jobs."<id>"]`): whether a run could start with it now (a
/// key variable that is not set fails here, before a nightly job does).
/// Nothing is sent to the model.
fn providers(host: &Host) -> Vec<DoctorEntry> {
    let config = &host.config().providers;
    let mut choices: Vec<(String, Option<&str>)> = Vec::new();
    if config.default.is_some() {
        choices.push(("provider".to_owned(), None));
    }
    for job in config.jobs.keys() {
        choices.push((format!("provider.jobs.{job}"), Some(job.as_str())));
    }
    choices
        .into_iter()
        .map(
            |(path, job)| match host.resolve_provider(&config.settings_for(job)) {
                Ok(resolved) => entry(
                    None,
                    "provider",
                    CheckStatus::Ok,
                    format!(
                        "`{path}`: `{}` with model `{}` is ready",
                        resolved.name, resolved.model
                    ),
                ),
                Err(why) => entry(
                    None,
                    "provider",
                    CheckStatus::Fail,
                    format!("`{path}`: {why}"),
                ),
            },
        )
        .collect()
}

/// The entries about one plugin: why it is off, what of it does not run,
/// its skills that clash.
pub(super) fn plugin(host: &Host, plugin: &crate::LoadedPlugin) -> Vec<DoctorEntry> {
    let def = plugin.def();
    let id = Some(def.id);
    let mut out = Vec::new();
    let hooks = host.registry().hooks_of(def.id).count();
    let checks = host.registry().checks_of(def.id).count();
    let idle = match (hooks, checks) {
        (0, 0) => String::new(),
        (h, 0) => format!("; its {h} hook(s) do not run"),
        (0, c) => format!("; its {c} doctor check(s) do not run"),
        (h, c) => format!("; its {h} hook(s) and {c} doctor check(s) do not run"),
    };
    match plugin.status() {
        PluginStatus::Ready => {}
        PluginStatus::Failed(problems) => {
            let why = crate::host::plugins::one_line(problems);
            out.push(entry(
                id,
                "load",
                CheckStatus::Fail,
                format!(
                    "plugin `{}` is off because it failed to load: {why}{idle}",
                    def.id
                ),
            ));
        }
        PluginStatus::Disabled if !idle.is_empty() => out.push(entry(
            id,
            "hooks",
            CheckStatus::Warn,
            format!(
                "plugin `{}` is linked but not in the config's `enabled` list{idle}; add it to `enabled` if it should",
                def.id
            ),
        )),
        PluginStatus::Disabled => {}
    }
    #[cfg(feature = "skills")]
    for problem in host.skills().problems().iter().filter(|p| p.plugin == id) {
        out.push(entry(id, "skills", CheckStatus::Fail, problem.to_string()));
    }
    out
}

/// The report when the host could not be built.
pub(super) fn unbuilt(error: &HostError) -> DoctorReport {
    let entries = match error {
        HostError::Registry(e) => e
            .problems
            .iter()
            .map(|p| entry(None, "registry", CheckStatus::Fail, p.to_string()))
            .collect(),
        HostError::Config(e) => e
            .problems
            .iter()
            .map(|p| {
                entry(
                    None,
                    "config",
                    CheckStatus::Fail,
                    format!("{}: {p}", e.origin),
                )
            })
            .collect(),
    };
    DoctorReport { entries }
}
