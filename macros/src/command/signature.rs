//! Reading a command function's signature, with `#[tool]`'s rule: a
//! reference parameter `&T` is filled by tackle (a context, the state), a
//! parameter taken by value is an argument from the command line, and
//! `#[args]` marks one parameter whose type holds all the arguments.
//! `#[positional]` marks an argument given without its `--name`.

use crate::errors::Errors;
use crate::tool::signature::{borrows, contains_impl_trait, contains_reference, plain_ident};

pub(crate) enum Param {
    /// `&T`: filled by tackle through `FromCommand`.
    Inject { referent: syn::Type },
    /// `name: T`: one field of the generated arguments type.
    Arg {
        ident: syn::Ident,
        ty: syn::Type,
        /// `#[doc]`, `#[serde]` and `#[schemars]` attributes, moved onto the field.
        attrs: Vec<syn::Attribute>,
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

/// What a parameter carried besides its type.
#[derive(Default)]
struct Marks {
    field: Vec<syn::Attribute>,
    args: bool,
    positional: Option<syn::Attribute>,
}

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    let sig = &mut func.sig;
    if let Some(unsafety) = &sig.unsafety {
        errors.spanned(
            unsafety,
            "a command cannot be `unsafe fn`: anyone can run it with any arguments",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.spanned(abi, "a command cannot have an `extern` ABI");
    }
    if let Some(variadic) = &sig.variadic {
        errors.spanned(variadic, "a command cannot be variadic");
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        errors.spanned(
            &sig.generics,
            "a command cannot be generic: the runtime calls it with one concrete argument type",
        );
    }

    let mut params = Vec::new();
    let mut whole_seen = false;
    for input in sig.inputs.iter_mut() {
        let typed = match input {
            syn::FnArg::Receiver(receiver) => {
                errors.spanned(
                    &*receiver,
                    "`#[command]` goes on a free function, not a method: there is no `self` to call it on",
                );
                continue;
            }
            syn::FnArg::Typed(typed) => typed,
        };
        let marks = take_attrs(&mut typed.attrs, errors);
        let ty = (*typed.ty).clone();
        match &ty {
            syn::Type::Reference(reference) => {
                if let Some(m) = &reference.mutability {
                    errors.spanned(
                        m,
                        "a command parameter cannot be `&mut`: tackle lends commands shared references",
                    );
                }
                if marks.args {
                    errors.spanned(&ty, "`#[args]` marks the parameter that holds the arguments, so it is taken by value: drop the `&`");
                }
                if let Some(attr) = &marks.positional {
                    errors.spanned(attr, "`#[positional]` marks an argument from the command line, and a reference parameter is filled by tackle");
                } else if let Some(attr) = marks.field.iter().find(|a| !a.path().is_ident("doc")) {
                    errors.spanned(attr, "this attribute applies to arguments from the command line, and a reference parameter is filled by tackle");
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
                errors.spanned(&ty, "a command argument cannot be `impl Trait`: it is parsed from the command line, so it needs a concrete type");
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
                    "a command argument cannot borrow: it is parsed from the command line into an owned value (`String` rather than `&str`, `Vec<T>` rather than `&[T]`)",
                );
            }
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
                None => errors.spanned(
                    &typed.pat,
                    "a command argument needs a plain name, which becomes its `--option`: `depth: u32`",
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
        errors.spanned(
            &output,
            "a command cannot return `impl Trait`: name the type, so tackle can check it",
        );
    } else if borrows(&output) {
        errors.spanned(
            &output,
            "a command cannot return a borrow: its output outlives the call; return an owned value such as `String`, or a `&'static str`",
        );
    }

    Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        params,
        output,
    }
}

/// Removes the attributes tackle consumes from a parameter.
fn take_attrs(attrs: &mut Vec<syn::Attribute>, errors: &mut Errors) -> Marks {
    let mut marks = Marks::default();
    let mut keep = Vec::new();
    for attr in attrs.drain(..) {
        let path = attr.path();
        if path.is_ident("args") || path.is_ident("positional") {
            if !matches!(attr.meta, syn::Meta::Path(_)) {
                let name = if path.is_ident("args") {
                    "args"
                } else {
                    "positional"
                };
                errors.spanned(&attr, format!("`#[{name}]` takes no options"));
            }
            if path.is_ident("args") {
                marks.args = true;
            } else {
                marks.positional = Some(attr);
            }
        } else if path.is_ident("doc") || path.is_ident("serde") || path.is_ident("schemars") {
            marks.field.push(attr);
        } else if path.is_ident("cfg") || path.is_ident("cfg_attr") {
            errors.spanned(&attr, "a command parameter cannot be conditional: its arguments are fixed at compile time");
            keep.push(attr);
        } else {
            keep.push(attr);
        }
    }
    *attrs = keep;
    marks
}

/// `CommandContext` or `PluginContext` (by the last segment of the path),
/// the types tackle fills; taken by value they would be read as arguments.
fn context_name(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?.ident.to_string();
    matches!(last.as_str(), "CommandContext" | "PluginContext").then_some(last)
}

/// Why tackle can never fill `&referent`, when the syntax says so.
fn unfillable(referent: &syn::Type) -> Option<String> {
    let (what, instead) = match referent {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => (
            "`str`",
            "; an argument from the command line is taken by value: `String`, not `&str`",
        ),
        syn::Type::Slice(_) => (
            "slice",
            "; an argument from the command line is taken by value: `Vec<T>`, not `&[T]`",
        ),
        syn::Type::TraitObject(_) => ("`dyn` trait object", ""),
        _ => return None,
    };
    Some(format!(
        "tackle has no {what} to give a command: it fills `&CommandContext`, `&CommandContext<Config>`, `&PluginContext<Config>` and the plugin's `&State`{instead}"
    ))
}
