//! Where the generated project gets tackle: from crates.io (the version
//! this `tackle` was released as), a checkout on this machine, or a git
//! repository.

use std::fmt;
use std::path::{Path, PathBuf};

/// The checkout this binary was built from (`cli/..`), compiled in.
pub const BUILT_FROM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The sdk's package: crates.io's `tackle` is another project's crate. Its
/// library is `tackle`, and the generated workspace keeps the key `tackle`
/// (`package = "tackle-sdk"`), so plugins write `use tackle::...`.
pub const SDK_PACKAGE: &str = "tackle-sdk";

/// The package in each of a checkout's crate folders the project depends on.
const PACKAGES: [(&str, &str); 2] = [("sdk", SDK_PACKAGE), ("runtime", "tackle-runtime")];

/// Where `tackle` (package `tackle-sdk`) and `tackle-runtime` come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TackleSource {
    /// crates.io, at this version requirement (`=0.1.0`).
    Registry(String),
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
    /// `--crates-io`, else `--git URL`, else `--tackle-path DIR`, else the
    /// checkout this binary was built from when it is one (a `tackle`
    /// installed from crates.io was not), else crates.io; a checkout must
    /// hold both crates.
    pub fn choose(
        tackle_path: Option<&Path>,
        git: Option<&str>,
        crates_io: bool,
    ) -> Result<TackleSource, SourceError> {
        match (crates_io, git, tackle_path) {
            (true, ..) => Ok(TackleSource::registry()),
            (false, Some(url), _) => TackleSource::git(url),
            (false, None, Some(dir)) => TackleSource::checkout(dir, "`--tackle-path`"),
            (false, None, None) => TackleSource::checkout(
                Path::new(BUILT_FROM),
                "the checkout `tackle` was built from",
            )
            .or_else(|_| Ok(TackleSource::registry())),
        }
    }

    /// crates.io, at exactly this `tackle`'s own version: tackle's crates
    /// are released together at one version, the macros' output works only
    /// with the sdk of that version, and a caret requirement (`0.1`) would
    /// take another project's release of the same name (crates.io has a
    /// `tackle` 0.1.3), as the workspace's own requirements say.
    pub fn registry() -> TackleSource {
        TackleSource::Registry(format!("={}", env!("CARGO_PKG_VERSION")))
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

    /// `dir` as an absolute path, checked to hold `sdk/` (package
    /// `tackle-sdk`) and `runtime/` (package `tackle-runtime`).
    fn checkout(dir: &Path, what: &str) -> Result<TackleSource, SourceError> {
        let root = dir.canonicalize().map_err(|e| {
            SourceError(format!(
                "{what} `{}` cannot be read ({e}); {HINT}",
                dir.display()
            ))
        })?;
        for (folder, package) in PACKAGES {
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
    /// value (a version requirement, or an inline table), its strings
    /// quoted by the `toml` crate. The sdk's names its package
    /// (`tackle-sdk`), which is not the key.
    pub fn dependency(&self, crate_folder: &str) -> String {
        match self {
            TackleSource::Registry(version) if package_of(crate_folder).is_none() => {
                toml::Value::String(version.clone()).to_string()
            }
            _ => toml::Value::Table(self.dependency_table(crate_folder)).to_string(),
        }
    }

    /// The same as an inline table with `default-features = false`: each
    /// member that inherits it names the features it uses (the host the
    /// command line, the hook binary the hook entry point alone; Cargo lets
    /// no member turn off what the workspace's entry turns on).
    pub fn dependency_without_default_features(&self, crate_folder: &str) -> String {
        let mut table = self.dependency_table(crate_folder);
        table.insert("default-features".into(), false.into());
        toml::Value::Table(table).to_string()
    }

    fn dependency_table(&self, crate_folder: &str) -> toml::Table {
        let mut table = toml::Table::new();
        if let Some(package) = package_of(crate_folder) {
            table.insert("package".into(), package.into());
        }
        match self {
            TackleSource::Registry(version) => {
                table.insert("version".into(), version.clone().into());
            }
            TackleSource::Path(root) => {
                let path = root.join(crate_folder);
                // Checked to be UTF-8 when the source was chosen.
                table.insert("path".into(), path.to_string_lossy().into_owned().into());
            }
            TackleSource::Git(url) => {
                table.insert("git".into(), url.clone().into());
            }
        }
        table
    }

    /// Where tackle's guide is, for the generated README.
    pub fn guide(&self) -> String {
        match self {
            TackleSource::Registry(_) => "`docs/guide/README.md` in tackle's repository, and \
                                          each crate's documentation on docs.rs"
                .to_owned(),
            TackleSource::Path(root) => {
                format!("`{}`", root.join("docs/guide/README.md").display())
            }
            TackleSource::Git(_) => "`docs/guide/README.md` in that repository".to_owned(),
        }
    }

    /// One line for people: where tackle comes from.
    pub fn describe(&self) -> String {
        match self {
            TackleSource::Registry(version) => format!("crates.io (version {version})"),
            TackleSource::Path(root) => format!("the checkout at `{}`", root.display()),
            TackleSource::Git(url) => format!("the git repository `{url}`"),
        }
    }

    /// What the generated `Cargo.toml` says of the dependencies, as TOML
    /// comment lines.
    pub fn note(&self) -> &'static str {
        match self {
            TackleSource::Registry(_) => {
                "# tackle from crates.io, at exactly one version: its crates are released\n\
                 # together. To build against a checkout instead, replace them with\n\
                 # `path = \"DIR/sdk\"` and `path = \"DIR/runtime\"` (`tackle new --tackle-path DIR`)."
            }
            TackleSource::Path(_) => {
                "# tackle from a checkout (`tackle new --tackle-path DIR`). With tackle on\n\
                 # crates.io, `version = \"=VERSION\"` in place of the path works too\n\
                 # (`tackle new --crates-io`)."
            }
            TackleSource::Git(_) => {
                "# tackle from a git repository (`tackle new --git URL`). With tackle on\n\
                 # crates.io, `version = \"=VERSION\"` in place of `git` works too\n\
                 # (`tackle new --crates-io`)."
            }
        }
    }
}

/// The package in `crate_folder` when the dependency's key (`tackle`) is
/// not its name.
fn package_of(crate_folder: &str) -> Option<&'static str> {
    (crate_folder == "sdk").then_some(SDK_PACKAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_requirement_is_this_version_exactly() {
        assert_eq!(
            TackleSource::registry(),
            TackleSource::Registry(format!("={}", env!("CARGO_PKG_VERSION")))
        );
        let registry = TackleSource::Registry("=0.1.0".into());
        assert_eq!(
            registry.dependency("sdk"),
            "{ package = \"tackle-sdk\", version = \"=0.1.0\" }"
        );
        assert_eq!(registry.dependency("runtime"), "\"=0.1.0\"");
    }
}
