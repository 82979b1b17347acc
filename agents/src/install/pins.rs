//! Boolean settings `install --managed` sets in a policy file it shares
//! with an organisation's own settings (Codex's `allow_managed_hooks_only`
//! and `[features] hooks`, Copilot CLI's and Droid's
//! `allowManagedHooksOnly`): a pin. Install creates a pin's key where it
//! is missing and records it; leaves it where the file already says the
//! same; and refuses, naming it, where the file says otherwise: it changes
//! no setting it did not add. `--uninstall` (or an install no longer
//! asking for the pin) takes out only the keys it recorded, while they
//! still hold its value, and the tables it created for them while empty,
//! so the file comes back byte for byte.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toml_edit::{DocumentMut, Item, Table};

/// A boolean key install may set in a policy file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pin {
    /// The key's path from the file's root: `["features", "hooks"]`.
    pub(crate) key: &'static [&'static str],
    /// The value install sets.
    pub(crate) value: bool,
    /// Whether this install sets it; one it does not, but an earlier one
    /// did, comes out again.
    pub(crate) wanted: bool,
}

/// A pin install set, as the record keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SetPin {
    /// The key's path, dotted: `features.hooks`.
    pub(crate) key: String,
    /// The value install set.
    pub(crate) value: bool,
    /// The tables above the key install created for it, dotted,
    /// innermost first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) created: Vec<String>,
}

/// What a file holds at a pin's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// Nothing, and every table above it is a table (or missing).
    Absent,
    /// A boolean.
    Bool(bool),
    /// Something else, at the key or above it (as the file writes it).
    Other(String),
}

/// A pin's key holds something else: the key, and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Taken {
    pub(crate) key: String,
    pub(crate) found: String,
    pub(crate) wanted: bool,
}

/// A document pins are set in: a JSON object, or a TOML document.
pub(crate) trait Keys {
    /// What is at `key`.
    fn found(&self, key: &[&str]) -> Found;
    /// Sets `key` to `value` where [`Keys::found`] said
    /// [`Found::Absent`]; returns the tables it created, innermost first.
    fn set(&mut self, key: &[&str], value: bool) -> Vec<String>;
    /// Removes `key`.
    fn remove(&mut self, key: &[&str]);
    /// Removes the table at `key` if it holds nothing.
    fn remove_if_empty(&mut self, key: &[&str]);
}

/// Sets the `wanted` of `pins` in `doc`, and takes out those an earlier
/// install set (`set`) that are no longer wanted; returns what install
/// has set in the file now, for the record.
pub(crate) fn apply(
    doc: &mut impl Keys,
    pins: &[Pin],
    set: &[SetPin],
) -> Result<Vec<SetPin>, Taken> {
    // Refused before anything changes.
    for pin in pins.iter().filter(|p| p.wanted) {
        match doc.found(pin.key) {
            Found::Absent => {}
            Found::Bool(value) if value == pin.value => {}
            Found::Bool(value) => return Err(taken(pin, value.to_string())),
            Found::Other(text) => return Err(taken(pin, text)),
        }
    }
    let mut now = Vec::new();
    for pin in pins {
        let recorded = recorded(pin, set);
        if !pin.wanted {
            if let Some(recorded) = recorded {
                unset(doc, pin, recorded);
            }
            continue;
        }
        match doc.found(pin.key) {
            Found::Absent => now.push(SetPin {
                key: dotted(pin.key),
                value: pin.value,
                created: doc.set(pin.key, pin.value),
            }),
            // Already so: install's if it set it, else the file's own.
            _ => now.extend(recorded.cloned()),
        }
    }
    Ok(now)
}

/// Takes out every pin of `pins` an earlier install set (`set`).
pub(crate) fn remove(doc: &mut impl Keys, pins: &[Pin], set: &[SetPin]) {
    for pin in pins {
        if let Some(recorded) = recorded(pin, set) {
            unset(doc, pin, recorded);
        }
    }
}

/// What the record says install set of `pin`. A record names only the
/// pins the agent's file can get: one naming another key is not believed.
fn recorded<'a>(pin: &Pin, set: &'a [SetPin]) -> Option<&'a SetPin> {
    set.iter()
        .find(|s| s.key == dotted(pin.key) && s.value == pin.value)
}

/// Removes `pin`'s key while it holds install's value, then the tables
/// install created for it while they are empty.
fn unset(doc: &mut impl Keys, pin: &Pin, recorded: &SetPin) {
    if doc.found(pin.key) != Found::Bool(pin.value) {
        return;
    }
    doc.remove(pin.key);
    // Only tables above this key, innermost first.
    for depth in (1..pin.key.len()).rev() {
        let table = &pin.key[..depth];
        if recorded.created.contains(&dotted(table)) {
            doc.remove_if_empty(table);
        }
    }
}

fn taken(pin: &Pin, found: String) -> Taken {
    Taken {
        key: dotted(pin.key),
        found,
        wanted: pin.value,
    }
}

fn dotted(key: &[&str]) -> String {
    key.join(".")
}

