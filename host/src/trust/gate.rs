//! What an untrusted project's `tackle.toml` keeps: it may only tighten.
//! Every key the config knows has its entry in [`POWERS`] (a test checks),
//! so a new key cannot slip in without a decision.

use std::path::Path;

use super::withheld::Withheld;
use crate::config::{ConfigError, HostConfig};
use tackle::RuleAction;

/// What a key may do before the project is trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Before {
    /// Kept in part: `deny` and `ask` rules.
    DenyAndAsk,
    /// Kept in part: folders inside the project (context for the model).
    InsideTheProject,
    /// Not applied, for this reason (what the key could do).
    Refused(&'static str),
}

/// Each config key and what it may do in an untrusted project.
pub(crate) const POWERS: [(&str, Before); 13] = [
    ("permission_rules", Before::DenyAndAsk),
    ("skills", Before::InsideTheProject),
    (
        "enabled",
        Before::Refused("it chooses which plugins run, so it could leave a guard out"),
    ),
    (
        "plugin_dirs",
        Before::Refused("it adds folders of plugins, whose commands would run"),
    ),
    (
        "plugins",
        Before::Refused(
            "a plugin's settings can weaken it (a guard's list of what to refuse, a provider's URL), and tackle cannot tell a setting that tightens from one that loosens",
        ),
    ),
    (
        "hook_timeout_ms",
        Before::Refused("a shorter time-out makes a fail-open hook abstain"),
    ),
    (
        "tool_timeout_secs",
        Before::Refused("time limits are the user's to set"),
    ),
    (
        "max_output_bytes",
        Before::Refused("limits are the user's to set"),
    ),
    (
        "provider",
        Before::Refused("it chooses which LLM provider receives the conversation"),
    ),
    ("roles", Before::Refused("it grants plugin permissions")),
    ("origins", Before::Refused("it grants plugin permissions")),
    (
        "cron",
        Before::Refused(
            "it switches scheduled jobs on (an `exec` job runs a command) and sets their limits",
        ),
    ),
    (
        "sessions",
        Before::Refused(
            "it chooses where session values are kept: a store the project names could feed a guard's hooks the state it likes, and would receive the tool calls they record",
        ),
    ),
];

const ALLOW_RULE: &str = "an `allow` rule lets calls through without asking; before trust a project may only add `deny` and `ask` rules";

/// Restricts the project's config (already checked whole) to what an
/// untrusted project may do: refused keys leave `table`, so they neither
/// merge nor count, and the config is read again from what is left; then
/// `allow` rules and skill folders outside the project leave it. Returns
/// that config and what was refused.
pub(crate) fn restrict(
    table: &mut toml::Table,
    file: &Path,
    agent_dir: &Path,
) -> Result<(HostConfig, Vec<Withheld>), ConfigError> {
    let refused = refuse_keys(table, file);
    let mut config = HostConfig::from_table(table.clone(), &file.display().to_string())?;
    let refused = [refused, refuse_entries(&mut config, file, agent_dir)].concat();
    Ok((config, refused))
}

/// Takes the keys an untrusted project may not set out of `table`.
fn refuse_keys(table: &mut toml::Table, file: &Path) -> Vec<Withheld> {
    let mut refused = Vec::new();
    let keys: Vec<String> = table.keys().cloned().collect();
    for key in keys {
        let Some((_, Before::Refused(why))) = POWERS.iter().find(|(k, _)| *k == key) else {
            continue;
        };
        let value = table.remove(&key);
        match value {
            // One record per plugin block: each names the plugin it would change.
            Some(toml::Value::Table(blocks)) if key == "plugins" => {
                refused.extend(
                    blocks
                        .keys()
                        .map(|id| Withheld::new(file, format!("plugins.{id}"), *why)),
                );
            }
            _ => refused.push(Withheld::new(file, key, *why)),
        }
    }
    refused
}

/// Takes `allow` rules and skill folders outside the project out of `config`.
fn refuse_entries(config: &mut HostConfig, file: &Path, agent_dir: &Path) -> Vec<Withheld> {
    let mut refused = Vec::new();
    config.permission_rules.retain(|r| {
        let keep = matches!(r.rule.action, RuleAction::Deny | RuleAction::Ask);
        if !keep {
            refused.push(Withheld::new(
                file,
                format!("permission_rules[{}]", r.index),
                ALLOW_RULE,
            ));
        }
        keep
    });
    let mut index = 0;
    config.skills.dirs.retain(|dir| {
        let at = format!("skills.dirs[{index}]");
        index += 1;
        match crate::doctor::confine(agent_dir, std::slice::from_ref(dir)) {
            Ok(()) => true,
            Err(why) => {
                refused.push(Withheld::new(
                    file,
                    at,
                    format!("{why}: a folder outside the project would bring files from elsewhere into the model's context"),
                ));
                false
            }
        }
    });
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_config_key_has_a_decision() {
        let decided: Vec<&str> = POWERS.iter().map(|(k, _)| *k).collect();
        let mut known = crate::config::KEYS.to_vec();
        known.sort_unstable();
        let mut decided_sorted = decided.clone();
        decided_sorted.sort_unstable();
        assert_eq!(decided_sorted, known);
    }

    #[test]
    fn only_deny_ask_and_inner_skill_folders_are_kept() {
        let project = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(project.path().join("team")).expect("folder");
        let text = r#"
            enabled = ["metrics"]
            plugin_dirs = ["tools"]
            hook_timeout_ms = 1
            [[permission_rules]]
            tool = "*"
            action = "allow"
            [[permission_rules]]
            tool = "Bash"
            pattern = "curl*"
            action = "deny"
            [[permission_rules]]
            tool = "web_*"
            action = "ask"
            [plugins.guard]
            x = 1
            [plugins.metrics]
            y = 2
            [skills]
            dirs = ["team", "../elsewhere", "/etc"]
        "#;
        let mut table: toml::Table = toml::from_str(text).expect("toml");
        let file = project.path().join("tackle.toml");
        let (config, refused) = restrict(&mut table, &file, project.path()).expect("valid");
        let items: Vec<&str> = refused.iter().map(|r| r.item.as_str()).collect();
        assert_eq!(
            items,
            [
                "enabled",
                "hook_timeout_ms",
                "plugin_dirs",
                "plugins.guard",
                "plugins.metrics",
                "permission_rules[0]",
                "skills.dirs[1]",
                "skills.dirs[2]"
            ]
        );
        let kept: Vec<(usize, String)> = config
            .permission_rules
            .iter()
            .map(|r| (r.index, r.to_string()))
            .collect();
        assert_eq!(
            kept,
            [
                (1, "deny Bash \"curl*\"".to_owned()),
                (2, "ask web_*".to_owned())
            ]
        );
        assert_eq!(config.skills.dirs, [std::path::PathBuf::from("team")]);
        assert!(config.enabled.is_none() && config.plugin_dirs.is_empty());
        assert!(config.plugins.is_empty() && config.hook_timeout_ms.is_none());
        let left: Vec<&String> = table.keys().collect();
        assert_eq!(left, ["permission_rules", "skills"]);
        assert!(
            refused[0]
                .to_string()
                .ends_with("tackle.toml: `enabled` is not applied: it chooses which plugins run, so it could leave a guard out"),
            "{}",
            refused[0]
        );
    }
}
