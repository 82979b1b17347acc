//! The `Serialize`, `Deserialize` and `JsonSchema` derives of
//! `tackle::prelude`: stand-ins that `#[tackle::data]` replaces with serde's
//! and schemars' own. One that runs means the attribute is missing (or is
//! below the derive), so it says that, once, on the type, instead of the
//! real derives' "can't find crate for `serde`" and "`cargo add schemars`".
//! It also implements its trait with a body that is never compiled into a
//! program, so that the type's uses add no errors of their own.

use proc_macro2::TokenStream;
use quote::quote;

use crate::paths;

/// Which derive stands in.
#[derive(Clone, Copy)]
pub(crate) enum Derive {
    Serialize,
    Deserialize,
    JsonSchema,
}

/// Reported on the type when a stand-in runs with no `#[tackle::data]`
/// at all. Every stand-in on the type reports these same words on the same
/// span, which rustc shows once.
const MISSING: &str = "add `#[tackle::data]` above `#[derive(...)]`: tackle's `Serialize`, `Deserialize` and `JsonSchema` derive through it, so that a plugin depends on tackle only, with no `serde` or `schemars` of its own";

pub(crate) fn expand(derive: Derive, item: TokenStream) -> TokenStream {
    let Ok(input) = syn::parse2::<syn::DeriveInput>(item) else {
        // rustc accepts derives on structs, enums and unions only, which
        // always parse; nothing to add.
        return TokenStream::new();
    };
    let message = if input.attrs.iter().any(is_data_attribute) {
        super::NO_DERIVE_BELOW
    } else {
        MISSING
    };
    let error = syn::Error::new_spanned(&input.ident, message).to_compile_error();
    let placeholder = placeholder(derive, &input);
    quote! { #error #placeholder }
}

/// `#[tackle::data]` or `#[data]` (from the prelude).
fn is_data_attribute(attr: &syn::Attribute) -> bool {
    let segments: Vec<String> = attr
        .path()
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    segments == ["data"] || segments == ["tackle", "data"]
}

/// The trait, implemented for the type with bodies that never run (the
/// crate does not compile), so that no use of the type reports it missing.
fn placeholder(derive: Derive, input: &syn::DeriveInput) -> TokenStream {
    let private = paths::private();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    match derive {
        Derive::Serialize => quote! {
            impl #impl_generics #private::serde::Serialize for #ident #ty_generics #where_clause {
                fn serialize<__S: #private::serde::Serializer>(&self, _: __S) -> ::core::result::Result<__S::Ok, __S::Error> {
                    ::core::unreachable!()
                }
            }
        },
        Derive::Deserialize => {
            let mut generics = input.generics.clone();
            generics.params.insert(0, syn::parse_quote!('de));
            let (impl_generics, _, _) = generics.split_for_impl();
            quote! {
                impl #impl_generics #private::serde::Deserialize<'de> for #ident #ty_generics #where_clause {
                    fn deserialize<__D: #private::serde::Deserializer<'de>>(_: __D) -> ::core::result::Result<Self, __D::Error> {
                        ::core::unreachable!()
                    }
                }
            }
        }
        Derive::JsonSchema => quote! {
            impl #impl_generics #private::schemars::JsonSchema for #ident #ty_generics #where_clause {
                fn schema_name() -> ::std::borrow::Cow<'static, str> {
                    ::core::unreachable!()
                }
                fn json_schema(_: &mut #private::schemars::SchemaGenerator) -> #private::schemars::Schema {
                    ::core::unreachable!()
                }
            }
        },
    }
}
