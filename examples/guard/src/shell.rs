//! Reading a shell command line the way a POSIX shell would, far enough to
//! see which programs it runs: simple commands, their words with quotes
//! removed, and the scripts inside command substitutions.
//!
//! It does not expand anything (variables, globs, aliases): the policy looks
//! at words as written, so `"$HOME"` stays `$HOME`.

/// A command line, read.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// The words of each simple command, quotes removed, in order. Commands
    /// are split at `;`, `&`, `&&`, `|`, `||`, `(`, `)`, backquotes and
    /// newlines outside quotes.
    pub commands: Vec<Vec<String>>,
    /// The text inside each `$(...)` and each backquoted part of a
    /// double-quoted word: more scripts the line runs.
    pub substitutions: Vec<String>,
}

/// Splits a command line into simple commands and their words.
///
/// ```
/// let script = guard::shell::split(r#"FOO=1 ls "a b" && echo 'x;y' | wc -l"#);
/// assert_eq!(script.commands, [vec!["FOO=1", "ls", "a b"], vec!["echo", "x;y"], vec!["wc", "-l"]]);
/// ```
pub fn split(line: &str) -> Script {
    let mut lexer = Lexer {
        chars: line.chars().peekable(),
        script: Script::default(),
        command: Vec::new(),
        word: String::new(),
        in_word: false,
    };
    lexer.run();
    lexer.script
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    script: Script,
    command: Vec<String>,
    word: String,
    // Set once anything (even `''`) started the current word, so an empty
    // quoted word still counts as a word.
    in_word: bool,
}

impl Lexer<'_> {
    fn run(&mut self) {
        while let Some(c) = self.chars.next() {
            match c {
                ' ' | '\t' | '\r' => self.end_word(),
                '\n' | ';' | '|' | '(' | ')' | '`' => self.end_command(),
                // `2>&1`, `<&0` and `&>file` are redirections, not separators.
                '&' if self.word.ends_with(['>', '<']) || self.chars.peek() == Some(&'>') => {
                    self.push(c);
                }
                '&' => self.end_command(),
                '#' if !self.in_word => self.skip_comment(),
                '\\' => match self.chars.next() {
                    Some('\n') | None => {}
                    Some(next) => self.push(next),
                },
                '\'' => self.single_quoted(),
                '"' => self.double_quoted(),
                '$' if self.chars.peek() == Some(&'(') => {
                    self.chars.next();
                    self.substitution();
                }
                // `$'...'` (ANSI-C quoting): read as a single-quoted word
                // whose backslashes escape the next character.
                '$' if self.chars.peek() == Some(&'\'') => {
                    self.chars.next();
                    self.ansi_quoted();
                }
                _ => self.push(c),
            }
        }
        self.end_command();
    }

    fn push(&mut self, c: char) {
        self.word.push(c);
        self.in_word = true;
    }

    fn end_word(&mut self) {
        if self.in_word {
            self.command.push(std::mem::take(&mut self.word));
            self.in_word = false;
        }
    }

    fn end_command(&mut self) {
        self.end_word();
        if !self.command.is_empty() {
            self.script.commands.push(std::mem::take(&mut self.command));
        }
    }

    fn skip_comment(&mut self) {
        while self.chars.next_if(|&c| c != '\n').is_some() {}
    }

    fn single_quoted(&mut self) {
        self.in_word = true;
        for c in self.chars.by_ref() {
            if c == '\'' {
                return;
            }
            self.word.push(c);
        }
    }

    fn ansi_quoted(&mut self) {
        self.in_word = true;
        while let Some(c) = self.chars.next() {
            match c {
                '\'' => return,
                '\\' => {
                    if let Some(next) = self.chars.next() {
                        self.word.push(next);
                    }
                }
                _ => self.word.push(c),
            }
        }
    }

    fn double_quoted(&mut self) {
        self.in_word = true;
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
                        self.word.push(next);
                    }
                    _ => self.word.push('\\'),
                },
                '$' if self.chars.peek() == Some(&'(') => {
                    self.chars.next();
                    self.substitution();
                }
                '`' => {
                    let mut inner = String::new();
                    while let Some(c) = self.chars.next_if(|&c| c != '`') {
                        inner.push(c);
                    }
                    self.chars.next();
                    self.word.push_str(&format!("`{inner}`"));
                    self.script.substitutions.push(inner);
                }
                _ => self.word.push(c),
            }
        }
    }

    /// After `$(`: the text up to the matching `)`, kept as a substitution
    /// and, literally, in the word.
    fn substitution(&mut self) {
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
        self.in_word = true;
        self.word.push_str(&format!("$({inner})"));
        self.script.substitutions.push(inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(line: &str) -> Vec<Vec<String>> {
        split(line).commands
    }

    #[test]
    fn splits_at_every_separator() {
        assert_eq!(
            commands("a 1; b 2 && c || d | e & f\ng (h) `i`"),
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
    }

    #[test]
    fn quotes_join_with_their_neighbours() {
        assert_eq!(commands(r#"s"ud"o l's'"#), [vec!["sudo", "ls"]]);
        assert_eq!(commands(r"\rm -rf /"), [vec!["rm", "-rf", "/"]]);
    }

    #[test]
    fn redirections_with_ampersands_stay_words() {
        assert_eq!(
            commands("make 2>&1 &>log <&0"),
            [vec!["make", "2>&1", "&>log", "<&0"]]
        );
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
    fn substitutions_are_collected() {
        let script = split(r#"echo "$(sudo id)" `whoami` "`date`" $(a $(b))"#);
        assert_eq!(script.substitutions, ["sudo id", "date", "a $(b)"]);
        // An unquoted backquote separates, so `whoami` is a command itself.
        assert!(script.commands.contains(&vec!["whoami".to_owned()]));
    }

    #[test]
    fn unterminated_quotes_take_the_rest() {
        assert_eq!(commands("echo 'abc"), [vec!["echo", "abc"]]);
        assert_eq!(commands("echo \"abc"), [vec!["echo", "abc"]]);
    }

    #[test]
    fn empty_and_blank_lines_have_no_commands() {
        assert!(commands("").is_empty());
        assert!(commands(" ;; \n && ").is_empty());
    }
}
