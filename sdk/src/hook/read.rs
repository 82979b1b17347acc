//! Reading an event from an agent's JSON, as the catalogue's events do.
//!
//! A field the catalogue marks `#[required]` is what a decision needs (a
//! tool's name and input, a prompt): the event cannot be read without it,
//! or with a value its type does not take. Every other field is metadata,
//! read whatever its shape: a value its type does not take leaves the field
//! at its default and is kept, as the agent sent it, in the event's
//! `unread`. So a new or changed metadata field of an agent never makes an
//! event unreadable (and, for a fail-closed hook, a refusal).
//!
//! A field's spellings (its name and its `#[aliases(...)]`) are one field:
//! a payload may carry several (Qwen Code sends `tool_use_id` and
//! `tool_call_id`). The name wins, then the aliases in their order; a
//! losing spelling with another value is kept in `unread` under its own
//! key, unless the field is required: then two values for what a decision
//! reads are an error, since tackle cannot know which one the agent acts on.

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserializer, Serialize};
use serde_json::{Map, Value};

/// One field of an event, as the catalogue declares it
/// ([`HookEvent::FIELDS`](crate::hook::HookEvent::FIELDS)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventField {
    /// Its name (also its key when the event is written).
    pub name: &'static str,
    /// The other keys agents send it under.
    pub aliases: &'static [&'static str],
    /// Whether a decision needs it: an event without it, or with a value
    /// of another type, cannot be read.
    pub required: bool,
}

impl EventField {
    /// Every key it is read from: its name, then its aliases.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> + use<> {
        let aliases = self.aliases;
        std::iter::once(self.name).chain(aliases.iter().copied())
    }

    /// The rank of `key` among the field's spellings (its name first), if
    /// it is one.
    fn rank(&self, key: &str) -> Option<usize> {
        if key == self.name {
            return Some(0);
        }
        self.aliases.iter().position(|a| *a == key).map(|i| i + 1)
    }

    /// The spelling of rank `rank`.
    fn spelling(&self, rank: usize) -> &'static str {
        match rank {
            0 => self.name,
            _ => self.aliases[rank - 1],
        }
    }
}

/// A payload's values, by field, read but not yet converted.
pub(crate) struct Fields {
    fields: &'static [EventField],
    /// Per field: the rank of the spelling that won, and its value.
    values: Vec<Option<(usize, Value)>>,
    unread: Map<String, Value>,
}

impl Fields {
    /// Reads a JSON object's keys into `fields`; keys that are no field's
    /// are skipped.
    pub(crate) fn read<'de, D: Deserializer<'de>>(
        deserializer: D,
        fields: &'static [EventField],
    ) -> Result<Fields, D::Error> {
        deserializer.deserialize_map(FieldsVisitor(fields))
    }

    /// The value of the field `name`, converted.
    pub(crate) fn take<T, E>(&mut self, name: &'static str) -> Result<T, E>
    where
        T: DeserializeOwned + Default,
        E: de::Error,
    {
        let Some(i) = self.fields.iter().position(|f| f.name == name) else {
            return Err(E::custom(format_args!(
                "`{name}` is no field of this event"
            )));
        };
        let required = self.fields[i].required;
        match self.values[i].take() {
            None if required => Err(E::missing_field(name)),
            None => Ok(T::default()),
            Some((_, value)) if required => {
                T::deserialize(value).map_err(|e| E::custom(format_args!("`{name}`: {e}")))
            }
            Some((_, value)) => match T::deserialize(&value) {
                Ok(read) => Ok(read),
                Err(_) => {
                    self.unread.insert(name.to_owned(), value);
                    Ok(T::default())
                }
            },
        }
    }

    /// What could not be read into the fields, once every field is taken.
    pub(crate) fn unread(self) -> Map<String, Value> {
        self.unread
    }
}

struct FieldsVisitor(&'static [EventField]);

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an event as a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let fields = self.0;
        let mut values: Vec<Option<(usize, Value)>> = vec![None; fields.len()];
        let mut unread = Map::new();
        while let Some(key) = map.next_key_seed(KeySeed(fields))? {
            let Some((i, rank)) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            let value: Value = map.next_value()?;
            let field = &fields[i];
            let (kept, dropped) = match values[i].take() {
                None => ((rank, value), None),
                Some(first) if rank < first.0 => ((rank, value), Some(first)),
                Some(first) => (first, Some((rank, value))),
            };
            if let Some((other, other_value)) = dropped
                && other_value != kept.1
            {
                if field.required {
                    return Err(de::Error::custom(format_args!(
                        "`{}` is given twice with different values, as `{}` and `{}`",
                        field.name,
                        field.spelling(kept.0),
                        field.spelling(other)
                    )));
                }
                unread.insert(field.spelling(other).to_owned(), other_value);
            }
            values[i] = Some(kept);
        }
        Ok(Fields {
            fields,
            values,
            unread,
        })
    }
}

