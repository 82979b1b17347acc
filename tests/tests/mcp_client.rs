//! Real MCP clients against `tackle-mcp-host mcp` (the example plugins
//! `metrics` and `textkit`, and the fixture `mcpish`):
//!
//! - the official Python client (`mcp` from PyPI, `stdio_client` +
//!   `ClientSession`) runs `tests/mcp/client_e2e.py`: initialize and every
//!   protocol revision, tools/list, a call of each example tool, structured
//!   output, unknown tools and methods, a denied call, an ask with and
//!   without elicitation, progress, cancellation, stdout protection, a
//!   panic, redaction, invalid arguments; and again over Streamable HTTP
//!   (`mcp --http 127.0.0.1:0`, `streamable_http_client`): initialize,
//!   tools/list, calls, a denied call, asks, progress, redaction;
//! - the MCP Inspector's CLI (`mcp-inspector --cli`) lists the tools with
//!   its schema portability check (`--strict`), calls tools after its
//!   `server/discover` probe, lists and reads resources, lists and gets
//!   prompts and sets the log level, over stdio and over Streamable HTTP
//!   (`--transport http`).
//!
//! `scripts/install-mcp-client.sh` installs both into `target/` (about 45 s
//! the first time, then instant). Needs python >= 3.10 with venv, node >= 20
//! and npm, PyPI and the npm registry. `TACKLE_SKIP_MCP_CLIENT=1` skips these
//! tests locally (say so when you do); under `CI=true` it is refused, and a
//! client that cannot be installed fails the tests.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;
use tackle_tests::venv::{Install, install_or_skip};

const HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");
const CLIENT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/mcp/client_e2e.py");

/// What `client_e2e.py` must report as passed: a check that vanished from
/// the script fails here.
const PYTHON_CHECKS: &[&str] = &[
    "initialize",
    "protocol versions",
    "discovery and unknown methods",
    "2026-07-28 input round trips",
    "tools/list",
    "metrics tools",
    "textkit tools",
    "structured output",
    "unknown tool is -32602",
    "denied call",
    "ask without elicitation is refused",
    "progress",
    "cancellation",
    "stdout protection",
    "panic",
    "redaction",
    "invalid arguments",
    "resources",
    "prompts and completions",
    "logging",
    "resource notifications",
    "ask with elicitation",
];

struct Clients {
    python: PathBuf,
    inspector: PathBuf,
}

/// The installed clients, or `None` when skipped on purpose (never in CI).
fn clients() -> Option<&'static Clients> {
    static CLIENTS: OnceLock<Option<Clients>> = OnceLock::new();
    CLIENTS
        .get_or_init(|| {
            let install = Install {
                script: "scripts/install-mcp-client.sh",
                skip_var: "TACKLE_SKIP_MCP_CLIENT",
                tests: "the MCP client tests",
                skipped: "the MCP client tests",
            };
            let [python, inspector] = install_or_skip(&install, ["python", "inspector"])?;
            Some(Clients { python, inspector })
        })
        .as_ref()
}

/// Runs `command` to its end or until `limit`, then kills it; its exit
/// status (`None` when killed) and output. Output goes to files, so a chatty
/// child never blocks on a full pipe.
fn run(mut command: Command, limit: Duration) -> (Option<ExitStatus>, String, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (out_path, err_path) = (dir.path().join("stdout"), dir.path().join("stderr"));
    let mut child = command
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).expect("stdout file"))
        .stderr(File::create(&err_path).expect("stderr file"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read =
        |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    (status, read(&out_path), read(&err_path))
}

/// What `client_e2e.py --http` must report as passed, over Streamable HTTP.
const PYTHON_HTTP_CHECKS: &[&str] = &[
    "initialize",
    "tools/list",
    "structured output",
    "unknown tool is -32602",
    "denied call",
    "ask without elicitation is refused",
    "progress",
    "redaction",
    "invalid arguments",
    "resources",
    "prompts and completions",
    "logging",
    "resource notifications",
    "ask with elicitation",
    "2026-07-28 input round trips",
];

#[test]
fn the_python_client_end_to_end() {
    python_client(&[HOST, "mcp"], PYTHON_CHECKS);
}

#[test]
fn the_python_client_over_http() {
    python_client(
        &["--http", HOST, "mcp", "--http", "127.0.0.1:0"],
        PYTHON_HTTP_CHECKS,
    );
}

/// Runs `client_e2e.py ARGS`: every check in `checks` passes, and no other runs.
fn python_client(args: &[&str], checks: &[&str]) {
    let Some(clients) = clients() else { return };
    let mut command = Command::new(&clients.python);
    command
        .arg(CLIENT)
        .args(args)
        .env(
            "TACKLE_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(".tackle-home"),
        )
        .env_remove("PYTHONPATH")
        .env_remove("PYTHONHOME")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONUNBUFFERED", "1");
    let started = Instant::now();
    let (status, stdout, stderr) = run(command, Duration::from_secs(120));
    let report = format!("--- client_e2e.py's output ---\n{stdout}\n--- its stderr ---\n{stderr}");
    let status =
        status.unwrap_or_else(|| panic!("client_e2e.py ran over 120 s and was killed\n{report}"));
    assert!(
        status.success(),
        "client_e2e.py failed ({status})\n{report}"
    );
    for check in checks {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("ok {check} ("))),
            "client_e2e.py did not pass the check `{check}`\n{report}"
        );
    }
    assert!(
        stdout
            .lines()
            .any(|l| l == format!("{} passed, 0 failed", checks.len())),
        "client_e2e.py ran other checks than this test knows\n{report}"
    );
    eprintln!("client_e2e.py: {:.1?}\n{stdout}", started.elapsed());
}

