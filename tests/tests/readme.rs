//! The README's plugin example is a UI pass case (`ui/pass/readme_plugin.rs`),
//! so it compiles and runs; this keeps the two texts the same.

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
