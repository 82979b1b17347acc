//! The documentation's examples and links. The plugin and hook examples are
//! UI pass cases (`ui/pass/readme_plugin.rs`, `ui/pass/readme_hooks.rs`), so
//! they compile and run; this keeps the texts the same, checks the guide's
//! config example against a real host, the README's coverage matrix against
//! the table in code, and every relative link and anchor in the Markdown.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const README: &str = include_str!("../../README.md");
const GETTING_STARTED: &str = include_str!("../../docs/guide/getting-started.md");
const HOOKS: &str = include_str!("../../docs/guide/hooks.md");
const CONFIGURATION: &str = include_str!("../../docs/guide/configuration.md");

/// The code block of `doc` that starts with the line `first`, up to its fence.
fn block<'a>(doc: &'a str, first: &str, what: &str) -> &'a str {
    let start = doc
        .find(first)
        .unwrap_or_else(|| panic!("{what} shows a block starting {first:?}"));
    let end = start + doc[start..].find("```").expect("the code block ends");
    &doc[start..end]
}

#[test]
fn the_readme_plugin_example_is_the_tested_one() {
    let case = include_str!("../ui/pass/readme_plugin.rs");
    for (doc, what) in [
        (README, "README.md"),
        (GETTING_STARTED, "docs/guide/getting-started.md"),
    ] {
        assert!(
            case.starts_with(block(doc, "// my-plugin/src/lib.rs\n", what)),
            "tests/ui/pass/readme_plugin.rs must start with {what}'s plugin block, verbatim"
        );
    }
}

#[test]
fn the_guide_hooks_example_is_the_tested_one() {
    let case = include_str!("../ui/pass/readme_hooks.rs");
    let what = "docs/guide/hooks.md";
    assert!(
        case.starts_with(block(HOOKS, "// my-plugin/src/hooks.rs\n", what)),
        "tests/ui/pass/readme_hooks.rs must start with {what}'s hooks block, verbatim"
    );
}

#[test]
fn the_guide_shell_example_is_the_tested_one() {
    let case = include_str!("../ui/pass/guide_shell.rs");
    let what = "docs/guide/hooks.md";
    assert!(
        case.starts_with(block(HOOKS, "// my-plugin/src/publish.rs\n", what)),
        "tests/ui/pass/guide_shell.rs must start with {what}'s tackle::shell block, verbatim"
    );
}

tackle_runtime::link!(
    metrics,
    textkit,
    doomloop,
    reviewer,
    scripted,
    guard,
    read_before_edit
);

/// The `tackle.toml` the guide's configuration chapter shows first is a
/// config a host with the example plugins accepts, every section included.
#[tokio::test]
async fn the_guide_config_example_is_accepted() {
    let section = CONFIGURATION;
    let start = section.find("```toml\n").expect("a TOML block") + "```toml\n".len();
    let end = start + section[start..].find("```").expect("the block ends");
    let agent_dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(agent_dir.path().join("team-skills")).expect("mkdir");
    let host = tackle_runtime::Host::builder()
        .agent_dir(agent_dir.path())
        .config_toml(&section[start..end], "docs/guide/configuration.md")
        .strict(true)
        .build()
        .await
        .unwrap_or_else(|e| panic!("the guide's config is refused: {e}"));
    assert_eq!(
        host.default_provider().map(|p| p.name()).ok(),
        Some("scripted")
    );
    assert!(
        host.skills().problems().is_empty(),
        "{:?}",
        host.skills().problems()
    );
}

/// The README's coverage matrix is `adapters --markdown`, generated from
/// the one table in `tackle_runtime::agents::coverage`.
#[test]
fn the_readme_coverage_matrix_is_the_generated_one() {
    let readme = README;
    let (start, end) = ("<!-- coverage:start -->\n", "<!-- coverage:end -->");
    let from = readme
        .find(start)
        .expect("the README has the coverage markers")
        + start.len();
    let to = from + readme[from..].find(end).expect("the end marker");
    let generated = tackle_runtime::agents::coverage::markdown();
    assert!(
        readme[from..to] == generated,
        "README.md's coverage matrix is stale: replace the text between the markers with \
         the output of `cargo run -q -p example-host -- adapters --markdown`"
    );
}

/// The Markdown files whose links are checked: the top-level documents and
/// everything under `docs/`.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = [
        "README.md",
        "DEVELOPERS.md",
        "BENCHMARKS.md",
        "CHANGELOG.md",
    ]
    .iter()
    .map(|name| root.join(name))
    .filter(|path| path.exists())
    .collect();
    let mut pending = vec![root.join("docs")];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The one recipe to ship a project `tackle new` wrote to Claude Code:
