//! `Decision` in a decision hook's return type is the point's decision:
//! `-> Option<Decision>` at `stop` is emitted as
//! `-> Option<Decision<::tackle::hook::events::Stop>>`, so that the body's
//! `Decision::ask()` is built for `stop`, and refused there (`hook::takes`).
//! `impl IntoDecision` gets the point the same way.
//!
//! The type is known by its name, as written: `Decision` or a path ending
//! in it, with no generic arguments. Written with one
//! (`Decision<AnyPoint>`), or under another name, it is left as it is;
//! then the return type must still fit the point (`IntoDecision<Point>`),
//! and its message says how.

use proc_macro2::Span;
use tackle_spec::hook::PointSpec;

use crate::paths;

/// Gives every bare `Decision` (and `IntoDecision`) in `output` the point.
pub(crate) fn add_point(output: &mut syn::ReturnType, point: &PointSpec) {
    if let syn::ReturnType::Type(_, ty) = output {
        walk(ty, point);
    }
}

fn walk(ty: &mut syn::Type, point: &PointSpec) {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            walk_path(&mut path.path, "Decision", point)
        }
        syn::Type::Paren(inner) => walk(&mut inner.elem, point),
        syn::Type::Group(inner) => walk(&mut inner.elem, point),
        syn::Type::Tuple(tuple) => tuple.elems.iter_mut().for_each(|t| walk(t, point)),
        syn::Type::ImplTrait(bounds) => {
            for bound in &mut bounds.bounds {
                if let syn::TypeParamBound::Trait(bound) = bound {
                    walk_path(&mut bound.path, "IntoDecision", point);
                }
            }
        }
        _ => {}
    }
}

/// Adds the point to `path` if it names `name` bare, else walks into its
/// generic arguments (`Option<Decision>`, `Result<Decision, E>`).
fn walk_path(path: &mut syn::Path, name: &str, point: &PointSpec) {
    let Some(last) = path.segments.last_mut() else {
        return;
    };
    match &mut last.arguments {
        syn::PathArguments::None if last.ident == name => {
            let span = last.ident.span();
            let event = event_type(point, span);
            last.arguments =
                syn::PathArguments::AngleBracketed(syn::AngleBracketedGenericArguments {
                    colon2_token: None,
                    lt_token: syn::Token![<](span),
                    args: std::iter::once(syn::GenericArgument::Type(event)).collect(),
                    gt_token: syn::Token![>](span),
                });
        }
        syn::PathArguments::AngleBracketed(args) => {
            for arg in &mut args.args {
                if let syn::GenericArgument::Type(ty) = arg {
                    walk(ty, point);
                }
            }
        }
        _ => {}
    }
}

/// `::tackle::hook::events::Stop`, spanned on the user's tokens (their
/// `Decision`, or the return type for the glue), so that a mismatch is
/// reported on the type they wrote.
pub(crate) fn event_type(point: &PointSpec, span: Span) -> syn::Type {
    let public = paths::public();
    let event = syn::Ident::new(point.event, span);
    // The path has no groups: spanning its top-level tokens spans all of it.
    let tokens = quote::quote!(#public::hook::events::#event)
        .into_iter()
        .map(|mut token| {
            token.set_span(span);
            token
        })
        .collect();
    syn::Type::Path(syn::TypePath {
        qself: None,
        path: syn::parse2(tokens).expect("an absolute path parses"),
    })
}

#[cfg(test)]
mod tests {
    use quote::{ToTokens, quote};

    use super::*;

    fn rewritten(ty: proc_macro2::TokenStream) -> String {
        let point = PointSpec::find("stop").expect("stop is in the catalogue");
        let mut output: syn::ReturnType = syn::parse2(quote!(-> #ty)).expect("a return type");
        add_point(&mut output, point);
        output.to_token_stream().to_string().replace(' ', "")
    }

    #[test]
    fn bare_decisions_get_the_point() {
        let stop = "Decision<::tackle::hook::events::Stop>";
        assert_eq!(rewritten(quote!(Decision)), format!("->{stop}"));
        assert_eq!(
            rewritten(quote!(Option<Decision>)),
            format!("->Option<{stop}>")
        );
        assert_eq!(
            rewritten(quote!(Result<Option<Decision>, String>)),
            format!("->Result<Option<{stop}>,String>")
        );
        assert_eq!(
            rewritten(quote!(tackle::hook::Decision)),
            format!("->tackle::hook::{stop}")
        );
        assert_eq!(
            rewritten(quote!(impl IntoDecision)),
            "->implIntoDecision<::tackle::hook::events::Stop>"
        );
    }

    #[test]
    fn other_types_stay() {
        assert_eq!(rewritten(quote!(bool)), "->bool");
        assert_eq!(
            rewritten(quote!(Decision<AnyPoint>)),
            "->Decision<AnyPoint>"
        );
        assert_eq!(rewritten(quote!(MyDecision)), "->MyDecision");
        assert_eq!(rewritten(quote!(Result<(), String>)), "->Result<(),String>");
    }
}
