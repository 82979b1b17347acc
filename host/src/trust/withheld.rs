//! A record of what an untrusted project asked for and did not get.

use std::fmt;
use std::path::{Path, PathBuf};

/// Something a project's files asked for that tackle did not do, because
/// the project is not trusted. Kept for `doctor` and the listings, never
/// dropped silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withheld {
    /// The project's file that asked.
    pub file: PathBuf,
    /// What it asked for: a config key (`enabled`, `permission_rules[2]`,
    /// `plugins.guard`), an entry of the state file (`disabled[0]`), a
    /// plugin of a project folder (its id), or a variable (`env.TACKLE_HOME`).
    pub item: String,
    /// Why it was refused: what it would do.
    pub why: String,
}

impl Withheld {
    /// What `file` asked for (`item`) and why it was not applied.
    pub fn new(
        file: impl Into<PathBuf>,
        item: impl Into<String>,
        why: impl Into<String>,
    ) -> Withheld {
        Withheld {
            file: file.into(),
            item: item.into(),
            why: why.into(),
        }
    }
}

impl fmt::Display for Withheld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.item.is_empty() {
            write!(f, "{} is not applied: {}", self.file.display(), self.why)
        } else {
            write!(
                f,
                "{}: `{}` is not applied: {}",
                self.file.display(),
                self.item,
                self.why
            )
        }
    }
}

/// One line saying that `withheld` was not applied, naming each item by
/// its file, for every place a user sees tackle's output: the commands'
/// stderr, and the hook's notes, which the agent shows without taking them
/// for a decision. `None` when nothing was withheld.
pub fn not_applied_note(withheld: &[Withheld]) -> Option<String> {
    let mut files: Vec<(&Path, Vec<String>)> = Vec::new();
    for w in withheld {
        let item = if w.item.is_empty() {
            "the whole file".to_owned()
        } else {
            format!("`{}`", w.item)
        };
        match files.iter_mut().find(|(file, _)| *file == w.file.as_path()) {
            Some((_, items)) => items.push(item),
            None => files.push((&w.file, vec![item])),
        }
    }
    if files.is_empty() {
        return None;
    }
    let listed: Vec<String> = files
        .iter()
        .map(|(file, items)| format!("{} of {}", items.join(", "), file.display()))
        .collect();
    Some(format!(
        "this project is not trusted, so {} thing(s) its files ask for are not applied: {}. `doctor` says why; `{}`, run in the project with the host binary, applies them",
        withheld.len(),
        listed.join("; "),
        super::TRUST_COMMAND
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_each_item_by_its_file_and_the_trust_command() {
        assert_eq!(not_applied_note(&[]), None);
        let note = not_applied_note(&[
            Withheld::new("/p/tackle.toml", "enabled", "it could leave a guard out"),
            Withheld::new("/p/.tackle/plugins.json", "disabled[0]", "off"),
            Withheld::new("/p/tackle.toml", "plugins.guard", "weakens"),
        ])
        .expect("a note");
        assert_eq!(
            note,
            "this project is not trusted, so 3 thing(s) its files ask for are not applied: \
             `enabled`, `plugins.guard` of /p/tackle.toml; `disabled[0]` of /p/.tackle/plugins.json. \
             `doctor` says why; `plugins trust`, run in the project with the host binary, applies them"
        );
    }
}
