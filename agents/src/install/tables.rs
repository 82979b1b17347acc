//! Merging `[[hooks]]` tables (Kimi's `config.toml`) and `[mcp_servers.NAME]`
//! tables (Codex's) into an agent's TOML config, and taking them out again,
//! without touching anything else in it: `toml_edit` keeps every other
//! table, key, comment and blank line as it was written. A table is
//! tackle's when its `command` names the installed binary (the marker).

use std::path::Path;

use serde_json::{Map, Value};
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};

use super::InstallError;
use super::config_file::ConfigFile;
use super::toml_file::{TomlFile, malformed, table_of};

/// The key of the hooks' tables (Kimi's `[[hooks]]`).
pub(crate) const HOOKS: &str = "hooks";

/// The key of the MCP servers' tables (Codex's `[mcp_servers.NAME]`).
pub(crate) const SERVERS: &str = "mcp_servers";

/// A TOML config file of hook or server tables, read.
pub(crate) struct Doc {
    pub(crate) file: TomlFile,
}

impl Doc {
    /// Reads `path` (an empty document when there is no file). A file that
    /// is not TOML, or whose `key` (`hooks` or [`SERVERS`], what install
    /// edits) is not an array of tables or a table, is refused with its
    /// name and the position.
    pub(crate) fn read(path: &Path, key: &str) -> Result<Doc, InstallError> {
        let file = TomlFile::read(path)?;
        let (fits, what): (fn(&Item) -> bool, _) = if key == SERVERS {
            (Item::is_table, format!("a table of [{key}.NAME] tables"))
        } else {
            (
                Item::is_array_of_tables,
                format!("an array of [[{key}]] tables"),
            )
        };
        if file.doc.get(key).is_some_and(|item| !fits(item)) {
            return Err(malformed(path, format!("`{key}` is not {what}")));
        }
        Ok(Doc { file })
    }

    /// Takes out every table whose `command` holds `marker`; returns where
    /// the first of them was.
    pub(crate) fn remove(&mut self, markers: &[impl AsRef<str>]) -> Option<usize> {
        let hooks = self.file.doc.get_mut(HOOKS)?.as_array_of_tables_mut()?;
        let ours = |t: &Table| markers.iter().any(|m| holds(t, m.as_ref()));
        let first = hooks.iter().position(ours);
        hooks.retain(|t| !ours(t));
        first
    }

    /// Puts the `[[hooks]]` tables of `fragment` (a TOML text) at `place`
    /// (from [`Doc::remove`]), else after the file's own; returns whether it
    /// created `hooks`.
    pub(crate) fn add(&mut self, fragment: &str, place: Option<usize>) -> bool {
        let Ok(source) = fragment.parse::<DocumentMut>() else {
            return false;
        };
        let Some(tables) = source.get("hooks").and_then(Item::as_array_of_tables) else {
            return false;
        };
        if tables.is_empty() {
            return false;
        }
        let empty = self.file.holds_nothing();
        let created = !self.file.doc.contains_key(HOOKS);
        if created {
            self.file
                .doc
                .insert(HOOKS, Item::ArrayOfTables(ArrayOfTables::new()));
        }
        let Some(hooks) = self
            .file
            .doc
            .get_mut(HOOKS)
            .and_then(Item::as_array_of_tables_mut)
        else {
            return created;
        };
        let at = place.map_or(hooks.len(), |i| i.min(hooks.len()));
        for (i, table) in tables.iter().enumerate() {
            let mut table = table.clone();
            // Placed after the table before it, a blank line above.
            table.set_position(None);
            let prefix = if empty && i == 0 { "" } else { "\n" };
            table.decor_mut().set_prefix(prefix);
            table.decor_mut().set_suffix("");
            hooks.insert(at + i, table);
        }
        created
    }

    /// Removes `hooks` when install created it and it is empty now.
    pub(crate) fn prune(&mut self, created: bool) {
        self.file.prune(HOOKS, created, |item| {
            item.as_array_of_tables()
                .is_some_and(ArrayOfTables::is_empty)
        });
    }

    /// Takes out every `[mcp_servers.NAME]` table whose `command` holds one
    /// of `markers`.
    pub(crate) fn remove_servers(&mut self, markers: &[impl AsRef<str>]) {
        let Some(servers) = self.file.doc.get_mut(SERVERS).and_then(Item::as_table_mut) else {
            return;
        };
        let ours: Vec<String> = servers
            .iter()
            .filter(|(_, item)| {
                item.as_table()
                    .is_some_and(|t| markers.iter().any(|m| holds(t, m.as_ref())))
            })
            .map(|(name, _)| name.to_owned())
            .collect();
        for name in ours {
            servers.remove(&name);
        }
    }

    /// Adds a `[mcp_servers.NAME]` table for each of `servers` (`{NAME:
    /// {command, args, ...}}`), after the file's own; returns whether it
    /// created `mcp_servers`, or the name of a server of the user's that
    /// one of them would replace.
    pub(crate) fn add_servers(&mut self, servers: &Map<String, Value>) -> Result<bool, String> {
        if servers.is_empty() {
            return Ok(false);
        }
        let created = !self.file.doc.contains_key(SERVERS);
        if created {
            let mut table = Table::new();
            table.set_implicit(true);
            self.file.doc.insert(SERVERS, Item::Table(table));
        }
        let Some(list) = self.file.doc.get_mut(SERVERS).and_then(Item::as_table_mut) else {
            return Ok(created);
        };
        if let Some(name) = servers.keys().find(|name| list.contains_key(name)) {
            return Err(name.clone());
        }
        for (name, server) in servers {
            list.insert(
                name,
                Item::Table(table_of(server.as_object().into_iter().flatten())),
            );
        }
        Ok(created)
    }

