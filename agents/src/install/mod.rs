//! `install <agent> [--project | --user] [--dry-run] [--uninstall]`: the
//! package `export` writes, put where the agent reads it.
//!
//! The package goes to a stable folder of its own (`<data>/tackle/<bin>/
//! <agent>` for the user, `<project>/.tackle/<bin>/<agent>` for a
//! project: the hook entries name the binary there by its absolute path,
//! so it must outlive the command), and the agent's config file gets the
//! package's hook entries merged in (see `merge`): every other entry and
//! key stays as it was, a second install changes nothing, and
//! `--uninstall` takes out exactly what install added, deleting the file
//! when install created it. What install created and wrote is recorded
//! in the package folder (see `record`). `--dry-run` writes nothing and
//! returns the unified diff of each file it would change.
//!
//! Every file install reads must be a regular file (see
//! `crate::regular_file`): a FIFO, a socket, a device or a folder in the
//! place of one is refused, naming it, before anything is written.
//!
//! `--managed` puts the hooks in the agent's managed policy files in
//! place of the user's or the project's config (see [`managed`]).

mod config_file;
mod event_tables;
pub mod managed;
pub(crate) mod merge;
pub(crate) mod pins;
mod record;
mod tables;
pub(crate) mod targets;
mod toml_file;
mod uninstall;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tackle_host::Host;

use crate::Agent;
use crate::export::{self, ExportError, Options};
use crate::regular_file::{self, FileError, Link};
use config_file::ConfigFile;
pub use managed::Managed;
use record::{InstallRecord, PackageFiles, RECORD, Record};

/// The largest agent config file install reads: far above
/// [`MAX_FILE_BYTES`](tackle_host::limits::MAX_FILE_BYTES), tackle's own
/// files' cap, as Claude Code keeps every project's state in
/// `~/.claude.json`, which users have seen grow past 100 MB.
pub const MAX_CONFIG_BYTES: u64 = 256 * 1024 * 1024;

/// Whose config the plugin goes into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// The user's own (`~/.claude/settings.json`, ...): every project.
    User,
    /// One project's, at this folder.
    Project(PathBuf),
}

/// What `install` is asked to do.
#[derive(Debug, Clone)]
pub struct InstallOptions {
    /// User or project.
    pub scope: Scope,
    /// The user's home folder (the agents' user config is under it).
    pub home: PathBuf,
    /// Where user-scope packages live (`<data>/tackle/<bin>/<agent>`).
    pub data_dir: PathBuf,
    /// The user's config folder (`$XDG_CONFIG_HOME`, else `~/.config`):
    /// OpenCode's user plugins are under it.
    pub config_dir: PathBuf,
    /// Codex's folder (`$CODEX_HOME`, else `~/.codex`).
    pub codex_home: PathBuf,
    /// Kimi's folder, whose `config.toml` holds its hooks (Kimi Code CLI's
    /// `$KIMI_CODE_HOME` or `~/.kimi-code`, or Kimi CLI's `~/.kimi`).
    pub kimi_home: PathBuf,
    /// Copilot CLI's folder (`$COPILOT_HOME`, else `~/.copilot`), whose
    /// `hooks/` holds the user's hooks.
    pub copilot_home: PathBuf,
    /// `--managed`: the agent's managed policy files, for every user of
    /// the machine, in place of `scope`'s config.
    pub managed: Option<Managed>,
    /// Write nothing; return the diffs.
    pub dry_run: bool,
    /// Take the plugin out again.
    pub uninstall: bool,
    /// What `export` is given (the binary to copy, ...).
    pub export: Options,
}

/// One config file install changed, or would change.
#[derive(Debug, Clone)]
pub struct Change {
    /// The file.
    pub path: PathBuf,
    /// Its unified diff (`--- a/... +++ b/...`), empty when unchanged.
    pub diff: String,
}

/// What an install did.
#[derive(Debug, Clone)]
pub struct InstallReport {
    /// The agent.
    pub agent: Agent,
    /// The package folder.
    pub package: PathBuf,
    /// Each config file, with its diff (empty: nothing to change).
    pub changes: Vec<Change>,
    /// What the user should know.
    pub notes: Vec<String>,
}

