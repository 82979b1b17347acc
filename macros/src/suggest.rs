//! "Did you mean" suggestions for names the macros do not know. What a
//! valid name is, is `tackle_spec::names`.

/// The closest known name, if it is close enough to be a likely typo.
pub(crate) fn nearest<'a>(unknown: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(unknown, k), *k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// "unknown key `idd` in `plugin!`; did you mean `id`? (known keys: ...)";
/// `place` says where the name was found (`in \`plugin!\``).
pub(crate) fn unknown(what: &str, unknown: &str, place: &str, known: &[&str]) -> String {
    let list = tackle_spec::listing::backticked(known);
    match nearest(unknown, known) {
        Some(near) => format!(
            "unknown {what} `{unknown}` {place}; did you mean `{near}`? (known {what}s: {list})"
        ),
        None => format!("unknown {what} `{unknown}` {place} (known {what}s: {list})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(nearest("idd", &["id", "name", "version"]), Some("id"));
        assert_eq!(nearest("zzz", &["id", "name"]), None);
        assert_eq!(
            unknown("key", "descripton", "in `plugin!`", &["description", "id"]),
            "unknown key `descripton` in `plugin!`; did you mean `description`? (known keys: `description`, `id`)"
        );
        assert_eq!(
            unknown("option", "zzz", "for `#[tool]`", &["name"]),
            "unknown option `zzz` for `#[tool]` (known options: `name`)"
        );
    }
}
