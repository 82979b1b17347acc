//! The description rule of the items that are listed with one.

use crate::errors::Errors;

/// `description = "..."` if given, else the doc comment; an empty one is
/// reported with `missing` on the function's name, since listings would show nothing.
pub(crate) fn description(
    option: Option<&syn::LitStr>,
    func: &syn::ItemFn,
    missing: impl FnOnce() -> String,
    errors: &mut Errors,
) -> String {
    let description = option
        .map(syn::LitStr::value)
        .unwrap_or_else(|| crate::tool::doc_text(&func.attrs));
    if description.trim().is_empty() {
        errors.spanned(&func.sig.ident, missing());
    }
    description
}
