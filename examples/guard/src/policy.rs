//! The policy: which simple commands of a command line are refused, and why.
//!
//! Every simple command is judged by the program it runs, after what only
//! sets up how it runs (`FOO=1`, `env`, `nohup`, `time`, `{`, `!`, ...).
//! Scripts handed to a shell (`bash -c '...'`, `eval`) and command
//! substitutions are read and judged the same way.

use std::fmt;

use crate::shell;
use crate::{GuardConfig, git, rm};

/// How deep `bash -c "sh -c '...'"` may nest before the line is refused as
/// too deep to check.
const MAX_DEPTH: usize = 8;

/// Shells whose `-c` argument is a script to judge.
const SHELLS: [&str; 7] = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox"];

/// Words that only change how the command after them runs: reserved words
/// and wrapper programs, with the options of each that take a value.
const PASS_THROUGH: [(&str, &[&str]); 18] = [
    ("!", &[]),
    ("{", &[]),
    ("}", &[]),
    ("if", &[]),
    ("then", &[]),
    ("elif", &[]),
    ("else", &[]),
    ("do", &[]),
    ("while", &[]),
    ("until", &[]),
    ("time", &[]),
    ("exec", &["-a"]),
    ("command", &[]),
    ("builtin", &[]),
    ("nohup", &[]),
    ("env", &["-u", "--unset", "-C", "--chdir"]),
    ("nice", &["-n", "--adjustment"]),
    ("timeout", &["-s", "--signal", "-k", "--kill-after"]),
];

/// A refused command: what was refused, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The simple command that was refused, as words joined by spaces
    /// (shortened if long).
    pub command: String,
    /// Why it is refused, and what to do instead.
    pub reason: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "guard refused `{}`: {}.", self.command, self.reason)
    }
}

/// Judges a shell command line: the first refused simple command, if any.
///
/// ```
/// use guard::{GuardConfig, check_line};
/// let config = GuardConfig::default();
/// assert!(check_line("cd /tmp && sudo make install", &config).is_some());
/// assert!(check_line("echo sudo", &config).is_none());
/// ```
pub fn check_line(line: &str, config: &GuardConfig) -> Option<Refusal> {
    Policy::new(config).line(line, 0)
}

/// Judges a command given as its words (`["bash", "-lc", "..."]`, as Codex
/// sends it), without a shell reading it first.
pub fn check_argv(words: &[String], config: &GuardConfig) -> Option<Refusal> {
    Policy::new(config).command(words, 0)
}

struct Policy {
    deny_prefixes: Vec<(String, Vec<String>)>,
}

impl Policy {
    fn new(config: &GuardConfig) -> Policy {
        let deny_prefixes = config
            .deny_prefixes
            .iter()
            .filter_map(|prefix| {
                let words = shell::split(prefix).commands.into_iter().next()?;
                Some((prefix.trim().to_owned(), words))
            })
            .collect();
        Policy { deny_prefixes }
    }

    fn line(&self, line: &str, depth: usize) -> Option<Refusal> {
        if depth > MAX_DEPTH {
            return Some(Refusal {
                command: show(&[line.to_owned()]),
                reason: format!(
                    "it nests shells more than {MAX_DEPTH} deep, too deep to check. \
                     Run the inner command directly"
                ),
            });
        }
        let script = shell::split(line);
        script
            .commands
            .iter()
            .find_map(|words| self.command(words, depth))
            .or_else(|| {
                script
                    .substitutions
                    .iter()
                    .find_map(|inner| self.line(inner, depth + 1))
            })
    }

    fn command(&self, words: &[String], depth: usize) -> Option<Refusal> {
        let words = program_and_args(words);
        let (program, args) = words.split_first()?;
        let refuse = |reason: String| {
            Some(Refusal {
                command: show(words),
                reason,
            })
        };
        match basename(program) {
            "sudo" => {
                return refuse(
                    "it runs a command as root (sudo), which the agent may not do. \
                     Ask the user to run it, or find a way without root"
                        .to_owned(),
                );
            }
            "rm" => {
                if let Some(reason) = rm::check(args) {
                    return refuse(reason);
                }
            }
            "git" => {
                if let Some(reason) = git::check(args) {
                    return refuse(reason);
                }
            }
            "eval" => {
                if let Some(refusal) = self.line(&args.join(" "), depth + 1) {
                    return Some(refusal);
                }
            }
            shell if SHELLS.contains(&shell) => {
                if let Some(refusal) = shell_script(args).and_then(|s| self.line(s, depth + 1)) {
                    return Some(refusal);
                }
            }
            _ => {}
        }
        let (prefix, _) = self
            .deny_prefixes
            .iter()
            .find(|(_, prefix)| starts_with(words, prefix))?;
        refuse(format!(
            "it starts with `{prefix}`, which this project's guard config refuses (deny_prefixes)"
        ))
    }
}

