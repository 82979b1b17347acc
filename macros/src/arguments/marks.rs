//! The attributes tackle reads on a parameter: `#[args]`, `#[positional]`
//! (commands only), and the `#[doc]`, `#[serde]` and `#[schemars]` ones that
//! move onto the generated arguments field. They are read first and taken off
//! the function afterwards, since rustc knows none of the first two.

use crate::errors::Errors;

/// What a parameter carried besides its type.
#[derive(Default)]
pub(super) struct Marks {
    /// `#[doc]`, `#[serde]` and `#[schemars]`.
    pub field: Vec<syn::Attribute>,
    pub args: bool,
    pub positional: Option<syn::Attribute>,
}

/// The marks of one parameter; `conditional` is the error for `#[cfg]`,
/// which stays on the function as the user wrote it.
pub(super) fn read(
    attrs: &[syn::Attribute],
    positional: bool,
    conditional: &str,
    errors: &mut Errors,
) -> Marks {
    let mut marks = Marks::default();
    for attr in attrs {
        let path = attr.path();
        if path.is_ident("args") || (positional && path.is_ident("positional")) {
            if !matches!(attr.meta, syn::Meta::Path(_)) {
                let name = if path.is_ident("args") {
                    "args"
                } else {
                    "positional"
                };
                errors.spanned(attr, format!("`#[{name}]` takes no options"));
            }
            if path.is_ident("args") {
                marks.args = true;
            } else {
                marks.positional = Some(attr.clone());
            }
        } else if is_field(path) {
            marks.field.push(attr.clone());
        } else if path.is_ident("cfg") || path.is_ident("cfg_attr") {
            errors.spanned(attr, conditional);
        }
    }
    marks
}

/// Takes off every parameter the attributes [`read`] consumed.
pub(super) fn strip(sig: &mut syn::Signature, positional: bool) {
    for input in &mut sig.inputs {
        if let syn::FnArg::Typed(typed) = input {
            typed.attrs.retain(|attr| {
                let path = attr.path();
                !(path.is_ident("args")
                    || (positional && path.is_ident("positional"))
                    || is_field(path))
            });
        }
    }
}

fn is_field(path: &syn::Path) -> bool {
    path.is_ident("doc") || path.is_ident("serde") || path.is_ident("schemars")
}
