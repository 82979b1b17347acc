// my-plugin/src/lib.rs
use tackle::prelude::*;

tackle::plugin! {
    id: "todo-finder",                       // ^[a-z0-9][a-z0-9-]*$, checked at compile time
    description: "Finds TODO comments.",
    config: FinderConfig,                    // typed config from [plugins.todo-finder]
}

/// Settings, read from the host's tackle.toml and checked against this type's schema.
#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
#[serde(default)]
pub struct FinderConfig {
    /// Markers to look for besides TODO.
    pub extra_markers: Vec<String>,
}

#[tackle::data]
#[derive(Serialize, JsonSchema)]
pub struct Todos {
    /// Each marker found, with its 1-based line.
    found: Vec<(usize, String)>,
}

/// Find TODO markers in a file.
#[tool(read_only, idempotent)]
async fn find_todos(
    ctx: &ToolContext<FinderConfig>,
    /// The file, relative to the project.
    path: String,
    /// Stop after this many.
    limit: Option<usize>,
) -> Result<Json<Todos>, ToolError> {
    let file = ctx.resolve_path(&path)?; // stays inside the project, or a clear error
    let text = std::fs::read_to_string(file)?;
    let markers: Vec<&str> = std::iter::once("TODO")
        .chain(ctx.config().extra_markers.iter().map(String::as_str))
        .collect();
    let found = text
        .lines()
        .enumerate()
        .filter(|(_, line)| markers.iter().any(|m| line.contains(m)))
        .take(limit.unwrap_or(usize::MAX))
        .map(|(i, line)| (i + 1, line.trim().to_owned()))
        .collect();
    Ok(Json(Todos { found }))
}

// Everything above is the README's plugin, verbatim (tests/tests/readme.rs
// checks it). Below, it runs.
fn main() {
    let dir = std::env::temp_dir().join(format!("readme-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("a.rs"), "fn a() {}\n// TODO: b\n// FIXME: c\n// TODO: d\n").expect("write");
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let host = runtime
        .block_on(
            tackle_runtime::Host::builder()
                .config_toml("[plugins.todo-finder]\nextra_markers = [\"FIXME\"]\n", "readme.toml")
                .build(),
        )
        .expect("host");
    let call = |args| {
        runtime
            .block_on(host.call_tool("find_todos", args, tackle_runtime::CallInfo::new(&dir)))
            .expect("callable")
    };
    let all = call(serde_json::json!({"path": "a.rs"}));
    assert_eq!(
        all.structured_content,
        Some(serde_json::json!({"found": [[2, "// TODO: b"], [3, "// FIXME: c"], [4, "// TODO: d"]]}))
    );
    let limited = call(serde_json::json!({"path": "a.rs", "limit": 1}));
    assert_eq!(limited.structured_content, Some(serde_json::json!({"found": [[2, "// TODO: b"]]})));
    let outside = call(serde_json::json!({"path": "../../../etc/hostname"}));
    assert!(outside.is_error && outside.text_content().contains("outside the working directory"));
    let schema = (host.tool("find_todos").expect("registered").input_schema)();
    assert_eq!(schema["required"], serde_json::json!(["path"]));
    let _ = std::fs::remove_dir_all(&dir);
}
