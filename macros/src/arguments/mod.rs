//! Reading the signature of an item that takes arguments, `#[tool]` and
//! `#[command]`, by one syntactic rule that needs no knowledge of type names:
//! a reference parameter `&T` is filled by tackle (a context, the state), a
//! parameter taken by value is an argument (from the model, from the command
//! line), and `#[args]` marks one parameter whose type holds all the
//! arguments. Each item passes its own [`Wording`] in.

mod glue;
mod marks;

pub(crate) use glue::{GlueFn, glue};

use quote::ToTokens;

use crate::errors::Errors;
use crate::item;

pub(crate) enum Param {
    /// `&T`: filled by tackle (`FromInvocation`, `FromCommand`).
    Inject { referent: syn::Type },
    /// `name: T`: one field of the generated arguments type.
    Arg {
        ident: syn::Ident,
        ty: syn::Type,
        /// `#[doc]`, `#[serde]` and `#[schemars]` attributes, moved onto the field.
        attrs: Vec<syn::Attribute>,
        /// `#[positional]`: given without its `--name` (commands only).
        positional: bool,
    },
    /// `#[args] name: T`: `T` is the whole arguments type.
    Whole { ty: syn::Type },
}

pub(crate) struct Signature {
    pub ident: syn::Ident,
    pub is_async: bool,
    pub params: Vec<Param>,
    pub output: syn::Type,
}

/// One item's wording of the signature errors, and what differs between
/// the items.
pub(crate) struct Wording<'a> {
    /// The attribute's name, `tool`.
    pub attr: &'a str,
    pub shape: item::FnShapeMessages<'a>,
    /// Whether `#[positional]` marks an argument.
    pub positional: bool,
    /// The contexts tackle fills, by the last segment of their path; taken
    /// by value they would be read as arguments.
    pub contexts: &'a [&'a str],
    pub mutable: &'a str,
    /// For an argument attribute (`#[serde]`) on a reference parameter.
    pub attribute_on_reference: &'a str,
    /// Why tackle can never fill `&referent`, when the syntax says so.
    pub unfillable: fn(&syn::Type) -> Option<String>,
    pub impl_trait_argument: &'a str,
    pub borrowed_argument: &'a str,
    pub unnamed_argument: &'a str,
    pub conditional: &'a str,
    pub impl_trait_output: &'a str,
    pub borrowed_output: &'a str,
}

pub(crate) fn read(func: &mut syn::ItemFn, m: &Wording, errors: &mut Errors) -> Signature {
    let sig = &func.sig;
    item::check_fn_shape(sig, &m.shape, errors);
    let mut params = Vec::new();
    let mut whole_seen = false;
    for input in &sig.inputs {
        let Some(typed) = item::typed(input, m.attr, errors) else {
            continue;
        };
        let marks = marks::read(&typed.attrs, m.positional, m.conditional, errors);
        let ty = (*typed.ty).clone();
        match &ty {
            syn::Type::Reference(reference) => {
                if let Some(mutability) = &reference.mutability {
                    errors.spanned(mutability, m.mutable);
                }
                if marks.args {
                    errors.spanned(&ty, "`#[args]` marks the parameter that holds the arguments, so it is taken by value: drop the `&`");
                }
                if let Some(attr) = &marks.positional {
                    errors.spanned(attr, "`#[positional]` marks an argument from the command line, and a reference parameter is filled by tackle");
                } else if let Some(attr) = marks.field.iter().find(|a| !a.path().is_ident("doc")) {
                    errors.spanned(attr, m.attribute_on_reference);
                }
                if let Some(problem) = (m.unfillable)(&reference.elem) {
                    errors.spanned(&ty, problem);
                    continue;
                }
                params.push(Param::Inject {
                    referent: (*reference.elem).clone(),
                });
            }
            _ if item::contains_impl_trait(&ty) => errors.spanned(&ty, m.impl_trait_argument),
            _ if context_name(&ty, m.contexts).is_some() => {
                let name = context_name(&ty, m.contexts).unwrap_or_default();
                errors.spanned(
                    &ty,
                    format!("tackle fills a `{name}` parameter and lends it: take it by reference, `&{name}`"),
                );
            }
            _ if contains_reference(&ty) => errors.spanned(&ty, m.borrowed_argument),
            _ if marks.args => {
                if whole_seen {
                    errors.spanned(&ty, "only one parameter can be `#[args]`");
                }
                whole_seen = true;
                if let Some(attr) = &marks.positional {
                    errors.spanned(attr, "`#[positional]` marks one argument; on a field of an `#[args]` type write `#[schemars(extend(\"x-positional\" = true))]`");
                }
                if let Some(attr) = marks.field.iter().find(|a| !a.path().is_ident("doc")) {
                    errors.spanned(attr, "put serde and schemars attributes on the fields of the arguments type itself");
                }
                params.push(Param::Whole { ty });
            }
            _ => match plain_ident(&typed.pat) {
                Some(ident) => params.push(Param::Arg {
                    ident,
                    ty,
                    attrs: marks.field,
                    positional: marks.positional.is_some(),
                }),
                None => errors.spanned(&typed.pat, m.unnamed_argument),
            },
        }
    }
    if whole_seen {
        for param in &params {
            if let Param::Arg { ident, .. } = param {
                errors.spanned(
                    ident,
                    format!("with `#[args]`, every argument comes from that one parameter: move `{ident}` into the arguments type, or drop `#[args]`"),
                );
            }
        }
    }

    let output = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    if item::contains_impl_trait(&output) {
        errors.spanned(&output, m.impl_trait_output);
    } else if borrows(&output) {
        errors.spanned(&output, m.borrowed_output);
    }
    let signature = Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        params,
        output,
    };
    marks::strip(&mut func.sig, m.positional);
    signature
}

fn plain_ident(pat: &syn::Pat) -> Option<syn::Ident> {
    match pat {
        syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => Some(p.ident.clone()),
        _ => None,
    }
}

/// The context `ty` names, by the last segment of its path, if it is one.
fn context_name(ty: &syn::Type, contexts: &[&str]) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?.ident.to_string();
    contexts.contains(&last.as_str()).then_some(last)
}

/// Whether a type borrows (`&str`, `Vec<&str>`, `(&u8, u8)`).
fn contains_reference(ty: &syn::Type) -> bool {
    fn walk(tokens: proc_macro2::TokenStream) -> bool {
        tokens.into_iter().any(|t| match &t {
            proc_macro2::TokenTree::Group(g) => walk(g.stream()),
            proc_macro2::TokenTree::Punct(p) => p.as_char() == '&',
            _ => false,
        })
    }
    walk(ty.to_token_stream())
}

/// Whether a type holds a reference other than `&'static` (`&str`, `Result<&'a T, E>`).
fn borrows(ty: &syn::Type) -> bool {
    fn walk(tokens: proc_macro2::TokenStream) -> bool {
        let tokens: Vec<_> = tokens.into_iter().collect();
        tokens.iter().enumerate().any(|(i, t)| match t {
            proc_macro2::TokenTree::Group(g) => walk(g.stream()),
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '&' => !matches!(
                (tokens.get(i + 1), tokens.get(i + 2)),
                (Some(proc_macro2::TokenTree::Punct(q)), Some(proc_macro2::TokenTree::Ident(l)))
                    if q.as_char() == '\'' && l == "static"
            ),
            _ => false,
        })
    }
    walk(ty.to_token_stream())
}
