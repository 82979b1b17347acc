//! Shells and how each takes the script it runs: `-c SCRIPT` (with its
//! words after it as `$0`, `$1`, ...), a script file, standard input, an
//! encoded script (`pwsh -EncodedCommand`); and `source` / `.`, which run a
//! file's text in the shell itself.

use super::step::Step;

/// How a shell reads its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// POSIX shells and those that read options alike (`bash`, `zsh`,
    /// `csh`, `nu`, ...): `-c` in any cluster (`-lc`, `-ec`), the script the
    /// first operand, `-o NAME` taking a word.
    Posix,
    /// `fish`: `-c SCRIPT` and `-C SCRIPT` take their script as their value.
    Fish,
    /// PowerShell: `-Command` (or a prefix, `-c`) takes the rest of the
    /// words; `-EncodedCommand` a base64 script.
    Pwsh,
}

/// Every shell the reader knows, by program name.
const SHELLS: [(&str, Kind); 29] = [
    ("sh", Kind::Posix),
    ("bash", Kind::Posix),
    ("rbash", Kind::Posix),
    ("dash", Kind::Posix),
    ("zsh", Kind::Posix),
    ("ksh", Kind::Posix),
    ("mksh", Kind::Posix),
    ("lksh", Kind::Posix),
    ("pdksh", Kind::Posix),
    ("oksh", Kind::Posix),
    ("loksh", Kind::Posix),
    ("ash", Kind::Posix),
    ("hush", Kind::Posix),
    ("yash", Kind::Posix),
    ("posh", Kind::Posix),
    ("bosh", Kind::Posix),
    ("osh", Kind::Posix),
    ("ysh", Kind::Posix),
    ("csh", Kind::Posix),
    ("tcsh", Kind::Posix),
    ("rc", Kind::Posix),
    ("es", Kind::Posix),
    ("elvish", Kind::Posix),
    ("nu", Kind::Posix),
    ("xonsh", Kind::Posix),
    ("ion", Kind::Posix),
    ("fish", Kind::Fish),
    ("pwsh", Kind::Pwsh),
    ("powershell", Kind::Pwsh),
];

/// The shell a program name is, a version after it allowed (`bash5.2`,
/// `ksh93`, `zsh-5.9`, `pwsh-preview`), `.exe` too.
fn kind(name: &str) -> Option<Kind> {
    let name = name.strip_suffix(".exe").unwrap_or(name);
    let name = name.strip_suffix("-preview").unwrap_or(name);
    let bare = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-');
    SHELLS
        .iter()
        .find(|(shell, _)| *shell == name || *shell == bare)
        .map(|(_, kind)| *kind)
}

/// What the shell `name` runs with `args`; `None` when `name` is no shell.
pub(super) fn step(name: &str, args: &[String]) -> Option<Step> {
    Some(match kind(name)? {
        Kind::Posix => posix(args),
        Kind::Fish => fish(args),
        Kind::Pwsh => pwsh(args),
    })
}

/// `-c SCRIPT` (options may come first, clustered: `-lc`, `-e -c`, `-eo
/// pipefail -c`), a script file, or nothing (or `-s`): standard input.
fn posix(args: &[String]) -> Step {
    let mut command_mode = false;
    let mut stdin = false;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        if matches!(arg.as_str(), "--rcfile" | "--init-file") {
            i += 1; // the option's value
        } else if arg == "--" || arg == "-" {
            stdin |= arg == "-";
            break;
        } else if arg.starts_with("--") {
            // `--norc`, `--login`: long options take no `c`.
        } else if arg.len() > 1 && arg.starts_with(['-', '+']) {
            for flag in arg.chars().skip(1) {
                match flag {
                    'c' if arg.starts_with('-') => command_mode = true,
                    's' => stdin = true,
                    // `-o pipefail`, `-eo pipefail`: each takes the next word.
                    'o' | 'O' => i += 1,
                    _ => {}
                }
            }
        } else {
            i -= 1;
            break;
        }
    }
    let rest = args.get(i..).unwrap_or_default();
    match rest.split_first() {
        Some((script, words)) if command_mode => Step::Script {
            text: script.clone(),
            args: Some(words.to_vec()),
        },
        _ if command_mode => Step::Done,
        Some((file, _)) if !stdin => script_file(file),
        _ => Step::Stdin { explicit: stdin },
    }
}

