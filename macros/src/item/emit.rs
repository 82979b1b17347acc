//! Parsing an item's function and emitting it back: the user's function is
//! always emitted, so one mistake does not cascade into "not found" errors.

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// The function under the attribute; if it is not one, the item as written
/// with `message` (at the parse error's span) to emit instead.
pub(crate) fn parse_fn(item: &TokenStream, message: &str) -> Result<syn::ItemFn, TokenStream> {
    syn::parse2(item.clone()).map_err(|e| {
        let err = syn::Error::new(e.span(), message).to_compile_error();
        quote! { #item #err }
    })
}

/// The function, its registration (built only when nothing was reported) and the errors.
pub(crate) fn emit(
    func: &syn::ItemFn,
    errors: &Errors,
    registration: impl FnOnce() -> TokenStream,
) -> TokenStream {
    let registration = if errors.is_empty() {
        registration()
    } else {
        TokenStream::new()
    };
    let compile_errors = errors.to_compile_errors();
    quote! {
        #func
        #registration
        #compile_errors
    }
}
