//! Where a path on a command line points, as far as the line shows it: from
//! `/`, a home folder (`~`, `$HOME`, `~user`), the folder the line starts
//! in or a folder it does not show (`$X`, `cd -`), then names below that,
//! each literal or a glob. A word can point to more than one place:
//! `${X:-/}` is `/` or wherever `X` points, `$X/*` is `/*` when `X` is
//! empty, `{a,/}` is both.

use std::fmt;

use super::params::{self, Op};
use super::split;

/// Words are read into at most this many places; past it, the rest of a
/// word's alternatives are not followed (each counts as a folder the line
/// does not show).
const MAX_READINGS: usize = 16;

/// A word's first this many brace lists and expansions are read; the rest
/// of it is taken as written.
const MAX_BRACES: usize = 8;
const MAX_EXPANSIONS: usize = 32;

/// A place deeper than this many names is no longer followed: it becomes a
/// folder the line does not show (and `..` from it climbs above that).
const MAX_NAMES: usize = 32;

/// A place a path points to.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// Where it starts.
    pub base: Base,
    /// How many folders above `base` (`..` past its start: `~/..` is one
    /// above the home folder); `/` has none above it.
    pub up: usize,
    /// The names below that, `.` and `..` taken out.
    pub names: Vec<Name>,
}

/// Where a [`Place`] starts.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Base {
    /// `/`.
    Root,
    /// The user's home folder: `~`, `$HOME`, `${HOME:?}`.
    Home,
    /// Another user's home folder: `~name`.
    HomeOf(String),
    /// The folder the command line starts in.
    Start,
    /// A folder the line does not show: the value of `$X`, the output of
    /// `$(...)`, the folder `cd -` goes back to; what gave it, as written.
    Unknown(String),
}

/// One name in a [`Place`].
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Name {
    /// A name as it is.
    Literal(String),
    /// A glob the shell matches against the folder's names (`*`, `.*`,
    /// `[a-z]*`, `?`): whatever it can match.
    Glob(String),
}

impl Name {
    /// The name as written.
    pub fn text(&self) -> &str {
        match self {
            Name::Literal(text) | Name::Glob(text) => text,
        }
    }
}

impl Place {
    /// The folder the command line starts in.
    pub fn start() -> Place {
        Place {
            base: Base::Start,
            up: 0,
            names: Vec::new(),
        }
    }

    /// Every place `word` (a word of a command, quotes removed) may point
    /// to, relative ones joined to each folder of `cwd`; none when every
    /// reading of it is empty (`$X` with `X` unset is no word at all).
    ///
    /// ```
    /// use tackle_shell::{Base, Place};
    ///
    /// let places = Place::parse("${X:-/}", &[Place::start()]);
    /// assert_eq!(places.len(), 2);
    /// assert!(places.iter().any(|p| p.base == Base::Root && p.names.is_empty()));
    /// assert_eq!(Place::parse("~root/..", &[])[0].to_string(), "~root/..");
    /// ```
    pub fn parse(word: &str, cwd: &[Place]) -> Vec<Place> {
        let mut places = Vec::new();
        for reading in readings(word) {
            for place in from_pieces(&reading, cwd) {
                if !places.contains(&place) {
                    places.push(place);
                }
            }
        }
        places
    }

    /// Whether `word` may be empty, and so no word at all when unquoted
    /// (`cd $X` with `X` unset goes home).
    pub(super) fn may_vanish(word: &str) -> bool {
        readings(word).iter().any(|r| {
            r.iter()
                .all(|piece| matches!(piece, Piece::Text(text) if text.is_empty()))
        })
    }

    /// This place with a relative path (`a/../b`) below it.
    fn join(&self, relative: &str) -> Place {
        let mut place = self.clone();
        for part in relative.split('/') {
            place.push(part);
        }
        place
    }