/// The file a shell (or `source`) runs: one the line shows the text of,
/// its standard input, or a file (whose text the reader cannot know).
fn script_file(file: &str) -> Step {
    if file.starts_with("<(") || file.starts_with("=(") {
        return Step::Unseen(super::Why::ProcessSubstitution);
    }
    match file {
        "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0" | "-" => Step::Stdin { explicit: true },
        // Another descriptor: a redirection the line does not show as input.
        fd if fd.starts_with("/dev/fd/") || fd.starts_with("/proc/self/fd/") => {
            Step::Unseen(super::Why::Descriptor)
        }
        _ => Step::Done,
    }
}

/// `source FILE` and `. FILE`: the file's text runs in the shell itself.
pub(super) fn source(args: &[String]) -> Step {
    // bash's `source -p PATH FILE`: a search path, then the file.
    let args = match args.first().map(String::as_str) {
        Some("-p") => args.get(2..).unwrap_or_default(),
        Some("--") => &args[1..],
        _ => args,
    };
    args.first().map_or(Step::Done, |file| script_file(file))
}

/// fish: `-c SCRIPT` and `-C SCRIPT` (`--command`, `--init-command`) run
/// their value; other options with a value take it from the cluster's rest
/// or the next word.
fn fish(args: &[String]) -> Step {
    const VALUED: &str = "cCdofp";
    let mut scripts = Vec::new();
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        if let Some(long) = arg.strip_prefix("--") {
            if long.is_empty() {
                break;
            }
            let (name, value) = match long.split_once('=') {
                Some((name, value)) => (name, Some(value.to_owned())),
                None => (long, None),
            };
            let valued = [
                "command",
                "init-command",
                "debug",
                "debug-output",
                "features",
                "profile",
                "profile-startup",
            ];
            if valued.contains(&name) {
                let value = value.or_else(|| {
                    i += 1;
                    args.get(i - 1).cloned()
                });
                if matches!(name, "command" | "init-command") {
                    scripts.extend(value);
                }
            }
        } else if arg.len() > 1 && arg.starts_with('-') {
            let flags = &arg[1..];
            if let Some(at) = flags.find(|c| VALUED.contains(c)) {
                let option = flags[at..].chars().next().unwrap_or('c');
                let attached = &flags[at + option.len_utf8()..];
                let value = if attached.is_empty() {
                    i += 1;
                    args.get(i - 1).cloned()
                } else {
                    Some(attached.to_owned())
                };
                if matches!(option, 'c' | 'C') {
                    scripts.extend(value);
                }
            }
        } else {
            i -= 1;
            break;
        }
    }
    if !scripts.is_empty() {
        return Step::Script {
            text: scripts.join("\n"),
            args: None,
        };
    }
    match args.get(i) {
        Some(file) => script_file(file),
        None => Step::Stdin { explicit: false },
    }
}