/// The words from the program on, past assignments (`FOO=1`), reserved
/// words and wrappers.
fn program_and_args(words: &[String]) -> &[String] {
    let mut i = 0;
    while let Some(word) = words.get(i) {
        if is_assignment(word) {
            i += 1;
            continue;
        }
        let Some((_, valued)) = PASS_THROUGH
            .iter()
            .find(|(name, _)| *name == basename(word))
        else {
            break;
        };
        i += 1;
        // The wrapper's own options, and their values.
        while let Some(option) = words.get(i).filter(|w| w.starts_with('-') && w.len() > 1) {
            i += if valued.contains(&option.as_str()) {
                2
            } else {
                1
            };
        }
        if basename(word) == "timeout" {
            i += 1; // its duration
        }
    }
    words.get(i..).unwrap_or_default()
}

/// `NAME=value`, as a shell reads it before a command.
fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `/usr/bin/sudo` runs `sudo`.
fn basename(program: &str) -> &str {
    match program.rsplit_once('/') {
        Some((_, name)) if !name.is_empty() => name,
        _ => program,
    }
}

/// The script of `sh -c SCRIPT` (or `bash -lc SCRIPT`, `sh -e -c SCRIPT`), if given.
fn shell_script(args: &[String]) -> Option<&str> {
    let mut command_mode = false;
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        if arg == "-o" || arg == "+o" || arg == "-O" || arg == "+O" {
            words.next(); // the option's name
        } else if arg.starts_with("--") {
            if arg == "--" {
                break;
            }
        } else if arg.len() > 1 && arg.starts_with(['-', '+']) {
            command_mode |= arg.starts_with('-') && arg.contains('c');
        } else {
            return command_mode.then_some(arg.as_str());
        }
    }
    words.next().filter(|_| command_mode).map(String::as_str)
}

/// Whether `words` begin with `prefix`, word by word; the first word is
/// compared by basename, so `npm publish` also refuses `/usr/bin/npm publish`.
fn starts_with(words: &[String], prefix: &[String]) -> bool {
    let Some((first, rest)) = prefix.split_first() else {
        return false;
    };
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    let program_matches = if first.contains('/') {
        program == first
    } else {
        basename(program) == first
    };
    program_matches && args.len() >= rest.len() && args.iter().zip(rest).all(|(a, b)| a == b)
}

