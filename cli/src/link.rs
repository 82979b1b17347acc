//! The host's `tackle_runtime::link!(a, b)`, found and extended in the
//! text of its `src/main.rs`.

/// Where the arguments of the first `link!(...)` in `text` are: the byte
/// range between its parentheses.
pub fn find(text: &str) -> Option<std::ops::Range<usize>> {
    let start = text
        .find("tackle_runtime::link!(")
        .map(|at| at + "tackle_runtime::".len())
        .or_else(|| text.find("link!("))?
        + "link!(".len();
    let end = start + text[start..].find(')')?;
    Some(start..end)
}

/// `text` with `lib` among the crates `link!` names (as it is when it is
/// there already); the error says why it cannot be done by hand.
pub fn add(text: &str, lib: &str) -> Result<String, String> {
    let Some(range) = find(text) else {
        return Err("has no `tackle_runtime::link!(...)` to add the plugin to".into());
    };
    let mut names: Vec<&str> = text[range.clone()]
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if let Some(odd) = names.iter().find(|n| !is_ident(n)) {
        return Err(format!(
            "`link!(...)` holds `{odd}`, not only crate names; add `{lib}` to it by hand"
        ));
    }
    if !names.contains(&lib) {
        names.push(lib);
    }
    Ok(format!(
        "{}{}{}",
        &text[..range.start],
        names.join(", "),
        &text[range.end..]
    ))
}

fn is_ident(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crate_is_added_once() {
        let main = "// serves\ntackle_runtime::link!(first);\n\nfn main() {}\n";
        let added = add(main, "second").expect("added");
        assert_eq!(
            added,
            "// serves\ntackle_runtime::link!(first, second);\n\nfn main() {}\n"
        );
        assert_eq!(add(&added, "second").as_deref(), Ok(added.as_str()));
        assert_eq!(
            add("tackle_runtime::link!(\n    a,\n    b,\n);", "c").as_deref(),
            Ok("tackle_runtime::link!(a, b, c);")
        );
        assert_eq!(add("link!();", "c").as_deref(), Ok("link!(c);"));
    }

    #[test]
    fn what_is_not_a_list_of_crates_is_left_to_a_person() {
        assert!(add("fn main() {}", "x").is_err_and(|e| e.contains("no `tackle_runtime::link!")));
        let odd = add("link!(a /* b */, c);", "x");
        assert!(odd.is_err_and(|e| e.contains("by hand")));
    }
}