/// Why an install failed; no config file was written.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// The agent has no config file install merges into.
    #[error(
        "`install` does not support {}: {}; export its package with `export {} DIR` and load it as the export's note says (install supports: {})",
        .0.title(),
        unsupported_reason(*.0).unwrap_or_default(),
        .0.name(),
        supported().into_iter().map(Agent::name).collect::<Vec<_>>().join(", ")
    )]
    Unsupported(Agent),
    /// A config file is not what the agent reads; it was left as it is.
    #[error("{}{}: {message}; the file was left as it is", path.display(), position(*line, *column))]
    Malformed {
        /// The file.
        path: PathBuf,
        /// 1-based, 0 when not known.
        line: usize,
        /// 1-based, 0 when not known.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The agent has no managed policy file its users cannot override.
    #[error(
        "`install --managed` does not support {}: {}; install it for each user (`install {}`), or use an agent whose managed policy users cannot switch off: {} (docs/guide/shipping.md, \"Managed install\")",
        .0.title(),
        .1,
        .0.name(),
        managed::supported().join(", ")
    )]
    NotManaged(Agent, &'static str),
    /// A system file of a managed install that this process cannot write.
    #[error("{}: writing the agent's managed policy needs root, as it is for every user of this machine: run the same command with sudo (or give --managed-root DIR to write the files under DIR); nothing was written", path.display())]
    NeedsRoot {
        /// The file, or the package folder.
        path: PathBuf,
    },
    /// A policy file already sets a key install would set, otherwise.
    #[error("{}: `{key}` is {found} there, where `install --managed` sets it to {wanted}; install changes no setting it did not add, so the file was left as it is: change or remove the key yourself, then install again", path.display())]
    PinTaken {
        /// The file.
        path: PathBuf,
        /// The key, dotted (`features.hooks`).
        key: String,
        /// What the file holds there.
        found: String,
        /// The value install sets.
        wanted: bool,
    },
    /// The agent reads only its user config.
    #[error("{} has no project-scope install: use `install {}` (or `--user`)", .0.title(), .0.name())]
    UserOnly(Agent),
    /// The agent's project hooks are files of the repository, which
    /// `export` writes in place.
    #[error("{}'s project hooks are the repository's own `{}`, which `export {} .` writes in place from the repository's root; `install {}` (or `--user`) installs them for every project", .0.title(), .1, .0.name(), .0.name())]
    ProjectByExport(Agent, &'static str),
    /// The agent's config already has an MCP server of the package's name
    /// that is not install's.
    #[error("{}: already has an MCP server `{name}` that `install` did not add; it was left as it is: rename or remove it, then install again", path.display())]
    ServerTaken {
        /// The file.
        path: PathBuf,
        /// The server's name.
        name: String,
    },
    /// A file install writes whole exists and is not its own.
    #[error("{}: exists and was not written by `install`; remove it first (for Gemini CLI: `gemini extensions uninstall NAME`)", path.display())]
    Foreign {
        /// The file.
        path: PathBuf,
    },
    /// The folder install links an extension from holds one installed
    /// another way.
    #[error("{}: holds an extension installed another way (it has no {}); install would shadow it: uninstall that one first (`{} extensions uninstall NAME`), or remove the folder", dir.display(), file.display(), agent.name())]
    ForeignFolder {
        /// The extension's folder.
        dir: PathBuf,
        /// The link file install writes there.
        file: PathBuf,
        /// The agent.
        agent: Agent,
    },
    /// A project's path install would write through is a symbolic link.
    #[error("{}: a symbolic link in the project; install writes nothing through links a repository could ship (they could point anywhere): remove it, or install with --user", path.display())]
    Link {
        /// The link.
        path: PathBuf,
    },
    /// A file install reads is not a regular file.
    #[error("{}: is {what}, not a regular file; install reads only regular files, so that no file can block it or feed it without end: remove it, or put a regular file there", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it is instead (`a FIFO (named pipe)`, `a folder`, ...).
        what: &'static str,
    },
    /// A file install reads is larger than it reads.
    #[error("{}: is {size} bytes or more, over the {} MiB install reads of it; the file was left as it is", path.display(), cap / (1024 * 1024))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size, or what was read of it.
        size: u64,
        /// The cap.
        cap: u64,
    },
    /// Exporting the package failed.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// The agents `install` supports, in [`Agent::ALL`]'s order.
pub fn supported() -> Vec<Agent> {
    Agent::ALL
        .into_iter()
        .filter(|a| a.protocol().install().is_ok())
        .collect()
}

