//! Merging hook entries and MCP servers into an agent's JSON config file,
//! and taking them out again, without touching anything else in it.
//!
//! Every file `install` edits keeps its hooks as `{"hooks": {EVENT:
//! [entry, ...]}}` (Claude Code's settings, Cursor's `hooks.json`) and its
//! MCP servers as `{"mcpServers": {NAME: server}}` (see [`Section`]). An
//! entry is tackle's when one of its strings names the installed binary
//! (the marker), so a second install replaces its own entries in place of
//! adding more, and `--uninstall` finds exactly them. Keys keep their
//! order (serde_json's `preserve_order`), and the file keeps its indent
//! and whether it ended with a newline.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use super::InstallError;
use super::config_file::ConfigFile;

/// The part of a config file install edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Section {
    /// `hooks`: an object of event names, each an array of entries.
    Hooks,
    /// `mcpServers`: an object of server names, each a server object.
    Servers,
}

impl Section {
    /// The key of the section in the file's top-level object.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Section::Hooks => "hooks",
            Section::Servers => "mcpServers",
        }
    }
}

/// A config file read: its text (if it exists) and its document.
#[derive(Debug)]
pub(crate) struct Doc {
    /// The file's text, `None` if there was no file.
    pub(crate) before: Option<String>,
    pub(crate) root: Map<String, Value>,
    /// What install starts a new file from.
    skeleton: Map<String, Value>,
    indent: String,
    newline: bool,
}

