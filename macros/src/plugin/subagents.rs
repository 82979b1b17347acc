//! `plugin! { subagents: [...] }`. (Scaffold for issue 4: accepts nothing yet.)

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

pub(crate) struct Entry;

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Entry> {
    errors.spanned(value, "`subagents` is not built yet");
    Vec::new()
}

pub(crate) fn expand(_entries: &[Entry]) -> TokenStream {
    quote!(&[])
}
