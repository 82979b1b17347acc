//! `tackle new` as a person runs it: what it refuses, what it writes, and
//! how (names, folders, `--force`, TOML quoting, `--git`, `--json`).

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::{assert_ok, stderr, stdout, tackle};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    support::scratch("tackle-new", name)
}

/// A folder that looks enough like a tackle checkout to be accepted.
fn fake_checkout(dir: &Path) {
    for (folder, package) in [("sdk", "tackle-sdk"), ("runtime", "tackle-runtime")] {
        std::fs::create_dir_all(dir.join(folder)).expect("create the crate folder");
        std::fs::write(
            dir.join(folder).join("Cargo.toml"),
            format!("[package]\nname = \"{package}\"\n"),
        )
        .expect("write the manifest");
    }
}

/// The generated `Cargo.toml`.
fn workspace_manifest(project: &Path) -> toml::Table {
    let text = std::fs::read_to_string(project.join("Cargo.toml")).expect("read Cargo.toml");
    text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// `[workspace.dependencies]` of the generated `Cargo.toml`.
fn dependencies(project: &Path) -> toml::Table {
    let text = std::fs::read_to_string(project.join("Cargo.toml")).expect("read Cargo.toml");
    let mut manifest: toml::Table = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    match manifest
        .remove("workspace")
        .and_then(|w| w.get("dependencies").cloned())
    {
        Some(toml::Value::Table(deps)) => deps,
        other => panic!("no [workspace.dependencies]: {other:?}\n{text}"),
    }
}

#[test]
fn bad_names_are_refused_before_anything_is_written() {
    let dir = scratch("names");
    for (name, needle) in [
        ("My-Plugin", "crate names are lowercase; try `my-plugin`"),
        ("9lives", "start with a lowercase letter"),
        ("tackle", "tackle's own crate"),
        ("test", "Rust's test library"),
        ("core", "core library"),
        ("match", "Rust keyword"),
        ("my plugin", "' ' at byte 2"),
    ] {
        let output = tackle(&dir, &["new", name]);
        assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
        let message = stderr(&output);
        assert!(
            message.starts_with(&format!("error: `{name}` cannot name a project: ")),
            "{message}"
        );
        assert!(message.contains(needle), "{name}: {message}");
    }
    let left: Vec<_> = std::fs::read_dir(&dir).expect("read").collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_folder_with_files_needs_force_and_force_keeps_other_files() {
    let dir = scratch("force");
    let project = dir.join("taken");
    std::fs::create_dir_all(&project).expect("create");
    std::fs::write(project.join("notes.txt"), "mine").expect("write");
    std::fs::write(project.join("README.md"), "old").expect("write");

    let refused = tackle(&dir, &["new", "taken"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("`taken` exists and is not empty (2 entries)"),
        "{}",
        stderr(&refused)
    );
    assert!(stderr(&refused).contains("--force"), "{}", stderr(&refused));
    assert!(!project.join("Cargo.toml").exists());

    assert_ok(&tackle(&dir, &["new", "taken", "--force"]));
    assert_eq!(
        std::fs::read_to_string(project.join("notes.txt")).expect("read"),
        "mine"
    );
    let readme = std::fs::read_to_string(project.join("README.md")).expect("read");
    assert!(readme.starts_with("# taken\n"), "{readme}");
    assert!(project.join("plugin/skills/taken/SKILL.md").exists());

    // An empty folder needs no --force; a file in the way is named.
    std::fs::create_dir_all(dir.join("empty")).expect("create");
    assert_ok(&tackle(&dir, &["new", "empty"]));
    std::fs::write(dir.join("file"), "").expect("write");
    let file = tackle(&dir, &["new", "file"]);
    assert_eq!(file.status.code(), Some(2));
    assert!(
        stderr(&file).contains("`file` exists and is not a folder"),
        "{}",
        stderr(&file)
    );
}

#[test]
fn paths_with_spaces_and_quotes_are_quoted_in_toml() {
    let dir = scratch("quoting");
    let checkout = dir.join("my \"tackle\" 'checkout' \\ copy");
    fake_checkout(&checkout);
    let project = dir.join("the project");
    let checkout_arg = checkout.to_str().expect("utf-8");
    let project_arg = project.to_str().expect("utf-8");
    let output = tackle(
        &dir,
        &[
            "new",
            "quoted",
            "--path",
            project_arg,
            "--tackle-path",
            checkout_arg,
        ],
    );
    assert_ok(&output);
    let root = checkout.canonicalize().expect("canonical");
    let deps = dependencies(&project);
    for (dep, folder) in [("tackle", "sdk"), ("tackle-runtime", "runtime")] {
        assert_eq!(
            deps[dep]["path"].as_str(),
            root.join(folder).to_str(),
            "{deps:?}"
        );
    }
    // The key stays `tackle` (plugins write `use tackle::...`); the package is the sdk's.
    assert_eq!(deps["tackle"]["package"].as_str(), Some("tackle-sdk"));
    assert!(deps["tackle-runtime"].get("package").is_none());
    assert_eq!(deps["quoted"]["path"].as_str(), Some("plugin"));
    // The fake checkout has no Cargo.lock to copy.
    assert!(!project.join("Cargo.lock").exists());
    // The `cd` it suggests is one shell word.
    assert!(
        stdout(&output).contains(&format!("  cd '{project_arg}'\n")),
        "{}",
        stdout(&output)
    );
}

#[test]
fn git_writes_git_dependencies() {
    let dir = scratch("git");
    let url = "https://example.invalid/tackle \"fork\".git";
    assert_ok(&tackle(&dir, &["new", "from-git", "--git", url]));
    let deps = dependencies(&dir.join("from-git"));
    assert_eq!(deps["tackle"]["git"].as_str(), Some(url), "{deps:?}");
    assert_eq!(deps["tackle-runtime"]["git"].as_str(), Some(url));
    assert!(deps["tackle"].get("path").is_none());
    assert_eq!(deps["tackle"]["package"].as_str(), Some("tackle-sdk"));
    assert!(!dir.join("from-git/Cargo.lock").exists());

    let both = tackle(&dir, &["new", "both", "--git", url, "--tackle-path", "."]);
    assert_eq!(both.status.code(), Some(2));
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
}

#[test]
fn a_folder_that_is_not_a_checkout_is_refused() {
    let dir = scratch("not-a-checkout");
    let output = tackle(&dir, &["new", "lost", "--tackle-path", "."]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("is not a tackle checkout"), "{message}");
    assert!(message.contains("sdk/Cargo.toml"), "{message}");
    assert!(message.contains("--git URL"), "{message}");
    assert!(!dir.join("lost").exists());
}

#[test]
fn json_reports_every_name_and_file() {
    let dir = scratch("json");
    let output = tackle(&dir, &["new", "lint_kit", "--json"]);
    assert_ok(&output);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["plugin"]["crate"], "lint_kit");
    assert_eq!(report["plugin"]["lib"], "lint_kit");
    assert_eq!(report["plugin"]["id"], "lint-kit");
    assert_eq!(report["host"]["crate"], "lint_kit-host");
    assert_eq!(report["host"]["bin"], "lint_kit");
    assert_eq!(report["hook"]["crate"], "lint_kit-hook");
    assert_eq!(report["hook"]["bin"], "lint_kit-hook");
    assert_eq!(report["unformatted"], serde_json::Value::Null);
    let files: Vec<&str> = report["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert!(
        files.contains(&"plugin/skills/lint-kit/SKILL.md"),
        "{files:?}"
    );
    for file in ["hook/Cargo.toml", "hook/build.rs", "hook/src/main.rs"] {
        assert!(files.contains(&file), "{file}: {files:?}");
    }
    // The hook package: the plugin linked, the hook entry point as `main`,
    // `tackle-runtime` without its command line.
    let project = dir.join("lint_kit");
    let members = &workspace_manifest(&project)["workspace"]["members"];
    assert_eq!(
        members,
        &toml::Value::Array(vec!["plugin".into(), "host".into(), "hook".into()])
    );
    let hook: toml::Table = std::fs::read_to_string(project.join("hook/Cargo.toml"))
        .expect("read")
        .parse()
        .expect("TOML");
    assert_eq!(hook["package"]["name"].as_str(), Some("lint_kit-hook"));
    assert_eq!(hook["bin"][0]["name"].as_str(), Some("lint_kit-hook"));
    // The workspace's entry turns no feature on; each binary names its own.
    let deps = dependencies(&project);
    assert_eq!(
        deps["tackle-runtime"]["default-features"].as_bool(),
        Some(false)
    );
    let runtime = &hook["dependencies"]["tackle-runtime"];
    assert_eq!(runtime["features"], toml::Value::Array(vec!["hook".into()]));
    let host: toml::Table = std::fs::read_to_string(project.join("host/Cargo.toml"))
        .expect("read")
        .parse()
        .expect("TOML");
    assert_eq!(
        host["dependencies"]["tackle-runtime"]["features"],
        toml::Value::Array(vec!["cli".into()])
    );
    assert_eq!(
        hook["dependencies"]["lint_kit"]["workspace"].as_bool(),
        Some(true)
    );
    let main = std::fs::read_to_string(project.join("hook/src/main.rs")).expect("read");
    assert!(main.contains("tackle_runtime::link!(lint_kit);"), "{main}");
    assert!(main.contains("tackle_runtime::hook::main()"), "{main}");
    assert_eq!(
        std::fs::read_to_string(project.join("hook/build.rs")).expect("read"),
        std::fs::read_to_string(project.join("host/build.rs"))
            .expect("read")
            .replace("The host is", "The hook binary is")
    );
    for file in &files {
        let text = std::fs::read_to_string(dir.join("lint_kit").join(file)).expect("read");
        // GitHub's expressions, `${{ ... }}`, are the workflow's own.
        assert!(
            !text.replace("${{", "").contains("{{"),
            "{file} keeps a placeholder:\n{text}"
        );
    }
    assert_eq!(
        report["next"],
        serde_json::json!([
            "cd lint_kit",
            "cargo test",
            "cargo run -p lint_kit-host -- list"
        ])
    );
}

/// The columns at which the `#` comments after commands start, per
/// fenced block of `markdown`.
fn comment_columns(markdown: &str) -> Vec<Vec<usize>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<usize>> = None;
    for line in markdown.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(Vec::new()),
            }
            continue;
        }
        if let Some(block) = &mut current
            && !line.trim_start().starts_with('#')
            && let Some(at) = line.find("  # ")
        {
            block.push(line[..at].chars().count());
        }
    }
    blocks
}

