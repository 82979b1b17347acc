//! Links the benchmark's server binaries as position-dependent executables,
//! as `bench/policy` links its hook binary: the dynamic loader then has no
//! relocations to apply at start-up (tens of thousands in a PIE tackle
//! host, mostly pointers in static tables), which the MCP benchmark's
//! start-up figure would otherwise carry. See BENCHMARKS.md, "Hook process
//! latency".

fn main() {
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    // A static build (musl's default, or `+crt-static`) is linked as a
    // static PIE, which `-no-pie` breaks: the binary crashes at start.
    // `-C relocation-model=static` makes such a build position-dependent.
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let crt_static = features.split(',').any(|feature| feature == "crt-static");
    if linux && !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