/// Words shown in a message: quoted where needed, shortened past 120 characters.
fn show(words: &[String]) -> String {
    let text = words
        .iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_graphic() && !"'\"\\`$;&|()".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    match text.char_indices().nth(120) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(prefixes: &[&str]) -> GuardConfig {
        GuardConfig {
            deny_prefixes: prefixes.iter().map(|p| (*p).to_owned()).collect(),
        }
    }

    fn refused(line: &str) -> Option<Refusal> {
        check_line(line, &config(&[]))
    }

    /// The DENY and ALLOW tables of `shared/bench/hook/check_policy.py`,
    /// the conformance check every policy hook of the benchmarks passes.
    #[test]
    fn agrees_with_the_benchmark_conformance_table() {
        const DENY: [&str; 14] = [
            "rm -rf /",
            "rm -fr /",
            "rm -r -f /",
            "rm -Rf /*",
            "rm --recursive --force /",
            "/bin/rm -rf /",
            "ls && rm -rf /",
            "cd /tmp; rm -rf / ",
            "sudo ls",
            "/usr/bin/sudo apt-get install -y x",
            "echo hi; sudo rm x",
            "FOO=1 sudo true",
            "(sudo id)",
            "true | sudo tee /etc/hosts",
        ];
        const ALLOW: [&str; 10] = [
            "ls -la /tmp && git status",
            "rm -rf /tmp/foo",
            "rm -rf ./build",
            "rm -r /",
            "rm -f /",
            "echo sudo",
            "echo rm -rf /",
            "grep -r sudo .",
            "sudoku --solve",
            "git commit -m fix",
        ];
        for line in DENY {
            assert!(refused(line).is_some(), "should refuse: {line}");
        }
        for line in ALLOW {
            assert_eq!(refused(line), None, "should allow: {line}");
        }
    }

    #[test]
    fn home_directory_deletes_are_refused() {
        for line in [
            "rm -rf ~",
            "rm -rf ~/",
            "rm -rf ~/*",
            "rm -rf $HOME",
            "rm -rf \"$HOME\"",
            "rm -rf ${HOME}/",
            "rm --recursive --force ~",
        ] {
            assert!(refused(line).is_some(), "should refuse: {line}");
        }
    }

    #[test]
    fn force_pushes_to_main_are_refused_anywhere_in_the_line() {
        for line in [
            "git push -f origin main",
            "git push origin +main",
            "git push --force origin HEAD:main",
            "git push --force-with-lease origin master",
            "cargo test && git push --force origin main",
        ] {
            assert!(refused(line).is_some(), "should refuse: {line}");
        }
        for line in [
            "git push origin main",
            "git push -f origin my-branch",
            "echo git push -f origin main",
        ] {
            assert_eq!(refused(line), None, "should allow: {line}");
        }
    }

    #[test]
    fn scripts_given_to_a_shell_are_read() {
        for line in [
            "bash -c 'sudo ls'",
            "sh -c \"rm -rf /\"",
            "bash -lc 'cd /; git push -f origin main'",
            "sh -e -c 'true && sudo id'",
            "/bin/bash --norc -c 'sudo id'",
            "bash -c \"sh -c 'sudo id'\"",
            "eval 'sudo id'",
            "echo \"$(sudo id)\"",
            "echo $(sudo cat /etc/shadow)",
            "echo \"`sudo id`\"",
        ] {
            assert!(refused(line).is_some(), "should refuse: {line}");
        }
        for line in [
            "bash -c 'ls -la'",
            "bash script.sh",
            "bash -x build.sh sudo",
        ] {
            assert_eq!(refused(line), None, "should allow: {line}");
        }
    }

    #[test]
    fn wrappers_and_reserved_words_do_not_hide_the_program() {
        for line in [
            "env sudo id",
            "env -i PATH=/bin sudo id",
            "env -u HOME sudo id",
            "nohup sudo id &",
            "time sudo id",
            "exec sudo id",
            "command sudo id",
            "nice -n 10 sudo id",
            "timeout 5 sudo id",
            "timeout -s KILL 5 rm -rf /",
            "{ sudo id; }",
            "! sudo id",
            "if true; then sudo id; fi",
            "while true; do rm -rf ~; done",
            "s\"ud\"o id",
            "\\sudo id",
            "ls\nsudo id",
        ] {
            assert!(refused(line).is_some(), "should refuse: {line}");
        }
    }

    #[test]
    fn comments_and_quoted_words_are_not_commands() {
        for line in [
            "ls # sudo rm -rf /",
            "echo 'sudo id; rm -rf /'",
            "git commit -m 'git push -f origin main'",
            "grep -rn 'rm -rf /' .",
        ] {
            assert_eq!(refused(line), None, "should allow: {line}");
        }
    }

    #[test]
    fn configured_prefixes_are_refused_word_by_word() {
        let config = config(&["npm publish", "terraform destroy", "  ", ""]);
        for line in [
            "npm publish",
            "npm publish --tag next",
            "cd web && npm  publish",
            "/usr/local/bin/npm publish",
            "terraform destroy -auto-approve",
        ] {
            let refusal = check_line(line, &config).expect(line);
            assert!(refusal.reason.contains("deny_prefixes"), "{refusal}");
        }
        for line in ["npm publisher", "npm install", "echo npm publish", "ls"] {
            assert_eq!(check_line(line, &config), None, "should allow: {line}");
        }
    }

    #[test]
    fn argv_commands_are_judged_without_a_shell() {
        let argv =
            |words: &[&str]| -> Vec<String> { words.iter().map(|w| (*w).to_owned()).collect() };
        let config = config(&[]);
        assert!(check_argv(&argv(&["bash", "-lc", "sudo id"]), &config).is_some());
        assert!(check_argv(&argv(&["rm", "-rf", "/"]), &config).is_some());
        // No shell reads these words: `;` is just an argument of echo.
        assert_eq!(
            check_argv(&argv(&["echo", "a;", "sudo", "id"]), &config),
            None
        );
    }

    #[test]
    fn reasons_say_what_was_refused_and_why() {
        let refusal = refused("ls && sudo rm -rf /tmp/x").expect("refused");
        assert_eq!(refusal.command, "sudo rm -rf /tmp/x");
        let message = refusal.to_string();
        assert!(
            message.starts_with("guard refused `sudo rm -rf /tmp/x`: "),
            "{message}"
        );
        assert!(message.contains("as root"), "{message}");

        let message = refused("rm -rf /").expect("refused").to_string();
        assert!(message.contains("the whole filesystem"), "{message}");

        let message = refused("git push -f origin main")
            .expect("refused")
            .to_string();
        assert!(
            message.contains("`main`") && message.contains("forced push"),
            "{message}"
        );
    }

    #[test]
    fn deep_nesting_is_refused_rather_than_trusted() {
        let mut line = "ls".to_owned();
        for _ in 0..=MAX_DEPTH {
            line = format!("eval {}", shell_quote(&line));
        }
        let refusal = refused(&line).expect("refused");
        assert!(refusal.reason.contains("too deep"), "{refusal}");
    }

    fn shell_quote(text: &str) -> String {
        format!("'{}'", text.replace('\'', r"'\''"))
    }

    #[test]
    fn long_commands_are_shortened_in_messages() {
        let line = format!("sudo {}", "x ".repeat(200));
        let refusal = refused(&line).expect("refused");
        assert!(refusal.command.len() < 130 && refusal.command.ends_with("..."));
    }
}