#[test]
fn the_readme_links_nothing_made_up_and_keeps_its_comments_aligned() {
    let dir = scratch("readme");
    let long = "b".repeat(tackle_cli::name::MAX_LEN);
    for name in ["a", "my-plugin", long.as_str()] {
        assert_ok(&tackle(&dir, &["new", name]));
        let readme = std::fs::read_to_string(dir.join(name).join("README.md")).expect("read");
        assert!(!readme.contains("example.invalid"), "{readme}");
        // The guide it names is the checkout's own.
        let guide = readme
            .split('`')
            .find(|part| part.ends_with("docs/guide/README.md"))
            .unwrap_or_else(|| panic!("no guide named in\n{readme}"));
        assert!(Path::new(guide).is_file(), "{guide}");
        for columns in comment_columns(&readme) {
            assert!(
                columns.windows(2).all(|w| w[0] == w[1]),
                "{name}: comments at columns {columns:?} in\n{readme}"
            );
        }
        // What is shipped is the hook build, the hook binary's by the
        // alias the project's `.cargo/config.toml` defines.
        assert!(readme.contains("--profile hook"), "{readme}");
        assert!(readme.contains("\ncargo build-hook\n"), "{readme}");
        let flags = support::build_hook_rustc_flags(&dir.join(name));
        assert!(
            flags.contains(&"target-feature=+crt-static".to_owned()),
            "{flags:?}"
        );
    }
}

