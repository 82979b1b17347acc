//! `#[tackle::data]`: lets `#[derive(Serialize, Deserialize, JsonSchema)]`
//! work in a crate that depends on `tackle` only, by pointing the derives at
//! tackle's re-exports with `#[serde(crate = ...)]` / `#[schemars(crate = ...)]`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::paths;

const SERDE_DERIVES: &[&str] = &["Serialize", "Deserialize"];
const SCHEMARS_DERIVES: &[&str] = &["JsonSchema"];

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
        errors.extend(
            syn::Error::new_spanned(
                &input.ident,
                "`#[tackle::data]` found no `#[derive(Serialize, Deserialize, JsonSchema)]` below it; put it above the derive",
            )
            .to_compile_error(),
        );
    }
    quote! { #input #errors }
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
