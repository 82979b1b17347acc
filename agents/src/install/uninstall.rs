//! `install --uninstall`: install's entries and keys taken out of the
//! agent's config files, the files install created removed, and of the
//! package folder what install wrote there and nobody has changed since.
//! Nothing else is deleted: a file the user added in the package folder,
//! or changed there, stays, and so does the folder that holds it; each is
//! named.

use std::path::{Path, PathBuf};

use super::config_file::ConfigFile;
use super::record::{self, Confines, InstallRecord, RECORD, Record};
use super::{
    Change, InstallError, InstallOptions, InstallReport, diff, event_tables, merge,
    package_binaries, pins, read_config, remove_file, tables, targets, write,
};
use crate::Agent;
use crate::export::write::{MANIFEST, Out};

/// How many of the files kept in the package folder a note names.
const NAMED: usize = 10;

/// Takes out the entries naming the package's binary, the keys and the
/// files install created, and the package. Every file is read before any
/// is written: a malformed one refuses the uninstall with nothing changed.
pub(super) fn uninstall(
    agent: Agent,
    options: &InstallOptions,
    package: &Path,
    bin: &str,
    targets: Vec<targets::Target>,
    record: &InstallRecord,
    confines: Confines<'_>,
) -> Result<InstallReport, InstallError> {
    let records = &record.configs;
    let mut planned = Vec::new();
    let mut notes = Vec::new();
    for target in &targets {
        let record = records.iter().find(|r| r.config == target.config);
        let (before, after) = removed(target, record)?;
        // A file install wrote whole, since changed (one it never wrote
        // is the user's, and was never install's to name).
        if let (targets::Edit::Own { .. }, Some(_), Some(true)) =
            (&target.edit, &after, record.map(|r| r.created_file))
        {
            notes.push(format!(
                "kept {}: changed since install wrote it",
                target.config.display()
            ));
        }
        if before.is_some() {
            planned.push((target, record, before, after));
        }
    }
    let binaries = package_binaries(package, bin);
    let stale: Vec<(&Record, String)> = records
        .iter()
        .filter_map(|r| Some((r, r.stale(&targets, &binaries, confines)?)))
        .collect();
    // A user's install may have made the folders above its data folder
    // (`~/.local/share`); never the home itself or anything outside it.
    let home = match (&options.scope, &options.managed) {
        (super::Scope::User, None) => Some(options.home.as_path()),
        _ => None,
    };
    let package_plan = PackagePlan::new(package, record, agent, home)?;
    let mut changes = Vec::new();
    for (target, record, before, after) in planned {
        let diff = diff(&target.config, before.as_deref(), after.as_deref());
        if !options.dry_run && !diff.is_empty() {
            match (&after, record) {
                (Some(text), _) => write(&target.config, text)?,
                (None, Some(record)) => record.remove(confines.project)?,
                (None, None) => remove_file(&target.config)?,
            }
        }
        changes.push(Change {
            path: target.config.clone(),
            diff,
        });
    }
    for (record, text) in stale {
        if !options.dry_run {
            record.remove(confines.project)?;
        }
        changes.push(Change {
            diff: diff(&record.config, Some(&text), None),
            path: record.config.clone(),
        });
    }
    if let Some(plan) = package_plan {
        notes.extend(plan.carry_out(options.dry_run)?);
    }
    if changes.iter().all(|c| c.diff.is_empty()) && notes.is_empty() {
        let files: Vec<String> = targets
            .iter()
            .map(|t| t.config.display().to_string())
            .collect();
        notes.push(format!(
            "nothing to uninstall: {} holds no entry of this package's",
            if files.is_empty() {
                "the agent's config".to_owned()
            } else {
                files.join(", ")
            }
        ));
    }
    Ok(InstallReport {
        agent,
        package: package.to_owned(),
        changes,
        notes,
    })
}

/// `target`'s file before and after install's part is taken out (`None`:
/// no file).
fn removed(
    target: &targets::Target,
    record: Option<&Record>,
) -> Result<(Option<String>, Option<String>), InstallError> {
    let created = record.is_some_and(|r| r.created_file);
    Ok(match &target.edit {
        targets::Edit::Merge {
            section,
            skeleton,
            markers,
            pins: known,
            ..
        } => {
            let mut doc = merge::Doc::read(&target.config, skeleton, *section)?;
            match section {
                merge::Section::Hooks => drop(doc.remove(markers)),
                merge::Section::Servers => drop(doc.remove_servers(markers)),
            }
            if let Some(record) = record {
                // Before the tables they sit in are pruned.
                pins::remove(&mut doc.root, known, &record.pins);
                doc.prune(&record.created_keys);
            }
            let after = doc.text_after(created);
            (doc.before, after)
        }
        targets::Edit::EventTables {
            fragment,
            markers,
            pins: known,
        } => {
            let events: Vec<&String> = fragment.keys().collect();
            let mut doc = event_tables::Doc::read(&target.config, &events)?;
            doc.remove(markers);
            if let Some(record) = record {
                pins::remove(&mut doc.file.doc, known, &record.pins);
                doc.prune(&record.created_keys);
            }
            let after = doc.file.text_after(created);
            (doc.file.before, after)
        }
        targets::Edit::Tables { markers, .. } => {
            let mut doc = tables::Doc::read(&target.config, tables::HOOKS)?;
            doc.remove(markers);
            doc.prune(record.is_some_and(|r| r.created_keys.iter().any(|k| k == tables::HOOKS)));
            let after = doc.file.text_after(created);
            (doc.file.before, after)
        }
        targets::Edit::ServerTables { markers, .. } => {
            let mut doc = tables::Doc::read(&target.config, tables::SERVERS)?;
            doc.remove_servers(markers);
            doc.prune_servers(
                record.is_some_and(|r| r.created_keys.iter().any(|k| k == tables::SERVERS)),
            );
            let after = doc.file.text_after(created);
            (doc.file.before, after)
        }
        // Removed only when it is still what install wrote: the package's
        // text, or what the record's SHA-256 says install wrote.
        targets::Edit::Own { text, .. } => {
            let before = read_config(&target.config)?;
            let after = match &before {
                Some(now) if Some(now) == text.as_ref() || record.is_some_and(|r| r.wrote(now)) => {
                    None
                }
                _ => before.clone(),
            };
            (before, after)
        }
    })
}

