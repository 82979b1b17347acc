//! What the first word of a command does to the rest: an assignment, a
//! reserved word or a wrapper program (`env`, `nice`, `sudo`, ...) passes
//! on to the program after it; a shell or `eval` runs a script.

/// Reserved words and builtins that only change how the command after them
/// runs.
const RESERVED: [&str; 14] = [
    "!", "{", "}", "if", "then", "elif", "else", "fi", "do", "done", "while", "until", "time",
    "builtin",
];

/// Shells whose script `-c`, a here-string or a pipe may hand them.
pub(super) const SHELLS: [&str; 9] = [
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh",
];

/// A wrapper program: its options that take a value (`-n 10`; long ones
/// also as `--name=value`), and how many operands it reads before the
/// command (`timeout`'s duration).
struct Wrapper {
    name: &'static str,
    valued: &'static [&'static str],
    operands: usize,
}

const fn wrapper(name: &'static str, valued: &'static [&'static str], operands: usize) -> Wrapper {
    Wrapper {
        name,
        valued,
        operands,
    }
}

/// Programs that run the command after them (`env -S` and `flock -c`, whose
/// option carries the command, are read by [`step`] itself).
const WRAPPERS: [Wrapper; 17] = [
    wrapper("exec", &["-a"], 0),
    wrapper("command", &[], 0),
    wrapper("nohup", &[], 0),
    wrapper("nice", &["-n", "--adjustment"], 0),
    wrapper("timeout", &["-s", "--signal", "-k", "--kill-after"], 1),
    wrapper(
        "stdbuf",
        &["-i", "-o", "-e", "--input", "--output", "--error"],
        0,
    ),
    wrapper("setsid", &[], 0),
    wrapper("ionice", &["-c", "--class", "-n", "--classdata"], 0),
    wrapper("chrt", &[], 1),
    wrapper("taskset", &[], 1),
    wrapper(
        "xargs",
        &[
            "-a",
            "--arg-file",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "-L",
            "--max-lines",
            "-n",
            "--max-args",
            "-P",
            "--max-procs",
            "-s",
            "--max-chars",
        ],
        0,
    ),
    wrapper(
        "sudo",
        &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-h",
            "--host",
            "-p",
            "--prompt",
            "-C",
            "--close-from",
            "-D",
            "--chdir",
            "-r",
            "--role",
            "-t",
            "--type",
            "-T",
            "--command-timeout",
            "-U",
            "--other-user",
            "-R",
            "--chroot",
        ],
        0,
    ),
    wrapper("doas", &["-u", "-C"], 0),
    wrapper("pkexec", &["--user"], 0),
    wrapper(
        "run0",
        &["-u", "--user", "-g", "--group", "-D", "--chdir"],
        0,
    ),
    wrapper("busybox", &[], 0),
    wrapper("toybox", &[], 0),
];

/// What a command's first word does with the rest.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// It runs these words as the next command.
    Next(Vec<String>),
    /// It runs this script (`sh -c SCRIPT`, `eval ...`, `flock -c ...`).
    Script(String),
    /// A shell reading its script from its standard input.
    Stdin,
    /// A shell running a script from a process substitution
    /// (`bash <(curl ...)`): what it runs is not on the line.
    Unseen,
    /// It runs no other command the line shows.
    Done,
}

/// `/usr/bin/sudo` runs `sudo`.
pub fn basename(program: &str) -> &str {
    match program.rsplit_once('/') {
        Some((_, name)) if !name.is_empty() => name,
        _ => program,
    }
}

/// `NAME=value`, as a shell reads it before a command.
pub fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let name = name.strip_suffix('+').unwrap_or(name);
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What `words[0]` does with the words after it.
pub(super) fn step(words: &[String]) -> Step {
    let Some((first, rest)) = words.split_first() else {
        return Step::Done;
    };
    if is_assignment(first) {
        return Step::Next(rest.to_vec());
    }
    let name = basename(first);
    if RESERVED.contains(&name) {
        // `time -p`: its one option.
        let skip = usize::from(name == "time" && rest.first().is_some_and(|w| w == "-p"));
        return Step::Next(rest[skip..].to_vec());
    }
    if SHELLS.contains(&name) {
        return shell(rest);
    }
    match name {
        "eval" => Step::Script(rest.join(" ")),
        "su" => su(rest),
        // `command -v x` and `command -V x` only look `x` up.
        "command" if rest.first().is_some_and(|w| w == "-v" || w == "-V") => Step::Done,
        "env" => env(rest),
        "flock" => flock(rest),
        "ionice"
            if rest.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "-p" | "-P" | "-u" | "--pid" | "--pgid" | "--uid"
                )
            }) =>
        {
            Step::Done
        }
        _ => match WRAPPERS.iter().find(|w| w.name == name) {
            Some(wrapper) => {
                let start = options_end(rest, wrapper.valued) + wrapper.operands;
                Step::Next(rest.get(start..).unwrap_or_default().to_vec())
            }
            None => Step::Done,
        },
    }
}