    /// Removes `mcp_servers` when install created it and it is empty now.
    pub(crate) fn prune_servers(&mut self, created: bool) {
        self.file.prune(SERVERS, created, |item| {
            item.as_table().is_some_and(Table::is_empty)
        });
    }
}

fn holds(table: &Table, marker: &str) -> bool {
    table
        .get("command")
        .and_then(Item::as_str)
        .is_some_and(|c| c.contains(marker))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAGMENT: &str = "# a comment of the export's\n\n[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"'/p/bin/x' hook kimi PreToolUse\"\ntimeout = 10\n";

    fn doc(text: &str) -> Doc {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("config.toml");
        std::fs::write(&path, text).expect("writes");
        Doc::read(&path, HOOKS).expect("reads")
    }

    #[test]
    fn add_then_remove_and_prune_gives_back_the_text() {
        let text = "# mine\ndefault_model = \"k2\"  # kept\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"mine\"\n\n[providers.fake]\nkey = 1\n";
        let mut d = doc(text);
        assert!(!d.add(FRAGMENT, None));
        let added = d.file.render();
        assert!(
            added.contains("command = \"mine\"\n\n[[hooks]]\nevent = \"PreToolUse\""),
            "after the user's own table: {added}"
        );
        assert!(!added.contains("a comment of the export's"), "{added}");
        assert_eq!(d.remove(&["/p/bin/"]), Some(1));
        d.prune(false);
        assert_eq!(d.file.render(), text);
    }

    #[test]
    fn a_new_hooks_key_goes_and_comes_back() {
        let text = "default_model = \"k2\"\n";
        let mut d = doc(text);
        assert!(d.add(FRAGMENT, None));
        assert!(
            d.file
                .render()
                .starts_with("default_model = \"k2\"\n\n[[hooks]]\n"),
            "{}",
            d.file.render()
        );
        d.remove(&["/p/bin/"]);
        d.prune(true);
        assert_eq!(d.file.render(), text);

        let mut d = doc("");
        d.add(FRAGMENT, None);
        assert!(
            d.file.render().starts_with("[[hooks]]\n"),
            "{}",
            d.file.render()
        );
        d.remove(&["/p/bin/"]);
        d.prune(true);
        assert!(d.file.holds_nothing());
    }

    #[test]
    fn a_malformed_file_names_the_position() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "a = 1\nb = = 2\n").expect("writes");
        let Err(e) = Doc::read(&path, HOOKS) else {
            panic!("refused")
        };
        assert!(e.to_string().contains("config.toml:2:"), "{e}");
        std::fs::write(&path, "hooks = 1\n").expect("writes");
        let Err(e) = Doc::read(&path, HOOKS) else {
            panic!("refused")
        };
        assert!(e.to_string().contains("`hooks` is not an array"), "{e}");
    }
    fn servers(command: &str) -> Map<String, Value> {
        let Value::Object(map) =
            serde_json::json!({"my-plugin": {"command": command, "args": ["mcp"]}})
        else {
            unreachable!()
        };
        map
    }

    #[test]
    fn a_server_table_goes_after_the_users_and_comes_out_again() {
        let text = "model = \"o3\"  # mine\n\n[mcp_servers.theirs]\ncommand = \"npx\"\n";
        let mut d = doc(text);
        assert_eq!(d.add_servers(&servers("/p/bin/x")), Ok(false));
        assert_eq!(
            d.file.render(),
            format!("{text}\n[mcp_servers.my-plugin]\ncommand = \"/p/bin/x\"\nargs = [\"mcp\"]\n")
        );
        d.remove_servers(&["/p/bin/"]);
        d.prune_servers(false);
        assert_eq!(d.file.render(), text);

        let mut d = doc("model = \"o3\"\n");
        assert_eq!(d.add_servers(&servers("/p/bin/x")), Ok(true));
        assert!(
            d.file.render().contains("\n[mcp_servers.my-plugin]\n"),
            "{}",
            d.file.render()
        );
        d.remove_servers(&["/p/bin/"]);
        d.prune_servers(true);
        assert_eq!(d.file.render(), "model = \"o3\"\n");
    }

    #[test]
    fn a_users_server_table_of_the_same_name_is_not_replaced() {
        let mut d = doc("[mcp_servers.my-plugin]\ncommand = \"theirs\"\n");
        d.remove_servers(&["/p/bin/"]);
        assert_eq!(
            d.add_servers(&servers("/p/bin/x")),
            Err("my-plugin".to_owned())
        );
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "mcp_servers = 1\n").expect("writes");
        let Err(e) = Doc::read(&path, SERVERS) else {
            panic!("refused")
        };
        assert!(
            e.to_string().contains("`mcp_servers` is not a table"),
            "{e}"
        );
        // Codex's own `[hooks.state]` is not install's business there.
        std::fs::write(&path, "[hooks.state.x]\ntrusted_hash = \"h\"\n").expect("writes");
        assert!(Doc::read(&path, SERVERS).is_ok());
    }
}
