//! "Did you mean ...?" for names a person or a model typed.
//!
//! ```
//! use tackle_host::suggest::nearest;
//!
//! let tools = ["count_lines", "word_count", "grep"];
//! assert_eq!(nearest("count_line", &tools), Some("count_lines"));
//! assert_eq!(nearest("deploy", &tools), None); // nothing close: no guess
//! ```

/// The known name closest to `unknown`, if close enough to be a likely typo.
pub fn nearest<'a>(unknown: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(unknown, k), *k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// `" (did you mean `x`?)"` or nothing.
pub fn did_you_mean(unknown: &str, known: &[&str]) -> String {
    match nearest(unknown, known) {
        Some(near) => format!("; did you mean `{near}`?"),
        None => String::new(),
    }
}

/// `` `a`, `b` `` or "none".
pub fn listing(names: &[&str]) -> String {
    if names.is_empty() {
        return "none".to_owned();
    }
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_finds_typos_only() {
        assert_eq!(
            nearest("count_line", &["count_lines", "word_count"]),
            Some("count_lines")
        );
        assert_eq!(nearest("deploy", &["count_lines", "word_count"]), None);
        assert_eq!(
            did_you_mean("metrcs", &["metrics"]),
            "; did you mean `metrics`?"
        );
        assert_eq!(listing(&[]), "none");
        assert_eq!(listing(&["a", "b"]), "`a`, `b`");
    }
}