/// Why `install` does not put `agent`'s package in place (`None`: it
/// does), and what to do instead.
pub fn unsupported_reason(agent: Agent) -> Option<&'static str> {
    agent.protocol().install().err()
}

fn position(line: usize, column: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}:{column}")
    }
}

/// `e`, met reading `path`, as install's error.
fn file_error(path: &Path, e: FileError) -> InstallError {
    let path = path.to_owned();
    match e {
        FileError::NotRegular(what) => InstallError::NotAFile { path, what },
        FileError::TooLarge { size, cap } => InstallError::TooLarge { path, size, cap },
        FileError::Io(source) => InstallError::Io { path, source },
    }
}

/// An agent's config file's text (a link to it followed: a user's
/// dotfiles manager may keep it as one; a project's links were refused);
/// `None` when there is no file.
fn read_config(path: &Path) -> Result<Option<String>, InstallError> {
    regular_file::read_text(path, Link::Follow, MAX_CONFIG_BYTES).map_err(|e| file_error(path, e))
}

/// The binaries a package's hook entries may name: the host `bin`, and
/// the hook-only build beside it whether or not this install ships one
/// (an earlier one may have).
fn package_binaries(package: &Path, bin: &str) -> [PathBuf; 2] {
    let dir = package.join("bin");
    [
        dir.join(bin),
        dir.join(export::hook_bin::name_in_package(bin)),
    ]
}

