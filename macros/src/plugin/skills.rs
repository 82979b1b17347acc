//! `plugin! { skills: ["skills/safe-shell.md", "skills/review/SKILL.md"] }`:
//! each file is read now, its frontmatter checked by the same rules the
//! runtime applies to skill folders, and its text embedded with
//! `include_str!` (so an edit rebuilds the crate).

use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::quote;
use tackle_spec::skill;

use super::files::{existing, read, relative};
use crate::errors::Errors;
use crate::{paths, tokens};

/// One checked skill file.
pub(crate) struct Entry {
    path: syn::LitStr,
    name: String,
    description: String,
    enabled: bool,
    input_schema: Option<String>,
    output_schema: Option<String>,
    body_start: usize,
}

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut names: HashMap<String, String> = HashMap::new();
    for element in super::list::elements("skills", value, errors) {
        let Ok(lit) = syn::parse2::<syn::LitStr>(element.clone()) else {
            errors.spanned(
                element,
                "a skill is the path of its Markdown file, in a string literal: `\"skills/safe-shell.md\"`",
            );
            continue;
        };
        let Some(entry) = check(&lit, errors) else {
            continue;
        };
        if let Some(first) = names.insert(entry.name.clone(), lit.value()) {
            errors.spanned(
                &lit,
                format!(
                    "`{}` declares skill `{}`, and so does `{first}`: a plugin's skill names must be unique; rename one (its `name:`)",
                    lit.value(),
                    entry.name
                ),
            );
            continue;
        }
        out.push(entry);
    }
    out
}

/// Reads and checks one skill file; every problem is reported on its path.
fn check(lit: &syn::LitStr, errors: &mut Errors) -> Option<Entry> {
    let path = relative(lit, errors)?;
    let full = existing(lit, &path, errors)?;
    let text = read(lit, &full, errors)?;
    match skill::parse(&text) {
        Ok(skill) => Some(Entry {
            path: lit.clone(),
            name: skill.name,
            description: skill.description,
            enabled: skill.enabled,
            input_schema: skill.input_schema.map(|s| s.to_string()),
            output_schema: skill.output_schema.map(|s| s.to_string()),
            body_start: skill.body_start,
        }),
        Err(issues) => {
            for issue in issues {
                let at = issue.line.map_or(String::new(), |l| format!(", line {l}"));
                errors.spanned(
                    lit,
                    format!("skill `{}`{at}: {}", lit.value(), issue.message),
                );
            }
            None
        }
    }
}

pub(crate) fn expand(entries: &[Entry]) -> TokenStream {
    let private = paths::private();
    let skills = entries.iter().map(|entry| {
        let Entry {
            path,
            name,
            description,
            enabled,
            body_start,
            ..
        } = entry;
        let input_schema = tokens::option(entry.input_schema.as_ref());
        let output_schema = tokens::option(entry.output_schema.as_ref());
        quote! {
            #private::SkillDef {
                path: #path,
                name: #name,
                description: #description,
                enabled: #enabled,
                input_schema: #input_schema,
                output_schema: #output_schema,
                source: ::core::include_str!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #path)),
                body_start: #body_start,
            }
        }
    });
    quote!(&[#(#skills),*])
}
