//! Which plugins run, in what order: the host config's `enabled` list
//! (OpenSage's rules) and the project's disabled list (SuperQode's).
//!
//! - No `enabled` list: every plugin runs, linked ones by id, then the
//!   declarative ones in folder order.
//! - With one: its order. An entry with regex metacharacters is a pattern
//!   that must match a whole id; it brings in every match not yet listed,
//!   by id, and one that matches nothing is a warning. Any other entry is
//!   an id, and one that names no plugin is an error naming the folders
//!   searched.
//! - A plugin disabled in the project's state file is off either way.

use regex::Regex;
use tackle::Problem;

/// The outcome: every known id once, in host order, with whether it runs.
#[derive(Debug, Default)]
pub(crate) struct Selection {
    pub order: Vec<(String, bool)>,
    /// Entries that cannot be honoured: the host does not start.
    pub errors: Vec<Problem>,
    /// Patterns that matched nothing, disabled ids that name no plugin.
    pub warnings: Vec<Problem>,
}

/// Whether an `enabled` entry is a pattern rather than an id.
pub fn is_pattern(entry: &str) -> bool {
    entry.contains([
        '\\', '^', '$', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|',
    ])
}

/// The regex an `enabled` pattern stands for: it must match a whole id.
pub fn pattern(entry: &str) -> Result<Regex, regex::Error> {
    Regex::new(&format!("^(?:{entry})$"))
}

/// Orders `known` (linked ids, then declared ones) by `enabled`; `searched`
/// says where plugins were looked for, for the error on an unknown id.
pub(crate) fn select(
    known: &[String],
    untrusted: &[(String, String)],
    enabled: Option<&[String]>,
    disabled: &[String],
    searched: &str,
) -> Selection {
    let mut out = Selection::default();
    match enabled {
        None => out.order = known.iter().map(|id| (id.clone(), true)).collect(),
        Some(list) => {
            for (i, entry) in list.iter().enumerate() {
                let at = format!("enabled[{i}]");
                if is_pattern(entry) {
                    let regex = match pattern(entry) {
                        Ok(regex) => regex,
                        Err(e) => {
                            out.errors.push(Problem::new(
                                at,
                                format!(
                                    "`{entry}` looks like a pattern but is not a valid regex: {e}"
                                ),
                            ));
                            continue;
                        }
                    };
                    let mut matched: Vec<&String> =
                        known.iter().filter(|id| regex.is_match(id)).collect();
                    matched.sort();
                    if matched.is_empty() {
                        out.warnings.push(Problem::new(
                            at,
                            format!("pattern `{entry}` matches no plugin (searched: {searched})"),
                        ));
                    }
                    for id in matched {
                        push(&mut out.order, id);
                    }
                } else if known.contains(entry) {
                    push(&mut out.order, entry);
                } else if let Some((_, manifest)) = untrusted.iter().find(|(id, _)| id == entry) {
                    // Off until the user trusts the project; every other
                    // plugin still runs meanwhile.
                    out.warnings.push(Problem::new(
                        at,
                        format!(
                            "`{entry}` is in this project's own plugin folder ({manifest}), which loads only once the project is trusted: run `plugins trust` in it"
                        ),
                    ));
                } else {
                    let names: Vec<&str> = known.iter().map(String::as_str).collect();
                    out.errors.push(Problem::new(
                        at,
                        format!(
                            "no plugin `{entry}`: it is not linked into this binary (if its crate is a dependency, name it in `tackle_runtime::link!(...)` in the host's main.rs), and no plugin folder has it (searched: {searched}){}; plugins found: {}",
                            crate::suggest::did_you_mean(entry, &names),
                            crate::suggest::listing(&names),
                        ),
                    ));
                }
            }
            for id in known {
                if !out.order.iter().any(|(o, _)| o == id) {
                    out.order.push((id.clone(), false));
                }
            }
        }
    }
    for id in disabled {
        match out.order.iter_mut().find(|(o, _)| o == id) {
            Some(entry) => entry.1 = false,
            None => out.warnings.push(Problem::new(
                "disabled",
                format!("`{id}` is disabled in the project's state file but no plugin has that id"),
            )),
        }
    }
    out
}

