//! Links the benchmark's server binaries as position-dependent executables,
//! as `bench/policy` links its hook binary: the dynamic loader then has no
//! relocations to apply at start-up (tens of thousands in a PIE tackle
//! host, mostly pointers in static tables), which the MCP benchmark's
//! start-up figure would otherwise carry. See BENCHMARKS.md, "Hook process
//! latency".

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