/// Where a wrapper's options end: past each `-x`, `--long`, `--long=value`
/// and the value of each option in `valued`, and past a `--`.
fn options_end(args: &[String], valued: &[&str]) -> usize {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if arg == "--" {
            return i + 1;
        }
        if !arg.starts_with('-') || arg.len() < 2 {
            break;
        }
        i += if valued.contains(&arg.as_str()) { 2 } else { 1 };
    }
    i
}

/// `env`: its options (`-S STRING` splits STRING into more words, as
/// `env -S 'rm -rf /'` runs `rm`), assignments, then the command.
fn env(args: &[String]) -> Step {
    const VALUED: [&str; 6] = ["-u", "--unset", "-C", "--chdir", "-a", "--argv0"];
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        let split = if arg == "-S" || arg == "--split-string" {
            args.get(i + 1).map(|value| (value.as_str(), i + 2))
        } else {
            arg.strip_prefix("--split-string=")
                .or_else(|| arg.strip_prefix("-S"))
                .map(|value| (value, i + 1))
        };
        if let Some((value, after)) = split {
            // env splits the string at spaces and removes quotes as a
            // shell would, and runs what it spells with the rest after it.
            let mut words: Vec<String> = super::split(value)
                .commands
                .into_iter()
                .flat_map(|c| c.words)
                .collect();
            words.extend(args.get(after..).unwrap_or_default().iter().cloned());
            return Step::Next(words);
        }
        if arg == "--" {
            i += 1;
            break;
        }
        if !arg.starts_with('-') || arg.len() < 2 {
            break;
        }
        i += if VALUED.contains(&arg.as_str()) { 2 } else { 1 };
    }
    Step::Next(args.get(i..).unwrap_or_default().to_vec())
}

/// `flock [options] FILE COMMAND...` or `flock [options] FILE -c SCRIPT`
/// (`flock FD` alone runs nothing).
fn flock(args: &[String]) -> Step {
    const VALUED: [&str; 4] = ["-w", "--timeout", "-E", "--conflict-exit-code"];
    let mut i = 0;
    let mut file_seen = false;
    while let Some(arg) = args.get(i) {
        if arg == "-c" || arg == "--command" {
            return args
                .get(i + 1)
                .map_or(Step::Done, |script| Step::Script(script.clone()));
        }
        if arg.starts_with('-') && arg.len() > 1 && arg != "--" {
            i += if VALUED.contains(&arg.as_str()) { 2 } else { 1 };
        } else if !file_seen {
            file_seen = true;
            i += usize::from(arg == "--") + 1;
        } else {
            break;
        }
    }
    Step::Next(args.get(i..).unwrap_or_default().to_vec())
}

/// `su [options] [USER] -c SCRIPT`: the script; `su` alone starts a shell.
fn su(args: &[String]) -> Step {
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        if arg == "-c" || arg == "--command" {
            return words.next().map_or(Step::Done, |s| Step::Script(s.clone()));
        }
        if let Some(script) = arg.strip_prefix("--command=") {
            return Step::Script(script.to_owned());
        }
    }
    Step::Done
}

/// A shell's arguments: `-c SCRIPT` (options may come first, clustered:
/// `-lc`, `-e -c`), a script file, or nothing (or `-s`): the script comes
/// on standard input.
fn shell(args: &[String]) -> Step {
    let mut command_mode = false;
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        if matches!(
            arg.as_str(),
            "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file"
        ) {
            words.next(); // the option's value
        } else if arg == "--" || arg == "-" {
            break;
        } else if arg.len() > 1 && arg.starts_with(['-', '+']) {
            // `--norc`, `--login`: long options take no `c`.
            command_mode |= !arg.starts_with("--") && arg.starts_with('-') && arg.contains('c');
        } else {
            return operand(arg, command_mode);
        }
    }
    match words.next() {
        Some(arg) => operand(arg, command_mode),
        None if command_mode => Step::Done,
        None => Step::Stdin,
    }
}