/// Installs (or, with `uninstall`, removes) `host`'s plugins for `agent`.
pub fn install(
    host: &Host,
    agent: Agent,
    options: &InstallOptions,
) -> Result<InstallReport, InstallError> {
    let managed = options.managed.as_ref();
    // An agent's managed policy, or why it has none: asked first, as an
    // agent install does not support may have one.
    let policy = managed.map(|_| managed::policy(agent)).transpose()?;
    let plain = match (&policy, agent.protocol().install()) {
        (Some(_), _) => None,
        (None, Ok(plain)) => Some(plain),
        (None, Err(_)) => return Err(InstallError::Unsupported(agent)),
    };
    // The project, for a project's install (a managed one has none).
    let project = match (&options.scope, managed) {
        (Scope::Project(dir), None) => Some(dir.as_path()),
        _ => None,
    };
    let binary = match &options.export.binary {
        Some(path) => path.clone(),
        None => std::env::current_exe().map_err(|e| ExportError::Binary(e.to_string()))?,
    };
    let file_name = binary
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let bin = export::package::safe_file_name(&file_name);
    let stem = bin.strip_suffix(".exe").unwrap_or(&bin).to_owned();
    // The hook entries run the hook-only build when the package ships one
    // (a bad `--hook-bin` is refused here, before anything is written).
    let hook_bin = match export::hook_bin::find(&binary, &options.export)? {
        Some(_) => export::hook_bin::name_in_package(&bin),
        None => bin.clone(),
    };
    let bins = targets::Bins {
        host: &bin,
        hooks: &hook_bin,
    };
    let package = match (managed, project) {
        (Some(managed), _) => managed::packages(managed.root.as_deref())
            .join(&stem)
            .join(agent.name()),
        (None, Some(dir)) => dir.join(".tackle").join(&stem).join(agent.name()),
        (None, None) => options
            .data_dir
            .join("tackle")
            .join(&stem)
            .join(agent.name()),
    };
    if let Some(dir) = project {
        no_link_below(dir, &package)?;
    }
    let package = resolved(&package);
    let name = export::package::kebab(&stem);
    let export_options = Options {
        binary: Some(binary),
        ..options.export.clone()
    };
    let targets_for = |exported: &Path| match (&policy, managed) {
        (Some(policy), Some(managed)) => (policy.targets)(&managed::Place {
            root: managed.root.as_deref(),
            exported,
            installed: &package,
            bins,
            name: &name,
            hooks_only: managed.hooks_only,
            route: &options.export.hooks_via,
        }),
        _ => match &plain {
            Some(plain) => (plain.targets)(&targets::Site {
                options,
                exported,
                installed: &package,
                bins,
                name: &name,
            }),
            None => Err(InstallError::Unsupported(agent)),
        },
    };
    let link_free = |targets: &[targets::Target]| {
        if let Some(dir) = project {
            for target in targets {
                no_link_below(dir, &target.config)?;
            }
        }
        Ok::<(), InstallError>(())
    };
    let current = targets_for(&package)?;
    link_free(&current)?;
    if let Some(managed) = managed
        && !options.dry_run
    {
        // The policy files first: the error names the first refused.
        let files = current.iter().map(|t| t.config.as_path());
        managed::writable(managed, files.chain([package.as_path()]))?;
    }
    let record = record::read(&package)?;
    // Export reads its manifest there too: refused here, as install's.
    let manifest = package.join(export::write::MANIFEST);
    regular_file::open(&manifest, Link::Follow).map_err(|e| file_error(&manifest, e))?;
    let whole_file_dirs = match &plain {
        Some(plain) => (plain.whole_file_dirs)(options, &name),
        None => Vec::new(),
    };
    let confines = record::Confines {
        dirs: &whole_file_dirs,
        project,
    };
    if options.uninstall {
        return uninstall::uninstall(agent, options, &package, &bin, current, &record, confines);
    }
    let records = &record.configs;
    let previous = |config: &Path| records.iter().find(|r| r.config == config);
    // The folders above the package install creates (every one missing,
    // `~/.local/share` too), for uninstall to remove while empty; for an
    // install recorded by an earlier version, which recorded none,
    // `<bin>/` and `tackle/` (as that version's uninstall removed them).
    let package_dirs = match &record.package {
        Some(files) => files.created_dirs.clone(),
        None if package.exists() => package
            .ancestors()
            .skip(1)
            .take(2)
            .map(Path::to_owned)
            .collect(),
        None => missing_dirs(&package),
    };
    // Exported first to a scratch folder, whose files are rewritten to
    // name the real one: a malformed or foreign config refuses the install
    // with nothing written at all, and a dry run shows the diffs.
    let scratch = tempfile::tempdir().map_err(|source| InstallError::Io {
        path: std::env::temp_dir(),
        source,
    })?;
    let planned = export::export(
        host,
        agent,
        &scratch.path().join("package"),
        &export_options,
    )?;
    let mut targets = targets_for(&planned.dir)?;
    link_free(&targets)?;
    for target in &targets {
        edited(target, previous(&target.config), agent)?;
    }
    let mut package_files = BTreeMap::new();
    if !options.dry_run {
        let report = export::export(host, agent, &package, &export_options)?;
        targets = targets_for(&report.dir)?;
        let mut files = report.files.clone();
        if project.is_some() {
            export::write::Out::create(&package)?.text(GITIGNORE, &gitignore(&stem))?;
            files.push(PathBuf::from(GITIGNORE));
        }
        for file in &files {
            if let Some(sha256) = record::file_sha256(&report.dir.join(file))? {
                package_files.insert(file.to_string_lossy().into_owned(), sha256);
            }
        }
    }
    let mut changes = Vec::new();
    let mut writes = Vec::new();
    let mut new_records = Vec::new();
    let mut removals = Vec::new();
    for target in &targets {
        let old = previous(&target.config);
        let mut edit = edited(target, old, agent)?;
        // A file install created that is left with nothing of anyone's (a
        // setting no longer asked for, a hooks file the package no longer
        // has) goes, as uninstall would take it out; one whose text the
        // user has changed since stays as it is.
        let gone = match (&edit.before, &edit.after, old) {
            (Some(before), None, Some(r)) => r.created_file && (!r.whole || r.wrote(before)),
            _ => false,
        };
        if edit.after.is_none() && !gone {
            edit.after.clone_from(&edit.before);
        }
        let mut record = old.cloned().unwrap_or_else(|| Record {
            config: target.config.clone(),
            created_file: edit.before.is_none(),
            created_dirs: missing_dirs(&target.config),
            created_keys: Vec::new(),
            whole: matches!(target.edit, targets::Edit::Own { .. }),
            sha256: None,
            pins: Vec::new(),
        });
        if record.whole {
            record.sha256 = edit
                .after
                .as_deref()
                .map(|text| record::sha256_hex(text.as_bytes()));
        }
        for key in edit.created_keys {
            if !record.created_keys.contains(&key) {
                record.created_keys.push(key);
            }
        }
        record.pins = edit.pins;
        changes.push(Change {
            diff: diff(
                &target.config,
                edit.before.as_deref(),
                edit.after.as_deref(),
            ),
            path: target.config.clone(),
        });
        let untouched = edit.before.is_none() && edit.after.is_none();
        if let Some(after) = edit.after
            && edit.before.as_ref() != Some(&after)
        {
            writes.push((target.config.clone(), after));
        }
        if gone {
            removals.extend(old.cloned());
        } else if !untouched {
            // A file install neither found nor wrote is not install's.
            new_records.push(record);
        }
    }
    let binaries = package_binaries(&package, &bin);
    let stale: Vec<&Record> = records
        .iter()
        .filter_map(|r| {
            let text = r.stale(&targets, &binaries, confines)?;
            changes.push(Change {
                diff: diff(&r.config, Some(&text), None),
                path: r.config.clone(),
            });
            Some(r)
        })
        .collect();
    let mut notes = Vec::new();
    if options.dry_run {
        notes.push(format!(
            "dry run: nothing written; the package would go to {}",
            package.display()
        ));
    } else {
        for (path, text) in &writes {
            write(path, text)?;
        }
        for record in removals.iter().chain(stale) {
            record.remove(project)?;
        }
        if managed.is_some() {
            // What install created, for every user's agent to read.
            managed::publish_tree(&package)?;
            let created = new_records.iter().filter(|r| r.created_file);
            for path in package_dirs
                .iter()
                .chain(created.clone().map(|r| &r.config))
                .chain(created.flat_map(|r| &r.created_dirs))
            {
                managed::publish(path)?;
            }
        }
        let text = record::render(&InstallRecord {
            configs: new_records,
            package: Some(PackageFiles {
                files: package_files,
                created_dirs: package_dirs,
            }),
        });
        // Inside the package folder, as export writes: never through a
        // link put there.
        export::write::Out::create(&package)?.text(RECORD, &text)?;
        notes.push(format!("the package is in {}", package.display()));
    }
    let no_hooks = match targets.first().map(|t| &t.edit) {
        None | Some(targets::Edit::Own { text: None, .. }) => true,
        Some(
            targets::Edit::Merge {
                section: merge::Section::Hooks,
                fragment,
                ..
            }
            | targets::Edit::EventTables { fragment, .. },
        ) => fragment.is_empty(),
        Some(_) => false,
    };
    let servers: Vec<(&PathBuf, &String)> = targets
        .iter()
        .filter_map(|t| match &t.edit {
            targets::Edit::Merge {
                section: merge::Section::Servers,
                fragment,
                ..
            }
            | targets::Edit::ServerTables {
                servers: fragment, ..
            } => fragment.keys().next().map(|name| (&t.config, name)),
            _ => None,
        })
        .collect();
    if no_hooks {
        notes.push(format!(
            "the plugins have no hooks {} runs: {}",
            agent.title(),
            if servers.is_empty() {
                "nothing to install"
            } else {
                "only their MCP server is installed"
            }
        ));
    }
    for (config, name) in servers {
        notes.push(format!(
            "the plugins' tools: MCP server `{name}` in {}",
            config.display()
        ));
        notes.extend(export::claude_tool_names(agent, name, "<tool>"));
    }
    match &policy {
        Some(policy) => {
            notes.push(policy.note.to_owned());
            notes.push(format!(
                "the plugins' tools (their MCP server) are not part of a managed install: only their hooks are{}",
                if managed.is_some_and(|m| m.hooks_only) {
                    "; and, with --managed-hooks-only, no other hook runs, the users' and the projects' included"
                } else {
                    ""
                }
            ));
        }
        None => notes.extend(plain.map(|p| p.note.to_owned())),
    }
    Ok(InstallReport {
        agent,
        package,
        changes,
        notes,
    })
}

