//! `tackle new`: writes a project from the templates.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::name::{NameError, ProjectName};
use crate::source::{SourceError, TackleSource};
use crate::template::{TEMPLATES, Values};
use crate::write::{self, WriteError};

/// What `tackle new` was asked for.
#[derive(Debug, Clone, Default)]
pub struct NewOptions {
    /// The project's name (checked by [`ProjectName::parse`]).
    pub name: String,
    /// The project's folder (default: `./NAME`).
    pub path: Option<PathBuf>,
    /// A tackle checkout to depend on by path.
    pub tackle_path: Option<PathBuf>,
    /// A git repository to depend on instead (wins over `tackle_path`).
    pub git: Option<String>,
    /// Depend on tackle from crates.io (wins over both).
    pub crates_io: bool,
    /// Write into a folder that is not empty, replacing files of the same
    /// names and keeping the others.
    pub force: bool,
    /// Build into this target folder (`.cargo/config.toml`'s
    /// `build.target-dir`), which other projects can share. Without it, a
    /// project that depends on a checkout builds into the checkout's
    /// `target/`, unless [`own_target`](Self::own_target).
    pub target_dir: Option<PathBuf>,
    /// Build into the project's own `./target`, not the checkout's.
    pub own_target: bool,
    /// Trust the project for the user running this, as `plugins trust`
    /// does, when the folder was new or empty (everything in it is then
    /// what `tackle new` wrote).
    pub trust: bool,
}

/// A project written.
#[derive(Debug, Clone)]
pub struct Created {
    /// Its folder, as given (or `NAME`).
    pub dir: PathBuf,
    /// Its name and the names made from it.
    pub name: ProjectName,
    /// Where it gets tackle.
    pub source: TackleSource,
    /// The files written, relative to `dir`, `/`-separated.
    pub files: Vec<String>,
    /// The target folder it builds into, when not its own `./target`:
    /// `--target-dir`'s, or the checkout's it depends on.
    pub target_dir: Option<PathBuf>,
    /// Why the Rust files could not be formatted, if they could not.
    pub unformatted: Option<String>,
    /// The user's trust list the project was added to, or why it was not
    /// trusted.
    pub trust: Result<PathBuf, String>,
}

/// Why no project was written, or not all of it.
#[derive(Debug)]
pub enum NewError {
    /// The name is not a valid project name.
    Name(NameError),
    /// No tackle checkout or repository to depend on.
    Source(SourceError),
    /// The folder holds files already, and `--force` was not given.
    NotEmpty {
        /// The folder.
        dir: PathBuf,
        /// How many entries it holds.
        entries: usize,
    },
    /// The folder's path names something other than a folder.
    NotAFolder(PathBuf),
    /// `--target-dir` is not valid UTF-8, which `.cargo/config.toml`
    /// cannot hold.
    TargetDir(PathBuf),
    /// A file or folder could not be read or written.
    Io {
        /// Which one.
        path: PathBuf,
        /// What failed.
        error: std::io::Error,
    },
    /// A template names a placeholder with no value (a bug in `tackle`).
    Template {
        /// The template's path.
        path: &'static str,
        /// The problem.
        problem: String,
    },
}

impl NewError {
    /// The process's exit code: 2 for what the user asked (the name, the
    /// folder, the source), 1 for what failed while writing.
    pub fn exit_code(&self) -> u8 {
        match self {
            NewError::Name(_)
            | NewError::Source(_)
            | NewError::NotEmpty { .. }
            | NewError::NotAFolder(_)
            | NewError::TargetDir(_) => 2,
            NewError::Io { .. } | NewError::Template { .. } => 1,
        }
    }
}

impl fmt::Display for NewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewError::Name(e) => e.fmt(f),
            NewError::Source(e) => e.fmt(f),
            NewError::NotEmpty { dir, entries } => write!(
                f,
                "`{}` exists and is not empty ({entries} entr{}); choose another folder with `--path`, \
                 or pass `--force` to write the project into it (files of the same names are replaced, others kept)",
                dir.display(),
                if *entries == 1 { "y" } else { "ies" }
            ),
            NewError::NotAFolder(dir) => {
                write!(f, "`{}` exists and is not a folder", dir.display())
            }
            NewError::TargetDir(dir) => write!(
                f,
                "`--target-dir {}` is not valid UTF-8, which `.cargo/config.toml` cannot hold",
                dir.display()
            ),
            NewError::Io { path, error } => {
                write!(f, "cannot write `{}`: {error}", path.display())
            }
            NewError::Template { path, problem } => {
                write!(f, "the template of `{path}` is broken: {problem}")
            }
        }
    }
}

impl From<WriteError> for NewError {
    fn from(e: WriteError) -> NewError {
        match e {
            WriteError::Io { path, error } => NewError::Io { path, error },
            WriteError::Template { path, problem } => NewError::Template { path, problem },
        }
    }
}

