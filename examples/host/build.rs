//! A hook binary starts once per agent event: linked position-dependent,
//! it has no relocations for the dynamic loader to apply at start-up (see
//! docs/guide/shipping.md, "Making the hook binary fast").

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
