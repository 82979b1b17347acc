//! Splitting a command line into words, with the quoting rules of a POSIX
//! shell that a person typing `/review "my file.rs"` expects: whitespace
//! separates words; `'...'` is literal; in `"..."` a backslash escapes
//! `"`, `\`, `$` and `` ` ``; outside quotes a backslash escapes any
//! character. Nothing is expanded: no variables, globs or `~`.

/// The words of `line`, or why it cannot be split (an unclosed quote).
pub(crate) fn split(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    // Whether a word has started: `''` is an empty word, not nothing.
    let mut started = false;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            quote @ ('\'' | '"') => {
                started = true;
                loop {
                    match chars.next() {
                        Some((_, c)) if c == quote => break,
                        // In `"..."` a backslash escapes these four; before
                        // anything else, and in `'...'`, it is itself.
                        Some((_, '\\'))
                            if quote == '"'
                                && matches!(chars.peek(), Some((_, '"' | '\\' | '$' | '`'))) =>
                        {
                            word.extend(chars.next().map(|(_, next)| next));
                        }
                        Some((_, c)) => word.push(c),
                        None => {
                            let kind = if quote == '"' { "double" } else { "single" };
                            return Err(format!(
                                "the {kind} quote at column {} is never closed; close it with `{quote}`",
                                column(line, at)
                            ));
                        }
                    }
                }
            }
            '\\' => {
                started = true;
                match chars.next() {
                    Some((_, next)) => word.push(next),
                    None => word.push('\\'),
                }
            }
            c => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

/// The 1-based column of byte offset `at`, in characters.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::split;

    fn words(line: &str) -> Vec<String> {
        split(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    #[test]
    fn whitespace_separates_words() {
        assert_eq!(
            words("  /review --depth 2\tsrc  "),
            ["/review", "--depth", "2", "src"]
        );
        assert!(words("   ").is_empty());
    }

    #[test]
    fn quotes_group_and_nest_the_other_kind() {
        assert_eq!(
            words(r#"/grep "two words" 'it''s' "say 'hi'" 'a "b"'"#),
            ["/grep", "two words", "its", "say 'hi'", "a \"b\""]
        );
        assert_eq!(words(r#"a"b c"d"#), ["ab cd"]);
        assert_eq!(words("'' \"\""), ["", ""]);
    }

    #[test]
    fn backslashes_escape() {
        assert_eq!(words(r"a\ b c\\d"), ["a b", r"c\d"]);
        assert_eq!(words(r#""a \"q\" \n""#), [r#"a "q" \n"#]);
        assert_eq!(words(r"'no \escape'"), [r"no \escape"]);
        assert_eq!(words(r"end\"), [r"end\"]);
    }

    #[test]
    fn unclosed_quotes_are_errors_with_their_column() {
        let e = split(r#"/review "src"#).expect_err("unclosed");
        assert!(e.contains("double quote at column 9"), "{e}");
        let e = split("/é 'x").expect_err("unclosed");
        assert!(e.contains("single quote at column 4"), "{e}");
    }
}