    fn push(&mut self, part: &str) {
        match part {
            "" | "." => {}
            ".." => {
                if self.names.pop().is_none() && self.base != Base::Root {
                    self.up += 1;
                }
            }
            _ if self.names.len() >= MAX_NAMES => {
                *self = Place {
                    base: Base::Unknown("a path too deep to follow".to_owned()),
                    up: 0,
                    names: Vec::new(),
                };
            }
            name if is_glob(name) => self.names.push(Name::Glob(name.to_owned())),
            name => self.names.push(Name::Literal(name.to_owned())),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = match &self.base {
            Base::Root => "",
            Base::Home => "~",
            Base::HomeOf(name) => return self.tail(f, &format!("~{name}")),
            Base::Start => ".",
            Base::Unknown(what) => what,
        };
        self.tail(f, base)
    }
}

impl Place {
    fn tail(&self, f: &mut fmt::Formatter<'_>, base: &str) -> fmt::Result {
        let mut parts: Vec<&str> = vec![base];
        parts.extend(std::iter::repeat_n("..", self.up));
        parts.extend(self.names.iter().map(Name::text));
        let text = parts.join("/");
        if text.is_empty() {
            f.write_str("/")
        } else {
            f.write_str(&text)
        }
    }
}

/// Whether a name is a glob: it has `*`, `?` or `[`, or an extended glob
/// (`@(...)`, `!(...)`).
fn is_glob(name: &str) -> bool {
    name.contains(['*', '?', '[']) || ["@(", "!(", "+("].iter().any(|open| name.contains(open))
}

/// A piece of a word's reading.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// The user's home folder.
    Home,
    /// The folder the command runs in (`$PWD`).
    Cwd,
    /// A value the line does not show, as written.
    Unknown(String),
}

/// Each way the word may read: its braces expanded (`{a,b}`), each
/// parameter and substitution as each value it may have.
fn readings(word: &str) -> Vec<Vec<Piece>> {
    let mut all = Vec::new();
    for word in braces(word) {
        let mut readings: Vec<Vec<Piece>> = vec![Vec::new()];
        let mut rest = word.as_str();
        let mut pieces = 0;
        while !rest.is_empty() {
            pieces += 1;
            let (alternatives, len) = if pieces > MAX_EXPANSIONS {
                (vec![Piece::Text(rest.to_owned())], rest.len())
            } else {
                next_piece(rest)
            };
            rest = &rest[len..];
            let room = (MAX_READINGS / readings.len().max(1)).max(1);
            let mut next = Vec::new();
            for reading in &readings {
                for piece in alternatives.iter().take(room) {
                    let mut reading = reading.clone();
                    match (reading.last_mut(), piece) {
                        (Some(Piece::Text(text)), Piece::Text(more)) => text.push_str(more),
                        _ => reading.push(piece.clone()),
                    }
                    next.push(reading);
                }
            }
            readings = next;
        }
        all.extend(readings);
    }
    all.truncate(MAX_READINGS);
    all
}

/// The piece at the start of `text` (a parameter, a substitution, or the
/// text up to the next of them), each value it may have, and its length.
fn next_piece(text: &str) -> (Vec<Piece>, usize) {
    if text.starts_with("$(") || text.starts_with('`') {
        let len = substitution_len(text);
        let written = &text[..len];
        let inner = written
            .strip_prefix("$(")
            .or_else(|| written.strip_prefix('`'))
            .unwrap_or_default();
        let inner = inner.strip_suffix([')', '`']).unwrap_or(inner);
        return (substitution(written, inner), len);
    }
    if text.starts_with('$')
        && let Some(param) = params::read(text).filter(|p| !p.name.is_empty())
    {
        let len = param.text.len().min(text.len());
        return (parameter(&param), len);
    }
    let first = text.chars().next().map_or(1, char::len_utf8);
    let end = text[first..]
        .find(['$', '`'])
        .map_or(text.len(), |at| at + first);
    (vec![Piece::Text(text[..end].to_owned())], end)
}

/// What a parameter may read as.
fn parameter(param: &params::Param) -> Vec<Piece> {
    let unknown = Piece::Unknown(param.text.clone());
    let empty = Piece::Text(String::new());
    match (param.name.as_str(), &param.op) {
        ("HOME", Op::Alternate { word, .. }) => vec![Piece::Text(word.clone())],
        ("HOME", Op::Derived) => vec![unknown],
        ("HOME", _) => vec![Piece::Home],
        ("PWD", Op::Plain | Op::Required { .. } | Op::Default { .. }) => vec![Piece::Cwd],
        (_, Op::Default { word, colon }) => {
            let mut values = vec![unknown, Piece::Text(word.clone())];
            if !colon {
                values.push(empty);
            }
            values
        }
        (_, Op::Alternate { word, .. }) => vec![empty, Piece::Text(word.clone())],
        (_, _) if param.may_be_empty() => vec![unknown, empty],
        _ => vec![unknown],
    }
}

