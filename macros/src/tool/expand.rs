//! What `#[tool]` adds after the function: inside one `const _: () = { ... }`,
//! the arguments type, the glue that parses arguments, fills references and
//! calls the function, the static `ToolDef`, and its `inventory` entry.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::ToolModel;
use crate::arguments::{self, GlueFn, Param};
use crate::{item, paths, tokens, unique};

pub(crate) fn registration(model: &ToolModel) -> TokenStream {
    let private = paths::private();
    let public = paths::public();
    let sig = &model.signature;
    let fn_ident = &sig.ident;
    let attr_span = Span::call_site();
    let plugin = paths::plugin_type(attr_span);

    // The arguments type: generated from by-value parameters, or the one
    // `#[args]` parameter's own type.
    let glue = arguments::glue(sig, &private, "__tackle_invocation", |referent| {
        quote_spanned! {referent.span()=>
            <#referent as #private::FromInvocation<#plugin>>::from_invocation(&__tackle_invocation)?
        }
    });
    // Whether the function can reach its call: any reference parameter
    // that reads it.
    let mut reads_call = vec![quote!(false)];
    for param in &sig.params {
        if let Param::Inject { referent } = param {
            reads_call.push(quote_spanned! {referent.span()=>
                <#referent as #private::FromInvocation<#plugin>>::READS_CALL
            });
        }
    }

    // The return type is checked once, where `__tackle_output` is named: a
    // type that is not a tool result then gets one error, not one per use.
    let output = &sig.output;
    let output_glue = quote_spanned! {output.span()=>
        const __TACKLE_OUTPUT: __TackleOutput<#output> = __tackle_output::<#output>();
    };
    let into_result = quote!((__TACKLE_OUTPUT.convert));
    let glue_fn = GlueFn {
        name: "__tackle_call",
        input: "__tackle_invocation",
        input_ty: quote!(#private::Invocation),
        returns: quote!(#private::ToolResult),
        handler: quote!(#private::ToolHandler),
        convert: into_result,
    };
    let (handler_fn, handler) = glue.handler_fn(&glue_fn, fn_ident, sig.is_async, &private);
    let (args_item, args_ty) = (&glue.args_item, &glue.args_ty);

    let options = &model.options;
    let (name, name_span) = item::written_name(options.name.as_ref(), fn_ident);
    let claim = unique::claim(unique::Kind::Tool, &name, name_span);
    let title = tokens::option(options.title.as_ref());
    let description = &model.description;
    let order = options.order.unwrap_or(0);
    let (read_only, destructive, idempotent, open_world) = (
        tokens::option(options.read_only),
        tokens::option(options.destructive),
        tokens::option(options.idempotent),
        tokens::option(options.open_world),
    );
    let function = fn_ident.to_string();
    let needs = options.needs.iter().map(|(written, variant)| {
        let variant = format_ident!("{variant}", span = written.span());
        quote!(#public::tool::ClientCapability::#variant)
    });
    // A tool that needs the client asks it through its `&ToolContext`: one
    // that takes none could never use what it requires of every client.
    let asks_through_context = options.needs.first().map(|(written, _)| {
        let message = format!(
            "a tool that `needs({written})` asks the client through its call: take `ctx: &ToolContext`"
        );
        quote_spanned! {written.span()=>
            const _: () = ::core::assert!(#(#reads_call)||*, #message);
        }
    });
    let asks_first = options.asks_first;
    let task = match options.task {
        None => format_ident!("No"),
        Some(super::options::Task::Optional) => format_ident!("Optional"),
        Some(super::options::Task::Required) => format_ident!("Required"),
    };
    let schema_kind = if options.raw_schema {
        format_ident!("raw")
    } else {
        format_ident!("input")
    };

    let glue = quote! {
        #args_item

        struct __TackleOutput<R> {
            convert: fn(R) -> #private::ToolResult,
            schema: fn() -> ::core::option::Option<&'static #private::serde_json::Value>,
        }

        const fn __tackle_output<R: #private::IntoToolResult>() -> __TackleOutput<R> {
            fn schema<R: #private::IntoToolResult>() -> ::core::option::Option<&'static #private::serde_json::Value> {
                static SCHEMA: #private::OutputSchemaCell = #private::OutputSchemaCell::new();
                SCHEMA.get::<R>()
            }
            __TackleOutput {
                convert: #private::into_result::<R>,
                schema: schema::<R>,
            }
        }

        #output_glue

        #asks_through_context

        #handler_fn
    };
    item::register(item::Registration {
        claim,
        glue,
        def: "ToolDef",
        entry: "ToolRegistration",
        fields: quote! {
            name: #name,
            function: #function,
            title: #title,
            description: #description,
            annotations: #public::ToolAnnotations {
                read_only: #read_only,
                destructive: #destructive,
                idempotent: #idempotent,
                open_world: #open_world,
            },
            order: #order,
            task: #public::TaskSupport::#task,
            task_asks_first: #asks_first,
        },
        handler: quote! {
            input_schema: || {
                static SCHEMA: #private::SchemaCell = #private::SchemaCell::new();
                SCHEMA.#schema_kind::<#args_ty>()
            },
            output_schema: __TACKLE_OUTPUT.schema,
            handler: #handler,
            reads_call: #(#reads_call)||*,
            needs: &[#(#needs),*]
        },
    })
}