/// A project folder with a source file, and a throwaway HOME.
struct Scratch {
    _dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
}

fn scratch() -> Scratch {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join("home");
    let project = dir.path().join("project");
    std::fs::create_dir_all(&home).expect("mkdir");
    std::fs::create_dir_all(project.join("src")).expect("mkdir");
    std::fs::write(
        project.join("src/lib.rs"),
        "// a library\npub fn one() -> u32 {\n\n    1\n}\n",
    )
    .expect("writes");
    Scratch {
        _dir: dir,
        home,
        project,
    }
}

/// `mcp-inspector --cli --cwd PROJECT [EXTRA...] HOST mcp --format json
/// ARGS...` in a throwaway HOME (it keeps a server catalog there): its exit
/// code, its JSON result (`null` when it printed none) and its stderr.
fn inspector(scratch: &Scratch, extra: &[&str], args: &[&str]) -> (i32, Value, String) {
    let clients = clients().expect("checked by the caller");
    let mut command = Command::new(&clients.inspector);
    command
        .arg("--cli")
        .arg("--cwd")
        .arg(&scratch.project)
        .args(extra)
        .args([HOST, "mcp", "--format", "json"])
        .args(args)
        .current_dir(&scratch.home)
        .env("HOME", &scratch.home)
        .env("TACKLE_HOME", scratch.home.join(".tackle"));
    let (status, stdout, stderr) = run(command, Duration::from_secs(60));
    let status = status.unwrap_or_else(|| panic!("mcp-inspector {args:?} ran over 60 s\n{stderr}"));
    let json = stdout
        .lines()
        .find(|l| l.starts_with('{'))
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}\n{stderr}"))
        })
        .unwrap_or(Value::Null);
    (status.code().unwrap_or(-1), json, stderr)
}

