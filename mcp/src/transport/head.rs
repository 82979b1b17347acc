//! What the first bytes of a line too long to read say of it: its `id`
//! and `method`, when they come before the cut, as clients write them.

use std::borrow::Cow;
use std::fmt;

use rmcp::model::RequestId;
use serde::Deserializer;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};

/// The top-level `id` and `method` met before the head ends.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Head {
    pub(crate) id: Option<RequestId>,
    pub(crate) method: Option<String>,
    /// A `result` or `error` was met: a response, which is never answered.
    pub(crate) response: bool,
}

/// Reads the members of the object `head` starts, up to where it is cut.
pub(crate) fn read(head: &[u8]) -> Head {
    let mut found = Head::default();
    let mut reader = serde_json::Deserializer::from_slice(head);
    // The read fails where the head is cut; what was met before stays.
    let _ = Members { found: &mut found }.deserialize(&mut reader);
    found
}

struct Members<'a> {
    found: &'a mut Head,
}

impl<'de> DeserializeSeed<'de> for Members<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Members<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON-RPC message")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                "id" if self.found.id.is_none() => {
                    // An id that is no id (an object, null) is not one.
                    self.found.id = map.next_value::<Option<RequestId>>().ok().flatten();
                }
                "method" if self.found.method.is_none() => {
                    self.found.method = Some(map.next_value::<String>()?);
                }
                "result" | "error" => {
                    self.found.response = true;
                    break;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            if self.found.id.is_some() && self.found.method.is_some() {
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_and_method_before_the_cut_are_found() {
        let big = format!(
            r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"{}"#,
            "x".repeat(1000)
        );
        assert_eq!(
            read(big.as_bytes()),
            Head {
                id: Some(RequestId::Number(7)),
                method: Some("tools/call".to_owned()),
                response: false,
            }
        );
        let string_id = r#"{"method":"tools/call","id":"a-1","params":{"#;
        assert_eq!(
            read(string_id.as_bytes()).id,
            Some(RequestId::String("a-1".into()))
        );
    }

    #[test]
    fn an_id_after_the_cut_or_no_object_gives_none() {
        let late = r#"{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"text":"xxxx"#;
        assert_eq!(
            read(late.as_bytes()),
            Head {
                id: None,
                method: Some("tools/call".to_owned()),
                response: false,
            }
        );
        let response = r#"{"jsonrpc":"2.0","id":3,"result":{"content":"xxx"#;
        assert!(read(response.as_bytes()).response);
        assert_eq!(read(b"[1,2,3"), Head::default());
        assert_eq!(read(b"xxxxxxxx"), Head::default());
        assert_eq!(read(br#"{"id":{"a":1},"method":"m""#).id, None);
    }
}
