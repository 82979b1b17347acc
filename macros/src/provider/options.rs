//! `#[provider(name = "...", description = "...")]`.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::meta::{self, name, string};

const OPTIONS: &[&str] = &["name", "description"];

#[derive(Default)]
pub(crate) struct ProviderOptions {
    pub name: Option<syn::LitStr>,
    pub description: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ProviderOptions {
    let mut options = ProviderOptions::default();
    meta::read_options(
        args,
        "#[provider]",
        "#[provider(name = \"scripted\", description = \"...\")]",
        OPTIONS,
        errors,
        |key, meta, errors| match key {
            "name" => options.name = name(meta, tackle_spec::names::provider_name, errors),
            _ => options.description = string(meta, errors),
        },
    );
    options
}
