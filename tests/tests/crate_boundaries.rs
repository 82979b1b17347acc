//! Every crate packages on its own (`scripts/package.sh`): no source file
//! pulls another crate's file in with `include!` or `#[path]`, and no file
//! of a published crate reads one outside it with `include_str!` or
//! `include_bytes!` either (the unpublished tests crate reads the README).
//! What two crates share is a dependency (`tackle-spec`), so this test reads
//! every Rust file of the workspace and resolves each literal path against
//! the file's folder. And the library crates depend on each other as
//! DEVELOPERS.md draws them, the engine without MCP or a command line.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// The `"..."` after each occurrence of `marker` in `text`, with its line.
fn literal_paths<'a>(text: &'a str, marker: &str) -> Vec<(usize, &'a str)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find(marker) {
            rest = &rest[at + marker.len()..];
            let Some(open) = rest.find('"') else { break };
            // Only a literal right after the marker: `include_str!(concat!(...))` has none.
            if !rest[..open].trim().is_empty() {
                continue;
            }
            let literal = &rest[open + 1..];
            if let Some(close) = literal.find('"') {
                found.push((index + 1, &literal[..close]));
            }
        }
    }
    found
}

/// `path` with `.` and `..` resolved, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The folder of the crate `file` belongs to: the nearest with a Cargo.toml.
fn crate_root(file: &Path) -> PathBuf {
    let mut dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    while !dir.join("Cargo.toml").is_file() {
        if !dir.pop() {
            break;
        }
    }
    dir
}

