//! A TOML config file as install reads and edits it: `toml_edit` keeps
//! every table, key, comment and blank line install does not touch as it
//! was written. [`event_tables`](super::event_tables) and
//! [`tables`](super::tables) edit their tables in one.

use std::path::Path;

use serde_json::Value;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table};

use super::InstallError;
use super::config_file::ConfigFile;

/// A TOML file read: its text (if it exists) and its document.
pub(crate) struct TomlFile {
    /// The file's text, `None` if there was no file.
    pub(crate) before: Option<String>,
    pub(crate) doc: DocumentMut,
}

impl TomlFile {
    /// Reads `path` (an empty document when there is no file); a file
    /// that is not TOML is refused with its name and the position.
    pub(crate) fn read(path: &Path) -> Result<TomlFile, InstallError> {
        let before = super::read_config(path)?;
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
        Ok(TomlFile { before, doc })
    }

    /// Removes the top-level `key` where `created` (install created it)
    /// and `empty` says it holds nothing now.
    pub(crate) fn prune(&mut self, key: &str, created: bool, empty: fn(&Item) -> bool) {
        if created && self.doc.get(key).is_some_and(empty) {
            self.doc.remove(key);
        }
    }
}

impl ConfigFile for TomlFile {
    fn holds_nothing(&self) -> bool {
        self.doc.as_table().is_empty() && self.doc.to_string().trim().is_empty()
    }

    fn render(&self) -> String {
        self.doc.to_string()
    }
}

/// `path`'s content refused for what `message` says, at no position.
pub(crate) fn malformed(path: &Path, message: String) -> InstallError {
    InstallError::Malformed {
        path: path.to_owned(),
        line: 0,
        column: 0,
        message,
    }
}

/// A table of a JSON object's `fields`, a blank line above it (`null`
/// fields have no TOML value and are left out).
pub(crate) fn table_of<'a>(fields: impl IntoIterator<Item = (&'a String, &'a Value)>) -> Table {
    let mut table = Table::new();
    for (key, value) in fields {
        if let Some(value) = toml_value(value) {
            table.insert(key, Item::Value(value));
        }
    }
    table.decor_mut().set_prefix("\n");
    table
}

/// A JSON value of a server entry as TOML (`null` has none).
pub(crate) fn toml_value(value: &Value) -> Option<toml_edit::Value> {
    Some(match value {
        Value::Null => return None,
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => n.as_f64()?.into(),
        },
        Value::String(s) => s.as_str().into(),
        Value::Array(items) => {
            toml_edit::Value::Array(items.iter().filter_map(toml_value).collect::<Array>())
        }
        Value::Object(fields) => {
            let mut table = InlineTable::new();
            for (key, value) in fields {
                if let Some(value) = toml_value(value) {
                    table.insert(key, value);
                }
            }
            toml_edit::Value::InlineTable(table)
        }
    })
}

/// The 1-based line and column of byte `offset` in `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