impl std::error::Error for NewError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NewError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Checks the name, the folder and tackle's source, then writes every file.
/// Nothing is written unless all three are fine.
pub fn create(options: &NewOptions) -> Result<Created, NewError> {
    let name = ProjectName::parse(&options.name).map_err(NewError::Name)?;
    let dir = options
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from(name.crate_name()));
    let held_files = check_folder(&dir, options.force)?;
    let source = TackleSource::choose(
        options.tackle_path.as_deref(),
        options.git.as_deref(),
        options.crates_io,
    )
    .map_err(NewError::Source)?;
    let target_dir = match (&options.target_dir, &source) {
        (Some(dir), _) => Some(target_dir(dir)?),
        // The checkout's build (the demo, the `tackle` command, another
        // project) already holds tackle and its dependencies, compiled
        // with the same lock file and profiles: sharing it saves the
        // first build's minutes and gigabyte.
        (None, TackleSource::Path(root)) if !options.own_target => {
            Some(target_dir(&root.join("target"))?)
        }
        (None, _) => None,
    };
    let values = values(&name, &source, target_dir.as_deref());
    let mut files = write::templates(&dir, TEMPLATES, &values)?;
    if let TackleSource::Path(root) = &source {
        // The versions tackle is tested with, already downloaded if the
        // checkout was built: Cargo drops the entries the project does not use.
        let lock = root.join("Cargo.lock");
        if lock.is_file() {
            let to = dir.join("Cargo.lock");
            std::fs::copy(&lock, &to).map_err(|error| NewError::Io { path: to, error })?;
            files.push("Cargo.lock".to_owned());
        }
    }
    let unformatted = write::format(&dir, &files).err();
    let trust = trust(&dir, options.trust, held_files);
    Ok(Created {
        dir,
        name,
        source,
        files,
        target_dir,
        unformatted,
        trust,
    })
}

/// Lists the project in the user's trust list, as `plugins trust` does:
/// the person who ran `tackle new` wrote it, so its own `tackle.toml`
/// applies to their hooks. The list is the user's, keyed by the folder's
/// path, so a clone of the project (elsewhere, or on another machine) is
/// not trusted by it. A folder that held files before is not trusted:
/// they are not `tackle new`'s.
fn trust(dir: &Path, wanted: bool, held_files: bool) -> Result<PathBuf, String> {
    if !wanted {
        return Err("not asked to (--no-trust)".to_owned());
    }
    if held_files {
        return Err(
            "the folder held files before `tackle new` wrote into it, and they are not its to vouch for"
                .to_owned(),
        );
    }
    tackle_spec::trust::set_trusted(dir, true)
}

/// `--target-dir DIR` as the absolute path `.cargo/config.toml` will
/// name (a relative one is taken from the current folder, as Cargo's
/// `CARGO_TARGET_DIR` is).
fn target_dir(dir: &Path) -> Result<PathBuf, NewError> {
    let absolute = if dir.is_absolute() {
        dir.to_owned()
    } else {
        std::env::current_dir()
            .map_err(|error| NewError::Io {
                path: dir.to_owned(),
                error,
            })?
            .join(dir)
    };
    if absolute.to_str().is_none() {
        return Err(NewError::TargetDir(absolute));
    }
    Ok(absolute)
}

/// `.cargo/config.toml`'s `[build] target-dir`, with why it is there, or
/// nothing without `--target-dir`.
fn target_dir_table(target_dir: Option<&Path>) -> String {
    let Some(target) = target_dir else {
        return String::new();
    };
    let mut build = toml::Table::new();
    // Checked to be UTF-8 by `target_dir`.
    build.insert(
        "target-dir".into(),
        target.to_string_lossy().into_owned().into(),
    );
    let mut table = toml::Table::new();
    table.insert("build".into(), toml::Value::Table(build));
    format!(
        "\n# Written by `tackle new`: this project builds into a target folder\n\
         # other projects (and the tackle checkout) share, so tackle and its\n\
         # dependencies are compiled once for all of them. `cargo clean` here\n\
         # empties that folder. Remove the table to build into ./target.\n{table}"
    )
}

/// The placeholders' values for this project, building into
/// `target_dir` if it has one of its own.
pub fn values(name: &ProjectName, source: &TackleSource, target_dir: Option<&Path>) -> Values {
    Values::default()
        .with("crate", name.crate_name())
        .with("lib", name.lib_ident())
        .with("id", name.plugin_id())
        .with("bin", name.bin_name())
        .with("host", name.host_crate())
        .with("hook", name.hook_crate())
        .with("tackle_dep", source.dependency("sdk"))
        .with(
            "tackle_runtime_dep",
            source.dependency_without_default_features("runtime"),
        )
        .with("tackle_dep_note", source.note())
        .with("tackle_source", source.describe())
        .with("tackle_guide", source.guide())
        .with("target_note", target_note(target_dir))
        .with("target_dir_table", target_dir_table(target_dir))
        // GitHub's expressions, `${{ ... }}`, in the release workflow.
        .with("gh", "${{")
}

