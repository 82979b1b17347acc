//! Which places a recursive, forced delete must not reach: `/`, the system
//! folders in it, a home folder, every folder above one, and the folders in
//! a home that hold what cannot be rebuilt (`.ssh`, `.config`,
//! `Documents`, ...). A glob is judged by what it can match, not by its
//! spelling: `/[a-z]*` can match `/usr`, `~/.*` can match `~/.ssh`, `.*`
//! can match `..`.

use glob::{MatchOptions, Pattern};
use tackle::shell::{Base, Name, Place};

/// The folders directly in `/` that a system needs (Linux and macOS).
const SYSTEM: [&str; 30] = [
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "media",
    "mnt",
    "nix",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "snap",
    "srv",
    "sys",
    "tmp",
    "usr",
    "var",
    "Applications",
    "Library",
    "System",
    "Users",
    "Volumes",
    "cores",
    "private",
];

/// The folders of `/` that hold users' home folders.
const HOMES: [&str; 2] = ["home", "Users"];

/// What in a home folder cannot be rebuilt: keys, settings, documents.
const PRECIOUS: [&str; 22] = [
    ".ssh",
    ".gnupg",
    ".config",
    ".local",
    ".bashrc",
    ".bash_profile",
    ".profile",
    ".zshrc",
    ".zprofile",
    ".gitconfig",
    ".aws",
    ".kube",
    ".docker",
    ".password-store",
    "Documents",
    "Desktop",
    "Downloads",
    "Pictures",
    "Music",
    "Videos",
    "Library",
    "Projects",
];

/// What the guard knows of the machine: the user's home folder and the
/// folder the command line starts in, as absolute paths, where the agent
/// says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folders {
    /// The user's home folder (`/home/me`).
    pub home: Option<String>,
    /// The folder the agent runs the command in (`/home/me/project`).
    pub start: Option<String>,
}

/// Why deleting `place` wholesale is refused, naming what it reaches; `None`
/// for a place the guard lets go.
pub(crate) fn reaches(place: &Place, folders: &Folders) -> Option<String> {
    let place = resolve(place, folders);
    if let Some(why) = judge(&place, folders) {
        return Some(why);
    }
    // A last name that can match `..` or `.` (`.*`) reaches that folder too.
    let last = place.names.last()?;
    let mut parent = place.clone();
    parent.names.pop();
    if can_match(last, &[".."]) {
        let mut above = parent.clone();
        if above.names.pop().is_none() && above.base != Base::Root {
            above.up += 1;
        }
        if let Some(why) = judge(&above, folders) {
            return Some(format!("{why}, as `{place}` can match `..`"));
        }
    }
    if can_match(last, &["."]) {
        return judge(&parent, folders).map(|why| format!("{why}, as `{place}` can match `.`"));
    }
    None
}

/// Why deleting everything below `place` (what `find` finds there) is
/// refused: it is protected, or holds a protected folder.
pub(crate) fn holds(place: &Place, folders: &Folders) -> Option<String> {
    if let Some(why) = reaches(place, folders) {
        return Some(why);
    }
    let place = resolve(place, folders);
    let shown = place.to_string();
    let holds = match (&place.base, place.up, place.names.as_slice()) {
        (Base::Root, _, []) => true,
        (Base::Root, _, [top]) => can_match(top, &HOMES),
        (Base::Home | Base::HomeOf(_), _, []) => true,
        (Base::Start, up, []) => up > 0,
        (Base::Unknown(_), _, []) => true,
        _ => absolute(folders.home.as_deref())
            .is_some_and(|home| above_or_at(&place, &home) == Some(true)),
    };
    holds.then(|| format!("everything under `{shown}`, which holds protected folders"))
}