/// What a substitution may print: `echo`'s or `printf`'s text when it is
/// one of those, else anything or nothing.
fn substitution(written: &str, inner: &str) -> Vec<Piece> {
    let commands = split(inner).commands;
    if let [command] = commands.as_slice()
        && let Some((program, args)) = command.words.split_first()
        && matches!(program.as_str(), "echo" | "printf")
        && !args.iter().any(|a| a.starts_with('-') || a.contains('%'))
        && !command.words.iter().any(|w| w.contains(['$', '`']))
    {
        return vec![Piece::Text(args.join(" "))];
    }
    vec![
        Piece::Unknown(written.to_owned()),
        Piece::Text(String::new()),
    ]
}

/// The length of the `$(...)` or `` `...` `` at the start of `text`.
fn substitution_len(text: &str) -> usize {
    if let Some(rest) = text.strip_prefix('`') {
        return rest.find('`').map_or(text.len(), |at| at + 2);
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The places a reading points to.
fn from_pieces(pieces: &[Piece], cwd: &[Place]) -> Vec<Place> {
    let Some((first, rest)) = pieces.split_first() else {
        return Vec::new();
    };
    // The text after the first piece, pieces not known written as they are.
    let tail: String = rest
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) | Piece::Unknown(text) => text.as_str(),
            Piece::Home => "$HOME",
            Piece::Cwd => "$PWD",
        })
        .collect();
    let from = |base: Base, tail: &str| {
        vec![
            Place {
                base,
                up: 0,
                names: Vec::new(),
            }
            .join(tail),
        ]
    };
    let in_cwd = |tail: &str| -> Vec<Place> {
        if cwd.is_empty() {
            return vec![Place::start().join(tail)];
        }
        cwd.iter().map(|folder| folder.join(tail)).collect()
    };
    match first {
        Piece::Home => from(Base::Home, &tail),
        Piece::Cwd => in_cwd(&tail),
        Piece::Unknown(what) => {
            // The value is one name at least; what follows a `/` is below it.
            let below = tail.split_once('/').map_or("", |(_, below)| below);
            let what = format!("{what}{}", tail.split('/').next().unwrap_or_default());
            from(Base::Unknown(what), below)
        }
        Piece::Text(text) => {
            let whole = format!("{text}{tail}");
            if whole.is_empty() {
                Vec::new()
            } else if let Some(path) = whole.strip_prefix('/') {
                from(Base::Root, path)
            } else if let Some(after) = whole.strip_prefix('~') {
                let (user, below) = after.split_once('/').unwrap_or((after, ""));
                match user {
                    "" => from(Base::Home, below),
                    "+" => in_cwd(below),
                    "-" => from(Base::Unknown("~-".into()), below),
                    name => from(Base::HomeOf(name.to_owned()), below),
                }
            } else {
                in_cwd(&whole)
            }
        }
    }
}

/// A word with its brace expansions made (`a{b,c}` is `ab` and `ac`),
/// at most [`MAX_READINGS`] of them, from its first [`MAX_BRACES`] lists
/// (the rest stay as written); `${...}` is a parameter, not braces.
fn braces(word: &str) -> Vec<String> {
    let mut words = vec![word.to_owned()];
    for _ in 0..MAX_BRACES {
        let mut next = Vec::new();
        let mut expanded = false;
        for word in &words {
            let Some((open, close)) = first_brace_list(word) else {
                next.push(word.clone());
                continue;
            };
            expanded = true;
            let (head, tail) = (&word[..open], &word[close + 1..]);
            for option in top_level_options(&word[open + 1..close]) {
                next.push(format!("{head}{option}{tail}"));
            }
        }
        next.truncate(MAX_READINGS);
        words = next;
        if !expanded {
            break;
        }
    }
    words
}

