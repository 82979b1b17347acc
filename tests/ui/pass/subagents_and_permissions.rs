//! `subagents`, `permissions` and `owner_wildcard_exclusions` in `plugin!`:
//! every form compiles, and the registered `PluginDef` holds them — the
//! prompt file's text, the payload's schema, the key function.

use serde_json::json;
use tackle::def::linked_plugins;
use tackle::prelude::*;

tackle::plugin! {
    id: "team",
    permissions: [
        "publish",
        { name: "read-secrets", description: "Read files under secrets/." },
        { name: "audit.log_v2" },
    ],
    owner_wildcard_exclusions: ["read-secrets"],
    subagents: [
        {
            name: "critic",
            description: "Reviews one file.",
            system_prompt_file: "ui/context/critic.md",
            payload: Request,
            tools: ["read", "grep", "web_fetch"],
            custom_tools: ["count_lines"],
            in_flight_key: by_path,
        },
        { name: "helper-2", system_prompt: "Help.", payload: crate::inner::Other },
        { name: "closure", system_prompt: "Keyed inline.", payload: Request, in_flight_key: |r: &Request| r.path.to_uppercase() },
        { system_prompt: "Keys in any order.", name: "plain", tools: [] },
        {
            name: "every-tool",
            system_prompt: "The macro's list of built-in tools is the sdk's.",
            tools: ["read", "write", "edit", "bash", "grep", "find", "ls", "web_search", "web_fetch"],
        },
    ],
}

#[tackle::data]
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Request {
    /// The file.
    pub path: String,
}

fn by_path(request: &Request) -> String {
    request.path.clone()
}

mod inner {
    use tackle::prelude::*;

    #[tackle::data]
    #[derive(Serialize, Deserialize, JsonSchema)]
    pub struct Other {
        pub n: u32,
    }
}

/// Count lines.
#[tool]
fn count_lines(text: String) -> String {
    text.lines().count().to_string()
}

fn main() {
    let plugin = linked_plugins()
        .find(|p| p.id == "team")
        .expect("plugin `team` is registered");
    let names: Vec<_> = plugin.permissions.iter().map(|p| p.name).collect();
    assert_eq!(names, ["publish", "read-secrets", "audit.log_v2"]);
    assert_eq!(plugin.permissions[1].description, "Read files under secrets/.");
    assert_eq!(plugin.permissions[0].description, "");
    assert_eq!(plugin.owner_wildcard_exclusions, ["read-secrets"]);

    let names: Vec<_> = plugin.subagents.iter().map(|s| s.name).collect();
    assert_eq!(names, ["critic", "helper-2", "closure", "plain", "every-tool"]);
    assert_eq!(plugin.subagents[4].tools, tackle::subagent::BUILTIN_TOOLS);
    let critic = &plugin.subagents[0];
    assert_eq!(
        critic.system_prompt,
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/context/critic.md"))
    );
    assert_eq!(critic.prompt_file, Some("ui/context/critic.md"));
    assert_eq!(critic.description, "Reviews one file.");
    assert_eq!(critic.tools, ["read", "grep", "web_fetch"]);
    assert_eq!(critic.custom_tools, ["count_lines"]);
    let payload = critic.payload.expect("payload");
    assert_eq!(payload.type_name(), "Request");
    assert_eq!(payload.schema()["required"], json!(["path"]));
    assert_eq!(critic.in_flight_key(&json!({"path": "a.rs"})), Ok("a.rs".into()));
    assert!(critic.in_flight_key(&json!({"path": 3})).is_err());

    let helper = &plugin.subagents[1];
    assert_eq!(helper.payload.map(|p| p.type_name()), Some("crate :: inner :: Other"));
    assert_eq!(helper.in_flight_key(&json!({"n": 1})), Ok(String::new()));
    assert_eq!(
        plugin.subagents[2].in_flight_key(&json!({"path": "a.rs"})),
        Ok("A.RS".into())
    );
    assert!(plugin.subagents[3].payload.is_none());
    assert!(plugin.subagents[3].tools.is_empty());
}
