//! The build scripts that link hook binaries position-dependent (`-no-pie`)
//! on Linux, the generated projects' and this repository's: each is
//! compiled alone and run with the environment Cargo gives a build script,
//! and must leave `-no-pie` out of a static build (crt-static), which it
//! would break.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use tackle_cli::template::TEMPLATES;

const NO_PIE: &str = "cargo:rustc-link-arg-bins=-no-pie\n";

/// The build scripts: the templates' text, and the repository's files.
fn build_scripts() -> Vec<(String, String)> {
    let mut scripts: Vec<(String, String)> = TEMPLATES
        .iter()
        .filter(|t| t.path.ends_with("build.rs"))
        .map(|t| (format!("template {}", t.path), t.text.to_owned()))
        .collect();
    assert_eq!(scripts.len(), 2, "the host's and the hook's");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for path in [
        "examples/host/build.rs",
        "examples/host-hook/build.rs",
        "bench/policy/build.rs",
        "bench/mcp-hosts/build.rs",
    ] {
        let text = std::fs::read_to_string(root.join(path)).expect("read the build script");
        scripts.push((path.to_owned(), text));
    }
    scripts
}

/// Compiles `text` as a build script into `dir`.
fn compile(dir: &Path, text: &str) -> PathBuf {
    let source = dir.join("build.rs");
    std::fs::write(&source, text).expect("write the build script");
    let exe = dir.join("build-script");
    let output = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args(["--edition", "2024", "--crate-type", "bin", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("run rustc");
    assert!(output.status.success(), "{output:?}");
    exe
}

/// What the build script prints for a target of `os` with `features`
/// (`CARGO_CFG_TARGET_FEATURE`, unset when `None`).
fn run(exe: &Path, os: &str, features: Option<&str>) -> String {
    let mut command = Command::new(exe);
    command
        .env("CARGO_CFG_TARGET_OS", os)
        .env_remove("CARGO_CFG_TARGET_FEATURE");
    if let Some(features) = features {
        command.env("CARGO_CFG_TARGET_FEATURE", features);
    }
    let output = command.output().expect("run the build script");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn no_pie_is_added_on_linux_unless_the_build_is_static() {
    for (name, text) in build_scripts() {
        let dir = support::scratch("build-scripts", &name.replace(['/', ' '], "-"));
        let exe = compile(&dir, &text);
        // What Cargo sets for x86_64-unknown-linux-gnu, and with
        // `+crt-static` (x86_64-unknown-linux-musl's default).
        let gnu = "fxsr,sse,sse2";
        let cases = [
            ("linux", Some(gnu), NO_PIE),
            ("linux", None, NO_PIE),
            ("linux", Some("crt-static,fxsr,sse,sse2"), ""),
            ("linux", Some("fxsr,sse,sse2,crt-static"), ""),
            // A feature that only starts with the name is another one.
            ("linux", Some("fxsr,crt-static-x"), NO_PIE),
            ("macos", Some("neon"), ""),
            ("windows", Some("crt-static"), ""),
        ];
        for (os, features, expected) in cases {
            assert_eq!(
                run(&exe, os, features),
                expected,
                "{name} for {os} with {features:?}"
            );
        }
    }
}
