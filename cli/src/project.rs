//! A project `tackle new` made, as `tackle add` finds and edits it: the
//! workspace's `Cargo.toml`, the host that links the plugins (its
//! `Cargo.toml` and `src/main.rs`), and `tackle.toml`. Manifests are edited
//! with `toml_edit`, so their comments and layout stay as they were.

use std::path::{Path, PathBuf};

use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, Value};

use crate::link;

/// Why the project cannot take the plugin.
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    /// No `Cargo.toml` with `[workspace]` here or above.
    #[error(
        "no Cargo workspace in `{}` or above it; run `tackle add` in a project `tackle new` made (or pass `--path DIR`)",
        .0.display()
    )]
    NoWorkspace(PathBuf),
    /// No member, or more than one, links plugins.
    #[error("{0}")]
    Host(String),
    /// A file could not be read, or is not what it should be.
    #[error("`{}`: {problem}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
    },
    /// The name is taken.
    #[error("{0}")]
    Taken(String),
}

/// A file of the project, read, to be written back edited.
#[derive(Debug)]
pub struct Edited {
    /// Its path.
    pub path: PathBuf,
    /// Its new text.
    pub text: String,
}

/// The project, found.
#[derive(Debug)]
pub struct Project {
    /// The workspace's folder.
    pub root: PathBuf,
    manifest: DocumentMut,
    /// The host's folder.
    pub host: PathBuf,
    host_manifest: DocumentMut,
    host_main: String,
    /// The hook-only binaries (`hook/` of a project `tackle new` made):
    /// members whose `src/main.rs` calls `link!` and `hook::main()`. A
    /// plugin added is linked into each, so the hooks they answer are the
    /// host's.
    hooks: Vec<HookBinary>,
    /// `tackle.toml`, if the project has one.
    config: Option<DocumentMut>,
}

/// A hook-only binary's package: its folder, manifest and `src/main.rs`.
#[derive(Debug)]
struct HookBinary {
    dir: PathBuf,
    manifest: DocumentMut,
    main: String,
}

fn read(path: &Path) -> Result<String, ProjectError> {
    std::fs::read_to_string(path).map_err(|e| ProjectError::Unreadable {
        path: path.to_owned(),
        problem: format!("cannot be read: {e}"),
    })
}

fn parse(path: &Path) -> Result<DocumentMut, ProjectError> {
    read(path)?
        .parse::<DocumentMut>()
        .map_err(|e| ProjectError::Unreadable {
            path: path.to_owned(),
            problem: format!("is not valid TOML: {e}"),
        })
}

impl Project {
    /// The workspace holding `from` (its folder or the nearest above with
    /// a `Cargo.toml` that has `[workspace]`), and its host: `host` if
    /// given (relative to the workspace), else the one member whose
    /// `src/main.rs` calls `link!`.
    pub fn find(from: &Path, host: Option<&Path>) -> Result<Project, ProjectError> {
        let start = from.canonicalize().map_err(|e| ProjectError::Unreadable {
            path: from.to_owned(),
            problem: format!("cannot be read: {e}"),
        })?;
        let mut found = None;
        for dir in start.ancestors() {
            let path = dir.join("Cargo.toml");
            if path.is_file() {
                let manifest = parse(&path)?;
                if manifest.get("workspace").is_some_and(Item::is_table_like) {
                    found = Some((dir.to_owned(), manifest));
                    break;
                }
            }
        }
        let Some((root, manifest)) = found else {
            return Err(ProjectError::NoWorkspace(start));
        };
        let members = members(&manifest);
        let host = match host {
            Some(dir) => root.join(dir),
            None => find_host(&root, &members)?,
        };
        let main = host.join("src").join("main.rs");
        let host_main = read(&main)?;
        let host_manifest = parse(&host.join("Cargo.toml"))?;
        let mut hooks = Vec::new();
        for member in &members {
            let dir = root.join(member);
            let main = dir.join("src").join("main.rs");
            if dir == host || !std::fs::read_to_string(&main).is_ok_and(|t| is_hook_only(&t)) {
                continue;
            }
            hooks.push(HookBinary {
                manifest: parse(&dir.join("Cargo.toml"))?,
                main: read(&main)?,
                dir,
            });
        }
        let config_path = root.join("tackle.toml");
        let config = config_path
            .is_file()
            .then(|| parse(&config_path))
            .transpose()?;
        Ok(Project {
            root,
            manifest,
            host,
            host_manifest,
            host_main,
            hooks,
            config,
        })
    }

    /// The folders of the hook-only binaries the plugin is linked into too.
    pub fn hook_dirs(&self) -> Vec<PathBuf> {
        self.hooks.iter().map(|h| h.dir.clone()).collect()
    }

    /// The workspace's shared dependencies.
    fn dependencies(&self) -> Option<&Table> {
        self.manifest
            .get("workspace")?
            .get("dependencies")?
            .as_table()
    }