/// the hook-only binary (into `target/hook/`), then `export` from the host
/// `cargo test` built, which finds it there for the hooks, then load it.
const SHIP: [&str; 3] = [
    "cargo build-hook",
    "cargo run -p my-plugin-host -- export claude dist/claude",
    "claude --plugin-dir dist/claude",
];

/// README, getting-started, new-project and shipping give the same recipe,
/// its commands one after the other (comments aside).
#[test]
fn every_page_ships_by_the_one_recipe() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for page in [
        "README.md",
        "docs/guide/getting-started.md",
        "docs/guide/new-project.md",
        "docs/guide/shipping.md",
    ] {
        let text = std::fs::read_to_string(root.join(page)).expect("reads");
        let commands: Vec<&str> = text
            .lines()
            .map(|l| l.split(" #").next().unwrap_or_default().trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(
            commands.windows(SHIP.len()).any(|w| w == SHIP),
            "{page} does not ship by the recipe {SHIP:?}"
        );
        // The host alone would be the hook handler: 11 MB, the slow start.
        assert!(
            !text.contains("cargo build --release -p my-plugin-host"),
            "{page}"
        );
    }
}

/// Every `cargo install` the docs give builds with `--locked`: the
/// versions tackle is tested with, not whatever was published since.
#[test]
fn every_cargo_install_in_the_docs_is_locked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = markdown_files(&root);
    files.push(root.join("cli/src/lib.rs"));
    let mut unlocked = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("reads");
        for (i, line) in text.lines().enumerate() {
            if line.contains("cargo install") && !line.contains("cargo install --locked") {
                unlocked.push(format!("{}:{}: {line}", file.display(), i + 1));
            }
        }
    }
    assert!(
        unlocked.is_empty(),
        "without --locked:\n{}",
        unlocked.join("\n")
    );
}

/// Lines of `text` outside fenced code blocks, with their 1-based numbers.
fn prose_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut fenced = false;
    text.lines().enumerate().filter_map(move |(i, line)| {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            return None;
        }
        (!fenced).then_some((i + 1, line))
    })
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// as `-`; a repeated heading gets `-1`, `-2`, ...
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let slug: String = line[hashes..]
            .trim()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
                _ => None,
            })
            .collect::<String>()
            .to_lowercase();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    }
    out
}

/// The link targets of a Markdown line, outside inline code: `[text](target)`.
fn link_targets(line: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    // Even pieces between backticks are prose; odd ones are inline code.
    for prose in line.split('`').step_by(2) {
        let mut rest = prose;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].trim());
            rest = &after[end..];
        }
    }
    targets
}

/// Every relative link in the README, DEVELOPERS.md, BENCHMARKS.md,
/// CHANGELOG.md and docs/ points at a file that exists, and every `#anchor`
/// into a Markdown file at one of its headings.
#[test]
fn every_relative_link_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root");
    let files = markdown_files(root);
    assert!(files.len() > 5, "found only {files:?}");
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        for (number, line) in prose_lines(&text) {
            for target in link_targets(line) {
                if target.is_empty()
                    || ["http://", "https://", "mailto:"]
                        .iter()
                        .any(|scheme| target.starts_with(scheme))
                {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((path, anchor)) => (path, Some(anchor)),
                    None => (target, None),
                };
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    file.parent().expect("a folder").join(path)
                };
                if !resolved.exists() {
                    broken.push(format!("{shown}:{number}: `{target}`: no such file"));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                if resolved.extension().is_some_and(|e| e == "md") {
                    let heads = anchors(&std::fs::read_to_string(&resolved).expect("readable"));
                    if !heads.contains(anchor) {
                        broken.push(format!(
                            "{shown}:{number}: `{target}`: no heading has that anchor"
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The guide's table of contents names every chapter.
#[test]
fn the_guide_contents_list_every_chapter() {
    let guide = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/guide");
    let contents = std::fs::read_to_string(guide.join("README.md")).expect("docs/guide/README.md");
    let listed: BTreeSet<&str> = prose_lines(&contents)
        .flat_map(|(_, line)| link_targets(line))
        .collect();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&guide).expect("docs/guide").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") && name != "README.md" && !listed.contains(name.as_str()) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/guide/README.md does not list {missing:?}"
    );
}

#[test]
fn anchors_follow_github() {
    let heads = anchors(
        "# Configuration: `tackle.toml`\n```\n# not a heading\n```\n## Two commands\n## Two commands\n#hashtag\n",
    );
    let expected: BTreeSet<String> = ["configuration-tackletoml", "two-commands", "two-commands-1"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    assert_eq!(heads, expected);
    assert_eq!(
        link_targets("see [a](x.md#y) and `[b](not-a-link)`, [c](../z/)"),
        vec!["x.md#y", "../z/"]
    );
}
