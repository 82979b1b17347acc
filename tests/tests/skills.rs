//! Skills end to end: a plugin's compile-time skills (the `guard` example)
//! merged with the project's `.agents/skills/` and `[skills] dirs`, project
//! skills overriding plugin skills, bad files reported by the host, `list`
//! and `doctor` showing them.

use std::fs;
use std::path::Path;

use serde_json::Value;
use tackle_runtime::skills::SkillOrigin;
use tackle_runtime::{Host, Registry};
use tackle_tests::process::isolated;

tackle_runtime::link!(guard, doctored);

const DOCTOR_HOST: &str = env!("CARGO_BIN_EXE_tackle-doctor-host");

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    fs::write(path, text).expect("write");
}

async fn host(agent_dir: &Path, config: &str) -> Host {
    Host::builder()
        .registry(Registry::global().expect("registry").only(&["guard"]))
        .agent_dir(agent_dir)
        .config_toml(config, "test.toml")
        .build()
        .await
        .expect("host builds")
}

#[tokio::test]
async fn plugin_skills_are_in_the_catalogue_with_their_source() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(dir.path(), "").await;
    let catalogue = host.skills();
    assert!(
        catalogue.problems().is_empty(),
        "{:?}",
        catalogue.problems()
    );
    let skill = catalogue.skill("safe-shell").expect("guard's skill");
    assert_eq!(
        skill.origin,
        SkillOrigin::Plugin {
            plugin: "guard",
            path: "skills/safe-shell.md"
        }
    );
    assert!(skill.enabled);
    assert!(skill.body.starts_with("# Safe shell"), "{}", skill.body);
    assert!(skill.shadowed.is_empty());
}

#[tokio::test]
async fn project_skills_override_plugin_skills_and_bad_files_are_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let agent = dir.path();
    write(
        &agent.join(".agents/skills/safe-shell/SKILL.md"),
        "---\nname: safe-shell\ndescription: Our own rules.\n---\nAsk first.\n",
    );
    write(
        &agent.join(".agents/skills/broken.md"),
        "---\nname: broken\ndescription: x\nenabled: sometimes\n---\n",
    );
    write(
        &agent.join("team/release.md"),
        "---\nname: release\ndescription: Cut a release.\n---\nTag it.\n",
    );
    let host = host(agent, "[skills]\ndirs = [\"team\"]\n").await;
    let catalogue = host.skills();

    let names: Vec<&str> = catalogue.skills().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["release", "safe-shell"]);
    let shell = catalogue.skill("safe-shell").expect("overridden");
    assert_eq!(shell.description, "Our own rules.");
    assert_eq!(
        shell.shadowed,
        [SkillOrigin::Plugin {
            plugin: "guard",
            path: "skills/safe-shell.md"
        }]
    );
    let problems: Vec<String> = catalogue
        .problems()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].ends_with("broken.md:4: `enabled` must be `true` or `false`, not a string"),
        "{problems:?}"
    );
}

#[test]
fn list_and_doctor_show_skills_and_their_problems() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        &dir.path().join(".agents/skills/notes.md"),
        "---\nname: notes\ndescription: Keep notes.\n---\n",
    );
    write(
        &dir.path().join(".agents/skills/bad.md"),
        "no frontmatter\n",
    );
    let run = |args: &[&str]| {
        let out = isolated(DOCTOR_HOST, &dir.path().join(".home"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("runs");
        (
            out.status.code().expect("exited"),
            String::from_utf8(out.stdout).expect("utf8"),
        )
    };

    let (code, stdout) = run(&["list", "--json"]);
    assert_eq!(code, 0, "{stdout}");
    let list: Value = serde_json::from_str(&stdout).expect("JSON");
    let skills = list["skills"].as_array().expect("skills");
    let names: Vec<&str> = skills.iter().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(names, ["checklist", "notes"]);
    assert_eq!(skills[0]["source"]["plugin"], "doctored");
    assert_eq!(skills[0]["source"]["path"], "skills/checklist.md");
    assert_eq!(skills[1]["source"]["plugin"], Value::Null);
    let problems = list["skill_problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0]
            .as_str()
            .expect("text")
            .contains("bad.md:1: a skill starts with YAML frontmatter")
    );

    let (_, text) = run(&["list"]);
    assert!(text.contains("SKILL"), "{text}");
    assert!(text.contains("checklist"), "{text}");
    assert!(text.contains("skill files that cannot be used"), "{text}");

    let (code, stdout) = run(&["manifest"]);
    assert_eq!(code, 0, "{stdout}");
    let manifest: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(manifest["plugins"][0]["skills"][0]["name"], "checklist");
    assert_eq!(manifest["skills"].as_array().map(Vec::len), Some(2));

    let (code, stdout) = run(&["doctor", "--json"]);
    assert_eq!(code, 1, "a bad skill file fails the doctor: {stdout}");
    let report: Value = serde_json::from_str(&stdout).expect("JSON");
    let failing: Vec<&Value> = report["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["status"] == "fail" && e["builtin"] == true)
        .collect();
    assert_eq!(failing.len(), 1, "{report:#}");
    assert_eq!(failing[0]["name"], "skills");
    assert!(
        failing[0]["message"]
            .as_str()
            .expect("text")
            .contains("bad.md:1:")
    );
}
