//! `#[doctor_check(name = "...", category = "...")]`.

use proc_macro2::TokenStream;

use tackle_spec::names;

use crate::errors::Errors;
use crate::meta::{self, Seen, option_name, string};

const OPTIONS: &[&str] = &["name", "category"];

#[derive(Default)]
pub(crate) struct CheckOptions {
    pub name: Option<syn::LitStr>,
    pub category: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> CheckOptions {
    let mut options = CheckOptions::default();
    let Some(metas) = meta::options(
        args,
        "#[doctor_check]",
        "#[doctor_check(name = \"log-folder\", category = \"files\")]",
        errors,
    ) else {
        return options;
    };
    let mut seen = Seen::default();
    for meta in metas {
        let key = option_name(&meta);
        if !seen.accept(&meta, &key, "#[doctor_check]", OPTIONS, errors) {
            continue;
        }
        let Some(lit) = string(&meta, errors) else {
            continue;
        };
        let grammar = if key == "name" {
            names::doctor_check_name
        } else {
            names::doctor_category
        };
        if let Err(problem) = grammar(&lit.value()) {
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
