//! Compile-time checks of matchers and globs, with the same parsers the
//! runtime uses.

/// A matcher as Claude Code reads one: empty or `*` matches everything;
/// only letters, digits, `_` and `|` mean exact names separated by `|`;
/// anything else is an unanchored regex.
pub(crate) fn matcher(matcher: &str) -> Result<(), String> {
    if matcher.is_empty() || matcher == "*" {
        return Ok(());
    }
    if matcher
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '|')
    {
        if matcher.split('|').any(str::is_empty) {
            return Err(format!(
                "matcher `{matcher}` has an empty name between `|`s; write names separated by single `|`s, such as `Edit|Write`"
            ));
        }
        return Ok(());
    }
    regex_syntax::Parser::new().parse(matcher).map(drop).map_err(|e| {
        format!("matcher `{matcher}` is read as a regex (it has characters other than letters, digits, `_` and `|`), and it does not parse:\n{e}")
    })
}

/// A glob as permission rules and `args` read one: it must match a whole
/// value, and `*` crosses `/`.
pub(crate) fn glob(glob: &str) -> Result<(), String> {
    globset::Glob::new(glob)
        .map(drop)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchers() {
        assert!(matcher("").is_ok());
        assert!(matcher("*").is_ok());
        assert!(matcher("Bash").is_ok());
        assert!(matcher("Edit|Write").is_ok());
        assert!(matcher("mcp__.*").is_ok());
        assert!(matcher("Edit||Write").is_err());
        assert!(
            matcher("Bash(")
                .expect_err("an unclosed group")
                .contains("regex")
        );
    }

    #[test]
    fn globs() {
        assert!(glob("git push*").is_ok());
        assert!(glob("src/[a-").is_err());
    }
}