impl Keys for Map<String, Value> {
    fn found(&self, key: &[&str]) -> Found {
        let Some((last, above)) = key.split_last() else {
            return Found::Absent;
        };
        let mut object = self;
        for part in above {
            match object.get(*part) {
                None => return Found::Absent,
                Some(Value::Object(inner)) => object = inner,
                Some(other) => return Found::Other(format!("`{part}`: {other}")),
            }
        }
        match object.get(*last) {
            None => Found::Absent,
            Some(Value::Bool(value)) => Found::Bool(*value),
            Some(other) => Found::Other(other.to_string()),
        }
    }

    fn set(&mut self, key: &[&str], value: bool) -> Vec<String> {
        let Some((last, above)) = key.split_last() else {
            return Vec::new();
        };
        let mut created = Vec::new();
        let mut object = self;
        for (depth, part) in above.iter().enumerate() {
            if !object.contains_key(*part) {
                created.insert(0, dotted(&key[..=depth]));
            }
            let entry = object
                .entry(*part)
                .or_insert_with(|| Value::Object(Map::new()));
            let Value::Object(inner) = entry else {
                // `found` said every table above is one.
                return created;
            };
            object = inner;
        }
        object.insert((*last).to_owned(), Value::Bool(value));
        created
    }

    fn remove(&mut self, key: &[&str]) {
        if let Some((last, above)) = key.split_last()
            && let Some(object) = object_at(self, above)
        {
            object.shift_remove(*last);
        }
    }

    fn remove_if_empty(&mut self, key: &[&str]) {
        if let Some((last, above)) = key.split_last()
            && let Some(object) = object_at(self, above)
            && object
                .get(*last)
                .is_some_and(|v| v.as_object().is_some_and(Map::is_empty))
        {
            object.shift_remove(*last);
        }
    }
}

fn object_at<'a>(
    mut object: &'a mut Map<String, Value>,
    key: &[&str],
) -> Option<&'a mut Map<String, Value>> {
    for part in key {
        object = object.get_mut(*part)?.as_object_mut()?;
    }
    Some(object)
}

impl Keys for DocumentMut {
    fn found(&self, key: &[&str]) -> Found {
        let Some((last, above)) = key.split_last() else {
            return Found::Absent;
        };
        let mut table = self.as_table() as &dyn toml_edit::TableLike;
        for part in above {
            match table.get(part) {
                None => return Found::Absent,
                Some(item) => match item.as_table_like() {
                    Some(inner) => table = inner,
                    None => return Found::Other(format!("`{part}`: {}", item_text(item))),
                },
            }
        }
        match table.get(last) {
            None => Found::Absent,
            Some(item) => match item.as_bool() {
                Some(value) => Found::Bool(value),
                None => Found::Other(item_text(item)),
            },
        }
    }

    fn set(&mut self, key: &[&str], value: bool) -> Vec<String> {
        let Some((last, above)) = key.split_last() else {
            return Vec::new();
        };
        let mut created = Vec::new();
        let mut table = self.as_table_mut() as &mut dyn toml_edit::TableLike;
        for (depth, part) in above.iter().enumerate() {
            if table.get(part).is_none() {
                created.insert(0, dotted(&key[..=depth]));
                let mut new = Table::new();
                // A blank line above the new `[table]`.
                new.decor_mut().set_prefix("\n");
                table.insert(part, Item::Table(new));
            }
            let Some(inner) = table
                .get_mut(part)
                .and_then(|item| item.as_table_like_mut())
            else {
                // `found` said every table above is one.
                return created;
            };
            table = inner;
        }
        table.insert(last, toml_edit::value(value));
        created
    }

    fn remove(&mut self, key: &[&str]) {
        if let Some((last, above)) = key.split_last()
            && let Some(table) = toml_table_at(self, above)
        {
            table.remove(last);
        }
    }

    fn remove_if_empty(&mut self, key: &[&str]) {
        if let Some((last, above)) = key.split_last()
            && let Some(table) = toml_table_at(self, above)
            && table
                .get(last)
                .and_then(Item::as_table_like)
                .is_some_and(|t| t.is_empty())
        {
            table.remove(last);
        }
    }
}

fn toml_table_at<'a>(
    doc: &'a mut DocumentMut,
    key: &[&str],
) -> Option<&'a mut dyn toml_edit::TableLike> {
    let mut table = doc.as_table_mut() as &mut dyn toml_edit::TableLike;
    for part in key {
        table = table.get_mut(part)?.as_table_like_mut()?;
    }
    Some(table)
}