/// PowerShell: `-Command` (any prefix of it, case aside) takes the rest
/// of the words as its script (`-` for standard input); `-EncodedCommand`
/// (`-e`, `-ec`, `-enc`, ...) a base64 script the line does not show as
/// text; `-File` (or the first operand) a script file.
fn pwsh(args: &[String]) -> Step {
    const VALUED: [&str; 9] = [
        "executionpolicy",
        "workingdirectory",
        "wd",
        "outputformat",
        "inputformat",
        "windowstyle",
        "configurationname",
        "custompipename",
        "settingsfile",
    ];
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        let Some(name) = arg.strip_prefix('-').or_else(|| arg.strip_prefix('/')) else {
            return script_file(arg);
        };
        let name = name.to_ascii_lowercase();
        let name = name.split_once(':').map_or(name.as_str(), |(n, _)| n);
        let prefix_of = |full: &str| !name.is_empty() && full.starts_with(name);
        if name == "ec" || prefix_of("encodedcommand") {
            return Step::Unseen(super::Why::Encoded);
        }
        if prefix_of("command") {
            let rest = args.get(i..).unwrap_or_default();
            return match rest {
                [] => Step::Done,
                [dash] if dash == "-" => Step::Stdin { explicit: true },
                _ => Step::Script {
                    text: rest.join(" "),
                    args: None,
                },
            };
        }
        if prefix_of("file") {
            return args.get(i).map_or(Step::Done, |file| script_file(file));
        }
        if VALUED.iter().any(|full| prefix_of(full)) {
            i += 1;
        }
    }
    Step::Stdin { explicit: false }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Why;

    fn step_of(line: &str) -> Step {
        let words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        step(&words[0], &words[1..]).expect("a shell")
    }

    fn script(text: &str, args: &[&str]) -> Step {
        Step::Script {
            text: text.to_owned(),
            args: Some(args.iter().map(|a| (*a).to_owned()).collect()),
        }
    }

    #[test]
    fn every_shell_s_dash_c_runs_its_script_with_its_words() {
        for shell in [
            "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "csh", "tcsh",
            "rbash", "ksh93", "bash5.2", "zsh-5.9", "nu", "elvish", "xonsh", "hush", "oksh",
        ] {
            assert_eq!(
                step_of(&format!("{shell} -c x")),
                script("x", &[]),
                "{shell}"
            );
            assert_eq!(
                step_of(&format!("{shell} -lc x")),
                script("x", &[]),
                "{shell}"
            );
        }
        assert_eq!(step_of("sh -c x _ /"), script("x", &["_", "/"]));
        assert_eq!(step_of("sh -ec x"), script("x", &[]));
        assert_eq!(step_of("sh -c -- x a"), script("x", &["a"]));
        assert_eq!(step_of("bash -eo pipefail -c x"), script("x", &[]));
        assert_eq!(step_of("bash -co pipefail x"), script("x", &[]));
        assert_eq!(step_of("bash -O extglob -c x"), script("x", &[]));
        assert_eq!(step_of("bash -c -x x"), script("x", &[]));
        assert_eq!(step_of("bash --norc --login -c x"), script("x", &[]));
    }

    #[test]
    fn fish_and_powershell_take_their_script_their_way() {
        let plain = |text: &str| Step::Script {
            text: text.to_owned(),
            args: None,
        };
        assert_eq!(step_of("fish -c x"), plain("x"));
        assert_eq!(step_of("fish -lc x"), plain("x"));
        assert_eq!(step_of("fish -cx"), plain("x"));
        assert_eq!(step_of("fish --command=x"), plain("x"));
        assert_eq!(step_of("fish -C x -c y"), plain("x\ny"));
        assert_eq!(step_of("fish -d all -c x"), plain("x"));
        assert_eq!(step_of("pwsh -c x y"), plain("x y"));
        assert_eq!(step_of("pwsh -NoProfile -Command x"), plain("x"));
        assert_eq!(step_of("powershell.exe -command x"), plain("x"));
        assert_eq!(step_of("pwsh -ExecutionPolicy Bypass -c x"), plain("x"));
        for encoded in ["-e", "-ec", "-enc", "-EncodedCommand"] {
            assert_eq!(
                step_of(&format!("pwsh {encoded} cgBtAA==")),
                Step::Unseen(Why::Encoded),
                "{encoded}"
            );
        }
        assert_eq!(step_of("pwsh -File build.ps1"), Step::Done);
        assert_eq!(step_of("pwsh -Command -"), Step::Stdin { explicit: true });
    }

    #[test]
    fn files_stdin_and_process_substitutions() {
        assert_eq!(step_of("bash build.sh -c"), Step::Done);
        assert_eq!(step_of("bash"), Step::Stdin { explicit: false });
        assert_eq!(step_of("sh -s -x"), Step::Stdin { explicit: true });
        assert_eq!(step_of("bash /dev/stdin"), Step::Stdin { explicit: true });
        assert_eq!(step_of("sh -"), Step::Stdin { explicit: true });
        assert_eq!(
            step_of("bash <(curl x)"),
            Step::Unseen(Why::ProcessSubstitution)
        );
        let words = |line: &str| -> Vec<String> { line.split(' ').map(str::to_owned).collect() };
        assert_eq!(
            source(&words("<(curl x)")),
            Step::Unseen(Why::ProcessSubstitution)
        );
        assert_eq!(source(&words("/dev/stdin")), Step::Stdin { explicit: true });
        assert_eq!(source(&words("/dev/fd/0")), Step::Stdin { explicit: true });
        assert_eq!(source(&words("-")), Step::Stdin { explicit: true });
        assert_eq!(source(&words("/dev/fd/3")), Step::Unseen(Why::Descriptor));
        assert_eq!(source(&words("venv/bin/activate")), Step::Done);
        for other in ["bashate", "shellcheck", "python3", "shfmt", "ssh"] {
            assert_eq!(kind(other), None, "{other}");
        }
    }
}