    /// Checks that a plugin crate `crate_name` in the folder of that name can
    /// be added: the name free, the dependencies it uses declared.
    pub fn check(&self, crate_name: &str) -> Result<(), ProjectError> {
        let folder = self.root.join(crate_name);
        if folder.exists() {
            return Err(ProjectError::Taken(format!(
                "`{}` exists already; choose another name",
                folder.display()
            )));
        }
        let host_package = self
            .host_manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(Item::as_str);
        let hook_package = |hook: &HookBinary| {
            hook.manifest
                .get("package")
                .and_then(|p| p.get("name"))
                .and_then(Item::as_str)
                == Some(crate_name)
        };
        if self.hooks.iter().any(hook_package) {
            return Err(ProjectError::Taken(format!(
                "`{crate_name}` is the hook binary's package name"
            )));
        }
        if host_package == Some(crate_name) {
            return Err(ProjectError::Taken(format!(
                "`{crate_name}` is the host's package name"
            )));
        }
        if members(&self.manifest).iter().any(|m| m == crate_name) {
            return Err(ProjectError::Taken(format!(
                "`{crate_name}` is a member of the workspace already"
            )));
        }
        let path = self.root.join("Cargo.toml");
        let Some(deps) = self.dependencies() else {
            return Err(ProjectError::Unreadable {
                path,
                problem: "has no `[workspace.dependencies]`, where the plugin's dependencies are declared".into(),
            });
        };
        if deps.contains_key(crate_name) {
            return Err(ProjectError::Taken(format!(
                "`[workspace.dependencies]` names `{crate_name}` already"
            )));
        }
        let missing: Vec<&str> = ["tackle", "tackle-runtime", "tokio"]
            .into_iter()
            .filter(|d| !deps.contains_key(d))
            .collect();
        if !missing.is_empty() {
            return Err(ProjectError::Unreadable {
                path,
                problem: format!(
                    "`[workspace.dependencies]` lacks `{}`, which the new plugin uses (a project `tackle new` made has them)",
                    missing.join("`, `")
                ),
            });
        }
        link::add(&self.host_main, "x").map_err(|problem| ProjectError::Unreadable {
            path: self.host.join("src").join("main.rs"),
            problem,
        })?;
        for hook in &self.hooks {
            link::add(&hook.main, "x").map_err(|problem| ProjectError::Unreadable {
                path: hook.dir.join("src").join("main.rs"),
                problem,
            })?;
        }
        Ok(())
    }

    /// Every file to edit for the crate `crate_name` (library `lib`, plugin
    /// `id`) in the folder of that name: the workspace's members and
    /// dependencies, the host's and each hook-only binary's dependencies and
    /// `link!`, and in `tackle.toml` the `enabled` list (when it has one) and a
    /// `[plugins.ID]` block.
    pub fn edits(
        mut self,
        crate_name: &str,
        lib: &str,
        id: &str,
    ) -> Result<Vec<Edited>, ProjectError> {
        let root_manifest = self.root.join("Cargo.toml");
        let unreadable = |path: &Path, problem: &str| ProjectError::Unreadable {
            path: path.to_owned(),
            problem: problem.to_owned(),
        };
        let workspace = self.manifest["workspace"]
            .as_table_like_mut()
            .ok_or_else(|| unreadable(&root_manifest, "`workspace` is not a table"))?;
        let members = workspace
            .entry("members")
            .or_insert(Item::Value(Value::Array(Array::new())))
            .as_array_mut()
            .ok_or_else(|| unreadable(&root_manifest, "`workspace.members` is not a list"))?;
        members.push(crate_name);
        let deps = self.manifest["workspace"]["dependencies"]
            .as_table_mut()
            .ok_or_else(|| {
                unreadable(&root_manifest, "`[workspace.dependencies]` is not a table")
            })?;
        let mut path = InlineTable::new();
        path.insert("path", crate_name.into());
        insert_after_path_dependencies(deps, crate_name, Item::Value(Value::InlineTable(path)));

        let mut edits = vec![Edited {
            path: root_manifest,
            text: self.manifest.to_string(),
        }];
        edits.extend(link_into(
            &self.host,
            &mut self.host_manifest,
            &self.host_main,
            crate_name,
            lib,
        )?);
        for hook in &mut self.hooks {
            edits.extend(link_into(
                &hook.dir,
                &mut hook.manifest,
                &hook.main,
                crate_name,
                lib,
            )?);
        }
        if let Some(mut config) = self.config.take() {
            let path = self.root.join("tackle.toml");
            if let Some(enabled) = config.get_mut("enabled").and_then(Item::as_array_mut)
                && !enabled.iter().any(|v| v.as_str() == Some(id))
            {
                enabled.push(id);
            }
            let plugins = config.get("plugins");
            if plugins.is_some_and(|p| !p.is_table()) {
                return Err(unreadable(&path, "`plugins` is not a table"));
            }
            let mut text = config.to_string();
            // Appended as text: a table's trailing comments (the commented
            // settings under the first plugin's block) stay where they are.
            if plugins.is_none_or(|p| p.get(id).is_none()) {
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&format!(
                    "\n# Checked against the `Config` type of `{crate_name}/src/lib.rs`.\n\
                     [plugins.{id}]\n\
                     # greeting = \"Hello\"\n"
                ));
            }
            edits.push(Edited { path, text });
        }
        Ok(edits)
    }
}

