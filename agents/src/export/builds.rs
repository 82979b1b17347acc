//! `--bins DIR`: a folder of per-target builds, `DIR/<triple>/<binary>`,
//! as a release workflow gathers them (one artifact per target, named by
//! its triple), read as the `--bin TRIPLE=PATH` arguments it stands for.

use std::fmt;
use std::path::Path;

use super::targets::{TRIPLES, Target};

/// Why a `--bins DIR` folder was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadBuilds(String);

impl fmt::Display for BadBuilds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadBuilds {}

/// The build in each `dir/<triple>/`, in name order. Every entry of `dir`
/// must be a folder named for one of [`TRIPLES`] holding exactly one
/// file, or one and its hook-only build beside it (`<binary>-hook`, see
/// [`hook_bin`](super::hook_bin), which finds it there): anything else is
/// refused, naming it, rather than left out of the package unseen.
pub fn targets_in(dir: &Path) -> Result<Vec<Target>, BadBuilds> {
    let bad = |what: String| BadBuilds(format!("`--bins {}`: {what}", dir.display()));
    let entries = std::fs::read_dir(dir).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let mut folders = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| bad(format!("cannot read it: {e}")))?;
        folders.push(entry.path());
    }
    folders.sort();
    let mut targets = Vec::new();
    for folder in folders {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !TRIPLES.contains(&name.as_str()) || !folder.is_dir() {
            return Err(bad(format!(
                "`{name}` is not a folder named for a target triple; each entry is `<triple>/<binary>`, one of {}",
                TRIPLES.join(", ")
            )));
        }
        let mut files = Vec::new();
        for entry in
            std::fs::read_dir(&folder).map_err(|e| bad(format!("cannot read `{name}`: {e}")))?
        {
            let entry = entry.map_err(|e| bad(format!("cannot read `{name}`: {e}")))?;
            files.push(entry.path());
        }
        files.sort();
        // `my-host` sorts before `my-host-hook`, `my-host.exe` after
        // `my-host-hook.exe`: the host is the one the other is beside.
        let host = match files.as_slice() {
            [a, b] if super::hook_bin::beside(a) == *b => std::slice::from_ref(a),
            [a, b] if super::hook_bin::beside(b) == *a => std::slice::from_ref(b),
            all => all,
        };
        match host {
            [file] if file.is_file() => targets.push(Target {
                triple: name,
                path: file.clone(),
            }),
            _ => {
                return Err(bad(format!(
                    "`{name}/` holds {} entries; it must hold the one binary built for {name}",
                    files.len()
                )));
            }
        }
    }
    if targets.is_empty() {
        return Err(bad("it holds no build".to_owned()));
    }
    Ok(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_triple_folder_gives_its_one_build() {
        let tmp = tempfile::tempdir().expect("tempdir");
        for (triple, file) in [
            ("x86_64-pc-windows-msvc", "my-host.exe"),
            ("aarch64-apple-darwin", "my-host"),
        ] {
            std::fs::create_dir_all(tmp.path().join(triple)).expect("mkdir");
            std::fs::write(tmp.path().join(triple).join(file), "").expect("writes");
        }
        let targets = targets_in(tmp.path()).expect("reads");
        assert_eq!(
            targets,
            [
                Target {
                    triple: "aarch64-apple-darwin".into(),
                    path: tmp.path().join("aarch64-apple-darwin/my-host"),
                },
                Target {
                    triple: "x86_64-pc-windows-msvc".into(),
                    path: tmp.path().join("x86_64-pc-windows-msvc/my-host.exe"),
                },
            ]
        );

        // A hook-only build beside a build is no second build.
        for hook in [
            "aarch64-apple-darwin/my-host-hook",
            "x86_64-pc-windows-msvc/my-host-hook.exe",
        ] {
            std::fs::write(tmp.path().join(hook), "").expect("writes");
        }
        assert_eq!(targets_in(tmp.path()).expect("reads"), targets);
        std::fs::write(tmp.path().join("aarch64-apple-darwin/extra"), "").expect("writes");
        let e = targets_in(tmp.path()).expect_err("two files").to_string();
        assert!(e.contains("`aarch64-apple-darwin/` holds 3 entries"), "{e}");
        std::fs::remove_file(tmp.path().join("aarch64-apple-darwin/extra")).expect("rm");

        std::fs::create_dir_all(tmp.path().join("builds-x86_64")).expect("mkdir");
        let e = targets_in(tmp.path())
            .expect_err("not a triple")
            .to_string();
        assert!(
            e.contains("`builds-x86_64` is not a folder named for a target triple"),
            "{e}"
        );

        let empty = tempfile::tempdir().expect("tempdir");
        let e = targets_in(empty.path()).expect_err("empty").to_string();
        assert!(e.ends_with("it holds no build"), "{e}");
    }
}
