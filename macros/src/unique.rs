//! Names unique within a crate. Two tools (hooks, commands, cron jobs,
//! doctor checks, providers) of one plugin with one name are a compile
//! error, not a registry error at start-up.
//!
//! A macro sees one item at a time, so each item claims its name with an
//! associated const on the hidden type `plugin!` declares at the crate root,
//! spanned on the name as written (`name = "..."`, an alias, or the
//! function's name). Inherent impls of one type may sit in any module, and
//! rustc refuses two associated items with one name wherever they are:
//! "duplicate definitions with name `tool_count_lines`", pointing at both.
//! Items of different crates claim on different types, so across crates
//! the registry's clash report stays.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::paths;

/// What is named: each kind has its own names (a tool and a hook may share one).
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Tool,
    Hook,
    /// A command's name or one of its aliases: they share one namespace.
    Command,
    /// A job's key, shared by `#[cron]` and `plugin! { cron_jobs }`.
    CronJob,
    DoctorCheck,
    Provider,
    Resource,
    Prompt,
}

impl Kind {
    /// The prefix of the claim's name. No prefix starts another, so kinds
    /// never collide.
    const fn word(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Hook => "hook",
            Kind::Command => "command",
            Kind::CronJob => "cron_job",
            Kind::DoctorCheck => "doctor_check",
            Kind::Provider => "provider",
            Kind::Resource => "resource",
            Kind::Prompt => "prompt",
        }
    }
}

/// The hidden item that claims `name` for an item of `kind`, spanned on
/// `span` (where the name is written), so a second claim is reported there.
pub(crate) fn claim(kind: Kind, name: &str, span: Span) -> TokenStream {
    let ident = syn::Ident::new(&claim_name(kind, name), span);
    // The type is named as every item names it, so that in a crate without
    // `plugin!` this adds no error of its own (rustc merges identical ones).
    let plugin = paths::plugin_type(Span::call_site());
    let item = quote_spanned!(span=> const #ident: () = (););
    quote! {
        #[allow(non_upper_case_globals, dead_code)]
        impl #plugin { #item }
    }
}

/// The claim's identifier, one per (kind, name) and readable in rustc's
/// message: `tool_count_lines` for `count_lines`. Identifiers have no `-`,
/// so a name with one is written with `_` under another prefix
/// (`dashed_tool_count_lines` for `count-lines`), and a name with both
/// `-` and `_` escapes them (`mixed_tool_a_ub_dc` for `a_b-c`). Command
/// names never hold `_`, so theirs only swap `-` for `_`.
fn claim_name(kind: Kind, name: &str) -> String {
    let word = kind.word();
    if !name.contains('-') {
        return format!("{word}_{name}");
    }
    if matches!(kind, Kind::Command) {
        return format!("{word}_{}", name.replace('-', "_"));
    }
    if !name.contains('_') {
        return format!("dashed_{word}_{}", name.replace('-', "_"));
    }
    let escaped: String = name
        .chars()
        .map(|c| match c {
            '_' => "_u".to_owned(),
            '-' => "_d".to_owned(),
            c => c.to_string(),
        })
        .collect();
    format!("mixed_{word}_{escaped}")
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn common_names_read_as_written() {
        assert_eq!(claim_name(Kind::Tool, "count_lines"), "tool_count_lines");
        assert_eq!(claim_name(Kind::Hook, "no_sudo"), "hook_no_sudo");
        assert_eq!(claim_name(Kind::Command, "review-pr"), "command_review_pr");
        assert_eq!(claim_name(Kind::CronJob, "nightly"), "cron_job_nightly");
        assert_eq!(
            claim_name(Kind::Tool, "count-lines"),
            "dashed_tool_count_lines"
        );
        assert_eq!(claim_name(Kind::Tool, "a_b-c"), "mixed_tool_a_ub_dc");
    }

    /// Distinct names of one kind, and the same name of two kinds, never
    /// share a claim: a claim collides only with a true duplicate.
    #[test]
    fn claims_are_one_to_one() {
        let kinds = [
            Kind::Tool,
            Kind::Hook,
            Kind::Command,
            Kind::CronJob,
            Kind::DoctorCheck,
            Kind::Provider,
        ];
        let names = [
            "a",
            "a_b",
            "a-b",
            "a__b",
            "a--b",
            "a_-b",
            "a-_b",
            "a_ub",
            "a_db",
            "a_u",
            "a-u",
            "ub",
            "dashed_tool_a",
            "mixed_tool_a",
            "tool_a",
            "hook_a",
            "_a",
            "-a",
            "a_",
            "a-",
            "cron",
            "job_a",
            "check_a",
            "A",
            "1",
            "u",
            "d",
            "a_u_b",
            "a_d_b",
        ];
        let mut seen: HashMap<String, (usize, &str)> = HashMap::new();
        for (k, kind) in kinds.iter().enumerate() {
            for name in names {
                // Command names have no `_`: skip what the grammar refuses.
                if matches!(kind, Kind::Command) && name.contains('_') {
                    continue;
                }
                let claim = claim_name(*kind, name);
                assert!(
                    claim.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "{claim}"
                );
                if let Some(first) = seen.insert(claim.clone(), (k, name)) {
                    panic!("`{claim}` claimed by {first:?} and {:?}", (k, name));
                }
            }
        }
    }
}