/// The file that keeps a project's package out of git.
const GITIGNORE: &str = ".gitignore";

/// A project's package holds this machine's binaries, and hook entries
/// that name them by this machine's paths: nothing in it is the
/// repository's, so git leaves all of it out (this file too).
fn gitignore(bin: &str) -> String {
    format!(
        "# Written by `{bin} install --project`: this package holds this machine's\n\
         # binaries and paths, so git leaves it out. `--uninstall` removes it.\n*\n"
    )
}

/// A config file before and after install.
struct Edited {
    before: Option<String>,
    after: Option<String>,
    /// The keys install created in it this time.
    created_keys: Vec<String>,
    /// The settings install has set in it now (see [`pins`]).
    pins: Vec<pins::SetPin>,
}

/// What install makes of `target`'s file. A malformed file is refused, and
/// so is a file install writes whole that holds something else and that
/// no install recorded (`previous`) as its own.
fn edited(
    target: &targets::Target,
    previous: Option<&Record>,
    agent: Agent,
) -> Result<Edited, InstallError> {
    match &target.edit {
        targets::Edit::Merge {
            section,
            skeleton,
            fragment,
            markers,
            pins: wanted,
        } => {
            let mut doc = merge::Doc::read(&target.config, skeleton, *section)?;
            let created_keys = match section {
                merge::Section::Hooks => {
                    let places = doc.remove(markers);
                    doc.add(fragment, &places)
                }
                merge::Section::Servers => {
                    let place = doc.remove_servers(markers);
                    doc.add_servers(fragment, place)
                        .map_err(|name| InstallError::ServerTaken {
                            path: target.config.clone(),
                            name,
                        })?
                }
            };
            let pins = pins::apply(&mut doc.root, wanted, recorded_pins(previous))
                .map_err(|taken| pin_taken(target, taken))?;
            // Nothing to merge into no file, or into one install created:
            // no file (an empty fragment where the package has no server,
            // or no hook the agent runs; a setting no longer asked for).
            let created = doc.before.is_none() || previous.is_some_and(|r| r.created_file);
            Ok(Edited {
                after: doc.text_after(created),
                before: doc.before,
                created_keys,
                pins,
            })
        }
        targets::Edit::EventTables {
            fragment,
            markers,
            pins: wanted,
        } => {
            let events: Vec<&String> = fragment.keys().collect();
            let mut doc = event_tables::Doc::read(&target.config, &events)?;
            let places = doc.remove(markers);
            let created_keys = doc.add(fragment, &places);
            let pins = pins::apply(&mut doc.file.doc, wanted, recorded_pins(previous))
                .map_err(|taken| pin_taken(target, taken))?;
            let created = doc.file.before.is_none() || previous.is_some_and(|r| r.created_file);
            Ok(Edited {
                after: doc.file.text_after(created),
                before: doc.file.before,
                created_keys,
                pins,
            })
        }
        targets::Edit::Tables { fragment, markers } => {
            let mut doc = tables::Doc::read(&target.config, tables::HOOKS)?;
            let place = doc.remove(markers);
            let created = fragment.as_deref().is_some_and(|f| doc.add(f, place));
            Ok(Edited {
                after: doc.file.text_after(doc.file.before.is_none()),
                before: doc.file.before,
                created_keys: if created {
                    vec!["hooks".to_owned()]
                } else {
                    Vec::new()
                },
                pins: Vec::new(),
            })
        }
        targets::Edit::ServerTables { servers, markers } => {
            let mut doc = tables::Doc::read(&target.config, tables::SERVERS)?;
            doc.remove_servers(markers);
            let created = doc
                .add_servers(servers)
                .map_err(|name| InstallError::ServerTaken {
                    path: target.config.clone(),
                    name,
                })?;
            Ok(Edited {
                after: doc.file.text_after(doc.file.before.is_none()),
                before: doc.file.before,
                created_keys: if created {
                    vec![tables::SERVERS.to_owned()]
                } else {
                    Vec::new()
                },
                pins: Vec::new(),
            })
        }
        targets::Edit::Own { text, owns_folder } => {
            let before = read_config(&target.config)?;
            if let Some(before) = &before
                && text.as_ref() != Some(before)
                && previous.is_none_or(|r| !r.created_file)
            {
                return Err(InstallError::Foreign {
                    path: target.config.clone(),
                });
            }
            if *owns_folder && before.is_none() {
                foreign_folder(target, agent)?;
            }
            Ok(Edited {
                before,
                after: text.clone(),
                created_keys: Vec::new(),
                pins: Vec::new(),
            })
        }
    }
}

