//! `#[resource]` and `#[prompt]`: what an MCP server serves beside tools.
//! Both take their arguments by value, each from a string the client sends
//! (a template variable, a prompt argument), typed like a tool argument;
//! both may name a completion function per argument.

mod options;
mod prompt;
mod resource;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use crate::arguments::{self, Param};
use crate::errors::Errors;
use crate::item::FnShapeMessages;

pub(crate) use prompt::expand as prompt;
pub(crate) use resource::expand as resource;

/// One argument: the parameter's name, type and `///` text.
pub(crate) struct Argument {
    pub ident: syn::Ident,
    pub ty: syn::Type,
    pub doc: String,
}

/// The function's arguments, after the rules every served item shares.
pub(crate) struct Served {
    pub ident: syn::Ident,
    pub is_async: bool,
    pub arguments: Vec<Argument>,
    /// Its context parameter (`&PromptContext`), if the item takes one and
    /// may: where it stands among the arguments, and the type written.
    pub context: Option<(usize, syn::Type)>,
    pub output: syn::Type,
}

/// The local that holds a served item's context, in the generated glue.
pub(crate) const CONTEXT: &str = "__tackle_context";

impl Served {
    /// The call of the function with its arguments (each a local of its
    /// name) and its context ([`CONTEXT`], lent), awaited when it is async.
    pub(crate) fn call(&self) -> TokenStream {
        let fn_ident = &self.ident;
        let mut call_args: Vec<TokenStream> = self
            .arguments
            .iter()
            .map(|a| a.ident.to_token_stream())
            .collect();
        if let Some((at, referent)) = &self.context {
            let context = quote::format_ident!("{CONTEXT}");
            // Typed as written, so that a parameter of another type is an
            // error on that parameter.
            call_args.insert(
                *at,
                quote::quote_spanned! {syn::spanned::Spanned::span(referent)=>
                    { let __tackle_lent: &#referent = &#context; __tackle_lent }
                },
            );
        }
        if self.is_async {
            quote!(#fn_ident(#(#call_args),*).await)
        } else {
            quote!(#fn_ident(#(#call_args),*))
        }
    }
}

fn wording(attr: &'static str, noun: &'static str) -> arguments::Wording<'static> {
    arguments::Wording {
        attr,
        shape: FnShapeMessages {
            noun,
            unsafe_fn: "it cannot be `unsafe fn`: a client calls it with arbitrary arguments",
            generic: "it cannot be generic: tackle calls it with concrete argument types",
            where_clause: Some(
                "it cannot have a `where` clause: tackle calls it with concrete types only",
            ),
        },
        positional: false,
        contexts: &["ToolContext", "PluginContext", "PromptContext"],
        mutable: "its parameters are arguments, taken by value",
        attribute_on_reference: "its parameters are arguments, taken by value",
        unfillable: |_| None,
        impl_trait_argument: "an argument cannot be `impl Trait`: it is read from the client's string, so it needs a concrete type",
        borrowed_argument: "an argument cannot borrow: it is read from the client's string into an owned value (`String`, not `&str`)",
        unnamed_argument: "an argument needs a plain name, which the client uses: `path: String`",
        conditional: "an argument cannot be conditional: the arguments are fixed at compile time",
        impl_trait_output: "it cannot return `impl Trait`: name the type, so tackle can check it",
        borrowed_output: "it cannot return a borrow: return an owned value such as `String`",
    }
}

/// Reads the signature; an `#[args]` parameter is an error, as every
/// parameter is an argument the client gives, and so is a reference but
/// one to the item's `context` (`PromptContext`), when it has one.
pub(crate) fn read(
    func: &mut syn::ItemFn,
    attr: &'static str,
    noun: &'static str,
    context: Option<&'static str>,
    errors: &mut Errors,
) -> Served {
    let signature = arguments::read(func, &wording(attr, noun), errors);
    // `arguments::read` moved the parameters' `///` onto its own list.
    let mut arguments = Vec::new();
    let mut lent = None;
    for param in signature.params {
        match param {
            Param::Arg {
                ident, ty, attrs, ..
            } => {
                let doc = crate::item::doc_text(&attrs);
                arguments.push(Argument { ident, ty, doc });
            }
            Param::Inject { referent } => match (context, last_segment(&referent)) {
                (Some(name), Some(last)) if last == name => {
                    if lent.is_some() {
                        errors.spanned(
                            &referent,
                            format!("`#[{attr}]` takes one `&{name}` at most: tackle lends it once"),
                        );
                    }
                    lent = Some((arguments.len(), referent));
                }
                (Some(name), Some(other)) if ["ToolContext", "PluginContext"].contains(&other.as_str()) => {
                    errors.spanned(
                        &referent,
                        format!("`#[{attr}]` is lent a `&{name}`, not a `&{other}`: take `ctx: &{name}`"),
                    );
                }
                (Some(name), _) => errors.spanned(
                    &referent,
                    format!("`#[{attr}]` takes the arguments the client gives by value (`String`, not `&str`); the one `&` parameter tackle fills is `&{name}`"),
                ),
                (None, _) => errors.spanned(
                    &referent,
                    format!("`#[{attr}]` takes only arguments the client gives, by value; tackle fills no `&` parameter of {noun}"),
                ),
            },
            Param::Whole { ty } => errors.spanned(
                &ty,
                format!("`#[{attr}]` takes each argument as its own parameter; `#[args]` is for tools"),
            ),
        }
    }
    Served {
        ident: signature.ident,
        is_async: signature.is_async,
        arguments,
        context: lent,
        output: signature.output,
    }
}

/// The last segment of the path `ty` names, if it is a path.
fn last_segment(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    Some(path.path.segments.last()?.ident.to_string())
}

/// `fn(name, typed) -> Vec<String>`: an author's completion function for
/// an argument that names one, else the variants of its type, filtered by
/// what was typed.
pub(crate) fn complete_fn(
    arguments: &[Argument],
    named: &[(syn::Ident, syn::Path)],
) -> TokenStream {
    let private = crate::paths::private();
    let arms = arguments.iter().map(|a| {
        let name = a.ident.to_string();
        let ty = &a.ty;
        match named.iter().find(|(arg, _)| *arg == a.ident) {
            Some((_, function)) => quote! {
                #name => #private::completions(#function(__tackle_typed), __tackle_typed),
            },
            None => quote! {
                #name => #private::completions(#private::variants::<#ty>(), __tackle_typed),
            },
        }
    });
    quote! {
        fn __tackle_complete(__tackle_name: &str, __tackle_typed: &str) -> ::std::vec::Vec<::std::string::String> {
            match __tackle_name {
                #(#arms)*
                _ => ::std::vec::Vec::new(),
            }
        }
    }
}

/// Each argument read from the client's map into a local of its name.
pub(crate) fn read_arguments(arguments: &[Argument], map: &syn::Ident) -> TokenStream {
    let private = crate::paths::private();
    let reads = arguments.iter().map(|a| {
        let ident = &a.ident;
        let ty = &a.ty;
        let name = ident.to_string();
        quote! { let #ident: #ty = #private::argument::<#ty>(&#map, #name)?; }
    });
    quote! { #(#reads)* }
}
