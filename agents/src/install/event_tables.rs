//! Merging hook groups into a TOML file that keeps them by event,
//! `[[hooks.PreToolUse]]` tables of a `matcher` and a `hooks` array (the
//! TOML form of a `hooks.json`, which Codex's `requirements.toml` takes),
//! and taking them out again, without touching anything else in it:
//! `toml_edit` keeps every other table, key, comment and blank line as it
//! was written. A group is tackle's when one of its strings names the
//! installed binary (the marker).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};
use toml_edit::{ArrayOfTables, Item, Table};

use super::InstallError;
use super::toml_file::{TomlFile, malformed, table_of};

/// The key of the table of events.
const HOOKS: &str = "hooks";

/// A TOML file of event tables, read.
pub(crate) struct Doc {
    pub(crate) file: TomlFile,
}

impl Doc {
    /// Reads `path` (an empty document when there is no file). A file that
    /// is not TOML, whose `hooks` is not a table, or where one of `events`
    /// under it is not an array of tables, is refused with its name.
    pub(crate) fn read(path: &Path, events: &[&String]) -> Result<Doc, InstallError> {
        let file = TomlFile::read(path)?;
        let malformed = |message: String| malformed(path, message);
        match file.doc.get(HOOKS) {
            None => {}
            Some(Item::Table(hooks)) => {
                if let Some(event) = events
                    .iter()
                    .find(|e| hooks.get(e).is_some_and(|i| !i.is_array_of_tables()))
                {
                    return Err(malformed(format!(
                        "`{HOOKS}.{event}` is not an array of [[{HOOKS}.{event}]] tables"
                    )));
                }
            }
            Some(_) => {
                return Err(malformed(format!(
                    "`{HOOKS}` is not a table of [[{HOOKS}.EVENT]] tables"
                )));
            }
        }
        Ok(Doc { file })
    }

    fn hooks_mut(&mut self) -> Option<&mut Table> {
        self.file.doc.get_mut(HOOKS)?.as_table_mut()
    }

    /// Takes out every group holding one of `markers`; returns, by event,
    /// where the first of them was.
    pub(crate) fn remove(&mut self, markers: &[impl AsRef<str>]) -> BTreeMap<String, usize> {
        let mut places = BTreeMap::new();
        let Some(hooks) = self.hooks_mut() else {
            return places;
        };
        let ours = |t: &Table| markers.iter().any(|m| holds(t, m.as_ref()));
        for (event, item) in hooks.iter_mut() {
            if let Some(groups) = item.as_array_of_tables_mut() {
                if let Some(first) = groups.iter().position(ours) {
                    places.insert(event.get().to_owned(), first);
                }
                groups.retain(|t| !ours(t));
            }
        }
        places
    }

    /// Puts `fragment`'s groups (`{EVENT: [group, ...]}`, a hooks.json's
    /// `hooks`) where the groups they replace were (`places`, from
    /// [`Doc::remove`]), else after the file's own; returns the keys it
    /// created (`hooks`, `hooks.EVENT`), for `--uninstall` to take out.
    pub(crate) fn add(
        &mut self,
        fragment: &Map<String, Value>,
        places: &BTreeMap<String, usize>,
    ) -> Vec<String> {
        let mut created = Vec::new();
        if fragment.is_empty() {
            return created;
        }
        if self.file.doc.get(HOOKS).is_none() {
            created.push(HOOKS.to_owned());
            let mut table = Table::new();
            // Only its `[[hooks.EVENT]]` tables are written.
            table.set_implicit(true);
            self.file.doc.insert(HOOKS, Item::Table(table));
        }
        let Some(hooks) = self.hooks_mut() else {
            return created;
        };
        for (event, groups) in fragment {
            if hooks.get(event).is_none() {
                created.push(format!("{HOOKS}.{event}"));
                hooks.insert(event, Item::ArrayOfTables(ArrayOfTables::new()));
            }
            let Some(list) = hooks.get_mut(event).and_then(Item::as_array_of_tables_mut) else {
                continue;
            };
            let at = places.get(event).map_or(list.len(), |&i| i.min(list.len()));
            for (i, group) in groups.as_array().into_iter().flatten().enumerate() {
                list.insert(at + i, table_of(group.as_object().into_iter().flatten()));
            }
        }
        created
    }

    /// Removes the keys install created (`hooks.EVENT` before `hooks`)
    /// where they are now empty.
    pub(crate) fn prune(&mut self, created: &[String]) {
        if let Some(hooks) = self.hooks_mut() {
            for key in created {
                if let Some(event) = key.strip_prefix("hooks.")
                    && hooks
                        .get(event)
                        .and_then(Item::as_array_of_tables)
                        .is_some_and(ArrayOfTables::is_empty)
                {
                    hooks.remove(event);
                }
            }
        }
        self.file
            .prune(HOOKS, created.iter().any(|k| k == HOOKS), |item| {
                item.as_table().is_some_and(Table::is_empty)
            });
    }
}