/// What the README says of the first build and where it goes.
fn target_note(target_dir: Option<&Path>) -> String {
    match target_dir {
        Some(dir) => format!(
            "This project builds into `{}` (`.cargo/config.toml`, written by\n\
             `tackle new`): projects that share that folder compile tackle and its\n\
             dependencies once for all of them, and `cargo clean` here empties it.\n\
             The binaries are in that folder too: `cargo run` finds them.",
            dir.display()
        ),
        None => "The first build compiles tackle and its dependencies, about 200 crates\n\
                 (a few minutes). Projects that share a target folder compile them once:\n\
                 `export CARGO_TARGET_DIR=~/.cache/tackle-target` before building, or\n\
                 `tackle new NAME --target-dir DIR`, which writes it into the project's\n\
                 `.cargo/config.toml`."
            .to_owned(),
    }
}

/// A folder that does not exist, or is empty, or `force`; `true` when it
/// holds files already.
fn check_folder(dir: &Path, force: bool) -> Result<bool, NewError> {
    let io = |error| NewError::Io {
        path: dir.to_owned(),
        error,
    };
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io(e)),
        Ok(meta) if !meta.is_dir() => Err(NewError::NotAFolder(dir.to_owned())),
        Ok(_) => {
            let entries = std::fs::read_dir(dir).map_err(io)?.count();
            match entries {
                0 => Ok(false),
                _ if force => Ok(true),
                _ => Err(NewError::NotEmpty {
                    dir: dir.to_owned(),
                    entries,
                }),
            }
        }
    }
}

impl Created {
    /// The commands to run next, for a POSIX shell: `plugins trust` too
    /// when the project could not be trusted for its author here.
    pub fn next_commands(&self) -> Vec<String> {
        let host = self.name.host_crate();
        let mut commands = vec![
            format!("cd {}", shell_quote(&self.dir.to_string_lossy())),
            "cargo test".to_owned(),
        ];
        if self.trust.is_err() {
            commands.push(format!("cargo run -p {host} -- plugins trust"));
        }
        commands.push(format!("cargo run -p {host} -- list"));
        commands
    }
}

/// `text` as one shell word: as it is when that is safe, else single-quoted.
pub fn shell_quote(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-+:@%=,".contains(&b));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(shell_quote("my-plugin"), "my-plugin");
        assert_eq!(shell_quote("/tmp/a b"), "'/tmp/a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote("$HOME"), "'$HOME'");
    }

    /// The project's `.cargo/config.toml`, rendered and parsed.
    fn cargo_config(target_dir: Option<&Path>) -> toml::Table {
        let template = TEMPLATES
            .iter()
            .find(|t| t.path == ".cargo/config.toml")
            .expect("the template");
        let name = ProjectName::parse("my_tool").expect("valid");
        let source = TackleSource::Git("https://example.invalid/t".into());
        let text = values(&name, &source, target_dir)
            .render(template.text)
            .expect("renders");
        text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    #[test]
    fn the_cargo_config_builds_the_hook_binary_static_and_windows_without_vcruntime() {
        let config = cargo_config(None);
        let alias: Vec<&str> = config["alias"]["build-hook"]
            .as_array()
            .expect("an array")
            .iter()
            .map(|arg| arg.as_str().expect("a string"))
            .collect();
        assert_eq!(
            alias,
            [
                "rustc",
                "--profile",
                "hook",
                "-p",
                "my_tool-hook",
                "--bin",
                "my_tool-hook",
                "--",
                "-C",
                "target-feature=+crt-static",
                "-C",
                "relocation-model=static",
            ]
        );
        let windows = &config["target"][r#"cfg(all(windows, target_env = "msvc"))"#];
        assert_eq!(
            windows["rustflags"],
            toml::Value::Array(vec!["-C".into(), "target-feature=+crt-static".into()])
        );
        // Without `--target-dir`, Cargo's default target folder.
        assert!(!config.contains_key("build"), "{config:?}");
        let mut keys: Vec<&str> = config.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["alias", "target"]);
    }

    #[test]
    fn target_dir_is_merged_into_the_cargo_config() {
        // A path TOML must escape.
        let dir = Path::new(r#"/cache/a "quoted" \ target"#);
        let mut config = cargo_config(Some(dir));
        let build = config.remove("build").expect("[build]");
        let mut expected = toml::Table::new();
        expected.insert("target-dir".into(), dir.to_str().expect("UTF-8").into());
        assert_eq!(build, toml::Value::Table(expected));
        // And the rest is as without it.
        assert_eq!(config, cargo_config(None));
    }

    #[test]
    fn every_template_renders_with_the_values() {
        let name = ProjectName::parse("my_tool").expect("valid");
        let values = values(
            &name,
            &TackleSource::Git("https://example.invalid/t".into()),
            None,
        );
        for template in TEMPLATES.iter().chain(crate::template::ADDED) {
            let text = values
                .render(template.text)
                .unwrap_or_else(|e| panic!("{}: {e}", template.path));
            // `${{ … }}` is GitHub Actions' own expression, not ours.
            let ours = text.replace("${{", "");
            assert!(!ours.contains("{{"), "{}: {text}", template.path);
        }
    }
}
