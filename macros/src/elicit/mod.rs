//! `#[derive(ElicitForm)]`: what MCP's elicitation allows a form to be,
//! checked at compile time.
//!
//! On a struct, the form: named fields, no generics, none flattened, and
//! each field's type an `ElicitField` (strings, numbers, booleans, enums
//! that derive `ElicitForm`, those in `Option`, and `Vec`s of such enums).
//! The field types are checked through the trait rather than by name, so
//! that an alias or a path to `String` passes and a nested struct fails
//! with the trait's message, on the field's type.
//!
//! On an enum, a choice: unit variants only (each one a string on the
//! wire); it implements `ElicitField` and `ElicitChoice` (the item of a
//! multi-select).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields};

use crate::paths;

pub(crate) const NOT_NAMED: &str = "an elicitation form is a struct with named fields: MCP's form is an object of named primitive fields";
pub(crate) const GENERIC: &str =
    "an elicitation form or choice cannot be generic: its fields are checked where it is declared";
pub(crate) const FLATTENED: &str = "an elicitation form's fields are its own: `#[serde(flatten)]` would bring another type's fields in, unchecked";
pub(crate) const VARIANT_DATA: &str = "a choice in an elicitation form is a plain string: every variant of an enum that derives `ElicitForm` is a unit variant";
pub(crate) const UNION: &str = "`ElicitForm` derives on a struct (a form) or an enum of unit variants (a choice in forms), not a union";

pub(crate) fn expand(item: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(item) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    if !input.generics.params.is_empty() {
        return syn::Error::new(input.generics.span(), GENERIC).to_compile_error();
    }
    match &input.data {
        Data::Struct(data) => form(&input, &data.fields),
        Data::Enum(data) => {
            let mut errors = TokenStream::new();
            for variant in &data.variants {
                if !matches!(variant.fields, Fields::Unit) {
                    errors.extend(
                        syn::Error::new(variant.fields.span(), VARIANT_DATA).to_compile_error(),
                    );
                }
            }
            if !errors.is_empty() {
                return errors;
            }
            choice(&input)
        }
        Data::Union(data) => syn::Error::new(data.union_token.span(), UNION).to_compile_error(),
    }
}

fn form(input: &DeriveInput, fields: &Fields) -> TokenStream {
    let Fields::Named(named) = fields else {
        let span = match fields {
            Fields::Unit => input.ident.span(),
            other => other.span(),
        };
        return syn::Error::new(span, NOT_NAMED).to_compile_error();
    };
    let public = paths::public();
    let mut errors = TokenStream::new();
    let mut checks = TokenStream::new();
    for field in &named.named {
        if let Some(attr) = field.attrs.iter().find(|a| flattens(a)) {
            errors.extend(syn::Error::new_spanned(attr, FLATTENED).to_compile_error());
            continue;
        }
        let ty = &field.ty;
        checks.extend(quote_spanned! {ty.span()=>
            __tackle_field::<#ty>();
        });
    }
    if !errors.is_empty() {
        return errors;
    }
    let ident = &input.ident;
    quote! {
        impl #public::tool::ElicitForm for #ident {}

        const _: () = {
            fn __tackle_field<T: ?::core::marker::Sized + #public::tool::ElicitField>() {}
            #[allow(dead_code)]
            fn __tackle_fields() {
                #checks
            }
        };
    }
}

fn choice(input: &DeriveInput) -> TokenStream {
    let public = paths::public();
    let ident = &input.ident;
    quote! {
        impl #public::tool::ElicitField for #ident {}
        impl #public::tool::ElicitChoice for #ident {}
    }
}

/// Whether `attr` is `#[serde(flatten)]` (alone or among others).
fn flattens(attr: &syn::Attribute) -> bool {
    if !attr.path().is_ident("serde") {
        return false;
    }
    let mut found = false;
    let _ = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("flatten") {
            found = true;
        } else if meta.input.peek(syn::Token![=]) {
            // `rename = "..."` and the like: read the value past.
            let _: syn::Expr = meta.value()?.parse()?;
        } else if meta.input.peek(syn::token::Paren) {
            let _ = meta.parse_nested_meta(|_| Ok(()));
        }
        Ok(())
    });
    found
}