fn push(order: &mut Vec<(String, bool)>, id: &str) {
    if !order.iter().any(|(o, _)| o == id) {
        order.push((id.to_owned(), true));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn select_(
        known: &[String],
        enabled: Option<&[String]>,
        disabled: &[String],
        searched: &str,
    ) -> Selection {
        select(known, &[], enabled, disabled, searched)
    }

    #[test]
    fn an_untrusted_id_in_the_list_warns_and_says_to_trust() {
        let untrusted = vec![(
            "careful".to_owned(),
            "/p/.tackle/plugins/careful.json".to_owned(),
        )];
        let enabled = ids(&["guard", "careful"]);
        let s = select(&ids(&["guard"]), &untrusted, Some(&enabled), &[], "");
        assert!(s.errors.is_empty(), "{:?}", s.errors);
        assert_eq!(s.order, vec![("guard".into(), true)]);
        assert!(
            s.warnings[0].message.contains("plugins trust"),
            "{:?}",
            s.warnings
        );
        assert!(
            s.warnings[0].message.contains("careful.json"),
            "{:?}",
            s.warnings
        );
    }

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn no_list_runs_everything_but_the_disabled() {
        let s = select_(&ids(&["a", "b", "c"]), None, &ids(&["b"]), "");
        assert_eq!(
            s.order,
            vec![("a".into(), true), ("b".into(), false), ("c".into(), true)]
        );
        assert!(s.errors.is_empty() && s.warnings.is_empty());
    }

    #[test]
    fn the_list_orders_and_patterns_expand_by_id() {
        let known = ids(&["guard", "x_plugin", "a_plugin", "other"]);
        let s = select_(
            &known,
            Some(&ids(&["guard", ".*_plugin", "a_plugin"])),
            &[],
            "",
        );
        assert_eq!(
            s.order,
            vec![
                ("guard".into(), true),
                ("a_plugin".into(), true),
                ("x_plugin".into(), true),
                ("other".into(), false),
            ]
        );
    }

    #[test]
    fn patterns_match_whole_ids() {
        let s = select_(
            &ids(&["guard", "guardian"]),
            Some(&ids(&["guard.?"])),
            &[],
            "",
        );
        assert_eq!(s.order[0], ("guard".into(), true));
        assert_eq!(s.order[1], ("guardian".into(), false));
    }

    #[test]
    fn an_unknown_id_is_an_error_naming_the_folders() {
        let s = select_(
            &ids(&["guard"]),
            Some(&ids(&["gaurd"])),
            &[],
            "/p (project)",
        );
        assert_eq!(s.errors.len(), 1);
        let message = &s.errors[0].message;
        assert!(message.contains("did you mean `guard`"), "{message}");
        assert!(message.contains("/p (project)"), "{message}");
        assert_eq!(s.errors[0].path, "enabled[0]");
    }

    #[test]
    fn a_pattern_without_match_warns_and_a_bad_one_errs() {
        let s = select_(&ids(&["guard"]), Some(&ids(&["zz.*", "(oops"])), &[], "");
        assert_eq!(s.warnings.len(), 1);
        assert!(s.warnings[0].message.contains("matches no plugin"));
        assert_eq!(s.errors.len(), 1);
        assert_eq!(s.errors[0].path, "enabled[1]");
    }

    #[test]
    fn disabled_wins_over_the_list() {
        let s = select_(
            &ids(&["a", "b"]),
            Some(&ids(&["a", "b"])),
            &ids(&["a", "zz"]),
            "",
        );
        assert_eq!(s.order, vec![("a".into(), false), ("b".into(), true)]);
        assert!(s.warnings[0].message.contains("`zz`"));
    }
}