/// The first `{...}` holding a comma at its own level, not after a `$`.
fn first_brace_list(word: &str) -> Option<(usize, usize)> {
    let bytes = word.as_bytes();
    let mut stack = Vec::new();
    let mut parameter_depth = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' => {
                let parameter = i > 0 && bytes[i - 1] == b'$';
                stack.push((i, false));
                parameter_depth.push(parameter);
            }
            b',' => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
            }
            b'}' => {
                let (start, comma) = stack.pop()?;
                let parameter = parameter_depth.pop().unwrap_or(false);
                if comma && !parameter && !parameter_depth.contains(&true) {
                    return Some((start, i));
                }
            }
            _ => {}
        }
    }
    None
}

/// `a,{b,c},d` split at its own commas: `a`, `{b,c}`, `d`.
fn top_level_options(inner: &str) -> Vec<&str> {
    let mut options = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                options.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    options.push(&inner[start..]);
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(word: &str) -> Vec<String> {
        let mut places: Vec<String> = Place::parse(word, &[Place::start()])
            .iter()
            .map(Place::to_string)
            .collect();
        places.sort();
        places
    }

    #[test]
    fn paths_are_normalized_from_their_base() {
        for (word, place) in [
            ("/", "/"),
            ("//./", "/"),
            ("/tmp/..", "/"),
            ("/..", "/"),
            ("/usr/./lib/", "/usr/lib"),
            ("~", "~"),
            ("~/", "~"),
            ("~/..", "~/.."),
            ("~root/..", "~root/.."),
            ("~bob/x", "~bob/x"),
            ("$HOME", "~"),
            ("${HOME}/", "~"),
            ("${HOME:?}/x", "~/x"),
            ("${HOME:-/tmp}", "~"),
            ("build", "./build"),
            ("./build/..", "."),
            ("..", "./.."),
            ("../..", "./../.."),
            ("~+/x", "./x"),
            ("$PWD/*", "./*"),
            ("$(echo /)", "/"),
            ("`echo ~`", "~"),
        ] {
            assert_eq!(shown(word), [place], "{word}");
        }
    }

    #[test]
    fn values_the_line_does_not_show_may_be_empty() {
        assert_eq!(shown("$X/*"), ["$X/*", "/*"]);
        assert_eq!(shown("${X:-/}"), ["${X:-/}", "/"]);
        assert_eq!(shown("${X:?}/*"), ["${X:?}/*"]);
        assert_eq!(shown("${X?}/*"), ["${X?}/*", "/*"]);
        assert_eq!(shown("${X:+/}"), ["/"]);
        assert_eq!(shown("/$X"), ["/", "/$X"]);
        assert_eq!(shown("$(pwd)/*"), ["$(pwd)/*", "/*"]);
        assert!(shown("$X").iter().all(|p| p == "$X"), "empty: no place");
        assert!(Place::may_vanish("$X") && !Place::may_vanish("${X:?}"));
    }

    #[test]
    fn braces_and_globs_are_read() {
        assert_eq!(shown("{/,x}"), ["./x", "/"]);
        assert_eq!(shown("/{usr,tmp}"), ["/tmp", "/usr"]);
        assert_eq!(shown("${X}"), ["${X}"]);
        let glob = Place::parse("/[a-z]*", &[]);
        assert_eq!(glob[0].names, [Name::Glob("[a-z]*".into())]);
        let many = "{a,b}{c,d}{e,f}{g,h}{i,j}";
        assert_eq!(Place::parse(many, &[]).len(), MAX_READINGS);
        // Past its depth a path is a folder the line does not show, and
        // `..` from it climbs above that.
        let deep = format!("/{}../..", "a/".repeat(MAX_NAMES + 1));
        let place = &Place::parse(&deep, &[])[0];
        assert!(
            matches!(place.base, Base::Unknown(_)) && place.up == 2,
            "{place:?}"
        );
    }

    #[test]
    fn relative_paths_join_each_folder_the_command_may_run_in() {
        let cwd = Place::parse("/", &[]);
        let home = Place::parse("~", &[]);
        let both = [cwd[0].clone(), home[0].clone()];
        let places: Vec<String> = Place::parse("*", &both)
            .iter()
            .map(Place::to_string)
            .collect();
        assert_eq!(places, ["/*", "~/*"]);
    }
}