/// `place` with a known start folder written from `/`, and a path into
/// the home folder (known, or any in `/home` and `/Users`) read from that
/// home.
fn resolve(place: &Place, folders: &Folders) -> Place {
    let mut place = place.clone();
    if place.base == Base::Start
        && let Some(mut from) = absolute(folders.start.as_deref())
    {
        for _ in 0..place.up {
            from.names.pop();
        }
        from.names.extend(place.names);
        place = from;
    }
    if place.base != Base::Root {
        return place;
    }
    if let Some(home) = absolute(folders.home.as_deref())
        && !home.names.is_empty()
        && place.names.starts_with(&home.names)
    {
        return Place {
            base: Base::Home,
            up: 0,
            names: place.names[home.names.len()..].to_vec(),
        };
    }
    if let [Name::Literal(homes), Name::Literal(user), ..] = place.names.as_slice()
        && HOMES.contains(&homes.as_str())
    {
        return Place {
            base: Base::HomeOf(user.clone()),
            up: 0,
            names: place.names[2..].to_vec(),
        };
    }
    place
}

/// An absolute path as a place.
fn absolute(path: Option<&str>) -> Option<Place> {
    let path = path.filter(|p| p.starts_with('/'))?;
    Place::parse(path, &[])
        .into_iter()
        .next()
        .filter(|p| p.base == Base::Root)
}

/// The rules, on a resolved place.
fn judge(place: &Place, folders: &Folders) -> Option<String> {
    let shown = place.to_string();
    match (&place.base, place.up, place.names.as_slice()) {
        (Base::Root, _, []) => Some("the whole filesystem (`/`)".to_owned()),
        (Base::Root, _, [Name::Literal(name)]) if SYSTEM.contains(&name.as_str()) => {
            Some(format!("the system folder `{shown}`"))
        }
        (Base::Root, _, [glob @ Name::Glob(_)]) => matched(glob, &SYSTEM).map(|name| {
            format!("everything `{shown}` matches in the filesystem root, such as `/{name}`")
        }),
        (Base::Root, _, [Name::Literal(homes), _]) if HOMES.contains(&homes.as_str()) => {
            Some(format!("the home directories `{shown}` matches"))
        }
        (Base::Home | Base::HomeOf(_), up, _) if up > 0 => Some(format!(
            "`{shown}`, a folder above a home directory, which holds it"
        )),
        (Base::Home, _, []) => Some("the home directory (`~`)".to_owned()),
        (Base::HomeOf(user), _, []) => Some(format!("the home directory of `{user}` (`~{user}`)")),
        (Base::Home | Base::HomeOf(_), _, [name]) => matched(name, &PRECIOUS).map(|found| {
            if matches!(name, Name::Glob(_)) {
                format!("everything `{shown}` matches in the home directory, such as `{found}`")
            } else {
                format!("`{shown}` in the home directory")
            }
        }),
        (Base::Start, up, []) if up > 0 => Some(format!(
            "`{shown}`, a folder above the one the command starts in, which may be the home \
             directory or `/`"
        )),
        (Base::Start, up, [glob @ Name::Glob(_)]) if up > 0 => in_unknown(glob, &shown),
        (Base::Unknown(_), up, []) if up > 0 => Some(format!(
            "`{shown}`, a folder above one the command line does not show, which may be the \
             home directory or `/`"
        )),
        (Base::Unknown(_), _, [glob @ Name::Glob(_)]) => in_unknown(glob, &shown),
        (Base::Root, _, _) => {
            let home = absolute(folders.home.as_deref())?;
            (above_or_at(place, &home) == Some(true))
                .then(|| format!("`{shown}`, a folder above the home directory"))
        }
        _ => None,
    }
}

/// A glob in a folder the line does not show, which may be `/` or a home.
fn in_unknown(glob: &Name, shown: &str) -> Option<String> {
    matched(glob, &SYSTEM)
        .or_else(|| matched(glob, &PRECIOUS))
        .map(|name| {
            format!(
                "everything `{shown}` matches in a folder the command line does not show, \
                 which may be `/` or the home directory (it can match `{name}`)"
            )
        })
}

/// Whether `place` is `folder` or a folder above it (`Some(false)`: not;
/// `None`: they are not both from `/`).
fn above_or_at(place: &Place, folder: &Place) -> Option<bool> {
    if place.base != Base::Root || folder.base != Base::Root {
        return None;
    }
    Some(
        place.names.len() <= folder.names.len()
            && place
                .names
                .iter()
                .zip(&folder.names)
                .all(|(name, theirs)| can_match(name, &[theirs.text()])),
    )
}

