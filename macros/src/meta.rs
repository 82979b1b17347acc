//! Reading `key = value` options of attribute macros.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::punctuated::Punctuated;

use crate::errors::Errors;
use crate::suggest;

/// The options of `attr` (`#[tool]`), comma-separated `syn::Meta`s; a
/// list that does not parse is reported with `example`, how they look.
pub(crate) fn options(
    args: TokenStream,
    attr: &str,
    example: &str,
    errors: &mut Errors,
) -> Option<Punctuated<syn::Meta, syn::Token![,]>> {
    match syn::parse::Parser::parse2(
        Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
        args,
    ) {
        Ok(metas) => Some(metas),
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!("{e}; `{attr}` options look like `{example}`"),
            ));
            None
        }
    }
}

/// Reads `attr`'s options (`#[tool]`): each one that is known and set once
/// goes to `read` with its key; the others are reported. A list that does not
/// parse is reported with `example`.
pub(crate) fn read_options(
    args: TokenStream,
    attr: &str,
    example: &str,
    known: &[&str],
    errors: &mut Errors,
    mut read: impl FnMut(&str, &syn::Meta, &mut Errors),
) {
    let Some(metas) = options(args, attr, example, errors) else {
        return;
    };
    let mut seen = Seen::default();
    for meta in metas {
        let key = option_name(&meta);
        if seen.accept(meta.path(), &key, attr, known, errors) {
            read(&key, &meta, errors);
        }
    }
}

/// The options an attribute has already read, so that each is set once.
#[derive(Default)]
pub(crate) struct Seen(HashSet<String>);

impl Seen {
    /// Whether the option `key`, written at `at`, is one of `known` and not
    /// set before in `attr`; if not, says why.
    pub(crate) fn accept(
        &mut self,
        at: impl ToTokens,
        key: &str,
        attr: &str,
        known: &[&str],
        errors: &mut Errors,
    ) -> bool {
        if !known.contains(&key) {
            errors.spanned(
                at,
                suggest::unknown("option", key, &format!("for `{attr}`"), known),
            );
            return false;
        }
        if !self.0.insert(key.to_owned()) {
            errors.spanned(at, format!("`{key}` is set twice in `{attr}`; keep one"));
            return false;
        }
        true
    }
}

/// `order = N`, any integer literal whose value fits an `i32`.
pub(crate) fn order(meta: &syn::Meta, errors: &mut Errors) -> Option<i32> {
    const SHAPE: &str = "`order` takes an integer, such as `order = 10`";
    let syn::Meta::NameValue(nv) = meta else {
        errors.spanned(meta, SHAPE);
        return None;
    };
    let Some(lit) = int(&nv.value) else {
        errors.spanned(&nv.value, SHAPE);
        return None;
    };
    match lit.base10_parse::<i32>() {
        Ok(order) => Some(order),
        Err(_) => {
            errors.spanned(
                &nv.value,
                format!(
                    "`order` is an `i32`, and `{}` is out of its range",
                    lit.base10_digits()
                ),
            );
            None
        }
    }
}

/// The option's name as written (`read_only`, or `a::b` for a path).
pub(crate) fn option_name(meta: &syn::Meta) -> String {
    let path = meta.path();
    match path.get_ident() {
        Some(ident) => ident.to_string(),
        None => path.to_token_stream().to_string().replace(' ', ""),
    }
}

pub(crate) fn string(meta: &syn::Meta, errors: &mut Errors) -> Option<syn::LitStr> {
    let key = option_name(meta);
    let value = match meta {
        syn::Meta::NameValue(nv) => match ungroup(&nv.value) {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s,
            other => {
                errors.spanned(other, format!("`{key}` takes a string: `{key} = \"...\"`"));
                return None;
            }
        },
        _ => {
            errors.spanned(meta, format!("`{key}` takes a string: `{key} = \"...\"`"));
            return None;
        }
    };
    if value.value().trim().is_empty() {
        errors.spanned(value, format!("`{key}` cannot be empty"));
        return None;
    }
    Some(value.clone())
}

/// A `name = "..."` option, checked against its kind's grammar
/// (`tackle_spec::names`); a name that breaks it is reported and still kept,
/// so that the item is checked on as if named so.
pub(crate) fn name(
    meta: &syn::Meta,
    grammar: fn(&str) -> Result<(), tackle_spec::names::NameError>,
    errors: &mut Errors,
) -> Option<syn::LitStr> {
    let lit = string(meta, errors)?;
    if let Err(problem) = grammar(&lit.value()) {
        errors.spanned(&lit, problem);
    }
    Some(lit)
}

pub(crate) fn int(expr: &syn::Expr) -> Option<syn::LitInt> {
    match ungroup(expr) {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => Some(i.clone()),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => int(expr).map(|i| syn::LitInt::new(&format!("-{}", i.base10_digits()), i.span())),
        _ => None,
    }
}

/// The expression inside invisible groups: a `macro_rules!` fragment such
/// as `$order:literal` reaches an attribute wrapped in one.
pub(crate) fn ungroup(expr: &syn::Expr) -> &syn::Expr {
    match expr {
        syn::Expr::Group(group) => ungroup(&group.expr),
        other => other,
    }
}