#[test]
fn target_dir_is_written_to_the_project_s_cargo_config() {
    let dir = scratch("target-dir");
    let output = tackle(
        &dir,
        &["new", "shared", "--target-dir", "cache/target", "--json"],
    );
    assert_ok(&output);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let target = dir.canonicalize().expect("canonical").join("cache/target");
    assert_eq!(report["target_dir"], target.to_str().expect("utf-8"));
    let files = report["files"].as_array().expect("files");
    assert!(
        files.contains(&serde_json::json!(".cargo/config.toml")),
        "{files:?}"
    );
    let config = std::fs::read_to_string(dir.join("shared/.cargo/config.toml")).expect("read");
    let config: toml::Table = config.parse().unwrap_or_else(|e| panic!("{e}\n{config}"));
    assert_eq!(
        config["build"]["target-dir"].as_str(),
        target.to_str(),
        "{config:?}"
    );
    let readme = std::fs::read_to_string(dir.join("shared/README.md")).expect("read");
    assert!(
        readme.contains(&format!("builds into `{}`", target.display())),
        "{readme}"
    );

    // Without it, a project on a checkout builds into the checkout's
    // target folder, where the checkout's own build is.
    let plain = tackle(&dir, &["new", "beside", "--json"]);
    assert_ok(&plain);
    let report: serde_json::Value = serde_json::from_slice(&plain.stdout).expect("JSON");
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the checkout")
        .canonicalize()
        .expect("canonical");
    let shared = checkout.join("target");
    assert_eq!(report["target_dir"], shared.to_str().expect("utf-8"));
    let config = std::fs::read_to_string(dir.join("beside/.cargo/config.toml")).expect("read");
    let config: toml::Table = config.parse().unwrap_or_else(|e| panic!("{e}\n{config}"));
    assert_eq!(config["build"]["target-dir"].as_str(), shared.to_str());

    // `--own-target`: Cargo's default, and the report says how to share.
    let plain = support::tackle_command()
        .args(["new", "alone", "--own-target"])
        .current_dir(&dir)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("run tackle");
    assert_ok(&plain);
    assert!(
        stdout(&plain).contains("--target-dir DIR"),
        "{}",
        stdout(&plain)
    );
    let config = std::fs::read_to_string(dir.join("alone/.cargo/config.toml")).expect("read");
    let config: toml::Table = config.parse().unwrap_or_else(|e| panic!("{e}\n{config}"));
    assert!(!config.contains_key("build"), "{config:?}");

    // It and `--target-dir` are one choice.
    let both = tackle(&dir, &["new", "both", "--own-target", "--target-dir", "x"]);
    assert_eq!(both.status.code(), Some(2), "{both:?}");
    assert!(!dir.join("both").exists());
}

