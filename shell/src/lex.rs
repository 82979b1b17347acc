//! One linear pass over a command line: simple commands, their words with
//! quotes removed, their redirected input, and the scripts of command
//! substitutions. Nothing is expanded and nothing fails: an unclosed quote
//! takes the rest of the line, as far as a reader can tell what runs.

use super::escapes;
use super::params::{self, Scope, Value};

/// A command line, read.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Script {
    /// Each simple command, in order. Commands are split at `;`, `&`,
    /// `&&`, `|`, `||`, `|&`, `(`, `)` and newlines outside quotes.
    pub commands: Vec<SimpleCommand>,
    /// The text of each `$(...)`, `` `...` ``, `<(...)` and `>(...)`,
    /// quoted or not, here-documents included: more scripts the line runs.
    pub substitutions: Vec<String>,
}

/// One simple command: its words and where its input comes from.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SimpleCommand {
    /// The words, quotes removed and `$'...'` decoded, without
    /// redirections (`2>&1`, `>log`, `<<< text`); a command substitution
    /// stays as written (`$(date)`).
    pub words: Vec<String>,
    /// The same words as they read when every command substitution prints
    /// nothing (`s$()udo` is `sudo`; a word that was only a substitution is
    /// gone); equal to `words` when there is none.
    pub bare: Vec<String>,
    /// The same words with each parameter the line gives a value to
    /// expanded (`$1` after `sh -c SCRIPT _ /`, `$X` after `X=/;`), split
    /// where an unquoted value has spaces; equal to `words` when there is
    /// none. A parameter the line does not show stays as written (`$X`).
    pub expanded: Vec<String>,
    /// Where the command reads its standard input from.
    pub input: Input,
    /// The operator before it: whether it runs after the command before
    /// it, only if that one succeeded, or on its output.
    pub joint: Joint,
}

/// How a simple command is joined to the one before it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Joint {
    /// The first command, or after `;`, a newline or a parenthesis: it
    /// runs whatever the one before did.
    #[default]
    Then,
    /// After `&&`: only if the one before succeeded.
    And,
    /// After `||`: only if the one before failed.
    Or,
    /// After `|`: on the output of the one before, which ran in a subshell.
    Pipe,
    /// After `&`: the one before runs in the background, in a subshell.
    Background,
}

/// Where a simple command's standard input comes from.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub enum Input {
    /// Whatever the line's own input is.
    #[default]
    Inherited,
    /// The output of another command of the same [`Script`] (`a | b`):
    /// its index in [`Script::commands`].
    Pipe(usize),
    /// A here-string (`<<< text`) or a here-document's body, as written.
    Text(String),
}

/// Splits a command line into simple commands and their words.
///
/// ```
/// use tackle_shell::{Input, split};
///
/// let script = split(r#"FOO=1 ls "a b" 2>/dev/null && echo 'x;y' | wc -l"#);
/// let words: Vec<_> = script.commands.iter().map(|c| c.words.clone()).collect();
/// assert_eq!(words, [vec!["FOO=1", "ls", "a b"], vec!["echo", "x;y"], vec!["wc", "-l"]]);
/// assert_eq!(script.commands[2].input, Input::Pipe(1));
///
/// let script = split("bash <<< $'rm -rf \\x2f'");
/// assert_eq!(script.commands[0].input, Input::Text("rm -rf /".into()));
/// ```
pub fn split(line: &str) -> Script {
    split_in(line, Scope::default()).0
}

/// Splits a line whose parameters `scope` gives values to (a `sh -c`
/// script's words), and the scope once the line has run (its assignments
/// of literal values added).
pub(super) fn split_in(line: &str, scope: Scope) -> (Script, Scope) {
    let mut lexer = Lexer {
        chars: line.chars().peekable(),
        script: Script::default(),
        command: SimpleCommand::default(),
        word: Word::default(),
        redirect: None,
        pipe: false,
        joint: Joint::Then,
        heredocs: Vec::new(),
        scope,
        assignments: Vec::new(),
        assigning: false,
    };
    lexer.run();
    (lexer.script, lexer.scope)
}

