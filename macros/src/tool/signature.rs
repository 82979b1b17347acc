//! Reading a tool function's signature: which parameters the model fills
//! (arguments) and which tackle fills (`&` references), and what it returns.
//!
//! The rule is syntactic and needs no knowledge of type names: a reference
//! parameter `&T` is filled by tackle (a context), a parameter taken by value
//! is an argument from the model, and `#[args]` marks one parameter whose type
//! holds all the arguments.

use quote::ToTokens;

use crate::errors::Errors;

pub(crate) enum Param {
    /// `&T`: filled by tackle through `FromInvocation`.
    Inject { referent: syn::Type },
    /// `name: T`: one field of the generated arguments type.
    Arg {
        ident: syn::Ident,
        ty: syn::Type,
        /// `#[doc]`, `#[serde]` and `#[schemars]` attributes, moved onto the field.
        attrs: Vec<syn::Attribute>,
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

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    let sig = &mut func.sig;
    if let Some(unsafety) = &sig.unsafety {
        errors.spanned(
            unsafety,
            "a tool cannot be `unsafe fn`: the model calls it with arbitrary arguments",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.spanned(abi, "a tool cannot have an `extern` ABI");
    }
    if let Some(variadic) = &sig.variadic {
        errors.spanned(variadic, "a tool cannot be variadic");
    }
    if !sig.generics.params.is_empty() {
        errors.spanned(
            &sig.generics,
            "a tool cannot be generic: the runtime calls it with one concrete argument type",
        );
    } else if let Some(where_clause) = &sig.generics.where_clause {
        errors.spanned(
            where_clause,
            "a tool cannot have a `where` clause: the runtime calls it with concrete types only",
        );
    }

    let mut params = Vec::new();
    let mut whole_seen = false;
    for input in sig.inputs.iter_mut() {
        let typed = match input {
            syn::FnArg::Receiver(receiver) => {
                errors.spanned(
                    &*receiver,
                    "`#[tool]` goes on a free function, not a method: there is no `self` to call it on",
                );
                continue;
            }
            syn::FnArg::Typed(typed) => typed,
        };
        let (field_attrs, marked_args) = take_attrs(&mut typed.attrs, errors);
        let ty = (*typed.ty).clone();
        match &ty {
            syn::Type::Reference(reference) => {
                if let Some(m) = &reference.mutability {
                    errors.spanned(m, "a tool parameter cannot be `&mut`: tackle hands tools shared references");
                }
                if marked_args {
                    errors.spanned(&ty, "`#[args]` marks the parameter that holds the arguments, so it is taken by value: drop the `&`");
                }
                if let Some(attr) = field_attrs.iter().find(|a| !a.path().is_ident("doc")) {
                    errors.spanned(attr, "this attribute applies to arguments from the model, and a reference parameter is filled by tackle");
                }
                if let Some(problem) = unfillable(&reference.elem) {
                    errors.spanned(&ty, problem);
                    continue;
                }
                params.push(Param::Inject {
                    referent: (*reference.elem).clone(),
                });
            }
            _ if contains_impl_trait(&ty) => {
                errors.spanned(&ty, "a tool argument cannot be `impl Trait`: it is deserialized, so it needs a concrete type");
            }
            _ if context_name(&ty).is_some() => {
                let name = context_name(&ty).unwrap_or_default();
                errors.spanned(
                    &ty,
                    format!("tackle fills a `{name}` parameter and lends it: take it by reference, `&{name}`"),
                );
            }
            _ if contains_reference(&ty) => {
                errors.spanned(
                    &ty,
                    "a tool argument cannot borrow: it is deserialized from the model's JSON into an owned value (`String` rather than `&str`, `Vec<T>` rather than `&[T]`)",
                );
            }
            _ if marked_args => {
                if whole_seen {
                    errors.spanned(&ty, "only one parameter can be `#[args]`");
                }
                whole_seen = true;
                if let Some(attr) = field_attrs.iter().find(|a| !a.path().is_ident("doc")) {
                    errors.spanned(attr, "put serde and schemars attributes on the fields of the arguments type itself");
                }
                params.push(Param::Whole { ty });
            }
            _ => match plain_ident(&typed.pat) {
                Some(ident) => params.push(Param::Arg {
                    ident,
                    ty,
                    attrs: field_attrs,
                }),
                None => errors.spanned(
                    &typed.pat,
                    "a tool argument needs a plain name, which becomes its JSON field: `path: String`",
                ),
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
    if contains_impl_trait(&output) {
        errors.spanned(&output, "a tool cannot return `impl Trait`: name the type, so tackle can check it and derive its schema");
    } else if borrows(&output) {
        errors.spanned(
            &output,
            "a tool cannot return a borrow: its result outlives the call and its arguments; return an owned value such as `String`",
        );
    }

    Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        params,
        output,
    }
}

/// Removes the attributes tackle consumes from a parameter; returns the ones
/// that move onto the arguments field, and whether `#[args]` was present.
fn take_attrs(attrs: &mut Vec<syn::Attribute>, errors: &mut Errors) -> (Vec<syn::Attribute>, bool) {
    let mut field = Vec::new();
    let mut marked = false;
    let mut keep = Vec::new();
    for attr in attrs.drain(..) {
        let path = attr.path();
        if path.is_ident("args") {
            if !matches!(attr.meta, syn::Meta::Path(_)) {
                errors.spanned(&attr, "`#[args]` takes no options");
            }
            marked = true;
        } else if path.is_ident("doc") || path.is_ident("serde") || path.is_ident("schemars") {
            field.push(attr);
        } else if path.is_ident("cfg") || path.is_ident("cfg_attr") {
            errors.spanned(&attr, "a tool parameter cannot be conditional: its arguments schema is fixed at compile time");
            // Kept, so that the function as emitted is the one the user wrote.
            keep.push(attr);
        } else {
            keep.push(attr);
        }
    }
    *attrs = keep;
    (field, marked)
}

pub(crate) fn plain_ident(pat: &syn::Pat) -> Option<syn::Ident> {
    match pat {
        syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => Some(p.ident.clone()),
        _ => None,
    }
}

pub(crate) fn contains_impl_trait(ty: &syn::Type) -> bool {
    any_token(
        ty.to_token_stream(),
        &|t| matches!(t, proc_macro2::TokenTree::Ident(i) if i == "impl"),
    )
}

/// Whether a type borrows (`&str`, `Vec<&str>`, `(&u8, u8)`).
pub(crate) fn contains_reference(ty: &syn::Type) -> bool {
    any_token(
        ty.to_token_stream(),
        &|t| matches!(t, proc_macro2::TokenTree::Punct(p) if p.as_char() == '&'),
    )
}

/// Whether a type holds a reference other than `&'static` (`&str`, `Result<&'a T, E>`).
pub(crate) fn borrows(ty: &syn::Type) -> bool {
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

fn any_token(
    tokens: proc_macro2::TokenStream,
    f: &dyn Fn(&proc_macro2::TokenTree) -> bool,
) -> bool {
    tokens.into_iter().any(|t| match &t {
        proc_macro2::TokenTree::Group(g) => any_token(g.stream(), f),
        other => f(other),
    })
}

/// `ToolContext` or `PluginContext` (by the last segment of the path), the
/// types tackle fills; taken by value they would be read as arguments.
fn context_name(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?.ident.to_string();
    matches!(last.as_str(), "ToolContext" | "PluginContext").then_some(last)
}

/// Why tackle can never fill `&referent`, when that is clear from the syntax:
/// it fills sized context types, so `&str`, `&[T]` and `&dyn Trait` are
/// arguments written as borrows (rustc would add unrelated `Sized` errors).
fn unfillable(referent: &syn::Type) -> Option<&'static str> {
    match referent {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => Some(
            "tackle fills reference parameters itself, and only with contexts (`&ToolContext`, `&PluginContext`); an argument from the model is taken by value: `String`, not `&str`",
        ),
        syn::Type::Slice(_) => Some(
            "tackle fills reference parameters itself, and only with contexts (`&ToolContext`, `&PluginContext`); an argument from the model is taken by value: `Vec<T>`, not `&[T]`",
        ),
        syn::Type::TraitObject(_) => Some(
            "tackle fills reference parameters itself, and only with contexts (`&ToolContext`, `&PluginContext`), not with a `dyn` trait object",
        ),
        _ => None,
    }
}
