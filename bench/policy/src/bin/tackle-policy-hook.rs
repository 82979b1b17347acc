//! The benchmark's candidate: a tackle host linking only the reference
//! policy. `export claude DIR` packages it; `../shared/bench/hook_latency.sh`
//! times `DIR/bin/tackle-policy-hook hook claude PreToolUse`.

tackle_runtime::link!(bench_policy);

fn main() -> std::process::ExitCode {
    tackle_runtime::host_cli::main()
}
