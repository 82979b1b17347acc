//! Where the generated project gets tackle: tackle is not on crates.io, so
//! from a checkout on this machine or from a git repository.

use std::fmt;
use std::path::{Path, PathBuf};

/// The checkout this binary was built from (`cli/..`), compiled in.
pub const BUILT_FROM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Where `tackle` and `tackle-runtime` come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TackleSource {
    /// A checkout: `sdk/` and `runtime/` under this (absolute) folder.
    Path(PathBuf),
    /// A git repository holding both crates.
    Git(String),
}

/// Why no source could be chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError(pub String);

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SourceError {}

/// The hint every failure to find a checkout ends with.
const HINT: &str = "pass `--tackle-path DIR` (a tackle checkout) or `--git URL`";

impl TackleSource {
    /// `--git URL`, else `--tackle-path DIR`, else the checkout this binary
    /// was built from; a checkout must hold both crates.
    pub fn choose(
        tackle_path: Option<&Path>,
        git: Option<&str>,
    ) -> Result<TackleSource, SourceError> {
        match (git, tackle_path) {
            (Some(url), _) => TackleSource::git(url),
            (None, Some(dir)) => TackleSource::checkout(dir, "`--tackle-path`"),
            (None, None) => TackleSource::checkout(
                Path::new(BUILT_FROM),
                "the checkout `tackle` was built from",
            ),
        }
    }

    fn git(url: &str) -> Result<TackleSource, SourceError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(SourceError(
                "`--git` is empty; give the repository's URL".into(),
            ));
        }
        Ok(TackleSource::Git(url.to_owned()))
    }

    /// `dir` as an absolute path, checked to hold `sdk/` (package `tackle`)
    /// and `runtime/` (package `tackle-runtime`).
    fn checkout(dir: &Path, what: &str) -> Result<TackleSource, SourceError> {
        let root = dir.canonicalize().map_err(|e| {
            SourceError(format!(
                "{what} `{}` cannot be read ({e}); {HINT}",
                dir.display()
            ))
        })?;
        for (folder, package) in [("sdk", "tackle"), ("runtime", "tackle-runtime")] {
            let manifest = root.join(folder).join("Cargo.toml");
            let name = std::fs::read_to_string(&manifest)
                .ok()
                .and_then(|text| text.parse::<toml::Table>().ok())
                .and_then(|table| {
                    table
                        .get("package")?
                        .get("name")?
                        .as_str()
                        .map(str::to_owned)
                });
            if name.as_deref() != Some(package) {
                return Err(SourceError(format!(
                    "{what} `{}` is not a tackle checkout: `{}` is not the manifest of `{package}`; {HINT}",
                    root.display(),
                    manifest.display()
                )));
            }
        }
        if root.to_str().is_none() {
            return Err(SourceError(format!(
                "{what} `{}` is not valid UTF-8, which Cargo.toml cannot hold; {HINT}",
                root.display()
            )));
        }
        Ok(TackleSource::Path(root))
    }

    /// The dependency on `crate_folder` (`sdk` or `runtime`) as a TOML
    /// inline table, its strings quoted by the `toml` crate.
    pub fn dependency(&self, crate_folder: &str) -> String {
        let mut table = toml::Table::new();
        match self {
            TackleSource::Path(root) => {
                let path = root.join(crate_folder);
                // Checked to be UTF-8 when the source was chosen.
                table.insert("path".into(), path.to_string_lossy().into_owned().into());
            }
            TackleSource::Git(url) => {
                table.insert("git".into(), url.clone().into());
            }
        }
        toml::Value::Table(table).to_string()
    }

    /// Where tackle's guide is, for the generated README.
    pub fn guide(&self) -> String {
        match self {
            TackleSource::Path(root) => {
                format!("`{}`", root.join("docs/guide/README.md").display())
            }
            TackleSource::Git(_) => "`docs/guide/README.md` in that repository".to_owned(),
        }
    }

    /// One line for people: where tackle comes from.
    pub fn describe(&self) -> String {
        match self {
            TackleSource::Path(root) => format!("the checkout at `{}`", root.display()),
            TackleSource::Git(url) => format!("the git repository `{url}`"),
        }
    }
}
