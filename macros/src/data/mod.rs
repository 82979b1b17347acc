//! `#[tackle::data]`: lets `#[derive(Serialize, Deserialize, JsonSchema)]`
//! work in a crate that depends on `tackle` only. It swaps the prelude's
//! stand-in derives (`stand_in`) for serde's and schemars' own, through
//! tackle's re-exports, and points them there with `#[serde(crate = ...)]` /
//! `#[schemars(crate = ...)]`.

pub(crate) mod stand_in;

use proc_macro2::TokenStream;
use quote::quote;
use syn::punctuated::Punctuated;

use crate::paths;

const SERDE_DERIVES: &[&str] = &["Serialize", "Deserialize"];
const SCHEMARS_DERIVES: &[&str] = &["JsonSchema"];

/// Reported on the type when `#[tackle::data]` sees no derive to adjust:
/// none was written, or it is above the attribute, where a stand-in derive
/// reports the same words on the same span (rustc shows them once).
pub(crate) const NO_DERIVE_BELOW: &str = "`#[tackle::data]` found no `#[derive(Serialize, Deserialize, JsonSchema)]` below it; put it above the derive";

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut input: syn::DeriveInput = match syn::parse2(item.clone()) {
        Ok(input) => input,
        Err(_) => {
            let err = syn::Error::new_spanned(
                &item,
                "`#[tackle::data]` goes on a struct or enum that derives `Serialize`, `Deserialize` or `JsonSchema`",
            )
            .to_compile_error();
            return quote! { #item #err };
        }
    };
    let mut errors = TokenStream::new();
    if !args.is_empty() {
        errors.extend(
            syn::Error::new_spanned(&args, "`#[tackle::data]` takes no options").to_compile_error(),
        );
    }
    let derived = derive_names(&input.attrs);
    let uses = |names: &[&str]| derived.iter().any(|d| names.contains(&d.as_str()));
    let mut replaced = Vec::new();
    for attr in &mut input.attrs {
        replaced.extend(to_real_derives(attr));
    }
    // The names the user wrote still resolve, as before: what they import
    // for them (`use tackle::prelude::*`) counts as used, and a missing
    // import is reported on their name.
    let still_named = (!replaced.is_empty()).then(|| {
        quote! {
            const _: () = {
                #(#[allow(unused_imports)] use #replaced;)*
            };
        }
    });
    if uses(SERDE_DERIVES) {
        let path = paths::SERDE;
        input.attrs.push(syn::parse_quote!(#[serde(crate = #path)]));
    }
    if uses(SCHEMARS_DERIVES) {
        let path = paths::SCHEMARS;
        input
            .attrs
            .push(syn::parse_quote!(#[schemars(crate = #path)]));
    }
    if !uses(SERDE_DERIVES) && !uses(SCHEMARS_DERIVES) {
        errors.extend(syn::Error::new_spanned(&input.ident, NO_DERIVE_BELOW).to_compile_error());
    }
    quote! { #input #still_named #errors }
}

/// The last path segment of every derived macro (`serde::Serialize` → `Serialize`).
fn derive_names(attrs: &[syn::Attribute]) -> Vec<String> {
    let mut out = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let _ = attr.parse_nested_meta(|meta| {
            if let Some(last) = meta.path.segments.last() {
                out.push(last.ident.to_string());
            }
            Ok(())
        });
    }
    out
}

/// In a `#[derive(...)]`, the names that may be tackle's stand-ins
/// (`Deserialize` from the prelude, or a path through `tackle`) become
/// the real derives behind tackle's re-exports; returns the paths replaced.
/// Paths through another crate (`serde::Deserialize`) are the real ones
/// already and stay.
fn to_real_derives(attr: &mut syn::Attribute) -> Vec<syn::Path> {
    let mut replaced = Vec::new();
    if !attr.path().is_ident("derive") {
        return replaced;
    }
    let Ok(paths) = attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
    else {
        return replaced;
    };
    let real: Vec<syn::Path> = paths
        .into_iter()
        .map(|path| {
            let Some(last) = path.segments.last() else {
                return path;
            };
            let stand_in = path.segments.len() == 1
                || path
                    .segments
                    .first()
                    .is_some_and(|first| first.ident == "tackle");
            let name = last.ident.to_string();
            let krate = if SERDE_DERIVES.contains(&name.as_str()) {
                quote!(serde)
            } else if SCHEMARS_DERIVES.contains(&name.as_str()) {
                quote!(schemars)
            } else {
                return path;
            };
            if !stand_in {
                return path;
            }
            let ident = &last.ident;
            let real = syn::parse_quote!(::tackle::__private::#krate::#ident);
            replaced.push(path);
            real
        })
        .collect();
    *attr = syn::parse_quote!(#[derive(#(#real),*)]);
    replaced
}
