//! `skills` in `plugin!`: both layouts compile, and the registered
//! `PluginDef` holds each skill's frontmatter, schemas and body. The files
//! are `tests/ui/skills/`, copied next to the generated crate by
//! `tests/ui/ui.rs`.

use tackle::def::linked_plugins;

tackle::plugin! {
    id: "skilled",
    skills: ["ui/skills/safe-shell.md", "./ui/skills/review/SKILL.md"],
}

fn main() {
    let plugin = linked_plugins()
        .find(|p| p.id == "skilled")
        .expect("plugin `skilled` is registered");
    let [shell, review] = plugin.skills else {
        panic!("two skills: {:?}", plugin.skills);
    };
    assert_eq!(shell.name, "safe-shell");
    assert_eq!(shell.path, "ui/skills/safe-shell.md");
    assert_eq!(shell.description, "Run shell commands without destroying anything.");
    assert!(shell.enabled);
    assert_eq!(shell.input_schema, None);
    assert!(shell.body().starts_with("# Safe shell\n"), "{}", shell.body());
    assert_eq!(
        shell.source,
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/skills/safe-shell.md"))
    );

    assert_eq!(review.name, "review");
    assert!(!review.enabled);
    assert_eq!(
        review.input_schema(),
        Some(tackle::serde_json::json!({
            "type": "object",
            "properties": { "path": { "type": "string" } },
            "required": ["path"],
        }))
    );
    assert_eq!(
        review.output_schema(),
        Some(tackle::serde_json::json!({ "type": "object" }))
    );
    assert_eq!(review.body(), "Read the whole diff first.\n");
}