/// The edits that link the crate `crate_name` (library `lib`) into the
/// binary in `dir`: its manifest's dependency and its `link!`.
fn link_into(
    dir: &Path,
    manifest: &mut DocumentMut,
    main: &str,
    crate_name: &str,
    lib: &str,
) -> Result<[Edited; 2], ProjectError> {
    let unreadable = |path: &Path, problem: &str| ProjectError::Unreadable {
        path: path.to_owned(),
        problem: problem.to_owned(),
    };
    let manifest_path = dir.join("Cargo.toml");
    let deps = manifest
        .entry("dependencies")
        .or_insert(Item::Table(Table::new()))
        .as_table_mut()
        .ok_or_else(|| unreadable(&manifest_path, "`[dependencies]` is not a table"))?;
    let mut dotted = Table::new();
    dotted.set_dotted(true);
    dotted.insert("workspace", toml_edit::value(true));
    deps.insert(crate_name, Item::Table(dotted));
    let main_path = dir.join("src").join("main.rs");
    let main_text = link::add(main, lib).map_err(|p| unreadable(&main_path, &p))?;
    Ok([
        Edited {
            path: manifest_path,
            text: manifest.to_string(),
        },
        Edited {
            path: main_path,
            text: main_text,
        },
    ])
}

/// Whether a binary's `src/main.rs` is a hook-only binary's: it links
/// plugins and its `main` is tackle's hook entry point.
fn is_hook_only(main: &str) -> bool {
    link::find(main).is_some() && main.contains("hook::main()")
}

/// The workspace's members, as written (globs left as they are).
fn members(manifest: &DocumentMut) -> Vec<String> {
    manifest
        .get("workspace")
        .and_then(|w| w.get("members"))
        .and_then(Item::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The one member whose `src/main.rs` calls `link!` and is not a
/// hook-only binary.
fn find_host(root: &Path, members: &[String]) -> Result<PathBuf, ProjectError> {
    let hosts: Vec<&String> = members
        .iter()
        .filter(|m| {
            std::fs::read_to_string(root.join(m).join("src").join("main.rs"))
                .is_ok_and(|text| link::find(&text).is_some() && !is_hook_only(&text))
        })
        .collect();
    match hosts.as_slice() {
        [one] => Ok(root.join(one)),
        [] => Err(ProjectError::Host(format!(
            "no member of the workspace in `{}` has a `src/main.rs` that calls `tackle_runtime::link!`; pass `--host DIR` to name the host",
            root.display()
        ))),
        many => Err(ProjectError::Host(format!(
            "several members link plugins ({}); pass `--host DIR` to choose",
            many.iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Inserts `key` after the last dependency given by `path` (the plugin
/// crates), so that it does not land under a later comment; at the end
/// when there is none.
fn insert_after_path_dependencies(deps: &mut Table, key: &str, item: Item) {
    let by_path = |item: &Item| item.as_table_like().is_some_and(|t| t.contains_key("path"));
    let after = deps
        .iter()
        .enumerate()
        .filter(|(_, (_, item))| by_path(item))
        .map(|(i, _)| i)
        .last();
    let order: Vec<String> = deps.iter().map(|(k, _)| k.to_owned()).collect();
    deps.insert(key, item);
    let Some(after) = after else {
        return;
    };
    let rank = |k: &str| {
        if k == key {
            return after * 2 + 1;
        }
        order
            .iter()
            .position(|o| o == k)
            .map_or(usize::MAX, |i| i * 2)
    };
    deps.sort_values_by(|a, _, b, _| rank(a.get()).cmp(&rank(b.get())));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dependency_goes_after_the_path_ones_keeping_comments() {
        let text = "[workspace.dependencies]\ntackle = { git = \"x\" }\nfirst = { path = \"plugin\" }\n# Tests only.\nserde_json = \"1\"\n";
        let mut doc: DocumentMut = text.parse().expect("toml");
        let deps = doc["workspace"]["dependencies"]
            .as_table_mut()
            .expect("table");
        let mut path = InlineTable::new();
        path.insert("path", "second".into());
        insert_after_path_dependencies(deps, "second", Item::Value(Value::InlineTable(path)));
        assert_eq!(
            doc.to_string(),
            "[workspace.dependencies]\ntackle = { git = \"x\" }\nfirst = { path = \"plugin\" }\nsecond = { path = \"second\" }\n# Tests only.\nserde_json = \"1\"\n"
        );
    }
}
