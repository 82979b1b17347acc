//! `tackle add` as a person runs it: the edits it makes to a project
//! `tackle new` made, and what it refuses without writing anything.
//! `generated.rs` builds such a project and runs its tests.

mod support;

use std::path::{Path, PathBuf};

use support::{assert_ok, stderr, tackle};

fn scratch(name: &str) -> PathBuf {
    support::scratch("tackle-add", name)
}

/// A project `first`, made by `tackle new`.
fn project(name: &str) -> PathBuf {
    let dir = scratch(name);
    assert_ok(&tackle(&dir, &["new", "first"]));
    dir.join("first")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file of the project and its text, to compare before and after.
fn snapshot(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read the folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let text = read(&path);
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_plugin_is_written_and_linked_by_the_edits_a_person_would_make() {
    let project = project("edits");
    let output = tackle(&project, &["add", "lint_kit", "--json"]);
    assert_ok(&output);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["plugin"]["id"], "lint-kit");
    assert_eq!(
        report["files"],
        serde_json::json!([
            "lint_kit/Cargo.toml",
            "lint_kit/src/lib.rs",
            "lint_kit/tests/plugin.rs"
        ])
    );
    assert_eq!(
        report["edited"],
        serde_json::json!([
            "Cargo.toml",
            "host/Cargo.toml",
            "host/src/main.rs",
            "hook/Cargo.toml",
            "hook/src/main.rs",
            "tackle.toml"
        ])
    );

    let manifest: toml::Table = read(&project.join("Cargo.toml")).parse().expect("TOML");
    let workspace = &manifest["workspace"];
    assert_eq!(
        workspace["members"],
        toml::Value::Array(vec![
            "plugin".into(),
            "host".into(),
            "hook".into(),
            "lint_kit".into()
        ])
    );
    assert_eq!(
        workspace["dependencies"]["lint_kit"]["path"].as_str(),
        Some("lint_kit")
    );
    // Its comments are kept, and the new line is not under "Tests only".
    let text = read(&project.join("Cargo.toml"));
    assert!(
        text.contains(
            "first = { path = \"plugin\" }\nlint_kit = { path = \"lint_kit\" }\n# Tests only."
        ),
        "{text}"
    );

    let host: toml::Table = read(&project.join("host/Cargo.toml"))
        .parse()
        .expect("TOML");
    assert_eq!(
        host["dependencies"]["lint_kit"]["workspace"].as_bool(),
        Some(true)
    );
    // The host and the hook binary both link it: the hooks the agents run
    // are the host's.
    for binary in ["host", "hook"] {
        let manifest: toml::Table = read(&project.join(binary).join("Cargo.toml"))
            .parse()
            .expect("TOML");
        assert_eq!(
            manifest["dependencies"]["lint_kit"]["workspace"].as_bool(),
            Some(true),
            "{binary}"
        );
        let main = read(&project.join(binary).join("src/main.rs"));
        assert!(
            main.contains("tackle_runtime::link!(first, lint_kit);"),
            "{binary}: {main}"
        );
    }
    let root = project.canonicalize().expect("the project");
    assert_eq!(report["host"], serde_json::json!(root.join("host")));
    assert_eq!(report["hooks"], serde_json::json!([root.join("hook")]));

    let config: toml::Table = read(&project.join("tackle.toml")).parse().expect("TOML");
    assert_eq!(
        config["enabled"],
        toml::Value::Array(vec!["first".into(), "lint-kit".into()])
    );
    assert!(config["plugins"].get("lint-kit").is_some(), "{config:?}");
    // The first plugin's commented settings stay under its block.
    let text = read(&project.join("tackle.toml"));
    let first = text.find("[plugins.first]").expect("first block");
    let second = text.find("[plugins.lint-kit]").expect("second block");
    let commented = text.find("# blocked_commands").expect("commented setting");
    assert!(first < commented && commented < second, "{text}");

    let lib = read(&project.join("lint_kit/src/lib.rs"));
    assert!(lib.contains("id: \"lint-kit\""), "{lib}");
    assert!(lib.contains("fn lint_kit_hello("), "{lib}");
}

#[test]
fn what_cannot_be_added_is_refused_and_nothing_is_written() {
    let project = project("refusals");
    let before = snapshot(&project);
    for (name, needle) in [
        ("Lint", "crate names are lowercase"),
        ("first", "`[workspace.dependencies]` names `first` already"),
        ("first-host", "the host's package name"),
        ("first-hook", "the hook binary's package name"),
        ("host", "exists already"),
        ("target", "the project's own folders"),
        ("tackle", "tackle's own crate"),
        (&"c".repeat(60), "would be longer than tool names may be"),
    ] {
        let output = tackle(&project, &["add", name]);
        assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
        assert!(
            stderr(&output).contains(needle),
            "{name}: {}",
            stderr(&output)
        );
    }
    assert_eq!(snapshot(&project), before);

    // A `link!` it cannot read is left to a person, before anything is written.
    let main = project.join("host/src/main.rs");
    let odd = read(&main).replace("link!(first)", "link!(first /* more */)");
    std::fs::write(&main, odd).expect("write");
    let before = snapshot(&project);
    let output = tackle(&project, &["add", "second"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("by hand"), "{}", stderr(&output));
    assert_eq!(snapshot(&project), before);

    // Outside a project (and outside tackle's own workspace).
    let outside = tempfile::tempdir().expect("a folder outside the workspace");
    let output = tackle(outside.path(), &["add", "second"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no Cargo workspace"),
        "{}",
        stderr(&output)
    );
    assert!(
        std::fs::read_dir(outside.path())
            .expect("read")
            .next()
            .is_none()
    );

    // Where several members link plugins, `--host` chooses.
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = tackle(&workspace, &["add", "second"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("pass `--host DIR`"),
        "{}",
        stderr(&output)
    );
}
