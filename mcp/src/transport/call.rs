//! A `tools/call` request read in one pass, straight into rmcp's type.
//!
//! The params are read as they are met, so a call's 4 KiB of arguments are
//! scanned once. That needs the `method` before the `params`, as clients
//! write them; a message in another order, or anything that is not a
//! well-formed `tools/call` request, is left to rmcp's parser.

use std::borrow::Cow;
use std::fmt;

use rmcp::model::{CallToolRequest, CallToolRequestParams, ClientRequest, RequestId};
use serde::Deserializer;
use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, Visitor};

/// What reading a line as a call gave.
#[derive(Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "made once per line and moved straight on; a box would be an allocation per call"
)]
pub(crate) enum Call {
    /// A call, as rmcp's parser would read it.
    Read(RequestId, ClientRequest),
    /// A call whose params do not fit `tools/call`: its id, and why.
    BadParams(RequestId, serde_json::Error),
    /// Not a call, or not one read here: for rmcp's parser.
    Other,
}

/// Reads `line` as a `tools/call` request.
pub(crate) fn read(line: &[u8]) -> Call {
    let mut bad_params = None;
    let mut reader = serde_json::Deserializer::from_slice(line);
    let read = Fields {
        bad_params: &mut bad_params,
    }
    .deserialize(&mut reader)
    .and_then(|read| reader.end().map(|()| read));
    match (read, bad_params) {
        (Ok(Some((id, params))), _) => Call::Read(id, request(params)),
        (_, Some((id, e))) => Call::BadParams(id, e),
        _ => Call::Other,
    }
}

/// rmcp keeps a request's `_meta` in its extensions, where its handlers
/// look for it (the progress token), not in the params.
fn request(mut params: CallToolRequestParams) -> ClientRequest {
    let meta = params.meta.take();
    let mut request = CallToolRequest::new(params);
    if let Some(meta) = meta {
        request.extensions.insert(meta);
    }
    ClientRequest::CallToolRequest(request)
}

/// The message's fields; on params that do not fit, their error and the
/// id are left in `bad_params` (the read itself stops there).
struct Fields<'a> {
    bad_params: &'a mut Option<(RequestId, serde_json::Error)>,
}

/// "Not a call read here": ends the read early; the caller falls back.
fn other<E: serde::de::Error>() -> E {
    E::custom("not a tools/call request")
}

impl<'de> DeserializeSeed<'de> for Fields<'_> {
    type Value = Option<(RequestId, CallToolRequestParams)>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Fields<'_> {
    type Value = Option<(RequestId, CallToolRequestParams)>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON-RPC request")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut version, mut id, mut method, mut params) = (false, None, false, None);
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                "jsonrpc" if !version => {
                    version = map.next_value::<Cow<'de, str>>()? == "2.0";
                    if !version {
                        return Err(other());
                    }
                }
                "id" if id.is_none() => id = Some(map.next_value::<RequestId>()?),
                "method" if !method => {
                    if map.next_value::<Cow<'de, str>>()? != "tools/call" {
                        return Err(other());
                    }
                    method = true;
                }
                "params" if method && params.is_none() => {
                    match map.next_value::<CallToolRequestParams>() {
                        Ok(read) => params = Some(read),
                        Err(e) => {
                            if let Some(id) = id.take() {
                                *self.bad_params = Some((id, serde_json::Error::custom(&e)));
                            }
                            return Err(e);
                        }
                    }
                }
                // A repeated key, `result` or `error`, or params before
                // the method: rmcp's parser decides.
                "jsonrpc" | "id" | "method" | "params" | "result" | "error" => {
                    return Err(other());
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        match (version, id, params) {
            (true, Some(id), Some(params)) => Ok(Some((id, params))),
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> &'static str {
        match read(line.as_bytes()) {
            Call::Read(..) => "read",
            Call::BadParams(..) => "bad params",
            Call::Other => "other",
        }
    }

    #[test]
    fn calls_as_clients_write_them_are_read_here() {
        for line in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1}}}"#,
            r#"{"method":"tools/call","params":{"name":"e"},"id":"x","jsonrpc":"2.0","extra":[1]}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"s","_meta":{"progressToken":1}}}"#,
        ] {
            assert_eq!(kind(line), "read", "{line}");
        }
    }

    #[test]
    fn anything_else_is_left_to_rmcp() {
        for line in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"params":{"name":"add"},"jsonrpc":"2.0","id":1,"method":"tools/call"}"#,
            r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"a"}}"#,
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"a"}}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"a"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/call","params":{"name":"a"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"},"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"}} trailing"#,
            "not json",
        ] {
            assert_eq!(kind(line), "other", "{line}");
        }
    }

    #[test]
    fn params_that_do_not_fit_keep_the_id_read_before_them() {
        let line = r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"arguments":{}}}"#;
        let Call::BadParams(id, e) = read(line.as_bytes()) else {
            panic!("{}", kind(line))
        };
        assert_eq!(id, RequestId::Number(8));
        assert!(e.to_string().contains("missing field `name`"), "{e}");
    }
}