/// The first of `names` that `name` is or can match.
fn matched<'a>(name: &Name, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .find(|candidate| can_match(name, &[candidate]))
        .copied()
}

/// Whether `name` is one of `names`, or a glob that can match one, as the
/// shell matches (`*` does not match a leading `.`). An extended glob
/// (`!(x)`) is taken to match anything.
fn can_match(name: &Name, names: &[&str]) -> bool {
    match name {
        Name::Literal(text) => names.contains(&text.as_str()),
        Name::Glob(glob) => {
            if ["@(", "!(", "+(", "*(", "?("]
                .iter()
                .any(|open| glob.contains(open))
            {
                return true;
            }
            // The shell's `[!a]` and `[^a]` are the same class.
            let glob = glob.replace("[^", "[!");
            let options = MatchOptions {
                case_sensitive: true,
                require_literal_separator: true,
                require_literal_leading_dot: true,
            };
            match Pattern::new(&glob) {
                Ok(pattern) => names.iter().any(|n| pattern.matches_with(n, options)),
                // Not a glob to the shell either: the name as written.
                Err(_) => names.contains(&glob.as_str()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reached(word: &str, folders: &Folders) -> Option<String> {
        Place::parse(word, &[Place::start()])
            .iter()
            .find_map(|place| reaches(place, folders))
    }

    #[test]
    fn protected_places_are_reached_however_written() {
        let none = Folders::default();
        for word in [
            "/",
            "/*",
            "/.*",
            "/[a-z]*",
            "/???",
            "/u*",
            "/usr",
            "/etc/",
            "/home",
            "/*/",
            "~",
            "~/",
            "~/*",
            "~/.*",
            "~/.[a-z]*",
            "~/.ssh",
            "~/D*",
            "~/..",
            "~root",
            "~bob",
            "~root/..",
            "$HOME",
            "${HOME:?}/*",
            "/home/bob",
            "/Users/*",
            "..",
            "../..",
            "../*",
            ".*",
            "$X/*",
            "${X:?}/*",
            "$(pwd)/*",
            "/$X",
            "${X:?}/..",
            "${X:?}/../*",
        ] {
            assert!(reached(word, &none).is_some(), "{word}");
        }
        for word in [
            "/tmp/x",
            "/usr/lib",
            "/?",
            "/*.log",
            "./build",
            "build/*",
            "*",
            "./*",
            "~/project",
            "~/.cache",
            "$X",
            "${X:?}",
            "$X/build",
            "../other",
            "build/.*",
            "/app",
        ] {
            assert_eq!(reached(word, &none), None, "{word}");
        }
    }

    #[test]
    fn known_folders_make_the_start_and_the_home_exact() {
        let at_home = Folders {
            home: Some("/home/me".into()),
            start: Some("/home/me".into()),
        };
        for word in [
            "*",
            "./*",
            ".",
            "/home/me",
            "/home/me/.ssh",
            "/home/*",
            "/home/me/D*",
        ] {
            assert!(reached(word, &at_home).is_some(), "{word}");
        }
        let in_project = Folders {
            home: Some("/home/me".into()),
            start: Some("/home/me/src/app".into()),
        };
        for word in ["*", ".", "build", "../other"] {
            assert_eq!(reached(word, &in_project), None, "{word}");
        }
        for word in ["../..", "../../*", "../../.ssh"] {
            assert!(reached(word, &in_project).is_some(), "{word}");
        }
    }

    #[test]
    fn what_find_finds_below_a_place_holds_what_is_under_it() {
        let none = Folders::default();
        let held = |word: &str| {
            Place::parse(word, &[Place::start()])
                .iter()
                .find_map(|place| holds(place, &none))
        };
        for word in ["/", "~", "/home", "..", "$X"] {
            assert!(held(word).is_some(), "{word}");
        }
        for word in [".", "./src", "/tmp/build", "~/project", "$X/build"] {
            assert_eq!(held(word), None, "{word}");
        }
    }
}
