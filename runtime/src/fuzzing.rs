//! Entry points for the fuzz targets in `fuzz/` and for the regression
//! tests that replay what they found (feature `fuzzing`, off by default).
//!
//! Each function takes raw input and runs one decoder the way the runtime
//! runs it, discarding the result: bad input must come back as an error,
//! never as a panic, a hang or unbounded memory. Nothing here is API; it
//! exists so that `pub(crate)` decoders need not become public.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;
use tackle::CallInfo;
use tackle::hook::{HookEvent, HookPoint, PointVisitor};

use crate::agents::coverage;
use crate::agents::hook::{MAX_INPUT_BYTES, input};
use crate::agents::{Agent, NativeEvent};
use crate::{CommandError, Host};

/// One agent's hook event, as the hook binary reads it from stdin.
///
/// The first line names the agent and its native event (`claude
/// PreToolUse`); the rest is stdin. A first line that names neither picks
/// them from the input's first byte and length, so every input reaches a
/// decoder. The event is read, smoothed, and decoded as the typed event of
/// every point it delivers.
pub fn hook_event(data: &[u8]) {
    let (header, body) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let header = String::from_utf8_lossy(header);
    let mut words = header.split_whitespace();
    let seed = usize::from(data.first().copied().unwrap_or(0));
    let agent = words
        .next()
        .and_then(Agent::from_name)
        .unwrap_or(Agent::ALL[seed % Agent::ALL.len()]);
    let events = coverage::events(agent);
    let Some(&fallback) = events.get(data.len() % events.len().max(1)) else {
        return;
    };
    let event = words
        .next()
        .and_then(|w| events.iter().copied().find(|e| *e == w))
        .unwrap_or(fallback);
    let _ = hook_event_points(agent, event, body);
}

/// Reads `agent`'s `event` from `stdin` as the hook binary does, and
/// decodes it as the typed event of every point it delivers: each point
/// with what reading its event said, or why the payload could not be read
/// at all.
#[allow(clippy::type_complexity)]
pub fn hook_event_points(
    agent: Agent,
    event: &str,
    stdin: &[u8],
) -> Result<Vec<(HookPoint, Result<(), String>)>, String> {
    let event = NativeEvent::parse(agent, event)
        .ok_or_else(|| format!("{} has no hook event `{event}`", agent.title()))?;
    let payload =
        input::read(stdin, MAX_INPUT_BYTES).and_then(|bytes| input::parse(event, &bytes))?;
    Ok(coverage::points_at(event)
        .into_iter()
        .map(|(point, _)| (point, point.visit(Decode(&payload.fields))))
        .collect())
}

/// Decodes a payload as one point's typed event, as dispatch does.
struct Decode<'a>(&'a Value);

impl PointVisitor for Decode<'_> {
    type Output = Result<(), String>;

    fn visit<E: HookEvent>(self) -> Self::Output {
        serde_path_to_error::deserialize::<_, E>(self.0)
            .map(drop)
            .map_err(|e| e.to_string())
    }

    fn visit_untyped(self, point: HookPoint) -> Self::Output {
        Err(format!("`{point}` has no event of its own"))
    }
}

/// A scratch folder of this process's own, made once, holding a skill
/// that a fuzzed `plugin.json` can name (`skills/ok.md`) so that its
/// skills are read too.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tackle-fuzz-{}", std::process::id()));
        let skills = dir.join("superqode").join("skills");
        let _ = std::fs::create_dir_all(&skills);
        let _ = std::fs::create_dir_all(dir.join("hooks-file"));
        let _ = std::fs::write(
            skills.join("ok.md"),
            "---\nname: ok\ndescription: A skill to find.\n---\nBody.\n",
        );
        dir
    })
}

/// SuperQode's `plugin.json`, read from a plugin folder as discovery reads
/// it (its skills and context files relative to the folder).
pub fn superqode_manifest(data: &[u8]) {
    let path = scratch().join("superqode").join("plugin.json");
    if std::fs::write(&path, data).is_ok() {
        let _ = crate::declarative::read_path(&path);
    }
}

/// A JSON hooks file: Claude Code's `hooks.json` format when it has a
/// `hooks` object, OpenSage's otherwise.
pub fn hooks_json(data: &[u8]) {
    let path = scratch().join("hooks-file").join("careful.json");
    if std::fs::write(&path, data).is_ok() {
        let _ = crate::declarative::read_path(&path);
    }
}

/// A skill file's frontmatter and body, as read at run time.
pub fn skill_frontmatter(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = tackle_spec::skill::parse(text);
    }
}

/// A transcript or event log, as `replay` reads it.
pub fn replay_lines(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = crate::replay::read(text);
    }
}

/// One line of an MCP client's input, as the server's transport reads it:
/// a `tools/call` read directly, anything else through rmcp's parser, an
/// unreadable request answered. What is read must encode back.
pub fn mcp_line(data: &[u8]) {
    crate::mcp::read_for_fuzzing(data);
}

/// The tools the `tool_args` target and its regression test call, in the
/// fuzz host's plugins (metrics, textkit): every one but `write_file`,
/// which writes where its arguments say.
pub const TOOLS: &[&str] = &[
    "word_count",
    "search",
    "head",
    "complexity",
    "count_lines",
    "tree_stats",
];

/// Panic messages of commands that panic on purpose (`slash`'s `/boom`),
/// allowed by the `command_line` target and its regression test.
pub const EXPECTED_PANICS: &[&str] = &["kaboom"];

/// One tool call from raw input: the first line names the tool (or, when
/// it names none of `tools`, the input's first byte picks one), the rest
/// is its JSON arguments. `Err` when the call panicked: the host contains
/// a panic, but a panic on bad arguments is a bug all the same.
pub async fn tool_call(host: &Host, tools: &[&str], data: &[u8]) -> Result<(), String> {
    let (header, body) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (&[][..], data),
    };
    let name = std::str::from_utf8(header).unwrap_or_default().trim();
    let Some(&name) = tools.iter().find(|t| **t == name).or_else(|| {
        let seed = usize::from(data.first().copied().unwrap_or(0));
        tools.get(seed % tools.len().max(1))
    }) else {
        return Ok(());
    };
    let Ok(args) = serde_json::from_slice::<Value>(body) else {
        return Ok(());
    };
    let call = CallInfo::new(scratch());
    match host.call_tool(name, args, call).await {
        Ok(result) if result.is_error && result.text_content().contains("it panicked") => {
            Err(format!("tool `{name}` panicked: {}", result.text_content()))
        }
        _ => Ok(()),
    }
}

/// One slash-command line, as an agent would send it: split, parsed
/// against the command's typed arguments, checked, and run. `Err` when the
/// command panicked, unless the panic's message is `expected` (a command
/// that panics on purpose). A panic in clap's parser is contained as a
/// definition error; under the fuzzer every panic aborts, so it is found.
pub async fn command_line(host: &Host, line: &str, expected: &[&str]) -> Result<(), String> {
    match host.run_command(line).await {
        Err(CommandError::Panicked { command, message })
            if !expected.contains(&message.as_str()) =>
        {
            Err(format!("`/{command}` panicked: {message}"))
        }
        _ => Ok(()),
    }
}
