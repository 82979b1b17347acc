//! Every item macro's front end: parse its function, read it, emit it back
//! with its registration and errors. The user's function is
//! always emitted, so one mistake does not cascade into "not found" errors.

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// The function under the attribute; if it is not one, the item as written
/// with `message` (at the parse error's span) to emit instead.
fn parse_fn(item: &TokenStream, message: &str) -> Result<syn::ItemFn, TokenStream> {
    syn::parse2(item.clone()).map_err(|e| {
        let err = syn::Error::new(e.span(), message).to_compile_error();
        quote! { #item #err }
    })
}

/// The function, its registration (built only when nothing was reported) and the errors.
fn emit(
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

/// One item macro's front end: the function under the attribute (or the
/// item as written, with `not_a_fn`), read by `read`, which reports into
/// the errors and gives back how to build the registration; then [`emit`].
pub(crate) fn expand<R: FnOnce() -> TokenStream>(
    item: &TokenStream,
    not_a_fn: &str,
    read: impl FnOnce(&mut syn::ItemFn, &mut Errors) -> R,
) -> TokenStream {
    let mut func = match parse_fn(item, not_a_fn) {
        Ok(func) => func,
        Err(emitted) => return emitted,
    };
    let mut errors = Errors::default();
    let registration = read(&mut func, &mut errors);
    emit(&func, &errors, registration)
}
