//! `#[doctor_check(name = "...", category = "...")]`.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use syn::punctuated::Punctuated;

use crate::errors::Errors;
use crate::meta::{option_name, string};
use crate::names;

const OPTIONS: &[&str] = &["name", "category"];

#[derive(Default)]
pub(crate) struct CheckOptions {
    pub name: Option<syn::LitStr>,
    pub category: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> CheckOptions {
    let mut options = CheckOptions::default();
    let metas = match syn::parse::Parser::parse2(
        Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
        args,
    ) {
        Ok(metas) => metas,
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!("{e}; `#[doctor_check]` options look like `#[doctor_check(name = \"log-folder\", category = \"files\")]`"),
            ));
            return options;
        }
    };
    let mut seen = HashSet::new();
    for meta in metas {
        let key = option_name(&meta);
        if !OPTIONS.contains(&key.as_str()) {
            errors.spanned(
                meta.path(),
                names::unknown("option", &key, "for `#[doctor_check]`", OPTIONS),
            );
            continue;
        }
        if !seen.insert(key.clone()) {
            errors.spanned(
                meta.path(),
                format!("`{key}` is set twice in `#[doctor_check]`; keep one"),
            );
            continue;
        }
        let Some(lit) = string(&meta, errors) else {
            continue;
        };
        let what = if key == "name" {
            "check name"
        } else {
            "category"
        };
        if let Some(problem) = super::label_problem(what, &lit.value()) {
            errors.spanned(&lit, problem);
            continue;
        }
        match key.as_str() {
            "name" => options.name = Some(lit),
            _ => options.category = Some(lit),
        }
    }
    options
}
