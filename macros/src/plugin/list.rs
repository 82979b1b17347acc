//! `[a, b, c]` values of `plugin!` keys.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

use crate::errors::Errors;

/// An element that is one `{ ... }` group, such as a cron job's.
pub(crate) fn braced(element: &TokenStream) -> Option<Group> {
    let mut tokens = element.clone().into_iter();
    match (tokens.next(), tokens.next()) {
        (Some(TokenTree::Group(g)), None) if g.delimiter() == Delimiter::Brace => Some(g),
        _ => None,
    }
}

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
