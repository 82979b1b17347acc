//! Reading `key = value` options of attribute macros.

use crate::errors::Errors;

/// The option's name as written (`read_only`, or `a::b` for a path).
pub(crate) fn option_name(meta: &syn::Meta) -> String {
    let path = meta.path();
    match path.get_ident() {
        Some(ident) => ident.to_string(),
        None => quote::ToTokens::to_token_stream(path)
            .to_string()
            .replace(' ', ""),
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
