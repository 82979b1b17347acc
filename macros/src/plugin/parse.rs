//! The grammar of `plugin!`: `key: value` entries separated by commas.
//!
//! Each value is kept as raw tokens here; `validate` decides what each key
//! takes, so an unknown key or a bad value never stops the others from being
//! checked.

use proc_macro2::{Spacing, TokenStream, TokenTree};

use crate::errors::Errors;

pub(crate) struct Entry {
    pub key: syn::Ident,
    /// `None` when the entry was malformed and already reported: the key
    /// still counts as given (no "missing `id`" on top), its value is not
    /// checked again.
    pub value: Option<TokenStream>,
}

pub(crate) fn entries(input: TokenStream, errors: &mut Errors) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut tokens = input.into_iter().peekable();
    while tokens.peek().is_some() {
        let key = match tokens.next() {
            Some(TokenTree::Ident(ident)) => ident,
            Some(other) => {
                let quoted = syn::parse2::<syn::LitStr>(other.clone().into()).ok();
                match quoted {
                    Some(lit) => errors.spanned(
                        &other,
                        format!(
                            "a key is a plain name, not a string: write `{}: ...`",
                            lit.value()
                        ),
                    ),
                    None => errors.spanned(
                        &other,
                        "expected a key such as `id`, `name`, `version`, `description` or `config`",
                    ),
                }
                skip_to_comma(&mut tokens);
                continue;
            }
            None => break,
        };
        let separator = tokens.next();
        let well_formed = match &separator {
            // `:` but not `::` (`id:,` makes the `:` joint with the comma).
            Some(TokenTree::Punct(p)) if p.as_char() == ':' => {
                p.spacing() == Spacing::Alone
                    || !matches!(tokens.peek(), Some(TokenTree::Punct(next)) if next.as_char() == ':')
            }
            _ => false,
        };
        if !well_formed {
            let value = take_value(&mut tokens);
            let value = match &separator {
                // `id = "x"`: say so, and still check the value.
                Some(TokenTree::Punct(p)) if p.as_char() == '=' => {
                    errors.spanned(p, format!("write `{key}: ...`, with `:` rather than `=`"));
                    (!value.is_empty()).then_some(value)
                }
                Some(TokenTree::Punct(p)) if p.as_char() == ':' => {
                    errors.spanned(p, format!("write `{key}: ...`, with a single `:`"));
                    None
                }
                Some(other) => {
                    errors.spanned(other, format!("expected `:` after `{key}`"));
                    None
                }
                None => {
                    errors.spanned(&key, format!("expected `: value` after `{key}`"));
                    None
                }
            };
            out.push(Entry { key, value });
            continue;
        }
        let value = take_value(&mut tokens);
        if value.is_empty() {
            errors.spanned(&key, format!("`{key}` has no value"));
            out.push(Entry { key, value: None });
        } else {
            out.push(Entry {
                key,
                value: Some(value),
            });
        }
    }
    out
}

/// Tokens up to the next top-level comma, treating `<...>` as nesting so that
/// `config: Map<String, u32>` stays one value.
fn take_value(
    tokens: &mut std::iter::Peekable<proc_macro2::token_stream::IntoIter>,
) -> TokenStream {
    let mut depth = 0usize;
    let mut value = TokenStream::new();
    while let Some(token) = tokens.peek() {
        if let TokenTree::Punct(p) = token {
            match p.as_char() {
                ',' if depth == 0 => {
                    tokens.next();
                    break;
                }
                '<' => depth += 1,
                '>' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        if let Some(token) = tokens.next() {
            value.extend([token]);
        }
    }
    value
}

fn skip_to_comma(tokens: &mut std::iter::Peekable<proc_macro2::token_stream::IntoIter>) {
    take_value(tokens);
}

/// The entries of a `{ key: value, ... }` element (a permission rule, a
/// context injector), with unknown and repeated keys reported.
pub(crate) struct Keyed {
    /// Known keys, each once, with their values (malformed ones dropped).
    pub entries: Vec<(String, syn::Ident, TokenStream)>,
    /// Every known key given, even where its value was malformed.
    pub seen: std::collections::HashSet<String>,
    /// Known keys that an unknown one is likely a misspelling of: they count
    /// as given, so "needs `path`" does not follow "did you mean `path`?".
    pub misspelt: std::collections::HashSet<&'static str>,
}

impl Keyed {
    /// Whether `key` was given, or misspelt.
    pub fn mentions(&self, key: &str) -> bool {
        self.seen.contains(key) || self.misspelt.contains(key)
    }
}

/// Reads `body` as entries of `keys`; `unknown_place` and `twice_place`
/// word the messages ("in a permission rule", "in this rule").
pub(crate) fn keyed(
    body: TokenStream,
    keys: &[&'static str],
    unknown_place: &str,
    twice_place: &str,
    errors: &mut Errors,
) -> Keyed {
    let mut keyed = Keyed {
        entries: Vec::new(),
        seen: std::collections::HashSet::new(),
        misspelt: std::collections::HashSet::new(),
    };
    for Entry { key, value } in entries(body, errors) {
        let name = key.to_string();
        if !keys.contains(&name.as_str()) {
            errors.spanned(
                &key,
                crate::suggest::unknown("key", &name, unknown_place, keys),
            );
            if let Some(near) = crate::suggest::nearest(&name, keys) {
                keyed.misspelt.insert(near);
            }
            continue;
        }
        if !keyed.seen.insert(name.clone()) {
            errors.spanned(
                &key,
                format!("`{name}` is set twice {twice_place}; keep one"),
            );
            continue;
        }
        if let Some(value) = value {
            keyed.entries.push((name, key, value));
        }
    }
    keyed
}

/// The value of `key` as a string literal; otherwise an error on it.
pub(crate) fn string(key: &str, value: TokenStream, errors: &mut Errors) -> Option<syn::LitStr> {
    match syn::parse2::<syn::LitStr>(value.clone()) {
        Ok(lit) => Some(lit),
        Err(_) => {
            errors.spanned(
                value,
                format!("`{key}` takes a string literal, such as `{key}: \"...\"`"),
            );
            None
        }
    }
}
