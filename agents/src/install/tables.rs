//! Merging `[[hooks]]` tables into an agent's TOML config (Kimi's
//! `config.toml`), and taking them out again, without touching anything
//! else in it: `toml_edit` keeps every other table, key, comment and
//! blank line as it was written. A table is tackle's when its `command`
//! names the installed binary (the marker).

use std::path::Path;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};

use super::InstallError;

/// A TOML config file read: its text (if it exists) and its document.
pub(crate) struct Doc {
    /// The file's text, `None` if there was no file.
    pub(crate) before: Option<String>,
    doc: DocumentMut,
}

impl Doc {
    /// Reads `path` (an empty document when there is no file). A file that
    /// is not TOML, or whose `hooks` is not an array of tables, is refused
    /// with its name and the position.
    pub(crate) fn read(path: &Path) -> Result<Doc, InstallError> {
        let before = match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(InstallError::Io {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let text = before.as_deref().unwrap_or("");
        let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
            let (line, column) = e
                .span()
                .map_or((0, 0), |span| line_column(text, span.start));
            InstallError::Malformed {
                path: path.to_owned(),
                line,
                column,
                message: e.message().trim_end().to_owned(),
            }
        })?;
        if doc.get("hooks").is_some_and(|h| !h.is_array_of_tables()) {
            return Err(InstallError::Malformed {
                path: path.to_owned(),
                line: 0,
                column: 0,
                message: "`hooks` is not an array of [[hooks]] tables".to_owned(),
            });
        }
        Ok(Doc { before, doc })
    }

    /// Takes out every table whose `command` holds `marker`; returns where
    /// the first of them was.
    pub(crate) fn remove(&mut self, markers: &[impl AsRef<str>]) -> Option<usize> {
        let hooks = self.doc.get_mut("hooks")?.as_array_of_tables_mut()?;
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
        let empty = self.is_empty();
        let created = !self.doc.contains_key("hooks");
        if created {
            self.doc
                .insert("hooks", Item::ArrayOfTables(ArrayOfTables::new()));
        }
        let Some(hooks) = self
            .doc
            .get_mut("hooks")
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
        if created
            && self
                .doc
                .get("hooks")
                .and_then(Item::as_array_of_tables)
                .is_some_and(ArrayOfTables::is_empty)
        {
            self.doc.remove("hooks");
        }
    }

    /// Whether the document holds nothing at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.doc.as_table().is_empty() && self.doc.to_string().trim().is_empty()
    }

    /// The document as the file's text.
    pub(crate) fn render(&self) -> String {
        self.doc.to_string()
    }
}

fn holds(table: &Table, marker: &str) -> bool {
    table
        .get("command")
        .and_then(Item::as_str)
        .is_some_and(|c| c.contains(marker))
}

/// The 1-based line and column of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAGMENT: &str = "# a comment of the export's\n\n[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"'/p/bin/x' hook kimi PreToolUse\"\ntimeout = 10\n";

    fn doc(text: &str) -> Doc {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("config.toml");
        std::fs::write(&path, text).expect("writes");
        Doc::read(&path).expect("reads")
    }

    #[test]
    fn add_then_remove_and_prune_gives_back_the_text() {
        let text = "# mine\ndefault_model = \"k2\"  # kept\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"mine\"\n\n[providers.fake]\nkey = 1\n";
        let mut d = doc(text);
        assert!(!d.add(FRAGMENT, None));
        let added = d.render();
        assert!(
            added.contains("command = \"mine\"\n\n[[hooks]]\nevent = \"PreToolUse\""),
            "after the user's own table: {added}"
        );
        assert!(!added.contains("a comment of the export's"), "{added}");
        assert_eq!(d.remove(&["/p/bin/"]), Some(1));
        d.prune(false);
        assert_eq!(d.render(), text);
    }

    #[test]
    fn a_new_hooks_key_goes_and_comes_back() {
        let text = "default_model = \"k2\"\n";
        let mut d = doc(text);
        assert!(d.add(FRAGMENT, None));
        assert!(
            d.render()
                .starts_with("default_model = \"k2\"\n\n[[hooks]]\n"),
            "{}",
            d.render()
        );
        d.remove(&["/p/bin/"]);
        d.prune(true);
        assert_eq!(d.render(), text);

        let mut d = doc("");
        d.add(FRAGMENT, None);
        assert!(d.render().starts_with("[[hooks]]\n"), "{}", d.render());
        d.remove(&["/p/bin/"]);
        d.prune(true);
        assert!(d.is_empty());
    }

    #[test]
    fn a_malformed_file_names_the_position() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "a = 1\nb = = 2\n").expect("writes");
        let Err(e) = Doc::read(&path) else {
            panic!("refused")
        };
        assert!(e.to_string().contains("config.toml:2:"), "{e}");
        std::fs::write(&path, "hooks = 1\n").expect("writes");
        let Err(e) = Doc::read(&path) else {
            panic!("refused")
        };
        assert!(e.to_string().contains("`hooks` is not an array"), "{e}");
    }
}
