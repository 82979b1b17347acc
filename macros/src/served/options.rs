//! The options `#[resource]` and `#[prompt]` share: `name`, `title`,
//! `description`, `mime_type` (resources) and `complete(argument = path)`.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::meta::{self, string};

#[derive(Default)]
pub(crate) struct Options {
    pub name: Option<syn::LitStr>,
    pub title: Option<syn::LitStr>,
    pub description: Option<syn::LitStr>,
    pub mime_type: Option<syn::LitStr>,
    /// `complete(argument = function, ...)`.
    pub complete: Vec<(syn::Ident, syn::Path)>,
}

pub(crate) fn parse(
    args: TokenStream,
    attr: &str,
    example: &str,
    known: &[&str],
    errors: &mut Errors,
) -> Options {
    let mut options = Options::default();
    meta::read_options(
        args,
        attr,
        example,
        known,
        errors,
        |key, m, errors| match key {
            "name" => options.name = meta::name(m, tackle_spec::names::served_name, errors),
            "title" => options.title = string(m, errors),
            "description" => options.description = string(m, errors),
            "mime_type" => options.mime_type = string(m, errors),
            _ => complete(m, &mut options.complete, errors),
        },
    );
    options
}

/// `complete(argument = path, ...)`.
fn complete(m: &syn::Meta, into: &mut Vec<(syn::Ident, syn::Path)>, errors: &mut Errors) {
    const SHAPE: &str = "`complete` names a function per argument: `complete(path = complete_path)`, where `fn complete_path(typed: &str) -> Vec<String>`";
    let syn::Meta::List(list) = m else {
        errors.spanned(m, SHAPE);
        return;
    };
    let pairs = list.parse_args_with(
        syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated,
    );
    let Ok(pairs) = pairs else {
        errors.spanned(m, SHAPE);
        return;
    };
    for pair in pairs {
        let (Some(argument), syn::Expr::Path(function)) = (pair.path.get_ident(), &pair.value)
        else {
            errors.spanned(&pair, SHAPE);
            continue;
        };
        into.push((argument.clone(), function.path.clone()));
    }
}
