//! The tackle demo: the example plugins (`metrics`, `textkit`) linked into
//! this binary and driven in-process, the way a Rust agent embeds tackle, on
//! a small project embedded in the binary. Offline; no keys.
//!
//! `cargo run -p demo`

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};
use tackle_runtime::{CallInfo, Host, PluginStatus, ToolResult, ToolSink};

tackle_runtime::link!(metrics, textkit);

/// `println!` that ends the demo quietly when the reader goes away
/// (`cargo run -p demo | head`) instead of panicking on the closed pipe.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// The embedded project, written to a temporary folder at start.
const PROJECT: &[(&str, &str)] = &[
    ("README.md", include_str!("../project/README.md")),
    ("src/main.rs", include_str!("../project/src/main.rs")),
    ("src/parser.rs", include_str!("../project/src/parser.rs")),
    (
        "scripts/check.sh",
        include_str!("../project/scripts/check.sh"),
    ),
];

/// The host config the demo starts with.
const CONFIG: &str = r##"
enabled = ["metrics", "textkit"]

[plugins.metrics]
comment_prefixes = ["//", "#"]
skip_dirs = [".git", "target"]
"##;

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    match tour().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn tour() -> Result<(), Box<dyn std::error::Error>> {
    let project = tempfile::tempdir()?;
    for (path, text) in PROJECT {
        let file = project.path().join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(file, text)?;
    }
    let root = project.path();

    say!("tackle demo: two plugin crates, linked at compile time, called in-process");
    say!(
        "project: an embedded calculator written to {}\n",
        root.display()
    );

    let host = Host::builder()
        .agent_dir(root)
        .config_toml(CONFIG, "demo config")
        .build()
        .await?;

    section(1, "What is linked: plugins and tools, from the registry");
    for plugin in host.plugins() {
        let def = plugin.def();
        let tools: Vec<&str> = host.tools_of(def.id).map(|t| t.name).collect();
        say!(
            "   {} {} ({:?}): {}",
            def.id,
            def.version,
            plugin.status(),
            tools.join(", ")
        );
    }

    section(2, "A typed tool call with structured output");
    show_call(
        &host,
        root,
        "count_lines",
        json!({"path": "src/parser.rs"}),
        None,
    )
    .await?;

    section(3, "Progress reported while a tool walks the tree");
    show_call(
        &host,
        root,
        "tree_stats",
        json!({"extensions": ["rs", "sh", "md"]}),
        None,
    )
    .await?;

    section(4, "A snippet's complexity (sync tool, no files)");
    show_call(
        &host,
        root,
        "complexity",
        json!({"code": PROJECT[1].1}),
        None,
    )
    .await?;

    section(
        5,
        "The model sends bad arguments: every problem comes back, with its path",
    );
    show_call(
        &host,
        root,
        "search",
        json!({"needle": 7, "ignore_case": "yes", "max_matche": 3}),
        None,
    )
    .await?;

    section(6, "A misspelt tool name");
    match host
        .call_tool("cuont_lines", json!({}), CallInfo::new(root))
        .await
    {
        Ok(r) => print_result(&r),
        Err(e) => say!("   -> {e}"),
    }

    section(7, "Paths from the model stay inside the project");
    show_call(
        &host,
        root,
        "head",
        json!({"path": "../../etc/passwd"}),
        None,
    )
    .await?;

    section(
        8,
        "Output is capped, visibly (max_output_bytes = 160 for this call)",
    );
    show_call(&host, root, "search", json!({"needle": "token"}), Some(160)).await?;

    section(9, "A broken config switches off one plugin, not the host");
    let broken = "[plugins.metrics]\nmax_file_bytes = \"big\"\ncoment_prefixes = [\"//\"]\n";
    say!("   config:\n{}", indent(broken, 6));
    let degraded = Host::builder()
        .agent_dir(root)
        .config_toml(broken, "broken.toml")
        .build()
        .await?;
    for plugin in degraded.plugins() {
        match plugin.status() {
            PluginStatus::Failed(problems) => {
                say!("   {} is off:", plugin.def().id);
                for p in problems {
                    say!("     - {p}");
                }
            }
            status => say!("   {} is {status:?}", plugin.def().id),
        }
    }
    show_call(
        &degraded,
        root,
        "word_count",
        json!({"text": "textkit still answers"}),
        None,
    )
    .await?;

    section(
        10,
        "The schema a client sees for `search` (portable: no $ref, no null unions)",
    );
    if let Some(tool) = host.tool("search") {
        say!(
            "{}",
            indent(&serde_json::to_string_pretty((tool.input_schema)())?, 3)
        );
    }

    host.shutdown().await;
    degraded.shutdown().await;

    say!("\nNext, the same plugins behind the command line every host binary gets:");
    say!("   cargo run -p example-host -- list");
    say!("   cargo run -p example-host -- call word_count --args '{{\"text\": \"one two\"}}'");
    say!("   cargo run -p example-host -- manifest");
    Ok(())
}

fn section(n: u32, title: &str) {
    say!("\n{n}. {title}");
}

/// Prints progress and streamed output as they happen.
struct Console;

impl ToolSink for Console {
    fn progress(&self, tool: &str, fraction: f64, message: &str) {
        say!("   [{tool} {:>3.0}%] {message}", fraction * 100.0);
    }
}

async fn show_call(
    host: &Host,
    root: &Path,
    tool: &str,
    args: Value,
    cap: Option<usize>,
) -> Result<(), Box<dyn std::error::Error>> {
    let shown = args.to_string();
    let shown = if shown.len() > 90 {
        format!("{}...}}", &shown[..shown.floor_char_boundary(80)])
    } else {
        shown
    };
    say!("   call {tool} {shown}");
    let mut call = CallInfo::new(root)
        .with_session("demo")
        .with_sink(Arc::new(Console));
    if let Some(cap) = cap {
        call = call.with_max_output_bytes(cap);
    }
    let result = host.call_tool(tool, args, call).await?;
    print_result(&result);
    Ok(())
}

fn print_result(result: &ToolResult) {
    let label = if result.is_error {
        "error the model sees"
    } else {
        "result"
    };
    let body = match &result.structured_content {
        Some(v) => serde_json::to_string_pretty(v).unwrap_or_default(),
        None => result.text_content(),
    };
    say!("   -> {label}:\n{}", indent(&body, 6));
}

fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines()
        .map(|l| format!("{pad}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
