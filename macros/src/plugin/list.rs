//! `[a, b, c]` values of `plugin!` keys.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use crate::errors::Errors;

/// The comma-separated elements of a `[...]` value.
pub(crate) fn elements(key: &str, value: TokenStream, errors: &mut Errors) -> Vec<TokenStream> {
    let mut tokens = value.clone().into_iter();
    let group = match (tokens.next(), tokens.next()) {
        (Some(TokenTree::Group(g)), None) if g.delimiter() == Delimiter::Bracket => g,
        _ => {
            errors.spanned(value, format!("`{key}` takes a list: `{key}: [...]`"));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    let mut current = TokenStream::new();
    for token in group.stream() {
        match &token {
            TokenTree::Punct(p) if p.as_char() == ',' => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            _ => current.extend([token]),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}
