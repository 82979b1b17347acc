//! What every item macro (`#[tool]`, `#[hook]`, `#[command]`, `#[cron]`,
//! `#[doctor_check]`, `#[provider]`) does the same way. Each macro passes its
//! own wording in, so its messages stay its own.

mod describe;
mod emit;
mod filled;
mod reference;
mod shape;

pub(crate) use describe::{description, doc_text};
pub(crate) use emit::expand;
pub(crate) use filled::{FilledSignature, FilledWording, read_filled};
mod register;
pub(crate) use reference::{ReferenceMessages, screen_reference, unsized_referent};
pub(crate) use register::{Registration, register};
pub(crate) use shape::{FnShapeMessages, check_fn_shape, typed};

use proc_macro2::Span;
use quote::ToTokens;

/// An item's name with where it is written: `name = "..."` if given, else
/// the function's (without `r#`).
pub(crate) fn written_name(option: Option<&syn::LitStr>, ident: &syn::Ident) -> (String, Span) {
    match option {
        Some(lit) => (lit.value(), lit.span()),
        None => (
            ident.to_string().trim_start_matches("r#").to_owned(),
            ident.span(),
        ),
    }
}

/// The function's name (without `r#`) checked against `rule` when no
/// option replaces it (`has_option` false); a problem is reported on the
/// name, worded by `message`.
pub(crate) fn check_fn_name<P>(
    has_option: bool,
    ident: &syn::Ident,
    rule: impl FnOnce(&str) -> Result<(), P>,
    message: impl FnOnce(P) -> String,
    errors: &mut crate::errors::Errors,
) {
    if has_option {
        return;
    }
    let (name, _) = written_name(None, ident);
    if let Err(problem) = rule(&name) {
        errors.spanned(ident, message(problem));
    }
}

/// [`check_fn_name`] for an item whose `name = "..."` option replaces the
/// function's name (`kind`: `tool`, as its attribute is named), in the
/// wording these items share.
pub(crate) fn check_default_name<P: std::fmt::Display>(
    kind: &str,
    option: &Option<syn::LitStr>,
    func: &syn::ItemFn,
    rule: impl FnOnce(&str) -> Result<(), P>,
    errors: &mut crate::errors::Errors,
) {
    check_fn_name(
        option.is_some(),
        &func.sig.ident,
        rule,
        |problem| {
            format!(
                "the {kind} takes its name from the function, and {problem}; give it another with `#[{kind}(name = \"...\")]`"
            )
        },
        errors,
    );
}

/// Whether a type has an `impl Trait` anywhere (`impl Debug`, `&impl Debug`).
pub(crate) fn contains_impl_trait(ty: &syn::Type) -> bool {
    fn walk(tokens: proc_macro2::TokenStream) -> bool {
        tokens.into_iter().any(|t| match &t {
            proc_macro2::TokenTree::Group(g) => walk(g.stream()),
            proc_macro2::TokenTree::Ident(i) => i == "impl",
            _ => false,
        })
    }
    walk(ty.to_token_stream())
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::contains_impl_trait;

    #[test]
    fn impl_trait_anywhere() {
        let ty = |t: proc_macro2::TokenStream| syn::parse2::<syn::Type>(t).expect("a type");
        assert!(contains_impl_trait(&ty(quote!(impl Debug))));
        assert!(contains_impl_trait(&ty(quote!(&impl Debug))));
        assert!(contains_impl_trait(&ty(quote!(&(impl Debug + Send)))));
        assert!(!contains_impl_trait(&ty(quote!(&HookContext<Config>))));
    }
}