/// The word being read.
#[derive(Debug, Default)]
struct Word {
    text: String,
    /// `text` less its command substitutions.
    bare: String,
    /// Set once anything (even `''`) started the word, so an empty quoted
    /// word still counts.
    started: bool,
    /// Some part of it was quoted.
    quoted: bool,
    /// `text` with the known parameters expanded: the fields done so far
    /// (an unquoted value with spaces splits the word) ...
    fields: Vec<String>,
    /// ... and the one being read.
    field: String,
    /// The field being read is a word even if empty (something quoted).
    keep_field: bool,
    /// A parameter was expanded.
    expanded: bool,
    /// Some part of it is not known: a substitution, or a parameter the
    /// line gives no value.
    unknown: bool,
}

/// What the next word is, after a redirection operator.
#[derive(Debug, Clone, Copy)]
enum Redirect {
    /// A file or descriptor: not a word of the command.
    Target,
    /// `<<<`: the command's input.
    HereString,
    /// `<<` or `<<-`: the delimiter of a body that starts on the next line.
    HereDoc { strip_tabs: bool },
}

/// A here-document whose body comes at the next newline.
#[derive(Debug)]
struct HereDoc {
    delimiter: String,
    strip_tabs: bool,
    /// An unquoted delimiter: substitutions in the body run.
    expands: bool,
    /// Its command's index, once that command is complete; `None` while it
    /// is still being read.
    command: Option<Option<usize>>,
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    script: Script,
    command: SimpleCommand,
    word: Word,
    redirect: Option<Redirect>,
    /// The next command reads the output of the last one.
    pipe: bool,
    /// The operator before the next command.
    joint: Joint,
    heredocs: Vec<HereDoc>,
    /// The values the line gives its parameters so far.
    scope: Scope,
    /// The assignments of the command being read, if it is made only of
    /// assignments (`X=/`, `export X=/`): the name and its value, `None`
    /// where the value is not known.
    assignments: Vec<(String, Option<String>)>,
    /// The command being read may still be only assignments.
    assigning: bool,
}

