//! What the `tackle` command's tests share: scratch folders, running the
//! binary, reading what it printed.

#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh scratch folder `group/name` under this crate's temporary folder.
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("clear the scratch folder");
    }
    std::fs::create_dir_all(&dir).expect("create the scratch folder");
    dir
}

/// The `tackle` command with a tackle home of its own: `tackle new` lists
/// the project it writes in the user's trust list, which a test must not
/// write in the real one.
pub fn tackle_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tackle"));
    command
        .env(
            "TACKLE_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("tackle-home"),
        )
        .env_remove("TACKLE_TRUST_PROJECT");
    command
}

/// Runs `tackle ARGS` in `dir`.
pub fn tackle(dir: &Path, args: &[&str]) -> Output {
    tackle_command()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run tackle")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[track_caller]
pub fn assert_ok(output: &Output) {
    assert!(
        output.status.success(),
        "{}\nstdout: {}\nstderr: {}",
        output.status,
        stdout(output),
        stderr(output)
    );
}

/// The rustc flags of the `build-hook` alias in `project`'s
/// `.cargo/config.toml` (what follows its `--`): how the hook binary is
/// built static on Linux.
pub fn build_hook_rustc_flags(project: &Path) -> Vec<String> {
    let path = project.join(".cargo/config.toml");
    let text = std::fs::read_to_string(&path).expect("read .cargo/config.toml");
    let config: toml::Table = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let alias: Vec<String> = config["alias"]["build-hook"]
        .as_array()
        .expect("the build-hook alias, an array")
        .iter()
        .map(|arg| arg.as_str().expect("a string").to_owned())
        .collect();
    let dashes = alias
        .iter()
        .position(|a| a == "--")
        .expect("`--` in the alias");
    alias[dashes + 1..].to_vec()
}
