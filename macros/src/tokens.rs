//! Values as the generated code writes them.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

/// `Some(value)` or `None`, as tokens.
pub(crate) fn option<T: ToTokens>(value: Option<T>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}
