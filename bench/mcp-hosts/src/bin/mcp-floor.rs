//! The benchmark's floor: a hand-written MCP stdio server for `add` and
//! `echo` with no MCP library and no runtime, a blocking loop of "read a
//! line, parse it with `serde_json`, write the answer". It answers only
//! what the benchmark's driver sends (`initialize`, `tools/list`,
//! `tools/call`; notifications are read and dropped), and checks nothing
//! else: it shows what the pipes, the driver and JSON cost, so that the
//! candidates' figures can be read above it.

use std::io::{self, BufRead, BufWriter, Write};

use tackle::serde_json::{self, Value, json};

fn main() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lines() {
        let line = line?;
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let Some(id) = request.get("id") else {
            continue;
        };
        let result = answer(&request);
        serde_json::to_writer(
            &mut out,
            &json!({"jsonrpc": "2.0", "id": id, "result": result}),
        )?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
}

fn answer(request: &Value) -> Value {
    let params = &request["params"];
    match request["method"].as_str().unwrap_or_default() {
        "initialize" => json!({
            "protocolVersion": params["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "mcp-floor", "version": "0.0.0"},
        }),
        "tools/list" => json!({"tools": [
            {
                "name": "add",
                "inputSchema": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]},
                "outputSchema": {"type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]},
            },
            {
                "name": "echo",
                "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
                "outputSchema": {"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]},
            },
        ]}),
        "tools/call" => {
            let args = &params["arguments"];
            let result = match params["name"].as_str() {
                Some("add") => json!(
                    args["a"]
                        .as_i64()
                        .unwrap_or_default()
                        .wrapping_add(args["b"].as_i64().unwrap_or_default())
                ),
                _ => args["text"].clone(),
            };
            let text = match &result {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            json!({
                "content": [{"type": "text", "text": text}],
                "structuredContent": {"result": result},
                "isError": false,
            })
        }
        _ => json!({}),
    }
}
