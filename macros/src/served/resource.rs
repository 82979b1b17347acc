//! `#[resource("scheme://path", mime_type = "...")]`: a fixed resource, or a
//! template whose `{variables}` are the function's parameters.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::{Served, options};
use crate::errors::Errors;
use crate::{item, paths, tokens, unique};

const ATTR: &str = "#[resource]";
const EXAMPLE: &str = "#[resource(\"docs://changelog\", mime_type = \"text/markdown\")]";
const OPTIONS: &[&str] = &["name", "title", "description", "mime_type", "complete"];
/// A resource with no description (`{name}`: the function's).
const UNDESCRIBED: &str = "resource `{name}` has no description, and a client shows it: add a doc comment (`/// What it holds.`) or `description = \"...\"`";

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[resource(\"scheme://path\")]` goes on a free function that returns the contents",
        |func, errors| {
            let (uri, rest) = match split_uri(args) {
                Ok(split) => split,
                Err(e) => {
                    errors.push(e);
                    (syn::LitStr::new("", Span::call_site()), TokenStream::new())
                }
            };
            let options = options::parse(rest, ATTR, EXAMPLE, OPTIONS, errors);
            let served = super::read(func, "resource", "a resource", None, errors);
            let variables = check_uri(&uri, &served, errors);
            for (argument, _) in &options.complete {
                if !variables.iter().any(|v| argument == v) {
                    errors.spanned(
                    argument,
                    format!(
                        "`complete({argument} = ...)` names no variable of the URI template `{}`",
                        uri.value()
                    ),
                );
                }
            }
            let ident = func.sig.ident.to_string();
            let description =
                item::description(&options.description, func, &ident, UNDESCRIBED, errors);
            move || registration(&uri, &variables, &options, &served, &description)
        },
    )
}

/// The URI literal, and the options after it.
fn split_uri(args: TokenStream) -> syn::Result<(syn::LitStr, TokenStream)> {
    const NEEDS: &str = "`#[resource]` takes the URI first: `#[resource(\"docs://changelog\")]`, or a template `#[resource(\"file:///{path}\")]`";
    let parser = |input: syn::parse::ParseStream| {
        let uri: syn::LitStr = input
            .parse()
            .map_err(|e| syn::Error::new(e.span(), NEEDS))?;
        if !input.is_empty() {
            input.parse::<syn::Token![,]>()?;
        }
        let rest: TokenStream = input.parse()?;
        Ok((uri, rest))
    };
    syn::parse::Parser::parse2(parser, args)
}

/// The template's variables, each checked against the parameters.
fn check_uri(uri: &syn::LitStr, served: &Served, errors: &mut Errors) -> Vec<String> {
    let text = uri.value();
    if text.is_empty() {
        return Vec::new();
    }
    if !text.contains(':') {
        errors.spanned(
            uri,
            format!("`{text}` is not a URI: it needs a scheme, such as `docs://{text}`"),
        );
    }
    let mut variables = Vec::new();
    let mut rest = text.as_str();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            errors.spanned(uri, "a `{` in the URI template is not closed by `}`");
            break;
        };
        let name = &rest[open + 1..open + close];
        if syn::parse_str::<syn::Ident>(name).is_err() {
            errors.spanned(
                uri,
                format!("the template variable `{{{name}}}` is not a parameter name"),
            );
        } else if variables.iter().any(|v| v == name) {
            errors.spanned(uri, format!("the template names `{{{name}}}` twice"));
        } else {
            variables.push(name.to_owned());
        }
        rest = &rest[open + close + 1..];
    }
    if rest.contains('}') {
        errors.spanned(uri, "a `}` in the URI template has no `{`");
    }
    for variable in &variables {
        if !served.arguments.iter().any(|a| a.ident == variable) {
            errors.spanned(
                uri,
                format!("the template variable `{{{variable}}}` has no parameter: add `{variable}: String` (or another type) to `{}`", served.ident),
            );
        }
    }
    for argument in &served.arguments {
        if !variables.iter().any(|v| argument.ident == v) {
            errors.spanned(
                &argument.ident,
                format!("`{}` is not a variable of the URI `{text}`: a resource's parameters are its template's `{{variables}}`", argument.ident),
            );
        }
    }
    variables
}

fn registration(
    uri: &syn::LitStr,
    variables: &[String],
    options: &options::Options,
    served: &Served,
    description: &str,
) -> TokenStream {
    let private = paths::private();
    let fn_ident = &served.ident;
    let (name, name_span) = item::written_name(options.name.as_ref(), fn_ident);
    let claim = unique::claim(unique::Kind::Resource, &name, name_span);
    let map = format_ident!("__tackle_variables");
    let reads = super::read_arguments(&served.arguments, &map);
    let call = served.call();
    let output = &served.output;
    // The return type is checked once, where the converter is named: a type
    // that is not contents gets one error, on the type.
    let output_check = quote_spanned! {output.span()=>
        const __TACKLE_CONTENTS: __TackleContents<#output> = __tackle_contents::<#output>();
    };
    let mime_type = tokens::option(options.mime_type.as_ref());
    let title = tokens::option(options.title.as_ref());
    let complete = super::complete_fn(&served.arguments, &options.complete);
    let glue = quote! {
        struct __TackleContents<R> {
            convert: fn(R, &str, ::core::option::Option<&str>) -> #private::ReadResult,
        }

        const fn __tackle_contents<R: #private::IntoResourceContents>() -> __TackleContents<R> {
            __TackleContents { convert: <R as #private::IntoResourceContents>::into_contents }
        }

        #output_check

        #[allow(non_snake_case)] // a variable named as the URI names it
        fn __tackle_read(
            __tackle_uri: &str,
            #map: #private::serde_json::Map<::std::string::String, #private::serde_json::Value>,
        ) -> ::core::result::Result<#private::BoxFuture<#private::ReadResult>, ::std::string::String> {
            #reads
            let __tackle_uri = ::std::borrow::ToOwned::to_owned(__tackle_uri);
            ::core::result::Result::Ok(::std::boxed::Box::pin(async move {
                (__TACKLE_CONTENTS.convert)(#call, &__tackle_uri, #mime_type)
            }))
        }

        #complete
    };
    item::register(item::Registration {
        claim,
        glue,
        def: "ResourceDef",
        entry: "ResourceRegistration",
        fields: quote! {
            uri: #uri,
            name: #name,
            title: #title,
            description: #description,
            mime_type: #mime_type,
            variables: &[#(#variables),*],
        },
        handler: quote!(read: __tackle_read, complete: __tackle_complete),
    })
}