/// The settings an earlier install recorded setting in a file.
fn recorded_pins(previous: Option<&Record>) -> &[pins::SetPin] {
    previous.map_or(&[], |r| r.pins.as_slice())
}

/// A key of `target`'s file that says otherwise than a pin, as the error.
fn pin_taken(target: &targets::Target, taken: pins::Taken) -> InstallError {
    InstallError::PinTaken {
        path: target.config.clone(),
        key: taken.key,
        found: taken.found,
        wanted: taken.wanted,
    }
}

/// Refuses an extension's folder holding anything while it has no link
/// file of install's: an extension installed by hand, or by the agent's
/// own `extensions install`, which the link would shadow.
fn foreign_folder(target: &targets::Target, agent: Agent) -> Result<(), InstallError> {
    let Some(dir) = target.config.parent() else {
        return Ok(());
    };
    let occupied = match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_some(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(source) => {
            return Err(InstallError::Io {
                path: dir.to_owned(),
                source,
            });
        }
    };
    if occupied {
        return Err(InstallError::ForeignFolder {
            dir: dir.to_owned(),
            file: target
                .config
                .file_name()
                .map(PathBuf::from)
                .unwrap_or_default(),
            agent,
        });
    }
    Ok(())
}

/// The folders above `file` that do not exist yet, innermost first.
fn missing_dirs(file: &Path) -> Vec<PathBuf> {
    file.ancestors()
        .skip(1)
        .take_while(|dir| !dir.exists())
        .map(Path::to_owned)
        .collect()
}