/// A shell's first operand: its script (`-c`), or the file it reads.
fn operand(arg: &str, command_mode: bool) -> Step {
    if command_mode {
        Step::Script(arg.to_owned())
    } else if arg.starts_with("<(") {
        Step::Unseen
    } else {
        Step::Done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    /// The words each step passes on, down to the last.
    fn program(line: &str) -> (Vec<String>, Step) {
        let mut current = words(line);
        loop {
            match step(&current) {
                Step::Next(next) if !next.is_empty() => current = next,
                other => return (current, other),
            }
        }
    }

    #[test]
    fn wrappers_pass_on_to_their_command() {
        for line in [
            "FOO=1 BAR+=x rm -rf /",
            "env -i -u HOME PATH=/bin rm -rf /",
            "env -- rm -rf /",
            "nohup nice -n 10 rm -rf /",
            "nice -10 rm -rf /",
            "timeout -s KILL 5 rm -rf /",
            "timeout --foreground 5s rm -rf /",
            "stdbuf -oL -e 0 rm -rf /",
            "stdbuf --output=L rm -rf /",
            "setsid -f rm -rf /",
            "ionice -c 3 -n 7 rm -rf /",
            "flock /tmp/lock rm -rf /",
            "flock -w 5 -x /tmp/lock rm -rf /",
            "busybox rm -rf /",
            "toybox rm -rf /",
            "sudo -u root -E rm -rf /",
            "doas -u root rm -rf /",
            "xargs -n 1 -I {} rm -rf /",
            "exec -a name rm -rf /",
            "command rm -rf /",
            "time -p rm -rf /",
            "! rm -rf /",
            "/usr/bin/env /usr/bin/nice rm -rf /",
        ] {
            let (words, last) = program(line);
            assert_eq!(words, ["rm", "-rf", "/"], "{line}");
            assert_eq!(last, Step::Done, "{line}");
        }
    }

    #[test]
    fn env_split_string_is_split_into_words() {
        let step_of =
            |args: &[&str]| step(&args.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>());
        assert_eq!(
            step_of(&["env", "-S", "rm -rf /"]),
            Step::Next(words("rm -rf /"))
        );
        assert_eq!(
            step_of(&["env", "--split-string=rm -rf /"]),
            Step::Next(words("rm -rf /"))
        );
        assert_eq!(step_of(&["env", "-Ssudo id"]), Step::Next(words("sudo id")));
        assert_eq!(
            step_of(&["env", "-i", "-S", "rm '-rf' /", "more"]),
            Step::Next(words("rm -rf / more"))
        );
    }

    #[test]
    fn shells_and_eval_run_scripts() {
        let script = |s: &str| Step::Script(s.to_owned());
        let args = |a: &[&str]| a.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
        assert_eq!(step(&args(&["bash", "-lc", "sudo id"])), script("sudo id"));
        assert_eq!(step(&args(&["sh", "-e", "-c", "x", "arg0"])), script("x"));
        assert_eq!(
            step(&args(&["/bin/bash", "--norc", "-c", "x"])),
            script("x")
        );
        assert_eq!(
            step(&args(&["bash", "-o", "pipefail", "-c", "x"])),
            script("x")
        );
        assert_eq!(step(&args(&["eval", "sudo", "id"])), script("sudo id"));
        assert_eq!(step(&args(&["flock", "l", "-c", "x"])), script("x"));
        assert_eq!(step(&args(&["su", "-", "root", "-c", "x"])), script("x"));
        assert_eq!(step(&args(&["bash"])), Step::Stdin);
        assert_eq!(step(&args(&["sh", "-s", "-x"])), Step::Stdin);
        assert_eq!(step(&args(&["bash", "build.sh", "-c"])), Step::Done);
        assert_eq!(step(&args(&["bash", "<(curl x)"])), Step::Unseen);
        assert_eq!(step(&args(&["command", "-v", "sudo"])), Step::Done);
        assert_eq!(step(&args(&["ionice", "-p", "42"])), Step::Done);
        assert_eq!(step(&args(&["ls", "-la"])), Step::Done);
    }
}