impl Doc {
    /// Reads `path`, or starts from `skeleton` when there is no file.
    /// A file that is not a JSON object, or whose `section` is not an
    /// object of arrays (`hooks`) or of objects (`mcpServers`), is refused
    /// with its name and the position.
    pub(crate) fn read(
        path: &Path,
        skeleton: &Map<String, Value>,
        section: Section,
    ) -> Result<Doc, InstallError> {
        let before = super::read_config(path)?;
        let Some(text) = &before else {
            return Ok(Doc {
                before,
                root: skeleton.clone(),
                skeleton: skeleton.clone(),
                indent: "  ".to_owned(),
                newline: true,
            });
        };
        let malformed = |line, column, message: String| InstallError::Malformed {
            path: path.to_owned(),
            line,
            column,
            message,
        };
        let root = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(root)) => root,
            Ok(_) => return Err(malformed(1, 1, "expected a JSON object".to_owned())),
            Err(e) => return Err(malformed(e.line(), e.column(), parse_message(&e))),
        };
        let key = section.key();
        match root.get(key) {
            None => {}
            Some(Value::Object(entries)) => {
                let (fits, what) = match section {
                    // Beside the events' arrays, Factory Droid keeps its
                    // switches there (`hooksDisabled`, `showHookOutput`).
                    Section::Hooks => (
                        (|v: &Value| v.is_array() || v.is_boolean()) as fn(&Value) -> bool,
                        "an array of hook entries",
                    ),
                    Section::Servers => (Value::is_object as fn(&Value) -> bool, "a server object"),
                };
                if let Some((name, _)) = entries.iter().find(|(_, v)| !fits(v)) {
                    return Err(malformed(0, 0, format!("`{key}.{name}` is not {what}")));
                }
            }
            Some(_) => {
                let of = match section {
                    Section::Hooks => "event names",
                    Section::Servers => "server names",
                };
                return Err(malformed(0, 0, format!("`{key}` is not an object of {of}")));
            }
        }
        Ok(Doc {
            indent: indent_of(text),
            newline: text.ends_with('\n'),
            before,
            root,
            skeleton: skeleton.clone(),
        })
    }

    /// Takes out every entry holding one of `markers`; returns, by event,
    /// where the first of them was.
    pub(crate) fn remove(&mut self, markers: &[impl AsRef<str>]) -> BTreeMap<String, usize> {
        let ours = |entry: &Value| markers.iter().any(|m| holds(entry, m.as_ref()));
        let mut places = BTreeMap::new();
        let Some(Value::Object(hooks)) = self.root.get_mut("hooks") else {
            return places;
        };
        for (event, entries) in hooks.iter_mut() {
            if let Value::Array(entries) = entries {
                if let Some(first) = entries.iter().position(ours) {
                    places.insert(event.clone(), first);
                }
                entries.retain(|entry| !ours(entry));
            }
        }
        places
    }

    /// Puts `fragment`'s entries (`{EVENT: [entry, ...]}`) where the
    /// entries they replace were (`places`, from [`Doc::remove`]), else
    /// after the file's own, so that the user's entries keep their order
    /// across installs; returns the keys it had to create (`hooks`,
    /// `hooks.EVENT`), for `--uninstall` to take out again.
    pub(crate) fn add(
        &mut self,
        fragment: &Map<String, Value>,
        places: &BTreeMap<String, usize>,
    ) -> Vec<String> {
        let mut created = Vec::new();
        if fragment.is_empty() {
            return created;
        }
        if !self.root.contains_key("hooks") {
            created.push("hooks".to_owned());
        }
        let hooks = self
            .root
            .entry("hooks")
            .or_insert_with(|| Value::Object(Map::new()));
        let Value::Object(hooks) = hooks else {
            unreachable!("read() refuses a `hooks` that is not an object");
        };
        for (event, entries) in fragment {
            if !hooks.contains_key(event) {
                created.push(format!("hooks.{event}"));
            }
            let list = hooks
                .entry(event.clone())
                .or_insert_with(|| Value::Array(Vec::new()));
            if let (Value::Array(list), Value::Array(entries)) = (list, entries) {
                let at = places.get(event).map_or(list.len(), |&i| i.min(list.len()));
                list.splice(at..at, entries.iter().cloned());
            }
        }
        created
    }

    /// Removes the keys install created (`hooks.EVENT` before `hooks`,
    /// `mcpServers`) where they are now empty.
    pub(crate) fn prune(&mut self, created: &[String]) {
        if let Some(Value::Object(hooks)) = self.root.get_mut("hooks") {
            for key in created {
                if let Some(event) = key.strip_prefix("hooks.")
                    && hooks.get(event).is_some_and(is_empty)
                {
                    hooks.shift_remove(event);
                }
            }
        }
        for section in [Section::Hooks, Section::Servers] {
            let key = section.key();
            if created.iter().any(|k| k == key) && self.root.get(key).is_some_and(is_empty) {
                self.root.shift_remove(key);
            }
        }
    }

    /// Takes out every MCP server holding one of `markers`; returns where
    /// the first of them was among the servers.
    pub(crate) fn remove_servers(&mut self, markers: &[impl AsRef<str>]) -> Option<usize> {
        let Some(Value::Object(servers)) = self.root.get_mut(Section::Servers.key()) else {
            return None;
        };
        let ours = |server: &Value| markers.iter().any(|m| holds(server, m.as_ref()));
        let place = servers.values().position(ours);
        servers.retain(|_, server| !ours(server));
        place
    }

    /// Puts `servers` (`{NAME: server}`) where the servers they replace
    /// were (`place`, from [`Doc::remove_servers`]), else after the file's
    /// own; returns the keys it had to create (`mcpServers`), or the name
    /// of a server of the user's that one of them would replace.
    pub(crate) fn add_servers(
        &mut self,
        servers: &Map<String, Value>,
        place: Option<usize>,
    ) -> Result<Vec<String>, String> {
        let key = Section::Servers.key();
        let mut created = Vec::new();
        if servers.is_empty() {
            return Ok(created);
        }
        if !self.root.contains_key(key) {
            created.push(key.to_owned());
        }
        let list = self
            .root
            .entry(key)
            .or_insert_with(|| Value::Object(Map::new()));
        let Value::Object(list) = list else {
            unreachable!("read() refuses an `mcpServers` that is not an object");
        };
        if let Some(name) = servers.keys().find(|name| list.contains_key(*name)) {
            return Err(name.clone());
        }
        let at = place.map_or(list.len(), |i| i.min(list.len()));
        for (i, (name, server)) in servers.iter().enumerate() {
            list.shift_insert(at + i, name.clone(), server.clone());
        }
        Ok(created)
    }
}

