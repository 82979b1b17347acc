//! `before_tool_call` dispatch with 1, 10 and 100 hooks that all abstain
//! (so every hook runs), sync, async, and behind a matcher that does not
//! match, through `Host::dispatch_mut`: the call an in-process agent makes
//! before every tool execution, as `bench/superqode_dispatch.py` times it
//! for SuperQode. `H=0` is the dispatch itself.
//!
//! `cargo bench -p tackle-host --bench hook_dispatch`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use futures_util::FutureExt;
use serde_json::json;
use tackle::hook::{BeforeToolCall, SessionInfo};
use tackle_host::{Host, Registry};

tackle_host::link!(benchhooks);

/// A host with the first `n` hooks whose names start with `kind`.
fn host(kind: &str, n: usize) -> Host {
    let global = Registry::global().expect("registry");
    let plugin = global.plugin("benchhooks").expect("linked");
    let hooks: Vec<_> = global
        .hooks()
        .iter()
        .copied()
        .filter(|h| {
            h.name.starts_with(kind) && h.name[kind.len()..].parse::<usize>().is_ok_and(|i| i < n)
        })
        .collect();
    assert_eq!(hooks.len(), n, "{kind}: {n} hooks");
    let registry = Registry::from_defs([plugin], [], hooks).expect("valid");
    Host::builder()
        .registry(registry)
        .build()
        .now_or_never()
        .expect("no state to start")
        .expect("host")
}

fn bench(c: &mut Criterion) {
    let mut event = BeforeToolCall {
        tool_name: "Bash".into(),
        arguments: json!({"command": "ls -la /tmp && git status"}),
        ..Default::default()
    };
    let session = SessionInfo::default();
    let mut group = c.benchmark_group("before_tool_call");
    for (kind, sizes) in [
        ("sync_", &[0, 1, 10, 100][..]),
        ("async_", &[1, 10, 100][..]),
        ("matched_", &[1, 10, 100][..]),
    ] {
        for &n in sizes {
            let host = host(kind, n);
            // Every hook runs and abstains (or, matched, is skipped).
            let check = host
                .dispatch_mut(&mut event, &session)
                .now_or_never()
                .expect("ready");
            assert!(check.is_abstain());
            assert_eq!(
                check.hooks_run as usize,
                if kind == "matched_" { 0 } else { n }
            );
            let name = kind.trim_end_matches('_');
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                b.iter(|| {
                    host.dispatch_mut(black_box(&mut event), &session)
                        .now_or_never()
                        .expect("hooks here answer on their first poll")
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
