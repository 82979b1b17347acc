//! The package as its own Claude Code marketplace:
//! `.claude-plugin/marketplace.json` beside `plugin.json`, listing the one
//! plugin at `./`, the marketplace's own folder. A team commits the
//! exported folder (or shares it) and each member runs
//! `claude plugin marketplace add <repo or folder>`, then
//! `claude plugin install <name>@<name>`; `--plugin-dir` on the same
//! folder still loads the plugin (Claude Code 2.1.330 reads a plugin
//! source `./` as "the marketplace root", and the plugin's files are at
//! the same place as ever).

use serde::Serialize;

use crate::export::package::Package;

/// The marketplace's file, in the folder Claude Code reads manifests from.
pub(crate) const FILE: &str = ".claude-plugin/marketplace.json";

/// `.claude-plugin/marketplace.json`.
#[derive(Serialize)]
pub(crate) struct Marketplace<'a> {
    /// The marketplace's name, the part after `@` in
    /// `claude plugin install <plugin>@<marketplace>`: the package's.
    name: &'a str,
    /// Its maintainer; Claude Code requires one.
    owner: Owner<'a>,
    /// `claude plugin validate --strict` wants one.
    description: &'a str,
    plugins: [Entry<'a>; 1],
}

/// Who keeps the marketplace.
#[derive(Serialize)]
struct Owner<'a> {
    name: &'a str,
}

/// The marketplace's one plugin.
#[derive(Serialize)]
struct Entry<'a> {
    name: &'a str,
    /// `./`: the plugin is the marketplace's own folder.
    source: &'static str,
    description: &'a str,
    /// As `plugin.json` says: `claude plugin tag` checks that they agree.
    version: &'a str,
}

impl<'a> Marketplace<'a> {
    /// The marketplace that lists `package`, named as it is.
    pub(crate) fn of(package: &'a Package<'_>) -> Marketplace<'a> {
        Marketplace {
            name: &package.name,
            owner: Owner {
                name: &package.name,
            },
            description: &package.description,
            plugins: [Entry {
                name: &package.name,
                source: "./",
                description: &package.description,
                version: &package.version,
            }],
        }
    }
}
