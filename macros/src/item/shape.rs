//! The shape every item function must have: a free, safe, plain-ABI,
//! non-variadic, non-generic `fn`, because tackle's glue calls it directly.

use crate::errors::Errors;

/// One item macro's wording of the shape errors.
pub(crate) struct FnShapeMessages<'a> {
    /// The item with its article, `a tool`.
    pub noun: &'a str,
    pub unsafe_fn: &'a str,
    pub generic: &'a str,
    /// With a message here a lone `where` clause is reported on its own;
    /// without, it counts as generic.
    pub where_clause: Option<&'a str>,
}

pub(crate) fn check_fn_shape(sig: &syn::Signature, m: &FnShapeMessages, errors: &mut Errors) {
    if let Some(unsafety) = &sig.unsafety {
        errors.spanned(unsafety, m.unsafe_fn);
    }
    if let Some(abi) = &sig.abi {
        errors.spanned(abi, format!("{} cannot have an `extern` ABI", m.noun));
    }
    if let Some(variadic) = &sig.variadic {
        errors.spanned(variadic, format!("{} cannot be variadic", m.noun));
    }
    match (&sig.generics.where_clause, m.where_clause) {
        _ if !sig.generics.params.is_empty() => errors.spanned(&sig.generics, m.generic),
        (Some(where_clause), Some(message)) => errors.spanned(where_clause, message),
        (Some(_), None) => errors.spanned(&sig.generics, m.generic),
        (None, _) => {}
    }
}

/// The typed parameter, or `None` after reporting a `self` receiver.
pub(crate) fn typed<'a>(
    input: &'a syn::FnArg,
    attr: &str,
    errors: &mut Errors,
) -> Option<&'a syn::PatType> {
    match input {
        syn::FnArg::Receiver(receiver) => {
            errors.spanned(receiver, not_a_method(attr));
            None
        }
        syn::FnArg::Typed(typed) => Some(typed),
    }
}

fn not_a_method(attr: &str) -> String {
    format!("`#[{attr}]` goes on a free function, not a method: there is no `self` to call it on")
}
