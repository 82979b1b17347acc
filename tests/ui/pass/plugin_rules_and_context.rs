//! `permission_rules` and `context_injectors` in `plugin!`: every form
//! compiles, and the registered `PluginDef` holds the rules and the files'
//! text. The files are `tests/ui/context/`, copied next to the generated
//! crate by `tests/ui/ui.rs`; they are compared with the originals here.

use tackle::def::linked_plugins;
use tackle::{PermissionRule, RuleAction};

tackle::plugin! {
    id: "house",
    permission_rules: [
        { tool: "Bash", pattern: "npm publish*", argument: "command", action: deny },
        { tool: "Bash", pattern: "git push*", action: ask },
        { tool: "Read", action: allow },
        { pattern: "*.env", action: "deny" },
        { action: ask, tool: "web_*" },
    ],
    context_injectors: [
        "ui/context/rules.md",
        { path: "ui/context/limits.json", schema: "ui/context/limits.schema.json" },
        { path: "./ui/context/limits.json" },
    ],
}

fn main() {
    let plugin = linked_plugins()
        .find(|p| p.id == "house")
        .expect("plugin `house` is registered");

    let rule = |tool, pattern, argument, action| PermissionRule {
        tool,
        pattern,
        argument,
        action,
    };
    assert_eq!(
        plugin.permission_rules,
        [
            rule(
                "Bash",
                Some("npm publish*"),
                Some("command"),
                RuleAction::Deny
            ),
            rule("Bash", Some("git push*"), None, RuleAction::Ask),
            rule("Read", None, None, RuleAction::Allow),
            rule("*", Some("*.env"), None, RuleAction::Deny),
            rule("web_*", None, None, RuleAction::Ask),
        ]
    );

    let files: Vec<(&str, &str)> = plugin
        .context_files
        .iter()
        .map(|f| (f.path, f.text))
        .collect();
    assert_eq!(
        files,
        [
            ("ui/context/rules.md", include_str!("../context/rules.md")),
            (
                "ui/context/limits.json",
                include_str!("../context/limits.json")
            ),
            (
                "./ui/context/limits.json",
                include_str!("../context/limits.json")
            ),
        ]
    );
}
