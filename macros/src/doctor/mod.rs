//! `#[doctor_check]`. (Scaffold for issue 4: emits the item and an error until built.)

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(_args: TokenStream, item: TokenStream) -> TokenStream {
    quote! {
        ::core::compile_error!("`#[doctor_check]` is not built yet");
        #item
    }
}
