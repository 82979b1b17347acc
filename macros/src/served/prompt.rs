//! `#[prompt]`: a message template whose parameters are its arguments.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::{Served, options};
use crate::{item, paths, tokens, unique};
use tackle_spec::names::served_name;

const ATTR: &str = "#[prompt]";
const EXAMPLE: &str = "#[prompt(title = \"Review a file\")]";
const OPTIONS: &[&str] = &["name", "title", "description", "complete"];
/// A prompt with no description (`{name}`: the function's).
const UNDESCRIBED: &str = "prompt `{name}` has no description, and a client shows it: add a doc comment (`/// What it asks.`) or `description = \"...\"`";

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[prompt]` goes on a free function that returns the prompt's messages",
        |func, errors| {
            let options = options::parse(args, ATTR, EXAMPLE, OPTIONS, errors);
            item::check_default_name("prompt", &options.name, func, served_name, errors);
            let served = super::read(func, "prompt", "a prompt", Some("PromptContext"), errors);
            for (argument, _) in &options.complete {
                if !served.arguments.iter().any(|a| a.ident == *argument) {
                    errors.spanned(
                        argument,
                        format!(
                            "`complete({argument} = ...)` names no argument of the prompt `{}`",
                            served.ident
                        ),
                    );
                }
            }
            let ident = func.sig.ident.to_string();
            let description =
                item::description(&options.description, func, &ident, UNDESCRIBED, errors);
            move || registration(&options, &served, &description)
        },
    )
}

fn registration(options: &options::Options, served: &Served, description: &str) -> TokenStream {
    let private = paths::private();
    let public = paths::public();
    // Named only when the function takes it: unused, it would warn.
    let context_param = match served.context {
        Some(_) => format_ident!("{}", super::CONTEXT).to_token_stream(),
        None => quote!(_),
    };
    let fn_ident = &served.ident;
    let (name, name_span) = item::written_name(options.name.as_ref(), fn_ident);
    let claim = unique::claim(unique::Kind::Prompt, &name, name_span);
    let map = format_ident!("__tackle_arguments");
    let reads = super::read_arguments(&served.arguments, &map);
    let call = served.call();
    let output = &served.output;
    // The return type is checked once, where the converter is named: a type
    // that is not messages gets one error, on the type.
    let output_check = quote_spanned! {output.span()=>
        const __TACKLE_MESSAGES: __TackleMessages<#output> = __tackle_messages::<#output>();
    };
    let arguments = served.arguments.iter().map(|a| {
        let name = a.ident.to_string();
        let doc = &a.doc;
        let ty = &a.ty;
        quote! {
            #private::PromptArgument {
                name: #name,
                description: #doc,
                required: #private::is_required::<#ty>(),
            }
        }
    });
    let title = tokens::option(options.title.as_ref());
    let complete = super::complete_fn(&served.arguments, &options.complete);
    let glue = quote! {
        struct __TackleMessages<R> {
            convert: fn(R) -> #private::GetResult,
        }

        const fn __tackle_messages<R: #private::IntoPromptMessages>() -> __TackleMessages<R> {
            __TackleMessages { convert: <R as #private::IntoPromptMessages>::into_messages }
        }

        #output_check

        #[allow(non_snake_case)] // an argument named as the client names it
        fn __tackle_get(
            #map: #private::serde_json::Map<::std::string::String, #private::serde_json::Value>,
            #context_param: #public::prompt::PromptContext,
        ) -> ::core::result::Result<#private::BoxFuture<#private::GetResult>, ::std::string::String> {
            #reads
            ::core::result::Result::Ok(::std::boxed::Box::pin(async move {
                (__TACKLE_MESSAGES.convert)(#call)
            }))
        }

        fn __tackle_arguments() -> &'static [#private::PromptArgument] {
            static ARGUMENTS: ::std::sync::OnceLock<::std::vec::Vec<#private::PromptArgument>> =
                ::std::sync::OnceLock::new();
            ARGUMENTS.get_or_init(|| ::std::vec![#(#arguments),*])
        }

        #complete
    };
    item::register(item::Registration {
        claim,
        glue,
        def: "PromptDef",
        entry: "PromptRegistration",
        fields: quote! {
            name: #name,
            title: #title,
            description: #description,
            arguments: __tackle_arguments,
        },
        handler: quote!(get: __tackle_get, complete: __tackle_complete),
    })
}
