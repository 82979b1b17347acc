//! The README's plugin and hook examples are UI pass cases
//! (`ui/pass/readme_plugin.rs`, `ui/pass/readme_hooks.rs`), so they compile
//! and run; this keeps the texts the same, and checks the README's config.

#[test]
fn the_readme_plugin_example_is_the_tested_one() {
    let readme = include_str!("../../README.md");
    let case = include_str!("../ui/pass/readme_plugin.rs");
    let start = readme
        .find("// my-plugin/src/lib.rs\n")
        .expect("the README shows my-plugin/src/lib.rs");
    let end = start + readme[start..].find("```").expect("the code block ends");
    let block = &readme[start..end];
    assert!(
        case.starts_with(block),
        "tests/ui/pass/readme_plugin.rs must start with the README's plugin block, verbatim"
    );
}

#[test]
fn the_readme_hooks_example_is_the_tested_one() {
    let readme = include_str!("../../README.md");
    let case = include_str!("../ui/pass/readme_hooks.rs");
    let start = readme
        .find("// my-plugin/src/hooks.rs\n")
        .expect("the README shows my-plugin/src/hooks.rs");
    let end = start + readme[start..].find("```").expect("the code block ends");
    assert!(
        case.starts_with(&readme[start..end]),
        "tests/ui/pass/readme_hooks.rs must start with the README's hooks block, verbatim"
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

/// The `tackle.toml` the README shows under "Configuration" is a config a
/// host with the example plugins accepts, every section included.
#[tokio::test]
async fn the_readme_config_example_is_accepted() {
    let readme = include_str!("../../README.md");
    let section = &readme[readme
        .find("### Configuration: `tackle.toml`")
        .expect("the README has a Configuration section")..];
    let start = section.find("```toml\n").expect("a TOML block") + "```toml\n".len();
    let end = start + section[start..].find("```").expect("the block ends");
    let agent_dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(agent_dir.path().join("team-skills")).expect("mkdir");
    let host = tackle_runtime::Host::builder()
        .agent_dir(agent_dir.path())
        .config_toml(&section[start..end], "README.md")
        .strict(true)
        .build()
        .await
        .unwrap_or_else(|e| panic!("the README's config is refused: {e}"));
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
/// the one table in `tackle_runtime::adapters::coverage`.
#[test]
fn the_readme_coverage_matrix_is_the_generated_one() {
    let readme = include_str!("../../README.md");
    let (start, end) = ("<!-- coverage:start -->\n", "<!-- coverage:end -->");
    let from = readme
        .find(start)
        .expect("the README has the coverage markers")
        + start.len();
    let to = from + readme[from..].find(end).expect("the end marker");
    let generated = tackle_runtime::adapters::coverage::markdown();
    assert!(
        readme[from..to] == generated,
        "README.md's coverage matrix is stale: replace the text between the markers with \
         the output of `cargo run -q -p example-host -- adapters --markdown`"
    );
}
