//! Links the benchmark's hook binary as a position-dependent executable:
//! the dynamic loader then has no relocations to apply at start-up (about
//! 49,000 in a PIE tackle host, mostly pointers in static tables), which is
//! most of what a hook process costs beyond `exec`. See README, "Making
//! the hook binary fast".

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