impl Lexer<'_> {
    fn run(&mut self) {
        while let Some(c) = self.chars.next() {
            match c {
                ' ' | '\t' | '\r' => self.end_word(),
                '\n' => {
                    self.end_command();
                    self.here_documents();
                }
                // A pipe reaches past a newline or a `(` to the next
                // command: `a |\n (b)` feeds `b`.
                ';' | '(' | ')' => self.end_command(),
                '|' => {
                    self.end_command();
                    // `||` runs the next command after this one, not on its output.
                    self.pipe = self.chars.next_if_eq(&'|').is_none();
                    self.joint = if self.pipe { Joint::Pipe } else { Joint::Or };
                    self.chars.next_if_eq(&'&');
                }
                '&' if self.chars.peek() == Some(&'>') => {
                    // `&>file`, `&>>file`: output and errors to a file.
                    self.end_word();
                    self.chars.next();
                    self.chars.next_if_eq(&'>');
                    self.redirect = Some(Redirect::Target);
                }
                '&' => {
                    self.end_command();
                    self.joint = if self.chars.next_if_eq(&'&').is_some() {
                        Joint::And
                    } else {
                        Joint::Background
                    };
                }
                '<' | '>' if self.chars.peek() == Some(&'(') => {
                    self.chars.next();
                    self.substitution(if c == '<' { "<(" } else { ">(" });
                }
                '<' | '>' => self.redirection(c),
                '#' if !self.word.started => self.skip_comment(),
                '\\' => match self.chars.next() {
                    Some('\n') | None => {}
                    Some(next) => self.push(next),
                },
                '\'' => self.single_quoted(),
                '"' => self.double_quoted(),
                '`' => self.backquoted(),
                '$' => match self.chars.peek() {
                    Some('(') => {
                        self.chars.next();
                        self.substitution("$(");
                    }
                    Some('\'') => {
                        self.chars.next();
                        self.ansi_quoted();
                    }
                    // `$"..."`, a translated string: read as double-quoted.
                    Some('"') => {
                        self.chars.next();
                        self.double_quoted();
                    }
                    _ => self.parameter(false),
                },
                _ => self.push(c),
            }
        }
        self.end_command();
        self.here_documents();
    }

    fn push(&mut self, c: char) {
        self.word.text.push(c);
        self.word.bare.push(c);
        self.word.field.push(c);
        self.word.started = true;
    }

    fn push_quoted(&mut self, c: char) {
        self.push(c);
        self.word.quoted = true;
        self.word.keep_field = true;
    }

    /// After a `$` that starts no substitution or quote: a parameter
    /// (`$X`, `$1`, `${X:-/}`), expanded where the scope knows its value,
    /// or a plain `$`.
    fn parameter(&mut self, quoted: bool) {
        let mut text = String::from("$");
        match self.chars.peek().copied() {
            Some('{') => {
                // Up to the matching brace, quotes and nested braces counted.
                let mut depth = 0usize;
                let mut quote = None;
                while let Some(c) = self.chars.next() {
                    text.push(c);
                    match (quote, c) {
                        (Some(q), c) if c == q => quote = None,
                        (_, '\\') => text.extend(self.chars.next()),
                        (Some(_), _) => {}
                        (None, '\'' | '"') => quote = Some(c),
                        (None, '{') => depth += 1,
                        (None, '}') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            Some(c) if c.is_ascii_digit() || "@*#?$!-".contains(c) => {
                text.push(c);
                self.chars.next();
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                while let Some(c) = self
                    .chars
                    .next_if(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    text.push(c);
                }
            }
            _ => {
                return if quoted {
                    self.push_quoted('$')
                } else {
                    self.push('$')
                };
            }
        }
        let value = params::read(&text).and_then(|p| self.scope.value(&p));
        self.word.started = true;
        self.word.text.push_str(&text);
        self.word.bare.push_str(&text);
        self.word.quoted |= quoted;
        let Some(value) = value else {
            self.word.unknown = true;
            self.word.field.push_str(&text);
            return;
        };
        self.word.expanded = true;
        match value {
            Value::Each(values) if quoted && text != "$*" && text != "${*}" => {
                // `"$@"`: each parameter a word of its own.
                for (i, value) in values.into_iter().enumerate() {
                    if i > 0 {
                        self.end_field();
                    }
                    self.word.field.push_str(&value);
                    self.word.keep_field = true;
                }
            }
            Value::Each(values) => self.expand(&values.join(" "), quoted),
            Value::One(value) => self.expand(&value, quoted),
        }
    }

    /// A value into the expanded word: as it is inside quotes, split at
    /// spaces outside them.
    fn expand(&mut self, value: &str, quoted: bool) {
        if quoted {
            self.word.field.push_str(value);
            self.word.keep_field = true;
            return;
        }
        for c in value.chars() {
            if matches!(c, ' ' | '\t' | '\n') {
                if !self.word.field.is_empty() || self.word.keep_field {
                    self.end_field();
                }
            } else {
                self.word.field.push(c);
            }
        }
    }

    fn end_field(&mut self) {
        let field = std::mem::take(&mut self.word.field);
        self.word.fields.push(field);
        self.word.keep_field = false;
    }

    fn end_word(&mut self) {
        if !self.word.started {
            return;
        }
        let mut word = std::mem::take(&mut self.word);
        if !word.field.is_empty() || word.keep_field {
            word.fields.push(std::mem::take(&mut word.field));
        }
        match self.redirect.take() {
            Some(Redirect::Target) => {}
            Some(Redirect::HereString) => {
                self.command.input = Input::Text(if word.expanded {
                    word.fields.join(" ")
                } else {
                    word.text
                });
            }
            Some(Redirect::HereDoc { strip_tabs }) => self.heredocs.push(HereDoc {
                delimiter: word.text,
                strip_tabs,
                expands: !word.quoted,
                command: None,
            }),
            None => {
                self.assignment(&word);
                // An unquoted substitution that prints nothing leaves no word.
                if !word.bare.is_empty() || word.quoted || word.text.is_empty() {
                    self.command.bare.push(word.bare);
                }
                if word.expanded {
                    self.command.expanded.extend(word.fields);
                } else {
                    self.command.expanded.push(word.text.clone());
                }
                self.command.words.push(word.text);
            }
        }
    }

    /// Keeps track of a command made only of assignments (`X=/`, `export
    /// X=/ Y=1`), so that later commands of the line see their values;
    /// called before `word` joins the command.
    fn assignment(&mut self, word: &Word) {
        const DECLARE: [&str; 5] = ["export", "declare", "typeset", "local", "readonly"];
        let first = self.command.words.first();
        if first.is_none() {
            self.assigning = true;
        }
        if !self.assigning {
            return;
        }
        let declaring = first.is_some_and(|w| DECLARE.contains(&w.as_str()));
        if is_assignment(&word.text) {
            let (name, _) = word.text.split_once('=').unwrap_or_default();
            let value = if word.expanded {
                word.fields.join(" ")
            } else {
                word.text.clone()
            };
            let value = value.split_once('=').map_or("", |(_, v)| v);
            // `X+=more` appends to a value the line may not show.
            let known = !word.unknown && !name.ends_with('+');
            self.assignments.push((
                name.trim_end_matches('+').to_owned(),
                known.then(|| value.to_owned()),
            ));
        } else if !(first.is_none() && DECLARE.contains(&word.text.as_str()) || declaring) {
            // A command word: the assignments before it only set its
            // environment.
            self.assigning = false;
            self.assignments.clear();
        }
    }

    fn end_command(&mut self) {
        self.end_word();
        self.redirect = None;
        self.assigning = false;
        for (name, value) in std::mem::take(&mut self.assignments) {
            match value {
                Some(value) => self.scope.vars.insert(name, value),
                None => self.scope.vars.remove(&name),
            };
        }
        let mut command = std::mem::take(&mut self.command);
        let index = if command.words.is_empty() {
            None
        } else {
            if self.pipe && command.input == Input::Inherited {
                // The last command pushed is the one before the `|`.
                command.input = Input::Pipe(self.script.commands.len().saturating_sub(1));
            }
            self.pipe = false;
            command.joint = std::mem::take(&mut self.joint);
            self.script.commands.push(command);
            Some(self.script.commands.len() - 1)
        };
        for doc in self.heredocs.iter_mut().filter(|d| d.command.is_none()) {
            doc.command = Some(index);
        }
    }

    /// After `<` or `>`: the operator, and what the next word is to it. A
    /// word of digits just before it is the descriptor, not a word.
    fn redirection(&mut self, first: char) {
        if self.word.started
            && !self.word.quoted
            && !self.word.text.is_empty()
            && self.word.text.chars().all(|c| c.is_ascii_digit())
        {
            self.word = Word::default();
        } else {
            self.end_word();
        }
        let mut kind = Redirect::Target;
        if first == '<' && self.chars.next_if_eq(&'<').is_some() {
            kind = if self.chars.next_if_eq(&'<').is_some() {
                Redirect::HereString
            } else {
                Redirect::HereDoc {
                    strip_tabs: self.chars.next_if_eq(&'-').is_some(),
                }
            };
        } else {
            // `>>`, `>|`, `>&`, `<>`, `<&`: the target follows.
            self.chars.next_if(|c| matches!(c, '>' | '|' | '&'));
        }
        self.redirect = Some(kind);
    }

    /// At the start of a line: the bodies of the here-documents named on
    /// the line before, each up to its delimiter line.
    fn here_documents(&mut self) {
        for doc in std::mem::take(&mut self.heredocs) {
            let mut body = String::new();
            loop {
                let mut line = String::new();
                let mut ended = false;
                for c in self.chars.by_ref() {
                    if c == '\n' {
                        ended = true;
                        break;
                    }
                    line.push(c);
                }
                let line = if doc.strip_tabs {
                    line.trim_start_matches('\t').to_owned()
                } else {
                    line
                };
                if line == doc.delimiter || (!ended && line.is_empty()) {
                    break;
                }
                body.push_str(&line);
                body.push('\n');
                if !ended {
                    break;
                }
            }
            if doc.expands {
                self.script.substitutions.extend(substitutions_in(&body));
            }
            if let Some(Some(index)) = doc.command
                && let Some(command) = self.script.commands.get_mut(index)
            {
                command.input = Input::Text(body);
            }
        }
    }

    fn skip_comment(&mut self) {
        while self.chars.next_if(|&c| c != '\n').is_some() {}
    }

    fn single_quoted(&mut self) {
        self.word.started = true;
        self.word.quoted = true;
        while let Some(c) = self.chars.next() {
            if c == '\'' {
                return;
            }
            self.push_quoted(c);
        }
    }

    /// After `$'`: backslash escapes decoded (`$'\x2f'` is `/`).
    fn ansi_quoted(&mut self) {
        self.word.started = true;
        self.word.quoted = true;
        while let Some(c) = self.chars.next() {
            match c {
                '\'' => return,
                '\\' => {
                    for decoded in escapes::escape(&mut self.chars).chars() {
                        self.push_quoted(decoded);
                    }
                }
                _ => self.push_quoted(c),
            }
        }
    }

    fn double_quoted(&mut self) {
        self.word.started = true;
        self.word.quoted = true;
        while let Some(c) = self.chars.next() {
            match c {
                '"' => return,
                // Inside double quotes a backslash escapes only these.
                '\\' => match self.chars.peek() {
                    Some('\n') => {
                        self.chars.next();
                    }
                    Some(&next @ ('$' | '`' | '"' | '\\')) => {
                        self.chars.next();
                        self.push_quoted(next);
                    }
                    _ => self.push_quoted('\\'),
                },
                '$' if self.chars.peek() == Some(&'(') => {
                    self.chars.next();
                    self.substitution("$(");
                }
                '$' => self.parameter(true),
                '`' => self.backquoted(),
                _ => self.push_quoted(c),
            }
        }
    }

    /// After a backquote: the script up to the closing one, in which `` \` ``
    /// and `\\` stand for themselves.
    fn backquoted(&mut self) {
        let mut inner = String::new();
        while let Some(c) = self.chars.next() {
            match c {
                '`' => break,
                '\\' => match self.chars.next() {
                    Some(next @ ('`' | '\\' | '$')) => inner.push(next),
                    Some(next) => {
                        inner.push('\\');
                        inner.push(next);
                    }
                    None => inner.push('\\'),
                },
                _ => inner.push(c),
            }
        }
        self.substituted(&format!("`{inner}`"), inner);
    }

    /// After `$(`, `<(` or `>(`: the text up to the matching `)`.
    fn substitution(&mut self, open: &str) {
        let mut inner = String::new();
        let mut depth = 1usize;
        for c in self.chars.by_ref() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            inner.push(c);
        }
        self.substituted(&format!("{open}{inner})"), inner);
    }

    /// A substitution is a script of its own; in the word it stays as
    /// written, and it is left out of the bare word.
    fn substituted(&mut self, written: &str, script: String) {
        self.word.started = true;
        self.word.unknown = true;
        self.word.text.push_str(written);
        self.word.field.push_str(written);
        self.script.substitutions.push(script);
    }
}

/// The scripts of the substitutions in a here-document's body.
fn substitutions_in(body: &str) -> Vec<String> {
    // Read as the inside of a double-quoted word, which is what an
    // unquoted here-document's body is.
    let mut quoted = String::with_capacity(body.len() + 2);
    quoted.push('"');
    for c in body.chars() {
        if c == '"' {
            quoted.push('\\');
        }
        quoted.push(c);
    }
    quoted.push('"');
    split(&quoted).substitutions
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

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(line: &str) -> Vec<Vec<String>> {
        split(line).commands.into_iter().map(|c| c.words).collect()
    }

    #[test]
    fn splits_at_every_separator() {
        assert_eq!(
            commands("a 1; b 2 && c || d | e & f\ng (h) i |& j"),
            [
                vec!["a", "1"],
                vec!["b", "2"],
                vec!["c"],
                vec!["d"],
                vec!["e"],
                vec!["f"],
                vec!["g"],
                vec!["h"],
                vec!["i"],
                vec!["j"],
            ]
        );
    }

    #[test]
    fn quotes_keep_separators_and_spaces_in_one_word() {
        assert_eq!(
            commands(r#"echo 'a; b' "c && d" e\ f ''"#),
            [vec!["echo", "a; b", "c && d", "e f", ""]]
        );
        assert_eq!(
            commands(r#"echo "say \"hi\" \$x \n""#),
            [vec!["echo", r#"say "hi" $x \n"#]]
        );
        assert_eq!(commands("echo $'it\\'s'"), [vec!["echo", "it's"]]);
        assert_eq!(commands("echo $\"hi\""), [vec!["echo", "hi"]]);
    }

    #[test]
    fn ansi_c_quotes_are_decoded() {
        assert_eq!(commands(r"rm -rf $'\x2f'"), [vec!["rm", "-rf", "/"]]);
        assert_eq!(commands(r"$'\163udo' id"), [vec!["sudo", "id"]]);
    }

    #[test]
    fn quotes_join_with_their_neighbours() {
        assert_eq!(commands(r#"s"ud"o l's'"#), [vec!["sudo", "ls"]]);
        assert_eq!(commands(r"\rm -rf /"), [vec!["rm", "-rf", "/"]]);
    }

    #[test]
    fn redirections_are_not_words() {
        assert_eq!(
            commands("make 2>&1 &>log <&0 >> out 2> err < in >|x 3<>y"),
            [vec!["make"]]
        );
        assert_eq!(commands(">/dev/null sudo id"), [vec!["sudo", "id"]]);
        assert_eq!(commands("echo a>b c"), [vec!["echo", "a", "c"]]);
        assert_eq!(commands("echo '2'>x 2"), [vec!["echo", "2", "2"]]);
    }

    #[test]
    fn pipes_name_the_command_they_read_from() {
        let script = split("echo rm -rf / | sh; ls || sh\n(printf x) |& (bash)");
        let inputs: Vec<_> = script.commands.iter().map(|c| c.input.clone()).collect();
        assert_eq!(
            inputs,
            [
                Input::Inherited,
                Input::Pipe(0),
                Input::Inherited,
                Input::Inherited,
                Input::Inherited,
                Input::Pipe(4),
            ]
        );
    }

    #[test]
    fn here_strings_and_documents_are_input() {
        let script = split("bash <<< \"rm -rf /\" && cat");
        assert_eq!(script.commands[0].words, ["bash"]);
        assert_eq!(script.commands[0].input, Input::Text("rm -rf /".into()));
        assert_eq!(script.commands[1].input, Input::Inherited);

        let script = split(
            "sh <<EOF; ls\nsudo id\n$(whoami)\nEOF\ncat <<-'END'\n\t$(date)\n\tEND\necho done",
        );
        let words: Vec<_> = script.commands.iter().map(|c| c.words.clone()).collect();
        assert_eq!(
            words,
            [vec!["sh"], vec!["ls"], vec!["cat"], vec!["echo", "done"]]
        );
        assert_eq!(
            script.commands[0].input,
            Input::Text("sudo id\n$(whoami)\n".into())
        );
        assert_eq!(script.commands[2].input, Input::Text("$(date)\n".into()));
        // An unquoted delimiter's body runs its substitutions; a quoted one's does not.
        assert_eq!(script.substitutions, ["whoami"]);
    }

    #[test]
    fn comments_are_skipped_but_not_inside_words() {
        assert_eq!(
            commands("echo a#b # sudo rm -rf /\nls"),
            [vec!["echo", "a#b"], vec!["ls"]]
        );
    }

    #[test]
    fn line_continuations_join_lines() {
        assert_eq!(commands("rm -rf \\\n /"), [vec!["rm", "-rf", "/"]]);
    }

    #[test]
    fn substitutions_are_collected_and_left_out_of_bare_words() {
        let script = split(r#"echo "$(sudo id)" `whoami` "`date`" $(a $(b)) <(c) >(d)"#);
        assert_eq!(
            script.substitutions,
            ["sudo id", "whoami", "date", "a $(b)", "c", "d"]
        );
        let script = split("s$()udo id; s`true`udo id; $(which rm) -rf /");
        let bare: Vec<_> = script.commands.iter().map(|c| c.bare.clone()).collect();
        assert_eq!(
            bare,
            [vec!["sudo", "id"], vec!["sudo", "id"], vec!["-rf", "/"]]
        );
        assert_eq!(script.commands[0].words, ["s$()udo", "id"]);
        assert_eq!(split("echo \"$(x)\"").commands[0].bare, ["echo", ""]);
    }

    #[test]
    fn unterminated_quotes_take_the_rest() {
        assert_eq!(commands("echo 'abc"), [vec!["echo", "abc"]]);
        assert_eq!(commands("echo \"abc"), [vec!["echo", "abc"]]);
        assert_eq!(split("echo $(sudo id").substitutions, ["sudo id"]);
    }

    #[test]
    fn empty_and_blank_lines_have_no_commands() {
        assert!(commands("").is_empty());
        assert!(commands(" ;; \n && ").is_empty());
    }
}