/// What uninstall takes out of the package folder: the files install
/// wrote there (each inside the folder, by `Out`'s checks) that are what
/// it wrote, by their recorded SHA-256; for an install from before those
/// were recorded, the files the export manifest lists. Then the record,
/// the folder once empty, and the folders above it install created.
struct PackagePlan {
    package: PathBuf,
    out: Out,
    /// Relative to the package folder.
    remove: Vec<String>,
    /// Files install wrote that have changed since.
    changed: Vec<PathBuf>,
    /// The folders above the package install created.
    created_dirs: Vec<PathBuf>,
}

impl PackagePlan {
    /// The plan for `package`; `None` when there is no package folder.
    fn new(
        package: &Path,
        record: &InstallRecord,
        agent: Agent,
        home: Option<&Path>,
    ) -> Result<Option<PackagePlan>, InstallError> {
        if !std::fs::symlink_metadata(package).is_ok_and(|m| m.is_dir()) {
            return Ok(None);
        }
        let out = Out::create(package)?;
        let listed: Vec<(String, Option<&String>)> = match &record.package {
            Some(files) => files
                .files
                .iter()
                .map(|(rel, sha256)| (rel.clone(), Some(sha256)))
                .collect(),
            None => out
                .written_by(agent.name())
                .into_iter()
                .chain([MANIFEST.to_owned()])
                .map(|rel| (rel, None))
                .collect(),
        };
        let mut remove = Vec::new();
        let mut changed = Vec::new();
        for (rel, sha256) in listed {
            // A path that leads out of the folder, or through a link out,
            // is none of install's: `Out` does not give it.
            let Some(path) = out.plain_file(&rel) else {
                continue;
            };
            match sha256 {
                Some(sha256) if record::file_sha256(&path)?.as_ref() != Some(sha256) => {
                    changed.push(path);
                }
                _ => remove.push(rel),
            }
        }
        remove.push(RECORD.to_owned());
        // Only `<bin>/` and `tackle/` (`.tackle/`), and for a user's
        // install the folders above inside the home, whatever the record
        // says: a project's record is the project's to write.
        let above: Vec<&Path> = package
            .ancestors()
            .skip(1)
            .enumerate()
            .filter(|(i, dir)| {
                *i < 2 || home.is_some_and(|home| dir.starts_with(home) && *dir != home)
            })
            .map(|(_, dir)| dir)
            .collect();
        let created_dirs = match &record.package {
            Some(files) => files
                .created_dirs
                .iter()
                .filter(|dir| above.contains(&dir.as_path()))
                .cloned()
                .collect(),
            None => above.into_iter().map(Path::to_owned).collect(),
        };
        Ok(Some(PackagePlan {
            package: package.to_owned(),
            out,
            remove,
            changed,
            created_dirs,
        }))
    }

    /// Removes what the plan says (nothing with `dry_run`); returns the
    /// notes: the package removed, or what was kept in it and why.
    fn carry_out(self, dry_run: bool) -> Result<Vec<String>, InstallError> {
        let kept: Vec<PathBuf> = files_below(&self.package)
            .into_iter()
            .filter(|rel| !self.remove.iter().any(|r| Path::new(r) == rel))
            .collect();
        let mut notes = Vec::new();
        for path in &self.changed {
            notes.push(format!(
                "kept {}: changed since install wrote it",
                path.display()
            ));
        }
        let foreign: Vec<String> = kept
            .iter()
            .map(|rel| self.package.join(rel))
            .filter(|path| !self.changed.contains(path))
            .map(|path| path.display().to_string())
            .collect();
        if !foreign.is_empty() {
            let more = foreign.len().saturating_sub(NAMED);
            notes.push(format!(
                "kept what install did not write in the package folder: {}{}",
                foreign[..foreign.len().min(NAMED)].join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            ));
        }
        let whole = kept.is_empty();
        if dry_run {
            notes.push(if whole {
                format!(
                    "dry run: nothing written; would remove the package {}",
                    self.package.display()
                )
            } else {
                format!(
                    "dry run: nothing written; would remove what install wrote in {}",
                    self.package.display()
                )
            });
            return Ok(notes);
        }
        for rel in &self.remove {
            self.out.remove(rel)?;
        }
        // Only while empty: what install did not write keeps its folder.
        let _ = std::fs::remove_dir(&self.package);
        for dir in &self.created_dirs {
            let _ = std::fs::remove_dir(dir);
        }
        notes.push(if self.package.exists() {
            format!(
                "removed what install wrote in {}; the folder stays for what it still holds",
                self.package.display()
            )
        } else {
            format!("removed the package {}", self.package.display())
        });
        Ok(notes)
    }
}

/// Every file under `dir` (links not followed, each named as itself),
/// relative to it.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![PathBuf::new()];
    while let Some(rel) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(dir.join(&rel)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = rel.join(entry.file_name());
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(path),
                _ => files.push(path),
            }
        }
    }
    files.sort();
    files
}
