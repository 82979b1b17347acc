//! What can be known about a command without running it: that it is not
//! empty, that its quotes are closed, and that the program it starts
//! exists and is executable.
//!
//! Only the first simple command is looked at, and only when its program
//! is written out: a program that comes from a variable (other than the
//! plugin's folder), a command substitution or a glob, a relative path
//! (it depends on the event's working directory), a shell keyword or a
//! builtin is taken on trust.

use std::path::Path;

use rustix::fs::Access;

use super::CommandHook;

/// Problems that would stop `hook` from running, found without running it:
/// each a sentence naming what and where.
pub(crate) fn check(hook: &CommandHook) -> Vec<String> {
    let origin = &hook.origin;
    let command = &hook.command;
    if hook.args.is_some() {
        // Exec form: the program as written, its folder filled in.
        if command.trim().is_empty() {
            return vec![format!("`{origin}`: the command is empty")];
        }
        if command.contains("${CLAUDE_PROJECT_DIR}") {
            // Known only when an event names its project.
            return Vec::new();
        }
        return check_program(&hook.fill(command, &hook.root))
            .map(|problem| format!("`{origin}`: {problem}"))
            .into_iter()
            .collect();
    }
    if command.trim().is_empty() {
        return vec![format!("`{origin}`: the command is empty")];
    }
    if let Some(quote) = unclosed_quote(command) {
        let which = if quote == '\'' { "single" } else { "double" };
        return vec![format!(
            "`{origin}`: the command has an unclosed {which} quote (`{quote}`), so `sh` cannot run it: {command}"
        )];
    }
    let Some(program) = program(command, &hook.root) else {
        return Vec::new();
    };
    check_program(&program)
        .map(|problem| format!("`{origin}`: {problem}"))
        .into_iter()
        .collect()
}

/// The quote left open at the end of `command`, if any.
fn unclosed_quote(command: &str) -> Option<char> {
    let mut chars = command.chars();
    let mut word_start = true;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
                word_start = false;
            }
            '\'' => {
                if !chars.by_ref().any(|c| c == '\'') {
                    return Some('\'');
                }
                word_start = false;
            }
            '"' => {
                loop {
                    match chars.next() {
                        None => return Some('"'),
                        Some('\\') => {
                            chars.next();
                        }
                        Some('"') => break,
                        Some(_) => {}
                    }
                }
                word_start = false;
            }
            // A comment runs to the end of the line; its quotes do not count.
            '#' if word_start => {
                if !chars.by_ref().any(|c| c == '\n') {
                    break;
                }
            }
            c if c.is_whitespace() || is_operator(c) => word_start = true,
            _ => word_start = false,
        }
    }
    None
}

fn is_operator(c: char) -> bool {
    matches!(c, ';' | '&' | '|' | '(' | ')' | '<' | '>')
}

/// One word of the command, quotes removed.
#[derive(Debug, Default)]
struct Word {
    text: String,
    /// Its value is known only when the shell runs it (a variable, a
    /// command substitution, a glob, `~`).
    dynamic: bool,
    /// `NAME=value` before the program.
    assignment: bool,
    /// Whether any of it was quoted (a quoted word is never a keyword).
    quoted: bool,
}

/// The program the command's first simple command runs, if it is written
/// out and is not a keyword or builtin.
fn program(command: &str, root: &Path) -> Option<String> {
    let words = first_words(command, &root.to_string_lossy());
    let word = words.into_iter().find(|w| !w.assignment)?;
    let shell_word = !word.quoted
        && (KEYWORDS.contains(&word.text.as_str()) || BUILTINS.contains(&word.text.as_str()));
    (!word.dynamic && !shell_word && !word.text.is_empty()).then_some(word.text)
}

