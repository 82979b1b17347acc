//! Quoting for the languages the package is written in.

/// `text` as one POSIX shell word: single-quoted, each `'` written `'\''`.
pub(crate) fn shell(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// `text` as one PowerShell word: single-quoted (no variable or escape
/// inside), each `'` doubled.
pub(crate) fn powershell(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `text` as one word of a `cmd.exe` command line: double-quoted, which
/// keeps spaces, `&`, `(` and `^` in a Windows path literal. A Windows path
/// holds no `"`; cmd still expands `%NAME%` inside the quotes, which is how
/// a hook names its plugin's folder (`"%PLUGIN_ROOT%\bin\..."`).
pub(crate) fn cmd(text: &str) -> String {
    format!("\"{text}\"")
}

/// `text` as a double-quoted string that JSON, JavaScript and YAML all read
/// back as `text`.
pub(crate) fn string(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}

/// `value` as pretty JSON with a final newline (a package's files hold
/// strings, numbers and JSON values only, which always encode).
pub(crate) fn json(value: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_survive_quotes() {
        assert_eq!(shell("a b"), "'a b'");
        assert_eq!(shell("it's"), r"'it'\''s'");
        assert_eq!(string("say \"hi\"\n"), r#""say \"hi\"\n""#);
        assert_eq!(
            powershell(r"C:\Users\O'Brien\x.cmd"),
            r"'C:\Users\O''Brien\x.cmd'"
        );
    }
}