/// Whether any string in `table` (in its arrays and inline tables too)
/// contains `marker`.
fn holds(table: &Table, marker: &str) -> bool {
    table.iter().any(|(_, item)| item_holds(item, marker))
}

fn item_holds(item: &Item, marker: &str) -> bool {
    match item {
        Item::Value(value) => value_holds(value, marker),
        Item::Table(table) => holds(table, marker),
        Item::ArrayOfTables(tables) => tables.iter().any(|t| holds(t, marker)),
        Item::None => false,
    }
}

fn value_holds(value: &toml_edit::Value, marker: &str) -> bool {
    match value {
        toml_edit::Value::String(s) => s.value().contains(marker),
        toml_edit::Value::Array(items) => items.iter().any(|v| value_holds(v, marker)),
        toml_edit::Value::InlineTable(table) => table.iter().any(|(_, v)| value_holds(v, marker)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::install::config_file::ConfigFile;

    fn fragment(command: &str) -> Map<String, Value> {
        let Value::Object(map) = serde_json::json!({"PreToolUse": [{
            "matcher": "^Bash$",
            "hooks": [{"type": "command", "command": command, "timeout": 30}],
        }]}) else {
            unreachable!()
        };
        map
    }

    fn doc(text: &str) -> Doc {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("requirements.toml");
        std::fs::write(&path, text).expect("writes");
        Doc::read(&path, &[&"PreToolUse".to_owned()]).expect("reads")
    }

    #[test]
    fn groups_go_after_the_files_own_and_come_out_byte_for_byte() {
        let text = "# the organisation's\nallowed_approval_policies = [\"on-request\"]\n\n[[hooks.PreToolUse]]\nmatcher = \"^Bash$\"\nhooks = [{ type = \"command\", command = \"/opt/audit\" }]\n";
        let mut d = doc(text);
        let created = d.add(
            &fragment("'/p/bin/x' hook codex PreToolUse"),
            &BTreeMap::new(),
        );
        assert!(created.is_empty(), "{created:?}");
        let added = d.file.render();
        assert!(added.starts_with(text), "the file's own first: {added}");
        assert!(
            added.ends_with("\n[[hooks.PreToolUse]]\nmatcher = \"^Bash$\"\nhooks = [{ type = \"command\", command = \"'/p/bin/x' hook codex PreToolUse\", timeout = 30 }]\n"),
            "{added}"
        );
        let places = d.remove(&["/p/bin/"]);
        assert_eq!(places, BTreeMap::from([("PreToolUse".to_owned(), 1)]));
        d.prune(&created);
        assert_eq!(d.file.render(), text);
    }

    #[test]
    fn a_new_hooks_table_goes_and_comes_back() {
        let text = "allowed_sandbox_modes = [\"read-only\"]\n";
        let mut d = doc(text);
        let created = d.add(&fragment("/p/bin/x"), &BTreeMap::new());
        assert_eq!(created, ["hooks", "hooks.PreToolUse"]);
        assert!(
            !d.file.render().contains("[hooks]\n"),
            "only the event's tables: {}",
            d.file.render()
        );
        // A reinstall puts it back where it was: the same text.
        let rendered = d.file.render();
        let places = d.remove(&["/p/bin/"]);
        d.add(&fragment("/p/bin/x"), &places);
        assert_eq!(d.file.render(), rendered);
        d.remove(&["/p/bin/"]);
        d.prune(&created);
        assert_eq!(d.file.render(), text);
    }

    #[test]
    fn a_malformed_file_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("requirements.toml");
        let event = "PreToolUse".to_owned();
        for (text, message) in [
            ("hooks = 1\n", "`hooks` is not a table"),
            (
                "[hooks]\nPreToolUse = 1\n",
                "`hooks.PreToolUse` is not an array",
            ),
            ("a = = 1\n", "requirements.toml:1:"),
        ] {
            std::fs::write(&path, text).expect("writes");
            let Err(e) = Doc::read(&path, &[&event]) else {
                panic!("refused: {text}")
            };
            assert!(e.to_string().contains(message), "{e}");
        }
        // Codex's own `hooks.managed_dir` is not install's business.
        std::fs::write(&path, "[hooks]\nmanaged_dir = \"/x\"\n").expect("writes");
        assert!(Doc::read(&path, &[&event]).is_ok());
    }
}
