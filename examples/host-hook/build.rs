//! A hook binary starts once per agent event: linked position-dependent,
//! it has no relocations for the dynamic loader to apply at start-up (see
//! docs/guide/shipping.md, "Making the hook binary fast").

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