/// The checkout's own version, as its crates are published with it.
fn checkout_version() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("Cargo.toml")).expect("read Cargo.toml");
    let manifest: toml::Table = text.parse().expect("TOML");
    manifest["workspace"]["package"]["version"]
        .as_str()
        .expect("a workspace version")
        .to_owned()
}

/// `cargo generate-lockfile --offline` in `project` (resolution only,
/// from the index Cargo has cached), with crates.io's `tackle-sdk` and
/// `tackle-runtime` replaced by this checkout's, as `cargo publish` would
/// upload them.
fn resolve_against_checkout(project: &Path) -> std::process::Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the checkout");
    let mut patch = toml::Table::new();
    for (name, folder) in [("tackle-sdk", "sdk"), ("tackle-runtime", "runtime")] {
        let mut dep = toml::Table::new();
        dep.insert(
            "path".into(),
            root.join(folder).to_string_lossy().into_owned().into(),
        );
        patch.insert(name.into(), dep.into());
    }
    let manifest = project.join("Cargo.toml");
    let mut registries = toml::Table::new();
    registries.insert("crates-io".into(), patch.into());
    let mut section = toml::Table::new();
    section.insert("patch".into(), registries.into());
    let mut text = std::fs::read_to_string(&manifest).expect("read Cargo.toml");
    text.push_str(&format!("\n{section}"));
    std::fs::write(&manifest, text).expect("write Cargo.toml");
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["generate-lockfile", "--offline"])
        .current_dir(project)
        .output()
        .expect("runs cargo metadata")
}

#[test]
fn crates_io_writes_versions_the_checkout_s_crates_satisfy() {
    let dir = scratch("crates-io");
    assert_ok(&tackle(&dir, &["new", "from-registry", "--crates-io"]));
    let project = dir.join("from-registry");
    let version = checkout_version();
    // Exactly: crates.io has another project's `tackle` 0.1.3, which a
    // caret requirement would take.
    let requirement = format!("={version}");
    let deps = dependencies(&project);
    // Under the key `tackle`, so plugins write `use tackle::...`: crates.io's
    // `tackle` is another project's crate, the sdk's package `tackle-sdk`.
    assert_eq!(
        deps["tackle"]["package"].as_str(),
        Some("tackle-sdk"),
        "{deps:?}"
    );
    assert_eq!(
        deps["tackle"]["version"].as_str(),
        Some(requirement.as_str()),
        "{deps:?}"
    );
    // And `--help` says what it writes.
    let help = stdout(&tackle(&dir, &["new", "--help"]));
    let said = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(&format!(
            "`tackle = {{ package = \"tackle-sdk\", version = \"{requirement}\" }}`"
        )),
        "{help}"
    );
    assert_eq!(
        deps["tackle-runtime"]["version"].as_str(),
        Some(requirement.as_str()),
        "{deps:?}"
    );
    assert!(!project.join("Cargo.lock").exists(), "no checkout's lock");
    let readme = std::fs::read_to_string(project.join("README.md")).expect("README");
    assert!(
        readme.contains(&format!("crates.io (version {requirement})")),
        "{readme}"
    );

    // Cargo takes the checkout's crates for that requirement: what
    // `cargo publish` uploads satisfies the project.
    let out = resolve_against_checkout(&project);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lock: toml::Table = std::fs::read_to_string(project.join("Cargo.lock"))
        .expect("Cargo.lock")
        .parse()
        .expect("TOML");
    for name in ["tackle-sdk", "tackle-runtime"] {
        let package = lock["package"]
            .as_array()
            .expect("packages")
            .iter()
            .find(|p| p["name"].as_str() == Some(name))
            .unwrap_or_else(|| panic!("{name} is not resolved"));
        assert_eq!(package["version"].as_str(), Some(version.as_str()));
        // No `source`: the checkout's, not a registry's.
        assert!(package.get("source").is_none(), "{package:?}");
    }

    // A requirement the checkout does not meet is not taken from it.
    let other = scratch("crates-io-other");
    assert_ok(&tackle(&other, &["new", "too-new", "--crates-io"]));
    let manifest = other.join("too-new/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("read");
    let written = format!("version = \"{requirement}\"");
    assert!(text.contains(&written), "{text}");
    let text = text.replace(&written, "version = \"=999.0.0\"");
    std::fs::write(&manifest, text).expect("write");
    let out = resolve_against_checkout(&other.join("too-new"));
    assert!(!out.status.success(), "{out:?}");

    // `--help` names what it writes (its lines wrapped at any space).
    let help = stdout(&tackle(&dir, &["new", "--help"]))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let said = format!("tackle = {{ package = \"tackle-sdk\", version = \"{requirement}\" }}");
    assert!(help.contains(&said), "{help}");

    let both = tackle(&dir, &["new", "both", "--crates-io", "--git", "x"]);
    assert_eq!(both.status.code(), Some(2), "{both:?}");
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
}

