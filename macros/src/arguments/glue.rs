//! The glue `#[tool]` and `#[command]` write before calling the function:
//! the arguments type and how it is parsed, one local per reference
//! parameter, and the call's arguments in parameter order.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::{Param, Signature};
use crate::paths;

/// The schema key that marks a positional argument; the runtime reads it
/// as `tackle::command::POSITIONAL_KEY`.
const POSITIONAL_KEY: &str = "x-positional";

/// What the glue function of an item that takes arguments is made of.
pub(crate) struct ArgsGlue {
    /// `__TackleArgs`, unless `#[args]` names the whole type.
    pub args_item: TokenStream,
    /// The type the arguments are read into.
    pub args_ty: TokenStream,
    /// Reads the arguments from `input` (the call the glue takes).
    pub parse_args: TokenStream,
    /// One `let` per reference parameter.
    pub fills: Vec<TokenStream>,
    /// The function's arguments, in parameter order.
    pub call_args: Vec<TokenStream>,
}

/// How an item's glue function is named and typed.
pub(crate) struct GlueFn<'a> {
    /// The function's name, `__tackle_glue`.
    pub name: &'a str,
    /// Its parameter, as [`glue`] was given it, and that parameter's type.
    pub input: &'a str,
    pub input_ty: TokenStream,
    /// What the item's handler returns, and the handler enum.
    pub returns: TokenStream,
    pub handler: TokenStream,
    /// Turns the function's value into `returns`.
    pub convert: TokenStream,
}

impl ArgsGlue {
    /// The glue function `f` and the handler that holds it: it parses the
    /// arguments, fills the references, calls `fn_ident` and converts its
    /// value (in a boxed future, for an async function).
    pub(crate) fn handler_fn(
        &self,
        f: &GlueFn<'_>,
        fn_ident: &syn::Ident,
        is_async: bool,
        private: &TokenStream,
    ) -> (TokenStream, TokenStream) {
        let ArgsGlue {
            args_ty,
            parse_args,
            fills,
            call_args,
            ..
        } = self;
        let GlueFn {
            input_ty,
            returns,
            handler,
            convert,
            ..
        } = f;
        let name = format_ident!("{}", f.name);
        let input = format_ident!("{}", f.input);
        if is_async {
            (
                quote! {
                    fn #name(
                        mut #input: #input_ty,
                    ) -> ::core::result::Result<#private::BoxFuture<#returns>, #private::HandlerError> {
                        let __tackle_args: #args_ty = #parse_args?;
                        #(#fills)*
                        ::core::result::Result::Ok(::std::boxed::Box::pin(async move {
                            #convert(#fn_ident(#(#call_args),*).await)
                        }))
                    }
                },
                quote!(#handler::Async(#name)),
            )
        } else {
            (
                quote! {
                    fn #name(
                        mut #input: #input_ty,
                    ) -> ::core::result::Result<#returns, #private::HandlerError> {
                        let __tackle_args: #args_ty = #parse_args?;
                        #(#fills)*
                        ::core::result::Result::Ok(#convert(#fn_ident(#(#call_args),*)))
                    }
                },
                quote!(#handler::Sync(#name)),
            )
        }
    }
}

/// The glue of `sig`: `input` names the glue's parameter, and `fill` gives
/// the expression that fills a reference parameter's `referent` from it.
pub(crate) fn glue(
    sig: &Signature,
    private: &TokenStream,
    input: &str,
    fill: impl Fn(&syn::Type) -> TokenStream,
) -> ArgsGlue {
    let whole = sig.params.iter().find_map(|p| match p {
        Param::Whole { ty } => Some(ty),
        _ => None,
    });
    // A type that is not `Deserialize` is reported on the type, not on the
    // item's attribute.
    let parse_args = match whole {
        Some(ty) => {
            let input = syn::Ident::new(input, ty.span());
            quote_spanned!(ty.span()=> #input.parse_args())
        }
        None => {
            let input = syn::Ident::new(input, Span::call_site());
            quote!(#input.parse_args())
        }
    };
    let (args_item, args_ty) = match whole {
        Some(ty) => (TokenStream::new(), quote!(#ty)),
        None => {
            let fields = sig.params.iter().filter_map(|p| match p {
                Param::Arg {
                    ident,
                    ty,
                    attrs,
                    positional,
                } => {
                    let mark = positional.then(|| {
                        let key = POSITIONAL_KEY;
                        quote!(#[schemars(extend(#key = true))])
                    });
                    Some(quote! { #(#attrs)* #mark #ident: #ty, })
                }
                _ => None,
            });
            let serde_crate = paths::SERDE;
            let schemars_crate = paths::SCHEMARS;
            let item = quote! {
                #[derive(#private::serde::Deserialize, #private::schemars::JsonSchema)]
                #[serde(crate = #serde_crate, deny_unknown_fields)]
                #[schemars(crate = #schemars_crate)]
                #[allow(non_camel_case_types, dead_code)]
                struct __TackleArgs { #(#fields)* }
            };
            (item, quote!(__TackleArgs))
        }
    };
    let mut fills = Vec::new();
    let mut call_args = Vec::new();
    for (i, param) in sig.params.iter().enumerate() {
        match param {
            Param::Inject { referent } => {
                let local = format_ident!("__tackle_ref_{}", i);
                let filled = fill(referent);
                fills.push(quote_spanned! {referent.span()=>
                    let #local = #filled;
                });
                call_args.push(quote!(&*#local));
            }
            Param::Arg { ident, .. } => call_args.push(quote!(__tackle_args.#ident)),
            Param::Whole { .. } => call_args.push(quote!(__tackle_args)),
        }
    }
    ArgsGlue {
        args_item,
        args_ty,
        parse_args,
        fills,
        call_args,
    }
}