/// An item as the file writes it, on one line.
fn item_text(item: &Item) -> String {
    match item {
        Item::Value(value) => value.to_string().trim().to_owned(),
        Item::Table(_) => "a table".to_owned(),
        Item::ArrayOfTables(_) => "an array of tables".to_owned(),
        Item::None => "nothing".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONLY: Pin = Pin {
        key: &["allow_managed_hooks_only"],
        value: true,
        wanted: true,
    };
    const HOOKS_ON: Pin = Pin {
        key: &["features", "hooks"],
        value: true,
        wanted: true,
    };

    fn toml(text: &str) -> DocumentMut {
        text.parse().expect("TOML")
    }

    #[test]
    fn a_toml_pin_and_its_table_come_out_byte_for_byte() {
        let text = "# the organisation's\nallowed_sandbox_modes = [\"read-only\"]  # kept\n\n[mcp_servers.x]\ncommand = \"x\"\n";
        let mut doc = toml(text);
        let set = apply(&mut doc, &[ONLY, HOOKS_ON], &[]).expect("set");
        assert_eq!(
            set,
            [
                SetPin {
                    key: "allow_managed_hooks_only".to_owned(),
                    value: true,
                    created: Vec::new()
                },
                SetPin {
                    key: "features.hooks".to_owned(),
                    value: true,
                    created: vec!["features".to_owned()]
                },
            ]
        );
        let rendered = doc.to_string();
        assert!(
            rendered.contains("allow_managed_hooks_only = true"),
            "{rendered}"
        );
        assert!(
            rendered.contains("\n[features]\nhooks = true\n"),
            "{rendered}"
        );
        // Twice is once.
        assert_eq!(apply(&mut doc, &[ONLY, HOOKS_ON], &set), Ok(set.clone()));
        assert_eq!(doc.to_string(), rendered);
        remove(&mut doc, &[ONLY, HOOKS_ON], &set);
        assert_eq!(doc.to_string(), text);
    }

    #[test]
    fn a_pin_no_longer_wanted_comes_out_and_one_the_file_had_stays() {
        let text = "[features]\nhooks = true\nother = 1\n";
        let mut doc = toml(text);
        let set = apply(&mut doc, &[ONLY, HOOKS_ON], &[]).expect("set");
        // `features.hooks` was the file's own: not install's to take out.
        assert_eq!(set.len(), 1, "{set:?}");
        let unwanted = Pin {
            wanted: false,
            ..ONLY
        };
        assert_eq!(apply(&mut doc, &[unwanted, HOOKS_ON], &set), Ok(Vec::new()));
        assert_eq!(doc.to_string(), text);
        remove(&mut doc, &[ONLY, HOOKS_ON], &set);
        assert_eq!(doc.to_string(), text);
    }

    #[test]
    fn a_key_saying_otherwise_is_refused_with_nothing_changed() {
        for (text, found) in [
            ("allow_managed_hooks_only = false\n", "false"),
            ("allow_managed_hooks_only = \"yes\"\n", "\"yes\""),
        ] {
            let mut doc = toml(text);
            let err = apply(&mut doc, &[HOOKS_ON, ONLY], &[]).expect_err("refused");
            assert_eq!(err.key, "allow_managed_hooks_only");
            assert_eq!(err.found, found);
            assert_eq!(doc.to_string(), text, "nothing changed");
        }
        let mut doc = toml("features = 1\n");
        let err = apply(&mut doc, &[HOOKS_ON], &[]).expect_err("refused");
        assert_eq!(
            (err.key.as_str(), err.found.as_str()),
            ("features.hooks", "`features`: 1")
        );
        let mut doc = toml("[features]\nhooks = false\n");
        assert!(apply(&mut doc, &[HOOKS_ON], &[]).is_err());
    }

    #[test]
    fn a_record_naming_another_key_or_value_removes_nothing() {
        let text = "allow_managed_hooks_only = true\n[features]\nhooks = true\n";
        let mut doc = toml(text);
        let hostile = [
            SetPin {
                key: "features.hooks".to_owned(),
                value: false,
                created: vec!["features".to_owned()],
            },
            SetPin {
                key: "allowed_sandbox_modes".to_owned(),
                value: true,
                created: Vec::new(),
            },
        ];
        remove(&mut doc, &[ONLY, HOOKS_ON], &hostile);
        assert_eq!(doc.to_string(), text);
    }

    #[test]
    fn a_json_pin_nested_in_a_new_object_comes_out_again() {
        let Value::Object(mut root) = serde_json::json!({"model": "x"}) else {
            unreachable!()
        };
        let before = root.clone();
        let pin = Pin {
            key: &["hooks", "hooksDisabled"],
            value: false,
            wanted: true,
        };
        let set = apply(&mut root, &[pin], &[]).expect("set");
        assert_eq!(
            Value::Object(root.clone()),
            serde_json::json!({"model": "x", "hooks": {"hooksDisabled": false}})
        );
        assert_eq!(set[0].created, ["hooks"]);
        remove(&mut root, &[pin], &set);
        assert_eq!(root, before);

        // Someone else's `true` refuses it.
        let Value::Object(mut root) = serde_json::json!({"hooks": {"hooksDisabled": true}}) else {
            unreachable!()
        };
        assert_eq!(
            apply(&mut root, &[pin], &[]),
            Err(Taken {
                key: "hooks.hooksDisabled".to_owned(),
                found: "true".to_owned(),
                wanted: false
            })
        );
    }
}