/// The words of the first simple command, up to the first operator.
fn first_words(command: &str, root: &str) -> Vec<Word> {
    let mut words = Vec::new();
    let mut word = Word::default();
    let mut started = false;
    let mut chars = command.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() || is_operator(c) => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
                if is_operator(c) || c == '\n' {
                    return words;
                }
                continue;
            }
            '#' if !started => return words,
            '\\' => {
                if let Some(next) = chars.next() {
                    word.text.push(next);
                }
                word.quoted = true;
            }
            '\'' => {
                word.text.extend(chars.by_ref().take_while(|&c| c != '\''));
                word.quoted = true;
            }
            '"' => {
                word.quoted = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(next @ ('$' | '`' | '"' | '\\')) => word.text.push(next),
                            Some('\n') | None => {}
                            Some(next) => {
                                word.text.push('\\');
                                word.text.push(next);
                            }
                        },
                        '$' => variable(&mut chars, &mut word, root),
                        '`' => word.dynamic = true,
                        c => word.text.push(c),
                    }
                }
            }
            '$' => variable(&mut chars, &mut word, root),
            '`' | '*' | '?' | '[' => {
                word.dynamic = true;
                word.text.push(c);
            }
            '~' if !started => {
                word.dynamic = true;
                word.text.push(c);
            }
            '=' if !word.quoted
                && !word.dynamic
                && is_name(&word.text)
                && words_before_program(&words) =>
            {
                word.assignment = true;
                word.text.push(c);
            }
            c => word.text.push(c),
        }
        started = true;
    }
    if started {
        words.push(word);
    }
    words
}

/// Whether only assignments came before: an `=` there makes an assignment.
fn words_before_program(words: &[Word]) -> bool {
    words.iter().all(|w| w.assignment)
}

fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// After a `$`: the plugin's folder for `$CLAUDE_PLUGIN_ROOT`,
/// `$PLUGIN_ROOT` and `$TACKLE_PLUGIN_ROOT` (the shell has them), anything
/// else is dynamic.
fn variable(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, word: &mut Word, root: &str) {
    let name: String = if chars.peek() == Some(&'{') {
        chars.next();
        chars.by_ref().take_while(|&c| c != '}').collect()
    } else {
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if !(c.is_ascii_alphanumeric() || c == '_') {
                break;
            }
            name.push(c);
            chars.next();
        }
        name
    };
    match name.as_str() {
        name if super::ROOT_VARIABLES.contains(&name) => word.text.push_str(root),
        _ => {
            word.dynamic = true;
            word.text.push('$');
            word.text.push_str(&name);
        }
    }
}

/// Shell reserved words: the command is a compound one.
const KEYWORDS: &[&str] = &[
    "!", "{", "}", "[[", "]]", "case", "do", "done", "elif", "else", "esac", "fi", "for",
    "function", "if", "in", "select", "then", "time", "until", "while",
];

/// POSIX special and regular builtins, and the usual extras: not files.
const BUILTINS: &[&str] = &[
    ".", ":", "[", "alias", "bg", "break", "cd", "command", "continue", "echo", "eval", "exec",
    "exit", "export", "false", "fc", "fg", "getopts", "hash", "jobs", "kill", "local", "printf",
    "pwd", "read", "readonly", "return", "set", "shift", "source", "test", "times", "trap", "true",
    "type", "ulimit", "umask", "unalias", "unset", "wait",
];

/// What is wrong with `program`, if anything.
fn check_program(program: &str) -> Option<String> {
    if program.contains('/') {
        let path = Path::new(program);
        // A relative path depends on the event's working directory.
        return path.is_absolute().then(|| check_file(path)).flatten();
    }
    let path = std::env::var_os("PATH")?;
    let found = std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(program))
        .any(|candidate| is_executable_file(&candidate));
    (!found).then(|| format!("the program `{program}` is not on PATH"))
}

fn check_file(path: &Path) -> Option<String> {
    let shown = path.display();
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(format!("the program `{shown}` does not exist"))
        }
        Err(e) => Some(format!("cannot read the program `{shown}`: {e}")),
        Ok(meta) if meta.is_dir() => Some(format!("the program `{shown}` is a directory")),
        Ok(_) if !is_executable_file(path) => Some(format!(
            "the program `{shown}` is not executable (`chmod +x` it)"
        )),
        Ok(_) => None,
    }
}

fn is_executable_file(path: &Path) -> bool {
    path.is_file() && rustix::fs::access(path, Access::EXEC_OK).is_ok()
}
