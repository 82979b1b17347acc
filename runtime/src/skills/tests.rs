use std::fs;
use std::path::Path;

use super::frontmatter::{self, Issue};
use super::{PROJECT_SKILLS, SkillCatalogue, SkillOrigin};
use crate::config::SkillsConfig;

fn issues(text: &str) -> Vec<Issue> {
    frontmatter::parse(text).expect_err("invalid")
}

#[test]
fn a_valid_file_with_schemas_and_foreign_keys() {
    let text = "---\nname: review\ndescription: Review a diff.\nenabled: false\nlicense: MIT\ninput_schema:\n  type: object\n  properties:\n    path: { type: string }\n---\n# Review\nRead it all.\n";
    let skill = frontmatter::parse(text).expect("valid");
    assert_eq!(skill.name, "review");
    assert_eq!(skill.description, "Review a diff.");
    assert!(!skill.enabled);
    assert_eq!(
        skill.input_schema,
        Some(serde_json::json!({"type": "object", "properties": {"path": {"type": "string"}}}))
    );
    assert_eq!(skill.output_schema, None);
    assert_eq!(skill.body, "# Review\nRead it all.\n");
    assert_eq!(&text[skill.body_start..], skill.body);
}

#[test]
fn bad_yaml_is_reported_with_its_line() {
    let found = issues("---\nname: a\ndescription: [unclosed\n---\nbody\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .message
            .starts_with("the frontmatter is not valid YAML"),
        "{found:?}"
    );
    assert!(
        !found[0].message.contains("line"),
        "the YAML's own line is not shown: {found:?}"
    );
    assert!(found[0].line.is_some_and(|l| l >= 3), "{found:?}");
}

#[test]
fn every_field_problem_at_once_with_lines() {
    let found = issues(
        "---\nname: Safe_Shell\nenabled: maybe\nenabeld: true\noutput_schema:\n  type: nonsense\n---\n",
    );
    let messages: Vec<String> = found
        .iter()
        .map(|i| format!("{:?}: {}", i.line, i.message))
        .collect();
    let all = messages.join("\n");
    assert_eq!(found.len(), 5, "{all}");
    assert!(
        all.contains("Some(1): the frontmatter has no `description`"),
        "{all}"
    );
    assert!(
        all.contains("Some(2): `Safe_Shell` is not a valid skill name"),
        "{all}"
    );
    assert!(
        all.contains("Some(3): `enabled` must be `true` or `false`, not a string"),
        "{all}"
    );
    assert!(
        all.contains("Some(4): unknown key `enabeld`; did you mean `enabled`?"),
        "{all}"
    );
    assert!(
        all.contains("Some(5): `output_schema` is not a valid JSON Schema"),
        "{all}"
    );
}

#[test]
fn structure_problems() {
    assert!(
        issues("no frontmatter\n")[0]
            .message
            .contains("starts with YAML frontmatter")
    );
    assert!(issues("---\nname: a\n")[0].message.contains("never closed"));
    assert!(issues("---\n---\n")[0].message.contains("is empty"));
    assert!(
        issues("---\n- a\n---\n")[0]
            .message
            .contains("mapping of keys")
    );
    assert!(
        issues("---\nname: 3\ndescription: x\n---\n")[0]
            .message
            .contains("must be a string, not a number")
    );
    assert!(
        issues("---\nname: a\ndescription: x\ninput_schema: 3\n---\n")[0]
            .message
            .contains("written as a mapping")
    );
}

#[test]
fn names() {
    for good in ["a", "safe-shell", "v2", "a-b-c"] {
        assert!(frontmatter::valid_name(good), "{good}");
    }
    for bad in ["", "-a", "a-", "a--b", "A", "a_b", &"a".repeat(65)] {
        assert!(!frontmatter::valid_name(bad), "{bad}");
    }
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    fs::write(path, text).expect("write");
}

fn skill(name: &str, description: &str) -> String {
    format!("---\nname: {name}\ndescription: {description}\n---\nBody of {name}.\n")
}

