//! Building the registry from what `inventory` collected, and a host on top
//! of it (config parsed, each plugin's block checked and loaded).
//!
//! `cargo bench -p tackle-host --bench registry`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use futures_util::FutureExt;
use tackle::def;
use tackle_host::{Host, Registry};

tackle_host::link!(faulty, metrics, textkit);

const CONFIG: &str = r##"
enabled = ["metrics", "textkit", "faulty"]
max_output_bytes = 50000

[plugins.metrics]
max_file_bytes = 2000000
comment_prefixes = ["//", "#"]

[plugins.faulty]
greeting = "hi"
level = 3
"##;

fn bench(c: &mut Criterion) {
    let registry = Registry::from_defs(
        def::linked_plugins(),
        def::linked_tools(),
        def::linked_hooks(),
    )
    .expect("valid");
    assert_eq!(registry.plugins().len(), 3);
    // Schemas are generated once per process; warm them so the host build
    // below measures checking, not first-time generation.
    for p in registry.plugins() {
        let _ = (p.config.schema)();
    }

    let mut group = c.benchmark_group("registry");
    group.bench_function("build_from_inventory", |b| {
        b.iter(|| {
            Registry::from_defs(
                black_box(def::linked_plugins()),
                def::linked_tools(),
                def::linked_hooks(),
            )
            .expect("valid")
        })
    });
    group.bench_function("host_without_config", |b| {
        b.iter(|| {
            Host::builder()
                .registry(registry.clone())
                .build()
                .now_or_never()
                .expect("ready at once")
                .expect("host")
        })
    });
    group.bench_function("host_with_config", |b| {
        b.iter(|| {
            Host::builder()
                .registry(registry.clone())
                .config_toml(black_box(CONFIG), "bench.toml")
                .build()
                .now_or_never()
                .expect("ready at once")
                .expect("host")
        })
    });
    group.finish();

    c.bench_function("schema/first_generation_tree_stats_args", |b| {
        b.iter(tackle::schema::portable::<metrics::TreeStatsArgs>)
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
