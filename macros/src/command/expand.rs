//! What `#[command]` adds after the function: inside one `const _: () = { ... }`,
//! the arguments type, the glue that deserializes arguments, fills
//! references and calls the function, the static `CommandDef`, and its
//! `inventory` entry.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::CommandModel;
use crate::arguments::{self, GlueFn};
use crate::{item, paths, tokens, unique};

pub(crate) fn registration(model: &CommandModel) -> TokenStream {
    let private = paths::private();
    let sig = &model.signature;
    let fn_ident = &sig.ident;
    let plugin = paths::plugin_type(Span::call_site());

    let glue = arguments::glue(sig, &private, "__tackle_call", |referent| {
        quote_spanned! {referent.span()=>
            <#referent as #private::FromCommand<#plugin>>::from_command(&__tackle_call)?
        }
    });

    // The return type is checked once, where the conversion is named, on
    // the return type's span.
    let output = &sig.output;
    let convert = quote_spanned! {output.span()=>
        const __TACKLE_CONVERT: fn(#output) -> #private::CommandReturn = #private::into_command_output::<#output>;
    };
    let glue_fn = GlueFn {
        name: "__tackle_glue",
        input: "__tackle_call",
        input_ty: quote!(#private::CommandCall),
        returns: quote!(#private::CommandReturn),
        handler: quote!(#private::CommandHandler),
        convert: quote!(__TACKLE_CONVERT),
    };
    let (handler_fn, handler) = glue.handler_fn(&glue_fn, fn_ident, sig.is_async, &private);
    let (args_item, args_ty) = (&glue.args_item, &glue.args_ty);

    let options = &model.options;
    let name = &model.name;
    let aliases = &options.aliases;
    // The name and every alias run one command: each is claimed once.
    let name_span = options
        .name
        .as_ref()
        .map_or(fn_ident.span(), |lit| lit.span());
    let claims = std::iter::once(unique::claim(unique::Kind::Command, name, name_span)).chain(
        aliases
            .iter()
            .map(|alias| unique::claim(unique::Kind::Command, &alias.value(), alias.span())),
    );
    let category = tokens::option(options.category.as_ref());
    let surface = syn::Ident::new(options.surface.unwrap_or("Either"), Span::call_site());
    let description = &model.description;
    let order = options.order.unwrap_or(0);
    let function = fn_ident.to_string();

    item::register(item::Registration {
        claim: quote!(#(#claims)*),
        glue: quote! {
            #args_item

            #convert

            #handler_fn
        },
        def: "CommandDef",
        entry: "CommandRegistration",
        fields: quote! {
            name: #name,
            aliases: &[#(#aliases),*],
            function: #function,
            description: #description,
            category: #category,
            surface: #private::CommandSurface::#surface,
            order: #order,
        },
        handler: quote! {
            args_schema: || {
                static SCHEMA: #private::SchemaCell = #private::SchemaCell::new();
                SCHEMA.input::<#args_ty>()
            },
            handler: #handler
        },
    })
}
