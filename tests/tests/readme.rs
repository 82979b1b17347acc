//! The README's plugin and hook examples are UI pass cases
//! (`ui/pass/readme_plugin.rs`, `ui/pass/readme_hooks.rs`), so they compile
//! and run; this keeps the texts the same.

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
