//! `#[doctor_check(name = "...", category = "...")]`.

use proc_macro2::TokenStream;

use tackle_spec::names;

use crate::errors::Errors;
use crate::meta::{self, string};

const OPTIONS: &[&str] = &["name", "category"];

#[derive(Default)]
pub(crate) struct CheckOptions {
    pub name: Option<syn::LitStr>,
    pub category: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> CheckOptions {
    let mut options = CheckOptions::default();
    meta::read_options(
        args,
        "#[doctor_check]",
        "#[doctor_check(name = \"log-folder\", category = \"files\")]",
        OPTIONS,
        errors,
        |key, meta, errors| {
            let Some(lit) = string(meta, errors) else {
                return;
            };
            let (grammar, slot): (fn(&str) -> _, _) = if key == "name" {
                (names::doctor_check_name, &mut options.name)
            } else {
                (names::doctor_category, &mut options.category)
            };
            match grammar(&lit.value()) {
                Ok(()) => *slot = Some(lit),
                Err(problem) => errors.spanned(&lit, problem),
            }
        },
    );
    options
}