/// `path` with its longest existing ancestor resolved (symlinks), so that
/// the entries name the folder `export` resolves to.
/// Refuses a symbolic link at `path` or any folder between `root` and it.
/// A repository can ship links (`.claude/settings.local.json` to a secret
/// elsewhere, `.tackle/<bin>/<agent>` to the checkout itself): install
/// would copy the secret into the project, and uninstall delete what the
/// link names.
fn no_link_below(root: &Path, path: &Path) -> Result<(), InstallError> {
    let Ok(rest) = path.strip_prefix(root) else {
        return Ok(());
    };
    let mut at = root.to_owned();
    for part in rest.components() {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(InstallError::Link { path: at });
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    Ok(())
}

fn resolved(path: &Path) -> PathBuf {
    for ancestor in path.ancestors() {
        if let Ok(real) = ancestor.canonicalize() {
            let rest = path.strip_prefix(ancestor).unwrap_or(Path::new(""));
            return if rest.as_os_str().is_empty() {
                real
            } else {
                real.join(rest)
            };
        }
    }
    path.to_owned()
}

/// The unified diff from `before` to `after` (`None`: no file), empty when
/// they are the same.
fn diff(path: &Path, before: Option<&str>, after: Option<&str>) -> String {
    if before == after {
        return String::new();
    }
    let name = path.display().to_string();
    let old = if before.is_some() {
        name.as_str()
    } else {
        "/dev/null"
    };
    let new = if after.is_some() {
        name.as_str()
    } else {
        "/dev/null"
    };
    let mut text = String::new();
    let _ = write!(
        text,
        "{}",
        similar::TextDiff::from_lines(before.unwrap_or(""), after.unwrap_or(""))
            .unified_diff()
            .context_radius(3)
            .header(old, new)
    );
    text
}

/// Writes `text` to `path` through a file beside it renamed over it, so
/// that no reader sees half a file.
fn write(path: &Path, text: &str) -> Result<(), InstallError> {
    // A user's config kept as a link (a dotfiles manager's) stays one: the
    // file it names is written. (A project's links were refused.)
    let linked = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let real = if linked {
        std::fs::canonicalize(path).map_err(|source| InstallError::Io {
            path: path.to_owned(),
            source,
        })?
    } else {
        path.to_owned()
    };
    let path = real.as_path();
    let io = |source| InstallError::Io {
        path: path.to_owned(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(io)?;
    // The temporary file is private (0600): keep the file's own mode, or
    // the agent's usual one for a new file.
    let permissions = match std::fs::metadata(path) {
        Ok(meta) => meta.permissions(),
        Err(_) => std::fs::metadata(dir).map_err(io)?.permissions(),
    };
    #[cfg(unix)]
    let permissions = {
        use std::os::unix::fs::PermissionsExt;
        std::fs::Permissions::from_mode(permissions.mode() & 0o666)
    };
    file.as_file().set_permissions(permissions).map_err(io)?;
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

fn remove_file(path: &Path) -> Result<(), InstallError> {
    std::fs::remove_file(path).map_err(|source| InstallError::Io {
        path: path.to_owned(),
        source,
    })
}
