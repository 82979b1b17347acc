use std::fs;
use std::path::Path;

use super::{PROJECT_SKILLS, SkillCatalogue, SkillOrigin};
use crate::config::SkillsConfig;

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
    use tackle::def::PluginDef;
    use tackle::skill::SkillDef;

    use crate::testing_defs;

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

    const fn plugin(id: &'static str) -> PluginDef {
        PluginDef {
            skills: &COUNT,
            ..testing_defs::plugin(id)
        }
    }

    pub(super) static FIRST: PluginDef = plugin("first");
    pub(super) static SECOND: PluginDef = plugin("second");
}
