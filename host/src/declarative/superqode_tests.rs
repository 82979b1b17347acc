use std::path::Path;

use super::*;
use crate::declarative::json::message_at;

fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().expect("test setup")).expect("test setup");
        std::fs::write(file, text).expect("test setup");
    }
}

const SKILL: &str = "---\nname: review\ndescription: Review code.\n---\nRead it twice.\n";

#[test]
fn a_valid_manifest_reads_every_declarative_part() {
    let dir = tempfile::tempdir().expect("test setup");
    write(
        dir.path(),
        &[
            (
                "plugin.json",
                r#"{"name": "Reviewer", "id": "reviewer", "version": "1.2.0",
                    "permissionRules": [{"tool": "bash", "pattern": "npm publish*", "action": "deny"},
                                        {"tool": "web_*"}],
                    "skills": ["skills/review.md", "skills/deep"],
                    "context_injectors": [{"path": "ctx/rules.md"},
                                          {"path": "ctx/data.json", "schema": "ctx/schema.json"}],
                    "unknown_key": 1}"#,
            ),
            ("skills/review.md", SKILL),
            (
                "skills/deep/SKILL.md",
                &SKILL.replace("review", "deep-review"),
            ),
            ("ctx/rules.md", "Be kind."),
            ("ctx/data.json", r#"{"team": "core"}"#),
            (
                "ctx/schema.json",
                r#"{"type": "object", "required": ["team"]}"#,
            ),
        ],
    );
    let plugin = read(&dir.path().join("plugin.json"));
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    assert_eq!(
        (plugin.id.as_str(), plugin.name.as_str()),
        ("reviewer", "Reviewer")
    );
    assert_eq!(plugin.version, "1.2.0");
    assert_eq!(plugin.rules.len(), 2);
    assert_eq!(plugin.rules[0].action, RuleAction::Deny);
    assert_eq!(plugin.rules[0].pattern.as_deref(), Some("npm publish*"));
    // SuperQode's defaults: pattern `*`, action ask.
    assert_eq!(plugin.rules[1].action, RuleAction::Ask);
    assert_eq!(plugin.rules[1].pattern, None);
    assert_eq!(plugin.context.len(), 2);
    #[cfg(feature = "skills")]
    {
        assert_eq!(plugin.skills.len(), 2);
        assert!(plugin.warnings.is_empty(), "{:?}", plugin.warnings);
    }
    #[cfg(not(feature = "skills"))]
    assert_eq!(plugin.unchecked, ["skills/review.md", "skills/deep"]);
}

#[test]
fn name_stands_in_for_id_and_the_snake_case_key_wins() {
    let dir = tempfile::tempdir().expect("test setup");
    write(
        dir.path(),
        &[(
            "plugin.json",
            r#"{"name": "only-name",
                "permission_rules": [{"tool": "a", "action": "allow"}],
                "permissionRules": [{"tool": "b", "action": "bogus"}]}"#,
        )],
    );
    let plugin = read(&dir.path().join("plugin.json"));
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    assert_eq!(plugin.id, "only-name");
    assert_eq!(plugin.version, "0.1.0");
    assert_eq!(plugin.rules.len(), 1);
    assert_eq!(plugin.rules[0].tool, "a");
}

#[test]
fn every_problem_is_reported_in_one_pass() {
    let dir = tempfile::tempdir().expect("test setup");
    write(
        dir.path(),
        &[
            (
                "plugin.json",
                r#"{"version": 2, "api_version": 0,
                    "permission_rules": [{"tool": "[", "action": "maybe"}, "deny"],
                    "skills": ["skills/missing.md", "skills/bad.md", "../outside.md"],
                    "context_injectors": ["ctx.md", {"path": "ctx/data.json", "schema": "ctx/schema.json"}],
                    "tools": [{"name": "t", "path": "tools/none.py"}],
                    "event_hooks": [{"point": "before_tool", "handler": "hooks:audit"}]}"#,
            ),
            ("skills/bad.md", "---\nname: [unclosed\n---\nbody\n"),
            ("ctx/data.json", r#"{"team": 3}"#),
            (
                "ctx/schema.json",
                r#"{"type": "object", "properties": {"team": {"type": "string"}}}"#,
            ),
        ],
    );
    let plugin = read(&dir.path().join("plugin.json"));
    let at: Vec<&str> = plugin.problems.iter().map(|p| p.path.as_str()).collect();
    for expected in [
        "id",
        "version",
        "api_version",
        "permission_rules[0].tool",
        "permission_rules[0].action",
        "permission_rules[1]",
        "skills[0]",
        // YAML that does not parse: only a build with skills can tell.
        #[cfg(feature = "skills")]
        "skills[1]",
        "skills[2]",
        "context_injectors[0]",
        "context_injectors[1].schema",
        "tools[0].path",
        "event_hooks[0].point",
    ] {
        assert!(
            at.contains(&expected),
            "no problem at `{expected}` in {at:?}"
        );
    }
    let hint = message_at(&plugin.problems, "event_hooks[0].point");
    assert!(hint.contains("did you mean `before_tool_call`"), "{hint}");
    // The handler's module is not in the folder: SuperQode may still find it installed.
    assert!(
        plugin
            .warnings
            .iter()
            .any(|w| w.path == "event_hooks[0].handler")
    );
}

