//! Screening a parameter that tackle fills, so it must be a `&T` of a sized
//! `T`: each rejection gets the item's own message, before rustc would report
//! something unrelated (a hidden generic, `Sized`, a moved value).

use quote::ToTokens;

use crate::errors::Errors;

/// One item macro's wording of the reference-parameter errors.
pub(crate) struct ReferenceMessages<'a> {
    pub impl_trait: &'a str,
    /// For a parameter taken by value; given the type as written, spaces removed.
    pub by_value: &'a dyn Fn(&str) -> String,
    pub mutable: &'a str,
    /// Whether a `&mut` parameter is dropped after its error; if not, it is
    /// screened on as if it were `&`.
    pub mutable_drops: bool,
    /// Why tackle can never fill `&referent`, if it cannot.
    pub unfillable: &'a dyn Fn(&syn::Type) -> Option<String>,
}

/// The referent `T` of a parameter `&T` tackle can fill, or `None` after
/// reporting why it cannot.
pub(crate) fn screen_reference<'a>(
    ty: &'a syn::Type,
    m: &ReferenceMessages,
    errors: &mut Errors,
) -> Option<&'a syn::Type> {
    if super::contains_impl_trait(ty) {
        errors.spanned(ty, m.impl_trait);
        return None;
    }
    let syn::Type::Reference(reference) = ty else {
        let shown = ty.to_token_stream().to_string().replace(' ', "");
        errors.spanned(ty, (m.by_value)(&shown));
        return None;
    };
    if let Some(mutability) = &reference.mutability {
        errors.spanned(mutability, m.mutable);
        if m.mutable_drops {
            return None;
        }
    }
    if let Some(problem) = (m.unfillable)(&reference.elem) {
        errors.spanned(ty, problem);
        return None;
    }
    Some(&reference.elem)
}

/// Whether a referent is unsized by its syntax (`str`, `[T]`, `dyn Trait`):
/// tackle fills sized types only.
pub(crate) fn unsized_referent(referent: &syn::Type) -> bool {
    matches!(referent, syn::Type::Slice(_) | syn::Type::TraitObject(_))
        || matches!(referent, syn::Type::Path(p) if p.path.is_ident("str"))
}
