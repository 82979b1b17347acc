//! `#[provider(name = "...", description = "...")]`.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::meta::{self, Seen, option_name, string};

const OPTIONS: &[&str] = &["name", "description"];

#[derive(Default)]
pub(crate) struct ProviderOptions {
    pub name: Option<syn::LitStr>,
    pub description: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ProviderOptions {
    let mut options = ProviderOptions::default();
    let Some(metas) = meta::options(
        args,
        "#[provider]",
        "#[provider(name = \"scripted\", description = \"...\")]",
        errors,
    ) else {
        return options;
    };
    let mut seen = Seen::default();
    for meta in metas {
        let key = option_name(&meta);
        if !seen.accept(&meta, &key, "#[provider]", OPTIONS, errors) {
            continue;
        }
        match key.as_str() {
            "name" => {
                if let Some(lit) = string(&meta, errors) {
                    if let Err(problem) = tackle_spec::names::provider_name(&lit.value()) {
                        errors.spanned(&lit, problem);
                    }
                    options.name = Some(lit);
                }
            }
            _ => options.description = string(&meta, errors),
        }
    }
    options
}