#[test]
fn a_manifest_that_is_not_json_is_one_problem_not_a_crash() {
    let dir = tempfile::tempdir().expect("test setup");
    write(dir.path(), &[("plugin.json", "{ not json")]);
    let plugin = read(&dir.path().join("plugin.json"));
    assert_eq!(plugin.problems.len(), 1);
    assert!(
        plugin.problems[0].message.contains("not valid JSON"),
        "{:?}",
        plugin.problems
    );
    // Named after its folder, so that listings can show it.
    assert_eq!(
        plugin.id,
        dir.path()
            .file_name()
            .expect("test setup")
            .to_string_lossy()
    );
}

#[test]
fn a_package_tackle_exported_is_read_but_not_discovered() {
    let dir = tempfile::tempdir().expect("test setup");
    let package = dir.path().join("my-host");
    write(
        &package,
        &[(
            "plugin.json",
            r#"{"id": "my-host", "x-tackle-export": true}"#,
        )],
    );
    write(
        &dir.path().join("other"),
        &[("plugin.json", r#"{"id": "other"}"#)],
    );
    assert!(read(&package.join("plugin.json")).exported);
    let found: Vec<String> = crate::declarative::read_folder(dir.path())
        .into_iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(found, ["other"]);
}

/// A plugin with a deny, an ask and an allow rule and the skill `skill`
/// (the text of `skills/s.md`), read from a fresh folder.
fn ruled_plugin_with_skill(skill: &str) -> (tempfile::TempDir, DeclaredPlugin) {
    let dir = tempfile::tempdir().expect("test setup");
    write(
        dir.path(),
        &[
            (
                "plugin.json",
                r#"{"id": "ruled", "skills": ["skills/s.md"],
                    "permission_rules": [{"tool": "bash", "pattern": "rm *", "action": "deny"},
                                         {"tool": "bash", "pattern": "git push*", "action": "ask"},
                                         {"tool": "read", "action": "allow"}]}"#,
            ),
            ("skills/s.md", skill),
        ],
    );
    let plugin = read(&dir.path().join("plugin.json"));
    (dir, plugin)
}

fn applied(plugin: &DeclaredPlugin) -> Vec<(&str, RuleAction)> {
    plugin
        .applied_rules()
        .map(|r| (r.tool.as_str(), r.action))
        .collect()
}

#[test]
fn an_unchecked_skill_keeps_deny_and_ask_rules_and_drops_allow_ones() {
    let (_dir, mut plugin) = ruled_plugin_with_skill(SKILL);
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    plugin.skills.clear();
    plugin.unchecked = vec!["skills/s.md".into()];
    let expected = [("bash", RuleAction::Deny), ("bash", RuleAction::Ask)];
    assert_eq!(applied(&plugin), expected);
    // The definition the host runs carries exactly those.
    let (def, _) = crate::declarative::defs::define(&plugin);
    let actions: Vec<RuleAction> = def.permission_rules.iter().map(|r| r.action).collect();
    assert_eq!(actions, [RuleAction::Deny, RuleAction::Ask]);
    // A plugin that cannot run applies none, checked or not.
    plugin.problems.push(Problem::new("id", "test"));
    assert!(applied(&plugin).is_empty());
}

#[cfg(feature = "skills")]
#[test]
fn a_checked_skill_applies_every_rule_and_a_broken_one_none() {
    let (_dir, plugin) = ruled_plugin_with_skill(SKILL);
    assert!(plugin.unchecked.is_empty());
    assert_eq!(plugin.skills.len(), 1);
    assert_eq!(applied(&plugin).len(), 3);
    let (_dir, broken) = ruled_plugin_with_skill("---\nname: [unclosed\n---\nbody\n");
    assert!(
        broken.problems.iter().any(|p| p.path == "skills[0]"),
        "{:?}",
        broken.problems
    );
    assert!(applied(&broken).is_empty());
}

/// Without a YAML reader a skill's frontmatter cannot be judged: the
/// plugin runs, without its `allow` rules, and says why. What needs no
/// parse (the file is there, inside the folder, text) is still checked.
#[cfg(not(feature = "skills"))]
#[test]
fn without_skills_a_skill_is_read_but_left_unchecked() {
    for text in [SKILL, "---\nname: [unclosed\n---\nbody\n"] {
        let (_dir, plugin) = ruled_plugin_with_skill(text);
        assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
        assert!(plugin.skills.is_empty());
        assert_eq!(plugin.unchecked, ["skills/s.md"]);
        let warning = plugin
            .warnings
            .iter()
            .find(|w| w.path == "skills[0]")
            .expect("a warning names the skill");
        assert!(warning.message.contains("`allow` rules"), "{warning:?}");
        let expected = [("bash", RuleAction::Deny), ("bash", RuleAction::Ask)];
        assert_eq!(applied(&plugin), expected);
    }
    let dir = tempfile::tempdir().expect("test setup");
    write(
        dir.path(),
        &[(
            "plugin.json",
            r#"{"id": "gone", "skills": ["skills/missing.md", "../outside.md"]}"#,
        )],
    );
    let plugin = read(&dir.path().join("plugin.json"));
    let at: Vec<&str> = plugin.problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(at, ["skills[0]", "skills[1]"]);
    assert!(plugin.unchecked.is_empty());
}

/// An injector's schema that the build's checker cannot check (here
/// `unevaluatedProperties`, which only jsonschema implements) leaves the
/// plugin running without its `allow` rules, as an unchecked skill does;
/// jsonschema checks it, and every rule applies.
#[test]
fn an_injector_schema_the_checker_cannot_check_drops_only_allow_rules() {
    let dir = tempfile::tempdir().expect("test setup");
    write(
        dir.path(),
        &[
            (
                "plugin.json",
                r#"{"id": "ruled", "context_injectors": [{"path": "ctx/data.json", "schema": "ctx/schema.json"}],
                    "permission_rules": [{"tool": "bash", "pattern": "rm *", "action": "deny"},
                                         {"tool": "read", "action": "allow"}]}"#,
            ),
            ("ctx/data.json", r#"{"team": "core"}"#),
            (
                "ctx/schema.json",
                r#"{"type": "object", "properties": {"team": {"type": "string"}}, "unevaluatedProperties": false}"#,
            ),
        ],
    );
    let plugin = read(&dir.path().join("plugin.json"));
    assert!(plugin.problems.is_empty(), "{:?}", plugin.problems);
    assert_eq!(plugin.context.len(), 1, "the injected JSON is kept");
    if cfg!(feature = "full-schema") {
        assert!(plugin.unchecked.is_empty());
        assert_eq!(applied(&plugin).len(), 2);
    } else {
        assert_eq!(plugin.unchecked, ["ctx/schema.json"]);
        let warning = message_at(&plugin.warnings, "context_injectors[0].schema");
        assert!(warning.contains("`unevaluatedProperties`"), "{warning}");
        assert_eq!(applied(&plugin), [("bash", RuleAction::Deny)]);
    }
}

/// Through a host, as a hook call decides: in a build with skills every
/// rule applies; in one without (a hook-only binary) the `allow` rule does
/// not, while the `deny` and `ask` rules do.
#[tokio::test]
async fn a_host_applies_the_allow_rules_of_a_plugin_with_skills_only_when_it_reads_them() {
    use tackle::hook::{PermissionRequest, Verdict};

    let folder = tempfile::tempdir().expect("test setup");
    let (dir, _) = ruled_plugin_with_skill(SKILL);
    std::fs::rename(dir.path(), folder.path().join("ruled")).expect("test setup");
    let agent = tempfile::tempdir().expect("test setup");
    let host = crate::Host::builder()
        .registry(crate::Registry::from_all(crate::Defs::default()).expect("empty registry"))
        .agent_dir(agent.path())
        .plugin_folders(crate::declarative::PluginFolders {
            folders: vec![(crate::declarative::Tier::User, folder.path().into())],
            project_trusted: false,
        })
        .build()
        .await
        .expect("host builds");
    let decide = |tool: &str, command: Option<&str>| {
        let arguments =
            command.map_or(serde_json::json!({}), |c| serde_json::json!({"command": c}));
        host.dispatch(PermissionRequest {
            tool_name: tool.into(),
            arguments,
            ..Default::default()
        })
    };
    assert!(
        decide("bash", Some("rm -rf x"))
            .await
            .deny_reason()
            .is_some()
    );
    assert!(decide("bash", Some("git push")).await.is_ask());
    let read = decide("read", None).await.verdict;
    if cfg!(feature = "skills") {
        assert_eq!(read, Verdict::Allow);
    } else {
        // The agent's own default decides, as if the rule were not there.
        assert_eq!(read, Verdict::Abstain);
    }
}
