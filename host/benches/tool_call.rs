//! One tool call: JSON text in, typed call, JSON text out, through
//! `Host::call_tool`. Sync and async handlers, a typed `Json<T>` output, and
//! the bad-arguments path (which also validates against the schema).
//!
//! `cargo bench -p tackle-host --bench tool_call`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use futures_util::FutureExt;
use serde_json::Value;
use tackle_host::{CallInfo, Host};

tackle_host::link!(faulty, textkit);

/// Parses `args`, calls `tool`, serializes the result: the whole round trip
/// an MCP server or a hook binary makes, minus I/O. Tools here never await
/// anything, so the future completes on its first poll: no executor needed.
fn round_trip(host: &Host, tool: &str, args: &str) -> String {
    let args: Value = serde_json::from_str(args).expect("valid JSON");
    let result = host
        .call_tool(tool, args, CallInfo::new("/"))
        .now_or_never()
        .expect("completes at once")
        .expect("callable");
    serde_json::to_string(&result).expect("serializable")
}

fn bench(c: &mut Criterion) {
    let host = Host::builder()
        .build()
        .now_or_never()
        .expect("no plugin here awaits in init")
        .expect("host");
    let small = r#"{"text": "hello world"}"#;
    let big = serde_json::json!({ "text": "x".repeat(4096) }).to_string();

    let mut group = c.benchmark_group("tool_call");
    group.bench_function("sync_echo_small", |b| {
        b.iter(|| round_trip(&host, "echo", black_box(small)))
    });
    group.bench_function("async_echo_small", |b| {
        b.iter(|| round_trip(&host, "echo_async", black_box(small)))
    });
    group.bench_function("sync_echo_4KiB", |b| {
        b.iter(|| round_trip(&host, "echo", black_box(&big)))
    });
    group.bench_function("sync_constrained_small", |b| {
        b.iter(|| {
            round_trip(
                &host,
                "repeat",
                black_box(r#"{"text": "hello world", "times": 1}"#),
            )
        })
    });
    group.bench_function("json_output_word_count", |b| {
        b.iter(|| {
            round_trip(
                &host,
                "word_count",
                black_box(r#"{"text": "one two three\nfour"}"#),
            )
        })
    });
    group.bench_function("bad_arguments", |b| {
        b.iter(|| round_trip(&host, "echo", black_box(r#"{"text": 42}"#)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