impl ConfigFile for Doc {
    fn holds_nothing(&self) -> bool {
        self.root == self.skeleton
    }

    /// The document as the file's text, in the file's indent.
    fn render(&self) -> String {
        use serde::Serialize;
        let mut out = Vec::new();
        let formatter = serde_json::ser::PrettyFormatter::with_indent(self.indent.as_bytes());
        let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
        // A map of JSON values always serializes.
        self.root.serialize(&mut ser).unwrap_or_default();
        let mut text = String::from_utf8(out).unwrap_or_default();
        if self.newline {
            text.push('\n');
        }
        text
    }
}

/// serde_json's message without its `at line L column C`, which the
/// error puts in front as `FILE:L:C`.
pub(crate) fn parse_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&position).unwrap_or(&text).to_owned()
}

/// Whether any string in `value` contains `marker`.
fn holds(value: &Value, marker: &str) -> bool {
    match value {
        Value::String(s) => s.contains(marker),
        Value::Array(items) => items.iter().any(|v| holds(v, marker)),
        Value::Object(map) => map.values().any(|v| holds(v, marker)),
        _ => false,
    }
}

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
        _ => false,
    }
}

/// The indent of the first indented line (two spaces when there is none).
fn indent_of(text: &str) -> String {
    text.lines()
        .skip(1)
        .map(|line| &line[..line.len() - line.trim_start_matches([' ', '\t']).len()])
        .find(|indent| !indent.is_empty())
        .unwrap_or("  ")
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc(text: &str) -> Doc {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("settings.json");
        std::fs::write(&path, text).expect("writes");
        Doc::read(&path, &Map::new(), Section::Hooks).expect("reads")
    }

    fn fragment() -> Map<String, Value> {
        let Value::Object(map) = json!({"PreToolUse": [{"hooks": [{"command": "/p/bin/x"}]}]})
        else {
            unreachable!()
        };
        map
    }

    #[test]
    fn add_then_remove_and_prune_gives_back_the_text() {
        let text = "{\n    \"model\": \"opus\",\n    \"hooks\": {\n        \"Stop\": [\n            {\n                \"command\": \"mine\"\n            }\n        ]\n    }\n}";
        let mut d = doc(text);
        let created = d.add(&fragment(), &BTreeMap::new());
        assert_eq!(created, ["hooks.PreToolUse"]);
        let added = d.render();
        assert!(added.contains("        \"PreToolUse\""), "{added}");
        assert!(!added.ends_with('\n'));
        assert_eq!(
            d.remove(&["/p/bin/"]),
            BTreeMap::from([("PreToolUse".to_owned(), 0)])
        );
        d.prune(&created);
        assert_eq!(d.render(), text);
    }

    #[test]
    fn a_reinstall_keeps_its_entries_where_they_were() {
        let mut d =
            doc(r#"{"hooks": {"PreToolUse": [{"command": "/p/bin/x old"}, {"command": "mine"}]}}"#);
        let places = d.remove(&["/p/bin/"]);
        d.add(&fragment(), &places);
        let Some(Value::Object(hooks)) = d.root.get("hooks") else {
            panic!("hooks")
        };
        assert_eq!(
            hooks["PreToolUse"],
            json!([{"hooks": [{"command": "/p/bin/x"}]}, {"command": "mine"}])
        );
    }

    #[test]
    fn tabs_are_kept() {
        assert_eq!(indent_of("{\n\t\"a\": 1\n}\n"), "\t");
        assert_eq!(indent_of("{}"), "  ");
    }

    #[test]
    fn a_malformed_file_names_the_position() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("settings.json");
        std::fs::write(&path, "{\n  \"a\": 1,\n  oops\n}\n").expect("writes");
        let err = Doc::read(&path, &Map::new(), Section::Hooks).expect_err("refused");
        let text = err.to_string();
        assert!(text.contains("settings.json"), "{text}");
        assert!(text.contains("settings.json:3:3: "), "{text}");
        assert!(!text.contains("at line"), "the position once: {text}");

        std::fs::write(&path, r#"{"hooks": {"Stop": {}}}"#).expect("writes");
        let text = Doc::read(&path, &Map::new(), Section::Hooks)
            .expect_err("refused")
            .to_string();
        assert!(text.contains("`hooks.Stop` is not an array"), "{text}");
    }
    fn servers(command: &str) -> Map<String, Value> {
        let Value::Object(map) = json!({"my-plugin": {"command": command, "args": ["mcp"]}}) else {
            unreachable!()
        };
        map
    }

    fn servers_doc(text: &str) -> Doc {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("mcp.json");
        std::fs::write(&path, text).expect("writes");
        Doc::read(&path, &Map::new(), Section::Servers).expect("reads")
    }

    #[test]
    fn a_server_added_then_removed_and_pruned_gives_back_the_text() {
        let text = "{\n  \"theme\": \"dark\"\n}\n";
        let mut d = servers_doc(text);
        let created = d.add_servers(&servers("/p/bin/x"), None).expect("added");
        assert_eq!(created, ["mcpServers"]);
        assert_eq!(
            d.root["mcpServers"],
            json!({"my-plugin": {"command": "/p/bin/x", "args": ["mcp"]}})
        );
        assert_eq!(d.remove_servers(&["/p/bin/"]), Some(0));
        d.prune(&created);
        assert_eq!(d.render(), text);
    }

    #[test]
    fn a_reinstalled_server_keeps_its_place_among_the_users() {
        let mut d = servers_doc(
            r#"{"mcpServers": {"a": {"command": "a"}, "my-plugin": {"command": "/p/bin/x", "args": ["old"]}, "b": {"command": "b"}}}"#,
        );
        let place = d.remove_servers(&["/p/bin/"]);
        assert_eq!(place, Some(1));
        assert_eq!(d.add_servers(&servers("/p/bin/x"), place), Ok(Vec::new()));
        let names: Vec<&String> = d.root["mcpServers"]
            .as_object()
            .expect("object")
            .keys()
            .collect();
        assert_eq!(names, ["a", "my-plugin", "b"]);
        assert_eq!(d.root["mcpServers"]["my-plugin"]["args"], json!(["mcp"]));
    }

    #[test]
    fn a_users_server_of_the_same_name_is_not_replaced() {
        let mut d = servers_doc(r#"{"mcpServers": {"my-plugin": {"command": "/usr/bin/theirs"}}}"#);
        assert_eq!(d.remove_servers(&["/p/bin/"]), None);
        assert_eq!(
            d.add_servers(&servers("/p/bin/x"), None),
            Err("my-plugin".to_owned())
        );
    }

    #[test]
    fn servers_that_are_not_objects_are_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("mcp.json");
        for (text, message) in [
            (
                r#"{"mcpServers": []}"#,
                "`mcpServers` is not an object of server names",
            ),
            (
                r#"{"mcpServers": {"x": "cmd"}}"#,
                "`mcpServers.x` is not a server object",
            ),
        ] {
            std::fs::write(&path, text).expect("writes");
            let err = Doc::read(&path, &Map::new(), Section::Servers)
                .expect_err("refused")
                .to_string();
            assert!(err.contains(message), "{err}");
        }
        // A servers file's `hooks` is not install's business.
        std::fs::write(&path, r#"{"hooks": 1, "mcpServers": {}}"#).expect("writes");
        assert!(Doc::read(&path, &Map::new(), Section::Servers).is_ok());
    }
}