/// Whether the crate in `root` may be published: its manifest has no
/// `publish` key (the others inherit the workspace's `publish = false`).
fn published(root: &Path) -> bool {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    let manifest: toml::Table = manifest.parse().unwrap_or_default();
    manifest
        .get("package")
        .and_then(toml::Value::as_table)
        .is_some_and(|package| !package.contains_key("publish"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            // Build output, and trybuild's copies of the UI cases.
            if name != "target" && name != ".git" {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each path pulled in from outside its own crate: `file:line: path`.
fn crossings(workspace: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(workspace, &mut files);
    let mut found = Vec::new();
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        let root = crate_root(&file);
        let dir = file.parent().unwrap_or(workspace);
        let markers: &[&str] = if published(&root) {
            &["include!(", "#[path =", "include_str!(", "include_bytes!("]
        } else {
            &["include!(", "#[path ="]
        };
        for marker in markers {
            for (line, path) in literal_paths(&text, marker) {
                let target = normalize(&dir.join(path));
                if !target.starts_with(&root) {
                    found.push(format!(
                        "{}:{line}: `{path}` is outside {}",
                        file.strip_prefix(workspace).unwrap_or(&file).display(),
                        root.strip_prefix(workspace).unwrap_or(&root).display()
                    ));
                }
            }
        }
    }
    found
}

fn workspace() -> PathBuf {
    normalize(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}

#[test]
fn no_source_file_reaches_into_another_crate() {
    let found = crossings(&workspace());
    assert!(
        found.is_empty(),
        "files shared across crates break `cargo package`; make them a dependency (tackle-spec):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_path_into_a_sibling_crate_is_found() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let write = |path: &str, text: &str| {
        let path = scratch.path().join(path);
        fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
        fs::write(path, text).expect("written");
    };
    write("README.md", "");
    write("a/Cargo.toml", "[package]\nname = \"a\"\n");
    write("b/Cargo.toml", "[package]\nname = \"b\"\npublish = false\n");
    write("b/src/data.rs", "");
    write(
        "a/src/lib.rs",
        "#[path = \"../../b/src/data.rs\"]\nmod data;\nconst X: &[&str] = include!(\"own.rs\");\nconst Y: &str = include_str!(concat!(env!(\"OUT_DIR\"), \"/x\"));\nconst Z: &str = include_str!(\"../../README.md\");\n",
    );
    write("a/src/own.rs", "&[]");
    write(
        "b/src/lib.rs",
        "include!(\"../../a/src/own.rs\");\nconst R: &str = include_str!(\"../../README.md\");\n",
    );
    let found = crossings(scratch.path());
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(
        found
            .iter()
            .any(|f| f.starts_with("a/src/lib.rs:1: `../../b/src/data.rs`"))
    );
    assert!(
        found
            .iter()
            .any(|f| f.starts_with("a/src/lib.rs:5: `../../README.md`"))
    );
    assert!(
        found
            .iter()
            .any(|f| f.starts_with("b/src/lib.rs:1: `../../a/src/own.rs`"))
    );
}

/// The edges DEVELOPERS.md draws ("How the library crates depend on each
/// other"): each library crate and the crates of ours it depends on.
const DRAWN: &[(&str, &[&str])] = &[
    ("tackle-spec", &[]),
    ("tackle-shell", &[]),
    ("tackle-macros", &["tackle-spec"]),
    (
        "tackle-sdk",
        &["tackle-macros", "tackle-spec", "tackle-shell"],
    ),
    ("tackle-host", &["tackle-sdk", "tackle-spec"]),
    (
        "tackle-agents",
        &["tackle-sdk", "tackle-host", "tackle-spec"],
    ),
    ("tackle-mcp", &["tackle-sdk", "tackle-host"]),
    ("tackle-providers", &["tackle-sdk"]),
    ("tackle-store-redis", &["tackle-sdk"]),
    (
        "tackle-runtime",
        &[
            "tackle-sdk",
            "tackle-host",
            "tackle-agents",
            "tackle-mcp",
            "tackle-providers",
            "tackle-store-redis",
            "tackle-spec",
        ],
    ),
    ("tackle-cli", &["tackle-spec"]),
];

#[test]
fn the_crates_depend_on_each_other_as_drawn() {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(workspace())
        .output()
        .expect("runs cargo metadata");
    assert!(out.status.success(), "{out:?}");
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo's JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let ours: Vec<&str> = DRAWN.iter().map(|(name, _)| *name).collect();
    for (name, drawn) in DRAWN {
        let package = packages
            .iter()
            .find(|p| p["name"] == *name)
            .unwrap_or_else(|| panic!("no crate `{name}` in the workspace"));
        // Normal dependencies only: `kind` is null for them.
        let mut actual: Vec<&str> = package["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .filter(|d| d["kind"].is_null())
            .filter_map(|d| d["name"].as_str())
            .filter(|d| ours.contains(d))
            .collect();
        actual.sort_unstable();
        let mut drawn = drawn.to_vec();
        drawn.sort_unstable();
        assert_eq!(
            actual, drawn,
            "`{name}` depends on other crates of ours than DEVELOPERS.md draws"
        );
    }
}

/// The crates `cargo tree` lists for `args` (a package and its features),
/// normal dependencies only, however deep: what the package compiles.
fn tree(args: &[&str]) -> Vec<String> {
    tree_of(args, "normal")
}

/// As [`tree`], without what only proc macros use: what the package links.
/// (`tackle`'s macros check `#[cron]` schedules and skill files at compile
/// time, so every plugin crate compiles croner and serde-saphyr for them.)
fn linked(args: &[&str]) -> Vec<String> {
    tree_of(args, "normal,no-proc-macro")
}

/// `cargo tree`'s arguments for `package` with `feature` alone.
fn only<'a>(package: &'a str, feature: &'a str) -> [&'a str; 5] {
    [
        "-p",
        package,
        "--no-default-features",
        "--features",
        feature,
    ]
}

fn tree_of(args: &[&str], edges: &str) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO"))
        .arg("tree")
        .args(args)
        .args(["-e", edges, "--prefix", "none", "--offline"])
        .current_dir(workspace())
        .output()
        .expect("runs cargo tree");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

/// An embedder who wants the engine alone compiles no MCP library, no
/// command-line parser, no second JSON library and no HTTP client:
/// `tackle-host` with its default features pulls none of them in, however
/// deep.
#[test]
fn the_engine_builds_without_mcp_or_a_command_line() {
    let crates = tree(&["-p", "tackle-host"]);
    assert!(crates.iter().any(|c| c == "tackle-sdk"), "{crates:?}");
    for unwanted in ["rmcp", "clap", "sonic-rs", "genai", "reqwest", "redis"] {
        assert!(
            !crates.iter().any(|c| c == unwanted),
            "tackle-host depends on {unwanted}: {crates:?}"
        );
    }
}

/// A hook-only binary (`tackle-runtime` with `hook` alone) links the
/// agents and no MCP library, command-line parser or HTTP stack.
#[test]
fn a_hook_only_binary_builds_without_mcp_or_a_command_line() {
    let crates = tree(&only("tackle-runtime", "hook"));
    assert!(crates.iter().any(|c| c == "tackle-agents"), "{crates:?}");
    for unwanted in [
        "tackle-mcp",
        "rmcp",
        "clap",
        "axum",
        "hyper",
        "genai",
        "reqwest",
    ] {
        assert!(
            !crates.iter().any(|c| c == unwanted),
            "a hook-only tackle-runtime depends on {unwanted}: {crates:?}"
        );
    }
}

/// What only cron jobs (the scheduler) and skills (YAML frontmatter read
/// at run time) need, and what only those crates pull in.
const CRON_AND_SKILLS: [&str; 8] = [
    "croner",
    "chrono",
    "chrono-tz",
    "derive_builder",
    "serde-saphyr",
    "granit-parser",
    "annotate-snippets",
    "encoding_rs",
];

/// A hook call runs no cron job and lists no skill: a hook-only binary
/// links neither the scheduler's crates nor a YAML reader, while the
/// command line (the default) has both.
#[test]
fn a_hook_only_binary_links_neither_cron_nor_skills() {
    let hook = linked(&only("tackle-runtime", "hook"));
    assert!(hook.iter().any(|c| c == "tackle-host"), "{hook:?}");
    for unwanted in CRON_AND_SKILLS {
        assert!(
            !hook.iter().any(|c| c == unwanted),
            "a hook-only tackle-runtime links {unwanted}: {hook:?}"
        );
    }
    let cli = linked(&["-p", "tackle-runtime"]);
    for wanted in ["croner", "chrono-tz", "serde-saphyr"] {
        assert!(
            cli.iter().any(|c| c == wanted),
            "the command line does not link {wanted}: {cli:?}"
        );
    }
}

/// What only jsonschema needs: its regex engine, URI resolver and
/// arbitrary-precision numbers.
const FULL_SCHEMA: [&str; 5] = [
    "jsonschema",
    "referencing",
    "fancy-regex",
    "fluent-uri",
    "num-bigint",
];

/// A hook-only binary checks config blocks with tackle's own checker
/// (`problems::lite`): it links no jsonschema, while the command line does.
/// The example host's hook binary, built alone, links none of it either.
#[test]
fn a_hook_only_binary_links_no_jsonschema() {
    let hook = linked(&only("tackle-runtime", "hook"));
    let example = linked(&["-p", "example-host-hook"]);
    assert!(example.iter().any(|c| c == "guard"), "{example:?}");
    for (what, crates) in [
        ("a hook-only tackle-runtime", &hook),
        ("example-host-hook", &example),
    ] {
        for unwanted in FULL_SCHEMA
            .iter()
            .chain(&CRON_AND_SKILLS)
            .chain(&["rmcp", "clap"])
        {
            assert!(
                !crates.iter().any(|c| c == unwanted),
                "{what} links {unwanted}: {crates:?}"
            );
        }
    }
    let cli = linked(&["-p", "tackle-runtime"]);
    assert!(cli.iter().any(|c| c == "jsonschema"), "{cli:?}");
}

/// The engine without features links neither either; each feature brings
/// its own crates and not the other's.
#[test]
fn the_engine_without_features_links_neither_cron_nor_skills() {
    let bare = linked(&["-p", "tackle-host", "--no-default-features"]);
    for unwanted in CRON_AND_SKILLS {
        assert!(
            !bare.iter().any(|c| c == unwanted),
            "tackle-host without features links {unwanted}: {bare:?}"
        );
    }
    let cron = linked(&only("tackle-host", "cron"));
    assert!(cron.iter().any(|c| c == "croner"), "{cron:?}");
    assert!(!cron.iter().any(|c| c == "serde-saphyr"), "{cron:?}");
    let skills = linked(&only("tackle-host", "skills"));
    assert!(skills.iter().any(|c| c == "serde-saphyr"), "{skills:?}");
    assert!(!skills.iter().any(|c| c == "croner"), "{skills:?}");
}
