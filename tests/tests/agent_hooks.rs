//! Recorded native payloads of every agent and event, run through a real
//! hook process, against golden replies (`<fixture>.reply.json`).
//!
//! `TACKLE_GOLDEN=overwrite cargo test -p tackle-tests --test agent_hooks`
//! rewrites the goldens; read every changed one against the agent's
//! protocol before committing it.

mod agent_hooks {
    pub mod run;
}

use std::collections::BTreeSet;
use std::path::Path;

use agent_hooks::run::{Fixture, HOOK_ONLY_HOST, HOST, Opts, fixtures, fixtures_dir};
use serde_json::Value;
use tackle_runtime::agents::{Agent, coverage};

fn overwrite() -> bool {
    std::env::var("TACKLE_GOLDEN").is_ok_and(|v| v == "overwrite")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// Each fixture `bin` does not answer with its golden reply, described;
/// with `TACKLE_GOLDEN=overwrite`, the goldens rewritten from its replies.
fn golden_mismatches(bin: &str, overwrite: bool) -> Vec<String> {
    let (fixtures, strays) = fixtures();
    assert!(strays.is_empty(), "fixtures of no known event: {strays:?}");
    let mut failures = Vec::new();
    for fixture in &fixtures {
        let actual = fixture.run(bin, &Opts::default()).reply();
        let golden = fixture.golden();
        if overwrite {
            let text = serde_json::to_string_pretty(&actual).expect("serialize") + "\n";
            std::fs::write(&golden, text).expect("write golden");
            continue;
        }
        if !golden.exists() {
            failures.push(format!(
                "{}: no golden (TACKLE_GOLDEN=overwrite)",
                fixture.name()
            ));
            continue;
        }
        let expected = read_json(&golden);
        if expected != actual {
            failures.push(format!(
                "{}:\n  expected {expected}\n  actual   {actual}",
                fixture.name()
            ));
        }
    }
    failures
}

#[test]
fn every_fixture_gets_its_golden_reply() {
    let failures = golden_mismatches(HOST, overwrite());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_hook_only_binary_gives_every_fixture_its_golden_reply() {
    // The goldens are the full binary's: never rewritten from this one.
    let failures = golden_mismatches(HOOK_ONLY_HOST, false);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_golden_has_its_fixture() {
    let (fixtures, _) = fixtures();
    let goldens: BTreeSet<_> = fixtures.iter().map(Fixture::golden).collect();
    let mut orphans = Vec::new();
    for agent in Agent::ALL {
        let Ok(entries) = std::fs::read_dir(fixtures_dir().join(agent.name())) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("dir entry").path();
            let is_golden = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(".reply.json"));
            if is_golden && !goldens.contains(&path) {
                orphans.push(path);
            }
        }
    }
    assert!(orphans.is_empty(), "goldens without a fixture: {orphans:?}");
}

#[test]
fn every_native_event_of_every_agent_has_a_fixture() {
    let (fixtures, _) = fixtures();
    for agent in Agent::ALL {
        for event in coverage::events(agent) {
            assert!(
                fixtures
                    .iter()
                    .any(|f| f.agent == agent.name() && f.event == event),
                "{agent}: no fixture for `{event}` in tests/fixtures/agents/{agent}/"
            );
        }
    }
}

/// The Codex schema of an event: `PreToolUse` → `pre-tool-use.command.<kind>`.
fn codex_schema(event: &str, kind: &str) -> Option<Value> {
    let mut name = String::new();
    for (i, c) in event.char_indices() {
        if c.is_ascii_uppercase() && i > 0 {
            name.push('-');
        }
        name.push(c.to_ascii_lowercase());
    }
    let path = fixtures_dir().join(format!("codex/schemas/{name}.command.{kind}.json"));
    path.exists().then(|| read_json(&path))
}

fn schema_errors(schema: &Value, instance: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a valid schema");
    validator
        .iter_errors(instance)
        .map(|e| format!("{} at `{}`", e, e.instance_path()))
        .collect()
}

#[test]
fn codex_payloads_and_replies_fit_the_schemas_codex_ships() {
    let (fixtures, _) = fixtures();
    let codex: Vec<&Fixture> = fixtures.iter().filter(|f| f.agent == "codex").collect();
    assert!(codex.len() >= 12, "{}", codex.len());
    for fixture in codex {
        let name = fixture.name();
        // The payload is what Codex sends: its input schema says so.
        let input = codex_schema(fixture.event, "input")
            .unwrap_or_else(|| panic!("{name}: no input schema"));
        let payload = read_json(&fixture.path);
        let errors = schema_errors(&input, &payload);
        assert!(errors.is_empty(), "{name}: payload: {errors:?}");

        let run = fixture.run(HOST, &Opts::default());
        if run.code == 2 {
            assert!(
                !run.stderr.trim().is_empty(),
                "{name}: Codex ignores exit 2 without a reason on stderr"
            );
            continue;
        }
        if run.stdout.trim().is_empty() {
            continue;
        }
        let reply = run.json();
        let output = codex_schema(fixture.event, "output")
            .unwrap_or_else(|| panic!("{name}: Codex reads no output at this event: {reply}"));
        let errors = schema_errors(&output, &reply);
        assert!(errors.is_empty(), "{name}: {reply}: {errors:?}");

        // The rules the schema cannot say (codex hooks' output parser).
        let specific = &reply["hookSpecificOutput"];
        match specific["permissionDecision"].as_str() {
            Some("allow") => assert!(
                specific.get("updatedInput").is_some(),
                "{name}: a bare allow is rejected: {reply}"
            ),
            Some("ask") => panic!("{name}: Codex does not support ask: {reply}"),
            Some("deny") => assert!(
                specific["permissionDecisionReason"]
                    .as_str()
                    .is_some_and(|r| !r.trim().is_empty()),
                "{name}: deny needs a reason: {reply}"
            ),
            _ => assert!(
                specific.get("permissionDecisionReason").is_none()
                    && specific.get("updatedInput").is_none(),
                "{name}: a reason or rewrite without a decision is rejected: {reply}"
            ),
        }
        if reply.get("decision").is_some() {
            assert_eq!(reply["decision"], "block", "{name}");
            assert!(
                reply["reason"]
                    .as_str()
                    .is_some_and(|r| !r.trim().is_empty()),
                "{name}: a block needs a reason: {reply}"
            );
        }
        if fixture.event == "PreToolUse" {
            for key in ["continue", "stopReason", "suppressOutput"] {
                assert!(reply.get(key).is_none(), "{name}: `{key}` is unsupported");
            }
        }
        if fixture.event == "PermissionRequest" {
            let decision = &specific["decision"];
            for key in ["updatedInput", "updatedPermissions", "interrupt"] {
                assert!(
                    decision.get(key).is_none(),
                    "{name}: `{key}` is unsupported"
                );
            }
        }
    }
}

#[test]
fn no_agent_is_told_to_block_without_a_reason() {
    let (fixtures, _) = fixtures();
    for fixture in &fixtures {
        let run = fixture.run(HOST, &Opts::default());
        assert!(
            [0, 1, 2].contains(&run.code),
            "{}: exit {}",
            fixture.name(),
            run.code
        );
        if run.code == 2 {
            assert!(!run.stderr.trim().is_empty(), "{}", fixture.name());
        }
        if fixture.agent == "copilot" {
            // Copilot CLI refuses a tool call whose hook fails.
            assert_ne!(run.code, 1, "{}", fixture.name());
        }
    }
}

/// Only what a decision needs can make an agent's event unreadable: every
/// recorded payload still reads, at every point its event delivers, with
/// any one of its other fields replaced by an object, an array, a number
/// or null (a new or changed metadata field of the agent).
#[test]
fn metadata_of_any_shape_never_makes_a_recorded_event_unreadable() {
    use serde_json::json;
    use tackle_runtime::fuzzing::hook_event_points;
    let shapes = [
        json!({"new": [1, {"x": true}]}),
        json!([1, "two"]),
        json!(-3.5),
        Value::Null,
    ];
    let (fixtures, _) = fixtures();
    let mut failures = Vec::new();
    let mut tried = 0;
    for fixture in &fixtures {
        let agent = Agent::parse(fixture.agent).expect("a known agent");
        let Value::Object(payload) = read_json(&fixture.path) else {
            panic!("{}: not an object", fixture.name());
        };
        for key in payload.keys() {
            // Where the key spells what a decision needs at a point, a value
            // of another shape may be refused there, and only there.
            // Keys a module reads as such a field under another name:
            // Cline nests them (its call, result and prompt objects),
            // Windsurf in its `tool_info`, goose's prompt is `message`, Auggie's
            // `user_prompt`.
            let nests = match agent {
                Agent::Cline => [
                    "tool_call",
                    "tool_result",
                    "preToolUse",
                    "postToolUse",
                    "userPromptSubmit",
                ]
                .contains(&key.as_str()),
                Agent::Windsurf => key == "tool_info",
                Agent::Goose => key == "message",
                Agent::Auggie => key == "user_prompt",
                _ => false,
            };
            let required_at = |point: tackle::hook::HookPoint| {
                nests
                    || point
                        .fields()
                        .iter()
                        .any(|f| f.required && f.spellings().any(|s| s == key))
            };
            for shape in &shapes {
                let mut changed = payload.clone();
                changed.insert(key.clone(), shape.clone());
                let bytes = serde_json::to_vec(&changed).expect("JSON");
                tried += 1;
                match hook_event_points(agent, fixture.event, &bytes) {
                    Err(e) => failures.push(format!("{}: `{key}` = {shape}: {e}", fixture.name())),
                    Ok(read) => {
                        for (point, result) in read {
                            if let Err(e) = result
                                && !required_at(point)
                            {
                                failures.push(format!(
                                    "{} at `{point}`: `{key}` = {shape}: {e}",
                                    fixture.name()
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(tried > 1000, "only {tried} payloads tried");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