#[test]
fn the_inspector_lists_every_tool_with_portable_schemas() {
    if clients().is_none() {
        return;
    }
    let scratch = scratch();
    // --strict: the Inspector's schema portability check, whose problems go
    // to stderr (exit 6 for an error).
    let (code, json, stderr) = inspector(&scratch, &[], &["--method", "tools/list", "--strict"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert!(
        stderr.trim().is_empty(),
        "the Inspector complained:\n{stderr}"
    );
    let tools = json["result"]["tools"].as_array().expect("a tool list");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    for name in [
        "count_lines",
        "complexity",
        "tree_stats",
        "word_count",
        "search",
        "head",
        "write_file",
        "add",
        "echo",
        "steps",
        "wait",
        "shout",
        "boom",
        "secret",
        "events",
    ] {
        assert!(names.contains(&name), "{name} is not listed: {names:?}");
    }
    for tool in tools {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool:#}");
    }
}

#[test]
fn the_inspector_calls_tools_after_its_discovery_probe() {
    if clients().is_none() {
        return;
    }
    let scratch = scratch();
    // `auto` probes `server/discover` first, and falls back to `initialize`
    // on -32601.
    let auto = &["--protocol-era", "auto"][..];
    let call = |extra: &[&str], tool: &str, args: &str| {
        inspector(
            &scratch,
            extra,
            &[
                "--method",
                "tools/call",
                "--tool-name",
                tool,
                "--tool-args-json",
                args,
            ],
        )
    };

    let (code, json, stderr) = call(auto, "add", r#"{"a": 2, "b": 3}"#);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert_eq!(json["result"]["structuredContent"]["result"], 5, "{json:#}");
    assert_eq!(json["result"]["isError"], false, "{json:#}");

    let (code, json, stderr) = call(auto, "count_lines", r#"{"path": "src/lib.rs"}"#);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert_eq!(
        json["result"]["structuredContent"],
        serde_json::json!({"path": "src/lib.rs", "total": 5, "code": 3, "comment": 1, "blank": 1}),
        "{json:#}"
    );

    // A denied call is a tool error (exit 5), with the hook's reason.
    let (code, json, stderr) = call(&[], "echo", r#"{"text": "forbidden"}"#);
    assert_eq!(code, 5, "{json:#}\n{stderr}");
    assert_eq!(json["result"]["isError"], true, "{json:#}");
    let text = json["result"]["content"][0]["text"].as_str().unwrap_or("");
    assert!(text.contains("mcpish forbids `forbidden`"), "{json:#}");
    assert!(stderr.contains("tool_is_error"), "{stderr}");

    // An unknown tool.
    let (code, _, stderr) = call(&[], "no_such_tool", "{}");
    assert_eq!(code, 5, "{stderr}");
    assert!(stderr.contains("tool_not_found"), "{stderr}");
}

/// `mcp-inspector --cli URL --transport http ARGS...`: as [`inspector`],
/// against a server already listening at `url`.
fn inspector_at(scratch: &Scratch, url: &str, args: &[&str]) -> Inspected {
    let clients = clients().expect("checked by the caller");
    let mut command = Command::new(&clients.inspector);
    command
        .args(["--cli", url, "--transport", "http", "--format", "json"])
        .args(args)
        .current_dir(&scratch.home)
        .env("HOME", &scratch.home);
    let (status, stdout, stderr) = run(command, Duration::from_secs(60));
    let status = status.unwrap_or_else(|| panic!("mcp-inspector {args:?} ran over 60 s\n{stderr}"));
    let json = stdout
        .lines()
        .find(|l| l.starts_with('{'))
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}\n{stderr}"))
        })
        .unwrap_or(Value::Null);
    (status.code().unwrap_or(-1), json, stderr)
}

/// One Inspector run: its exit code, JSON result and stderr.
type Inspected = (i32, Value, String);

/// What the Inspector must see of the fixture's resources, prompts and
/// logging, through `ask` (one Inspector run per method).
fn check_resources_prompts_and_logging(ask: &dyn Fn(&[&str]) -> Inspected) {
    let (code, json, stderr) = ask(&["--method", "resources/list"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    let uris: Vec<&str> = json["result"]["resources"]
        .as_array()
        .expect("a resource list")
        .iter()
        .filter_map(|r| r["uri"].as_str())
        .collect();
    assert_eq!(uris, ["mcpish://readme"], "{json:#}");

    let (code, json, stderr) = ask(&["--method", "resources/read", "--uri", "mcpish://notes/todo"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    let contents = &json["result"]["contents"][0];
    assert_eq!(contents["uri"], "mcpish://notes/todo", "{json:#}");
    assert_eq!(contents["text"], "note todo", "{json:#}");
    assert_eq!(contents["mimeType"], "text/plain", "{json:#}");

    let (code, json, stderr) = ask(&["--method", "prompts/list"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    let summarize = json["result"]["prompts"]
        .as_array()
        .expect("a prompt list")
        .iter()
        .find(|p| p["name"] == "summarize")
        .unwrap_or_else(|| panic!("no summarize: {json:#}"));
    assert_eq!(summarize["title"], "Summarize a file", "{summarize:#}");
    assert_eq!(summarize["arguments"][0]["name"], "path", "{summarize:#}");
    assert_eq!(summarize["arguments"][0]["required"], true, "{summarize:#}");

    let (code, json, stderr) = ask(&[
        "--method",
        "prompts/get",
        "--prompt-name",
        "summarize",
        "--prompt-args",
        "path=src/lib.rs",
        "style=detailed",
    ]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert_eq!(
        json["result"]["messages"][0]["content"]["text"], "Summarize src/lib.rs in detail.",
        "{json:#}"
    );
    assert_eq!(json["result"]["messages"][0]["role"], "user", "{json:#}");

    let (code, json, stderr) = ask(&["--method", "logging/setLevel", "--log-level", "warning"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert_eq!(json["result"], serde_json::json!({}), "{json:#}");
}

#[test]
fn the_inspector_reads_resources_and_prompts_and_sets_the_log_level() {
    if clients().is_none() {
        return;
    }
    let scratch = scratch();
    check_resources_prompts_and_logging(&|args| inspector(&scratch, &[], args));
}

#[test]
fn the_inspector_over_http() {
    if clients().is_none() {
        return;
    }
    let scratch = scratch();
    let mut server = Command::new(HOST)
        .args(["mcp", "--http", "127.0.0.1:0"])
        .current_dir(&scratch.project)
        .env("HOME", &scratch.home)
        .env("TACKLE_HOME", scratch.home.join(".tackle"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stderr = server.stderr.take().expect("its stderr");
    let url = std::io::BufRead::lines(std::io::BufReader::new(stderr))
        .map_while(Result::ok)
        .find_map(|line| line.strip_prefix("serving MCP on ").map(str::to_owned));
    let Some(url) = url else {
        let _ = server.kill();
        panic!("the server did not say where it serves");
    };
    let ask = |args: &[&str]| inspector_at(&scratch, &url, args);

    let (code, json, stderr) = ask(&[
        "--method",
        "tools/call",
        "--tool-name",
        "add",
        "--tool-arg",
        "a=20",
        "b=22",
    ]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    assert_eq!(
        json["result"]["structuredContent"]["result"], 42,
        "{json:#}"
    );
    let (code, json, stderr) = ask(&["--method", "tools/list"]);
    assert_eq!(code, 0, "{json:#}\n{stderr}");
    let listed = json["result"]["tools"].as_array().map_or(0, Vec::len);
    assert!(listed > 10, "{json:#}");
    check_resources_prompts_and_logging(&ask);

    let _ = server.kill();
    let _ = server.wait();
}