/// Whether `project` is trusted as the host reads the user's list in
/// `home` (`TACKLE_HOME`, and nothing else set).
fn trusted_in(home: &Path, project: &Path) -> bool {
    let vars = tackle_spec::trust::UserVars::from_vars(project, |name| {
        (name == "TACKLE_HOME").then(|| home.as_os_str().to_owned())
    });
    tackle_spec::trust::project_trust(project, &vars).is_trusted()
}

#[test]
fn the_project_is_trusted_for_its_author_and_a_clone_of_it_is_not() {
    let dir = scratch("trust");
    let home = dir.join("home");
    let run = |args: &[&str]| {
        let output = support::tackle_command()
            .args(args)
            .current_dir(&dir)
            .env("TACKLE_HOME", &home)
            .output()
            .expect("run tackle");
        assert_ok(&output);
        output
    };
    let written = run(&["new", "mine", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&written.stdout).expect("JSON");
    let list = home.join("trusted-projects.json");
    assert_eq!(report["trusted"], list.display().to_string(), "{report}");
    assert!(trusted_in(&home, &dir.join("mine")));
    // The same files in another folder (a clone, here or on another
    // machine) are not: the list is the user's, by folder.
    let clone = dir.join("clone");
    std::fs::create_dir_all(&clone).expect("clone folder");
    for file in ["tackle.toml", "Cargo.toml"] {
        std::fs::copy(dir.join("mine").join(file), clone.join(file)).expect("copy");
    }
    assert!(!trusted_in(&home, &clone));
    assert!(!trusted_in(&dir.join("other-home"), &dir.join("mine")));

    // Files `tackle new` did not write are not its to vouch for, and
    // `--no-trust` asks for none: the next steps then include the trust.
    std::fs::create_dir_all(dir.join("theirs")).expect("folder");
    std::fs::write(dir.join("theirs/tackle.toml"), "enabled = []\n").expect("write");
    for (args, why) in [
        (
            &["new", "theirs", "--force", "--json"][..],
            "held files before",
        ),
        (&["new", "asked", "--no-trust", "--json"][..], "--no-trust"),
    ] {
        let report: serde_json::Value = serde_json::from_slice(&run(args).stdout).expect("JSON");
        assert_eq!(report["trusted"], serde_json::Value::Null, "{report}");
        assert!(
            report["untrusted_why"]
                .as_str()
                .is_some_and(|w| w.contains(why)),
            "{report}"
        );
        assert!(
            report["next"]
                .as_array()
                .expect("next")
                .iter()
                .any(|c| c.as_str().is_some_and(|c| c.ends_with("-- plugins trust"))),
            "{report}"
        );
    }
    assert!(!trusted_in(&home, &dir.join("theirs")));
    assert!(!trusted_in(&home, &dir.join("asked")));
    // And the text says which it is.
    let text = stdout(&run(&["new", "again"]));
    assert!(text.contains("Trusted for you"), "{text}");
    assert!(text.contains("A clone of the project"), "{text}");
}