/// Reads a key as the field it spells and its rank, without allocating;
/// `None` for a key no field has.
struct KeySeed(&'static [EventField]);

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Option<(usize, usize)>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Option<(usize, usize)>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(self
            .0
            .iter()
            .enumerate()
            .find_map(|(i, f)| f.rank(key).map(|rank| (i, rank))))
    }
}

/// Writes one field, unless its value was unread: then the value as the
/// agent sent it is written in its place, with the rest of `unread`.
pub(crate) fn write<M: SerializeMap, T: Serialize>(
    map: &mut M,
    unread: &Map<String, Value>,
    name: &'static str,
    value: &T,
) -> Result<(), M::Error> {
    if unread.contains_key(name) {
        return Ok(());
    }
    map.serialize_entry(name, value)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    /// A hand-made event of two fields, as the catalogue's are made.
    #[derive(Debug, Default, PartialEq)]
    struct Probe {
        tool_name: String,
        tool_use_id: Option<String>,
        unread: Map<String, Value>,
    }

    const FIELDS: &[EventField] = &[
        EventField {
            name: "tool_name",
            aliases: &["toolName"],
            required: true,
        },
        EventField {
            name: "tool_use_id",
            aliases: &["tool_call_id", "callID"],
            required: false,
        },
    ];

    impl<'de> Deserialize<'de> for Probe {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let mut fields = Fields::read(d, FIELDS)?;
            Ok(Probe {
                tool_name: fields.take("tool_name")?,
                tool_use_id: fields.take("tool_use_id")?,
                unread: fields.unread(),
            })
        }
    }

    fn probe(value: Value) -> Result<Probe, String> {
        serde_json::from_value(value).map_err(|e| e.to_string())
    }

    #[test]
    fn metadata_of_another_shape_is_kept_not_refused() {
        let p = probe(json!({"tool_name": "Bash", "tool_use_id": {"id": 7}})).expect("reads");
        assert_eq!(p.tool_use_id, None);
        assert_eq!(
            p.unread,
            Map::from_iter([("tool_use_id".into(), json!({"id": 7}))])
        );
    }

    #[test]
    fn what_a_decision_needs_must_be_there_and_fit() {
        let err = probe(json!({"tool_name": 42})).expect_err("wrong type");
        assert!(
            err.contains("`tool_name`: invalid type: integer `42`"),
            "{err}"
        );
        let err = probe(json!({"tool_use_id": "x"})).expect_err("missing");
        assert_eq!(err, "missing field `tool_name`");
        assert_eq!(
            probe(json!({"toolName": "Read"})).map(|p| p.tool_name),
            Ok("Read".into())
        );
    }

    #[test]
    fn spellings_of_one_field_are_never_a_duplicate() {
        // Qwen Code sends both; the name wins, then the aliases in order.
        let p = probe(json!({"tool_name": "Bash", "tool_call_id": "a", "tool_use_id": "a"}))
            .expect("reads");
        assert_eq!((p.tool_use_id.as_deref(), p.unread.len()), (Some("a"), 0));
        let p =
            probe(json!({"tool_name": "Bash", "callID": "b", "tool_call_id": "a"})).expect("reads");
        assert_eq!(p.tool_use_id.as_deref(), Some("a"));
        assert_eq!(p.unread, Map::from_iter([("callID".into(), json!("b"))]));
        // The same value under two spellings of a required field is one value.
        let p = probe(json!({"toolName": "Bash", "tool_name": "Bash"})).expect("reads");
        assert_eq!(p.tool_name, "Bash");
    }

    #[test]
    fn two_values_for_what_a_decision_reads_are_refused() {
        let err = probe(json!({"tool_name": "Read", "toolName": "Bash"})).expect_err("ambiguous");
        assert!(
            err.contains(
                "`tool_name` is given twice with different values, as `tool_name` and `toolName`"
            ),
            "{err}"
        );
    }

    #[test]
    fn an_event_is_an_object() {
        let err = probe(json!([1])).expect_err("array");
        assert!(err.contains("expected an event as a JSON object"), "{err}");
    }
}