#[test]
fn scans_both_layouts_overrides_and_reports_bad_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let agent = dir.path();
    let project = agent.join(PROJECT_SKILLS);
    write(
        &project.join("review/SKILL.md"),
        &skill("review", "Project review."),
    );
    write(&project.join("deploy.md"), &skill("deploy", "Deploy."));
    write(
        &project.join("broken.md"),
        "---\nname: broken\ndescription: [\n---\n",
    );
    write(&project.join("empty/notes.txt"), "not a skill");
    write(&project.join("README.txt"), "ignored: not Markdown");
    write(
        &agent.join("team/review.md"),
        &skill("review", "Team review."),
    );
    write(&agent.join("team/style.md"), &skill("style", "Team style."));
    let config = SkillsConfig {
        dirs: vec!["team".into(), "missing".into()],
    };
    let catalogue = SkillCatalogue::load(agent, &config, []);

    let names: Vec<&str> = catalogue.skills().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["deploy", "review", "style"]);
    let review = catalogue.skill("review").expect("review");
    assert_eq!(review.description, "Project review.");
    assert_eq!(
        review.origin,
        SkillOrigin::Folder {
            path: project.join("review/SKILL.md")
        }
    );
    assert_eq!(
        review.shadowed,
        [SkillOrigin::Folder {
            path: agent.join("team/review.md")
        }]
    );
    assert_eq!(review.body, "Body of review.\n");

    let problems: Vec<String> = catalogue
        .problems()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(
        problems.iter().any(|p| p.starts_with(&format!(
            "{}:3: the frontmatter is not valid YAML",
            project.join("broken.md").display()
        ))),
        "{problems:#?}"
    );
    assert!(
        problems.iter().any(
            |p| p.starts_with(&project.join("empty").display().to_string())
                && p.contains("`SKILL.md`")
        ),
        "{problems:#?}"
    );
    assert!(
        problems.iter().any(
            |p| p.starts_with(&agent.join("missing").display().to_string())
                && p.contains("cannot read this skill folder")
        ),
        "{problems:#?}"
    );
}

#[test]
fn project_skills_override_plugin_skills_and_plugin_clashes_are_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let agent = dir.path();
    write(
        &agent.join(PROJECT_SKILLS).join("count.md"),
        "---\nname: count\ndescription: Project count.\nenabled: false\n---\n",
    );
    let catalogue = SkillCatalogue::load(
        agent,
        &SkillsConfig::default(),
        [&fixtures::FIRST, &fixtures::SECOND],
    );
    let count = catalogue.skill("count").expect("count");
    assert!(!count.enabled, "the project's file switches it off");
    assert_eq!(
        count.shadowed,
        [SkillOrigin::Plugin {
            plugin: "first",
            path: "skills/count.md"
        }]
    );
    let problems = catalogue.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].plugin, Some("second"));
    assert!(
        problems[0].message.contains("plugin `first`"),
        "{problems:?}"
    );
}

mod fixtures {
    use tackle::SourceLocation;
    use tackle::def::{ConfigDef, PluginDef};
    use tackle::skill::SkillDef;

    const SOURCE: &str = "---\nname: count\ndescription: Count lines.\n---\nCount.\n";

    static COUNT: [SkillDef; 1] = [SkillDef {
        path: "skills/count.md",
        name: "count",
        description: "Count lines.",
        enabled: true,
        input_schema: None,
        output_schema: None,
        source: SOURCE,
        body_start: SOURCE.len() - "Count.\n".len(),
    }];

    fn schema() -> &'static serde_json::Value {
        static NULL: serde_json::Value = serde_json::Value::Null;
        &NULL
    }

    fn load(_: Option<serde_json::Value>) -> Result<tackle::def::AnyConfig, tackle::Problem> {
        Ok(std::sync::Arc::new(()))
    }

    const fn plugin(id: &'static str) -> PluginDef {
        PluginDef {
            id,
            name: id,
            version: "1.0.0",
            description: "",
            crate_name: id,
            location: SourceLocation {
                file: "lib.rs",
                line: 1,
                column: 1,
            },
            config: ConfigDef {
                type_name: None,
                schema,
                load,
            },
            state: None,
            permission_rules: &[],
            context_files: &[],
            skills: &COUNT,
            cron_jobs: &[],
            subagents: &[],
            permissions: &[],
            owner_wildcard_exclusions: &[],
        }
    }

    pub(super) static FIRST: PluginDef = plugin("first");
    pub(super) static SECOND: PluginDef = plugin("second");
}
