//! What the first word of a command does to the rest: an assignment, a
//! reserved word or a wrapper program (`env`, `nice`, `sudo`, `xargs`,
//! `find -exec`, ...) passes on to the program after it, sometimes in
//! another folder (`env -C DIR`) or with more operands (`xargs`); a shell,
//! `eval` or `source` runs a script.

use super::lex::is_assignment;
use super::shells;
use super::step::{Next, Source, Split, Step};
use super::unseen::Why;

/// Reserved words and builtins that only change how the command after them
/// runs.
const RESERVED: [&str; 13] = [
    "!", "{", "}", "if", "then", "elif", "else", "fi", "do", "done", "while", "until", "builtin",
];

/// A wrapper program: its options that take a value (`-n 10`; long ones
/// also as `--name=value`), those of them that set the folder the command
/// runs in, and how many operands it reads before the command
/// (`timeout`'s duration).
struct Wrapper {
    name: &'static str,
    valued: &'static [&'static str],
    chdir: &'static [&'static str],
    operands: usize,
}

const fn wrapper(name: &'static str, valued: &'static [&'static str], operands: usize) -> Wrapper {
    Wrapper {
        name,
        valued,
        chdir: &[],
        operands,
    }
}

/// Programs that run the command after them (`env`, `flock`, `xargs`,
/// `find`, `parallel`, `watch` and `script`, whose options say more, are
/// read by [`step`] itself).
const WRAPPERS: [Wrapper; 23] = [
    wrapper("exec", &["-a"], 0),
    wrapper("command", &[], 0),
    wrapper("nohup", &[], 0),
    wrapper("nice", &["-n", "--adjustment"], 0),
    wrapper("time", &["-f", "--format", "-o", "--output"], 0),
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
    wrapper("chroot", &["--userspec", "--groups"], 1),
    wrapper("fakeroot", &["-l", "--lib", "--faked", "-s", "-i"], 0),
    wrapper(
        "strace",
        &[
            "-o", "-e", "-p", "-u", "-E", "-s", "-a", "-b", "-I", "-O", "-P", "-S", "-X",
        ],
        0,
    ),
    Wrapper {
        name: "unshare",
        valued: &[
            "-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd",
        ],
        chdir: &["-w", "--wd"],
        operands: 0,
    },
    Wrapper {
        name: "sudo",
        valued: &[
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
        chdir: &["-D", "--chdir"],
        operands: 0,
    },
    wrapper("doas", &["-u", "-C"], 0),
    wrapper("pkexec", &["--user"], 0),
    Wrapper {
        name: "run0",
        valued: &["-u", "--user", "-g", "--group", "-D", "--chdir"],
        chdir: &["-D", "--chdir"],
        operands: 0,
    },
    wrapper("busybox", &[], 0),
    wrapper("toybox", &[], 0),
    wrapper("caffeinate", &["-w", "-t"], 0),
    wrapper("dbus-run-session", &["--config-file", "--dbus-daemon"], 0),
];

/// `/usr/bin/sudo` runs `sudo`.
pub fn basename(program: &str) -> &str {
    match program.rsplit_once('/') {
        Some((_, name)) if !name.is_empty() => name,
        _ => program,
    }
}

/// What `words[0]` does with the words after it.
pub(super) fn step(words: &[String]) -> Step {
    let Some((first, rest)) = words.split_first() else {
        return Step::Done;
    };
    if is_assignment(first) {
        return Next::words(rest);
    }
    let name = basename(first);
    if RESERVED.contains(&name) {
        return Next::words(rest);
    }
    if let Some(step) = shells::step(name, rest) {
        return step;
    }
    match name {
        "eval" => Step::Script {
            text: rest.join(" "),
            args: None,
        },
        "source" | "." => shells::source(rest),
        "su" => su(rest),
        // `command -v x` and `command -V x` only look `x` up.
        "command" if rest.first().is_some_and(|w| w == "-v" || w == "-V") => Step::Done,
        "env" => env(rest),
        "flock" => flock(rest),
        "xargs" => xargs(rest),
        "find" => find(rest),
        "parallel" => parallel(rest),
        "watch" => watch(rest),
        "script" => script(rest),
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
        "strace" if rest.iter().any(|w| w == "-p") => Step::Done,
        _ => match WRAPPERS.iter().find(|w| w.name == name) {
            Some(wrapper) => {
                let (end, chdir) = options_end(rest, wrapper.valued, wrapper.chdir);
                let start = end + wrapper.operands;
                Step::Next(vec![Next {
                    words: rest.get(start..).unwrap_or_default().to_vec(),
                    chdir,
                    operands: None,
                }])
            }
            None => Step::Done,
        },
    }
}

/// Where a wrapper's options end: past each `-x`, `--long`, `--long=value`
/// and the value of each option in `valued`, and past a `--`; and the
/// value of the last option in `chdir` met.
fn options_end(args: &[String], valued: &[&str], chdir: &[&str]) -> (usize, Option<String>) {
    let mut i = 0;
    let mut folder = None;
    while let Some(arg) = args.get(i) {
        if arg == "--" {
            return (i + 1, folder);
        }
        if !arg.starts_with('-') || arg.len() < 2 {
            break;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if arg.starts_with("--") => (name, Some(value)),
            _ => (arg.as_str(), None),
        };
        if chdir.contains(&name) {
            folder = inline
                .map(str::to_owned)
                .or_else(|| args.get(i + 1).cloned());
        } else if let Some(short) = chdir.iter().find(|c| c.len() == 2 && arg.starts_with(**c)) {
            folder = Some(arg[short.len()..].to_owned());
        }
        i += if valued.contains(&arg.as_str()) { 2 } else { 1 };
    }
    (i, folder)
}

/// `env`: its options (`-S STRING` splits STRING into more words, read as
/// options and a command again; `-C DIR` runs the command in DIR),
/// clustered or not (`-iS 'rm -rf /'`), long ones by any unambiguous
/// prefix (`--split=`, `--ch /`); assignments; then the command.
fn env(args: &[String]) -> Step {
    const LONG: [(&str, bool); 8] = [
        ("ignore-environment", false),
        ("null", false),
        ("unset", true),
        ("chdir", true),
        ("split-string", true),
        ("argv0", true),
        ("debug", false),
        ("list-signal-handling", false),
    ];
    let mut args = args.to_vec();
    let mut chdir = None;
    let mut i = 0;
    // Each `-S` puts its words back to be read again; a line nesting them
    // deeper than this is read no further.
    let mut splits = 0;
    while let Some(arg) = args.get(i).cloned() {
        let value_of = |attached: &str, i: &mut usize| -> Option<String> {
            if attached.is_empty() {
                *i += 1;
                args.get(*i).cloned()
            } else {
                Some(attached.to_owned())
            }
        };
        let mut split = None;
        if arg == "--" {
            i += 1;
            break;
        } else if let Some(long) = arg.strip_prefix("--") {
            let (name, inline) = long.split_once('=').unwrap_or((long, ""));
            let mut matching = LONG.iter().filter(|(full, _)| full.starts_with(name));
            let option = match (matching.next(), matching.next()) {
                (Some(only), None) => Some(*only),
                _ => LONG.iter().find(|(full, _)| *full == name).copied(),
            };
            if let Some((full, true)) = option {
                let value = if long.contains('=') {
                    Some(inline.to_owned())
                } else {
                    value_of("", &mut i)
                };
                match full {
                    "chdir" => chdir = value,
                    "split-string" => split = value,
                    _ => {}
                }
            }
        } else if arg.len() > 1 && arg.starts_with('-') {
            let flags = &arg[1..];
            if let Some(at) = flags.find(['u', 'C', 'S', 'a']) {
                let option = &flags[at..=at];
                let value = value_of(&flags[at + 1..], &mut i);
                match option {
                    "C" => chdir = value,
                    "S" => split = value,
                    _ => {}
                }
            }
        } else {
            break;
        }
        i += 1;
        if let Some(value) = split {
            splits += 1;
            if splits > super::MAX_DEPTH {
                return Step::Unseen(Why::TooDeep);
            }
            // env splits the string at spaces and removes quotes as a
            // shell would, and reads what it spells before the rest.
            let mut words: Vec<String> = super::split(&value)
                .commands
                .into_iter()
                .flat_map(|c| c.words)
                .collect();
            words.extend(args.get(i..).unwrap_or_default().iter().cloned());
            args = words;
            i = 0;
        }
    }
    Step::Next(vec![Next {
        words: args.get(i..).unwrap_or_default().to_vec(),
        chdir,
        operands: None,
    }])
}

/// `flock [options] FILE COMMAND...` or `flock [options] FILE -c SCRIPT`
/// (`flock FD` alone runs nothing).
fn flock(args: &[String]) -> Step {
    const VALUED: [&str; 4] = ["-w", "--timeout", "-E", "--conflict-exit-code"];
    let mut i = 0;
    let mut file_seen = false;
    while let Some(arg) = args.get(i) {
        if arg == "-c" || arg == "--command" {
            return args.get(i + 1).map_or(Step::Done, |script| Step::Script {
                text: script.clone(),
                args: None,
            });
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
    Next::words(args.get(i..).unwrap_or_default())
}

/// `su [options] [USER] -c SCRIPT`: the script; `su` alone starts a shell.
fn su(args: &[String]) -> Step {
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        let script = if arg == "-c" || arg == "--command" {
            words.next().cloned()
        } else {
            arg.strip_prefix("--command=").map(str::to_owned)
        };
        if let Some(text) = script {
            return Step::Script { text, args: None };
        }
    }
    Step::Done
}

/// `xargs [options] COMMAND...`: the command, with items from standard
/// input (or `-a FILE`) after its words or in place of `-I`'s string.
fn xargs(args: &[String]) -> Step {
    // Short options that take a value: attached (`-n1`) or the next word.
    const VALUED: &str = "adEILnPs";
    const LONG_VALUED: [&str; 8] = [
        "--arg-file",
        "--delimiter",
        "--eof",
        "--max-lines",
        "--max-args",
        "--max-procs",
        "--max-chars",
        "--process-slot-var",
    ];
    let mut replace = None;
    let mut split = Split::Blanks;
    let mut file = None;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        if arg == "--" {
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, inline) = long.split_once('=').unwrap_or((long, ""));
            let name = format!("--{name}");
            let value = if long.contains('=') || !LONG_VALUED.contains(&name.as_str()) {
                inline.to_owned()
            } else {
                i += 1;
                args.get(i - 1).cloned().unwrap_or_default()
            };
            match name.as_str() {
                "--null" => split = Split::At('\0'),
                "--delimiter" => split = delimiter(&value),
                "--arg-file" => file = Some(value),
                "--replace" => {
                    replace = Some(if value.is_empty() { "{}".into() } else { value });
                    split = Split::Lines;
                }
                "--max-lines" => split = Split::Lines,
                _ => {}
            }
            continue;
        }
        if arg.len() < 2 || !arg.starts_with('-') {
            i -= 1;
            break;
        }
        for (at, flag) in arg.char_indices().skip(1) {
            let attached = &arg[at + flag.len_utf8()..];
            match flag {
                '0' => split = Split::At('\0'),
                // `-i[R]`, `-l[N]`, `-e[EOF]`: a value only attached.
                'i' => {
                    replace = Some(if attached.is_empty() { "{}" } else { attached }.into());
                    split = Split::Lines;
                    break;
                }
                'l' => {
                    split = Split::Lines;
                    break;
                }
                'e' => break,
                valued if VALUED.contains(valued) => {
                    let value = if attached.is_empty() {
                        i += 1;
                        args.get(i - 1).cloned().unwrap_or_default()
                    } else {
                        attached.to_owned()
                    };
                    match valued {
                        'I' => {
                            replace = Some(value);
                            split = Split::Lines;
                        }
                        'L' => split = Split::Lines,
                        'd' => split = delimiter(&value),
                        'a' => file = Some(value),
                        _ => {}
                    }
                    break;
                }
                _ => {}
            }
        }
    }
    let rest = args.get(i..).unwrap_or_default();
    // With no command, xargs runs `echo`.
    let words = if rest.is_empty() {
        vec!["echo".to_owned()]
    } else {
        rest.to_vec()
    };
    let operands = match file {
        Some(file) => Source::File(file),
        None => Source::Stdin { replace, split },
    };
    Step::Next(vec![Next {
        words,
        chdir: None,
        operands: Some(operands),
    }])
}

/// `xargs -d`'s delimiter: a character, or an escape (`\n`, `\0`, `\x2c`).
fn delimiter(value: &str) -> Split {
    let decoded = super::escapes::decode(value);
    match decoded.chars().next() {
        Some('\n') => Split::Lines,
        Some(c) => Split::At(c),
        None => Split::Blanks,
    }
}

/// The paths `find` starts from (none written: `.`), and where its
/// expression begins.
fn find_start(args: &[String]) -> (Vec<String>, usize) {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        match arg.as_str() {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            level if level.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    let paths: Vec<String> = args
        .get(i..)
        .unwrap_or_default()
        .iter()
        .take_while(|a| !(a.starts_with('-') || matches!(a.as_str(), "(" | "!" | ")" | ",")))
        .cloned()
        .collect();
    let expression = i + paths.len();
    if paths.is_empty() {
        (vec![".".to_owned()], expression)
    } else {
        (paths, expression)
    }
}

/// The paths `find` with these arguments starts from.
pub(super) fn find_paths(args: &[String]) -> Vec<String> {
    find_start(args).0
}

/// `find [-H|-L|-P|-D opts|-O level] [PATHS] [EXPRESSION]`: each
/// `-exec`, `-execdir`, `-ok` and `-okdir` command (up to its `;` or `{}
/// +`), which gets the paths found under PATHS (`.` by default).
fn find(args: &[String]) -> Step {
    let (paths, i) = find_start(args);
    let mut runs = Vec::new();
    let mut words = args.iter().skip(i);
    while let Some(word) = words.next() {
        if !matches!(word.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            continue;
        }
        let mut command: Vec<String> = Vec::new();
        for word in words.by_ref() {
            let ends = word == ";" || (word == "+" && command.last().is_some_and(|w| w == "{}"));
            if ends {
                break;
            }
            command.push(word.clone());
        }
        runs.push(Next {
            words: command,
            chdir: None,
            operands: Some(Source::Found(paths.clone())),
        });
    }
    if runs.is_empty() {
        Step::Done
    } else {
        Step::Next(runs)
    }
}

/// GNU `parallel [options] COMMAND ::: ARGS`: the command with its
/// arguments (in place of `{}`, or after it); without `:::`, with items
/// from standard input.
fn parallel(args: &[String]) -> Step {
    const VALUED: [&str; 20] = [
        "-j",
        "--jobs",
        "-S",
        "--sshlogin",
        "-a",
        "--arg-file",
        "-d",
        "--delimiter",
        "-n",
        "--max-args",
        "-I",
        "--joblog",
        "--results",
        "--tmpdir",
        "--workdir",
        "--env",
        "--halt",
        "--timeout",
        "-P",
        "--colsep",
    ];
    let (start, _) = options_end(args, &VALUED, &[]);
    let rest = args.get(start..).unwrap_or_default();
    let separator = rest.iter().position(|w| w == ":::" || w == "::::");
    let Some(at) = separator else {
        return Step::Next(vec![Next {
            words: rest.to_vec(),
            chdir: None,
            operands: Some(Source::Stdin {
                replace: Some("{}".into()),
                split: Split::Lines,
            }),
        }]);
    };
    let (command, lists) = rest.split_at(at);
    let items: Vec<&String> = lists
        .iter()
        .filter(|w| w.as_str() != ":::" && w.as_str() != "::::")
        .collect();
    let runs = items
        .iter()
        .map(|item| {
            let mut words: Vec<String> = command.iter().map(|w| w.replace("{}", item)).collect();
            if !command.iter().any(|w| w.contains("{}")) {
                words.push((*item).clone());
            }
            Next {
                words,
                ..Next::default()
            }
        })
        .collect();
    Step::Next(runs)
}

/// `watch [options] COMMAND...`: the words joined, run by `sh -c` (or as
/// they are with `-x`).
fn watch(args: &[String]) -> Step {
    let (start, _) = options_end(args, &["-n", "--interval", "-q", "--equexit"], &[]);
    let rest = args.get(start..).unwrap_or_default();
    let exec = args[..start.min(args.len())]
        .iter()
        .any(|w| w == "-x" || w == "--exec");
    if exec {
        return Next::words(rest);
    }
    Step::Script {
        text: rest.join(" "),
        args: None,
    }
}

/// `script [options] -c COMMAND [FILE]` (`-qc COMMAND`, `--command=...`):
/// the command, run by a shell.
fn script(args: &[String]) -> Step {
    const VALUED: &str = "EIOBTmo";
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        let text = if arg == "--command" {
            args.get(i).cloned()
        } else if let Some(text) = arg.strip_prefix("--command=") {
            Some(text.to_owned())
        } else if arg.len() > 1 && arg.starts_with('-') && !arg.starts_with("--") {
            let flags = &arg[1..];
            match flags.find(|c| c == 'c' || VALUED.contains(c)) {
                Some(at) if flags[at..].starts_with('c') => match &flags[at + 1..] {
                    "" => args.get(i).cloned(),
                    attached => Some(attached.to_owned()),
                },
                Some(at) => {
                    i += usize::from(flags.len() == at + 1);
                    None
                }
                None => None,
            }
        } else {
            None
        };
        if let Some(text) = text {
            return Step::Script { text, args: None };
        }
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    /// The words each step passes on, down to the last, and where the last
    /// runs and gets its operands.
    fn program(line: &str) -> (Vec<String>, Next, Step) {
        let mut current = Next {
            words: words(line),
            ..Next::default()
        };
        loop {
            match step(&current.words) {
                Step::Next(mut next) if next.len() == 1 && !next[0].words.is_empty() => {
                    let next = next.remove(0);
                    current = Next {
                        chdir: next.chdir.or(current.chdir),
                        operands: next.operands.or(current.operands),
                        words: next.words,
                    };
                }
                other => return (current.words.clone(), current, other),
            }
        }
    }

    #[test]
    fn wrappers_pass_on_to_their_command() {
        for line in [
            "FOO=1 BAR+=x rm -rf /",
            "env -i -u HOME PATH=/bin rm -rf /",
            "env -- rm -rf /",
            "env -iu HOME rm -rf /",
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
            "exec -a name rm -rf /",
            "command rm -rf /",
            "time -p rm -rf /",
            "/usr/bin/time -f %e -o t.txt rm -rf /",
            "chroot / rm -rf /",
            "fakeroot rm -rf /",
            "strace -f -o log rm -rf /",
            "unshare -r rm -rf /",
            "! rm -rf /",
            "/usr/bin/env /usr/bin/nice rm -rf /",
        ] {
            let (words, _, last) = program(line);
            assert_eq!(words, ["rm", "-rf", "/"], "{line}");
            assert_eq!(last, Step::Done, "{line}");
        }
    }

    #[test]
    fn env_options_are_read_as_env_reads_them() {
        for line in [
            "env -S rm_-rf_/",
            "env -iS rm_-rf_/",
            "env -i -S rm_-rf_/",
            "env -vS rm_-rf_/",
            "env --split-string=rm_-rf_/",
            "env --split=rm_-rf_/",
            "env --sp rm_-rf_/",
            "env -S -i_rm_-rf_/",
            "env -S FOO=1_rm_-rf_/",
        ] {
            // `_` stands for a space inside the one word.
            let words: Vec<String> = line.split(' ').map(|w| w.replace('_', " ")).collect();
            let mut current = words;
            loop {
                match step(&current) {
                    Step::Next(mut next) if next.len() == 1 && !next[0].words.is_empty() => {
                        current = next.remove(0).words;
                    }
                    _ => break,
                }
            }
            assert_eq!(current, ["rm", "-rf", "/"], "{line}");
        }
        for (line, folder) in [
            ("env -C / rm -rf *", "/"),
            ("env -C/ rm -rf *", "/"),
            ("env -iC / rm -rf *", "/"),
            ("env --chdir=/ rm -rf *", "/"),
            ("env --chdir / rm -rf *", "/"),
            ("env --ch=~ rm -rf *", "~"),
            ("sudo -D / rm -rf *", "/"),
            ("sudo --chdir=/ rm -rf *", "/"),
        ] {
            let (words, next, _) = program(line);
            assert_eq!(words, ["rm", "-rf", "*"], "{line}");
            assert_eq!(next.chdir.as_deref(), Some(folder), "{line}");
        }
        let nested = format!("env {}", "-S ".repeat(20));
        assert!(matches!(
            step(&words(nested.trim())),
            Step::Next(_) | Step::Unseen(_)
        ));
    }

    #[test]
    fn xargs_find_and_parallel_add_operands() {
        let stdin = |replace: Option<&str>, split: Split| {
            Some(Source::Stdin {
                replace: replace.map(str::to_owned),
                split,
            })
        };
        for (line, run, operands) in [
            ("xargs rm -rf", "rm -rf", stdin(None, Split::Blanks)),
            ("xargs -0 rm -rf", "rm -rf", stdin(None, Split::At('\0'))),
            ("xargs -0r rm -rf", "rm -rf", stdin(None, Split::At('\0'))),
            ("xargs -n1 -P4 rm -rf", "rm -rf", stdin(None, Split::Blanks)),
            ("xargs -n 1 rm -rf", "rm -rf", stdin(None, Split::Blanks)),
            (
                "xargs -I {} rm -rf {}",
                "rm -rf {}",
                stdin(Some("{}"), Split::Lines),
            ),
            (
                "xargs -I% rm -rf %",
                "rm -rf %",
                stdin(Some("%"), Split::Lines),
            ),
            (
                "xargs -i rm -rf {}",
                "rm -rf {}",
                stdin(Some("{}"), Split::Lines),
            ),
            ("xargs -d , rm -rf", "rm -rf", stdin(None, Split::At(','))),
            (
                "xargs --null rm -rf",
                "rm -rf",
                stdin(None, Split::At('\0')),
            ),
            (
                "xargs -a list rm -rf",
                "rm -rf",
                Some(Source::File("list".into())),
            ),
            ("xargs", "echo", stdin(None, Split::Blanks)),
            (
                "find / -name x -exec rm -rf {} +",
                "rm -rf {}",
                Some(Source::Found(vec!["/".into()])),
            ),
            (
                "find -L ~ . -exec rm -rf {} ;",
                "rm -rf {}",
                Some(Source::Found(vec!["~".into(), ".".into()])),
            ),
            (
                "find -delete -execdir rm -rf {} +",
                "rm -rf {}",
                Some(Source::Found(vec![".".into()])),
            ),
            ("parallel rm -rf", "rm -rf", stdin(Some("{}"), Split::Lines)),
        ] {
            let (words, next, _) = program(line);
            assert_eq!(words.join(" "), run, "{line}");
            assert_eq!(next.operands, operands, "{line}");
        }
        assert_eq!(
            step(&words("parallel rm -rf {} ::: / ~")),
            Step::Next(vec![
                Next {
                    words: words("rm -rf /"),
                    ..Next::default()
                },
                Next {
                    words: words("rm -rf ~"),
                    ..Next::default()
                },
            ])
        );
        assert_eq!(step(&words("find . -name x -print")), Step::Done);
    }

    #[test]
    fn shells_eval_source_watch_and_script_run_scripts() {
        let script = |s: &str| Step::Script {
            text: s.to_owned(),
            args: None,
        };
        let args = |a: &[&str]| a.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            step(&args(&["bash", "-lc", "sudo id"])),
            Step::Script {
                text: "sudo id".into(),
                args: Some(vec![]),
            }
        );
        assert_eq!(step(&args(&["eval", "sudo", "id"])), script("sudo id"));
        assert_eq!(step(&args(&["flock", "l", "-c", "x"])), script("x"));
        assert_eq!(step(&args(&["su", "-", "root", "-c", "x"])), script("x"));
        assert_eq!(
            step(&args(&["watch", "-n", "1", "rm", "-rf", "/"])),
            script("rm -rf /")
        );
        assert_eq!(
            step(&args(&["script", "-q", "-c", "x", "log"])),
            script("x")
        );
        assert_eq!(
            step(&args(&["source", "<(curl x)"])),
            Step::Unseen(Why::ProcessSubstitution)
        );
        assert_eq!(
            step(&args(&[".", "/dev/stdin"])),
            Step::Stdin { explicit: true }
        );
        assert_eq!(step(&args(&["command", "-v", "sudo"])), Step::Done);
        assert_eq!(step(&args(&["ionice", "-p", "42"])), Step::Done);
        assert_eq!(step(&args(&["ls", "-la"])), Step::Done);
    }
}
