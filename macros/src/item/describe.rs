//! The description rule of the items that are listed with one, and the
//! doc comment it falls back to.

use crate::errors::Errors;

/// `description = "..."` if given, else the doc comment; an empty one is
/// reported on the function's name, since listings would show nothing,
/// with `undescribed`, whose `{name}` stands for `name`.
pub(crate) fn description(
    option: &Option<syn::LitStr>,
    func: &syn::ItemFn,
    name: &str,
    undescribed: &str,
    errors: &mut Errors,
) -> String {
    let description = option
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_else(|| doc_text(&func.attrs));
    if description.trim().is_empty() {
        errors.spanned(&func.sig.ident, undescribed.replace("{name}", name));
    }
    description
}

/// The text of `///` comments (`#[doc = "..."]`), one space of indent removed,
/// lines joined with newlines, trimmed.
pub(crate) fn doc_text(attrs: &[syn::Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            let text = s.value();
            for line in text.lines() {
                lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
            }
        }
    }
    lines.join("\n").trim().to_owned()
}
