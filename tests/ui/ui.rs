//! Compile-time behaviour of the macros: every rule `plugin!`, `#[tool]`,
//! `#[hook]` and `#[tackle::data]` enforce has a case in `fail/` whose
//! `.stderr` is the reviewed message a plugin author sees; `pass/` holds
//! plugins that must compile and whose `main` checks what they registered.
//!
//! Regenerate the expected output after a deliberate change with
//! `TRYBUILD=overwrite cargo test -p tackle-ui-tests`, then read every
//! changed `.stderr` before keeping it. Run some cases only with
//! `cargo test -p tackle-ui-tests -- ui trybuild=hook_`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

#[test]
fn ui() {
    copy_context_fixtures();
    let t = trybuild::TestCases::new();
    t.pass("pass/*.rs");
    t.compile_fail("fail/*.rs");
}

/// `plugin! { context_injectors: [...] }` reads its files at compile time,
/// relative to `CARGO_MANIFEST_DIR`. trybuild compiles every case as a binary
/// of a generated crate, `<target dir>/tests/trybuild/tackle-ui-tests/`, so
/// that directory is the manifest dir the cases see, not this one. The
/// fixtures live in `context/` here and are copied to `ui/context/` in the
/// generated crate, so a case names them as `"ui/context/rules.md"`, a path
/// inside the generated crate and nothing else.
///
/// The generated crate's directory is found as trybuild finds it: from the
/// `target_directory` of `cargo metadata` (which honours `CARGO_TARGET_DIR`,
/// `--target-dir` and `build.target-dir`), then `tests/trybuild/<crate name>`.
fn copy_context_fixtures() {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let project = target_dir()
        .join("tests")
        .join("trybuild")
        .join(env!("CARGO_PKG_NAME"));
    // `skills/` holds the skill files of `plugin! { skills: [...] }`, some in folders.
    for folder in ["context", "skills"] {
        let from = manifest_dir.join(folder);
        let to = project.join("ui").join(folder);
        // Start from a clean copy, so that a fixture removed here is gone there too.
        if to.exists() {
            fs::remove_dir_all(&to).unwrap_or_else(|e| panic!("removing {}: {e}", to.display()));
        }
        copy_tree(&from, &to);
    }
    // A symbolic link inside the generated crate to a file outside it, for
    // `plugin_path_symlink_out`: made here, since a copy would follow it.
    let outside = manifest_dir.join("skills/safe-shell.md");
    for link in ["ui/context/leak.md", "ui/skills/leak.md"] {
        std::os::unix::fs::symlink(&outside, project.join(link))
            .unwrap_or_else(|e| panic!("linking {link}: {e}"));
    }
}

/// Copies the files of `from` into `to`, folders included.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|e| panic!("creating {}: {e}", to.display()));
    let entries = fs::read_dir(from).unwrap_or_else(|e| panic!("reading {}: {e}", from.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("reading {}: {e}", from.display()));
        let source = entry.path();
        let dest = to.join(entry.file_name());
        if source.is_dir() {
            copy_tree(&source, &dest);
        } else if source.is_file() {
            fs::copy(&source, &dest).unwrap_or_else(|e| {
                panic!("copying {} to {}: {e}", source.display(), dest.display())
            });
        }
    }
}

/// The workspace's target directory, from `cargo metadata`.
fn target_dir() -> PathBuf {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version=1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("`cargo metadata` runs");
    assert!(
        output.status.success(),
        "`cargo metadata` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("`cargo metadata` prints JSON");
    let dir = metadata["target_directory"]
        .as_str()
        .expect("`cargo metadata` names the target directory");
    PathBuf::from(dir)
}
