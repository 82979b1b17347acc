//! `tackle new`: writes a project from the templates.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::name::{NameError, ProjectName};
use crate::source::{SourceError, TackleSource};
use crate::template::{TEMPLATES, Values};

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
    /// Write into a folder that is not empty, replacing files of the same
    /// names and keeping the others.
    pub force: bool,
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
    /// Why the Rust files could not be formatted, if they could not.
    pub unformatted: Option<String>,
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
            | NewError::NotAFolder(_) => 2,
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
            NewError::Io { path, error } => {
                write!(f, "cannot write `{}`: {error}", path.display())
            }
            NewError::Template { path, problem } => {
                write!(f, "the template of `{path}` is broken: {problem}")
            }
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
    check_folder(&dir, options.force)?;
    let source = TackleSource::choose(options.tackle_path.as_deref(), options.git.as_deref())
        .map_err(NewError::Source)?;
    let values = values(&name, &source);
    let mut files = Vec::with_capacity(TEMPLATES.len());
    for template in TEMPLATES {
        let broken = |problem| NewError::Template {
            path: template.path,
            problem,
        };
        let relative = values.render(template.path).map_err(broken)?;
        let text = values.render(template.text).map_err(broken)?;
        let path = dir.join(&relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|error| NewError::Io {
                path: parent.to_owned(),
                error,
            })?;
        }
        std::fs::write(&path, text).map_err(|error| NewError::Io { path, error })?;
        files.push(relative);
    }
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
    let rust: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.ends_with(".rs"))
        .map(|f| dir.join(f))
        .collect();
    let unformatted = format(&rust).err();
    Ok(Created {
        dir,
        name,
        source,
        files,
        unformatted,
    })
}

/// Runs rustfmt (`$RUSTFMT`, else `rustfmt`) on `files`. The templates are
/// formatted for names of common length; a long name can push a line past
/// rustfmt's width, and `cargo fmt --check` must pass as generated.
fn format(files: &[PathBuf]) -> Result<(), String> {
    let rustfmt = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let output = std::process::Command::new(&rustfmt)
        .args(["--edition", "2024"])
        .args(files)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", rustfmt.to_string_lossy()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "`{}` failed ({}): {}",
            rustfmt.to_string_lossy(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// The placeholders' values for this project.
pub fn values(name: &ProjectName, source: &TackleSource) -> Values {
    Values::default()
        .with("crate", name.crate_name())
        .with("lib", name.lib_ident())
        .with("id", name.plugin_id())
        .with("bin", name.bin_name())
        .with("host", name.host_crate())
        .with("tackle_dep", source.dependency("sdk"))
        .with("tackle_runtime_dep", source.dependency("runtime"))
        .with("tackle_source", source.describe())
}

/// A folder that does not exist, or is empty, or `force`.
fn check_folder(dir: &Path, force: bool) -> Result<(), NewError> {
    let io = |error| NewError::Io {
        path: dir.to_owned(),
        error,
    };
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(e)),
        Ok(meta) if !meta.is_dir() => Err(NewError::NotAFolder(dir.to_owned())),
        Ok(_) if force => Ok(()),
        Ok(_) => {
            let entries = std::fs::read_dir(dir).map_err(io)?.count();
            if entries == 0 {
                Ok(())
            } else {
                Err(NewError::NotEmpty {
                    dir: dir.to_owned(),
                    entries,
                })
            }
        }
    }
}

impl Created {
    /// The commands to run next, for a POSIX shell.
    pub fn next_commands(&self) -> Vec<String> {
        vec![
            format!("cd {}", shell_quote(&self.dir.to_string_lossy())),
            "cargo test".to_owned(),
            format!("cargo run -p {} -- list", self.name.host_crate()),
        ]
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

    #[test]
    fn every_template_renders_with_the_values() {
        let name = ProjectName::parse("my_tool").expect("valid");
        let values = values(
            &name,
            &TackleSource::Git("https://example.invalid/t".into()),
        );
        for template in TEMPLATES {
            let text = values
                .render(template.text)
                .unwrap_or_else(|e| panic!("{}: {e}", template.path));
            assert!(!text.contains("{{"), "{}: {text}", template.path);
        }
    }
}
