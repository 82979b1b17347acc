//! What `#[provider]` adds after the function: inside one
//! `const _: () = { ... }`, the glue that builds the factory's context,
//! calls it and shares what it returns, the static `ProviderDef`, and its
//! `inventory` entry.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::ProviderModel;
use crate::{item, paths, unique};

pub(crate) fn registration(model: &ProviderModel) -> TokenStream {
    let private = paths::private();
    let sig = &model.signature;
    let fn_ident = &sig.ident;
    let plugin = paths::plugin_type(Span::call_site());

    // The parameter is checked where it is built, under its type's span: a
    // type tackle cannot give, or a context of another config, is reported
    // on the parameter.
    let (fill, call) = match &sig.context {
        Some(referent) => (
            quote_spanned! {referent.span()=>
                let __tackle_context = <#referent as #private::FactoryParam<#plugin>>::from_factory(__tackle_info, __tackle_config)?;
            },
            quote!(#fn_ident(&__tackle_context)),
        ),
        None => (
            quote!(let _ = (__tackle_info, __tackle_config);),
            quote!(#fn_ident()),
        ),
    };
    let call = if sig.is_async {
        quote!(#call.await)
    } else {
        call
    };
    // Named explicitly, so that a type that is not a provider is reported on
    // the return type; inferred when it cannot be named (`impl Provider`).
    let output = &sig.output;
    let turbofish = if sig.output_is_impl {
        TokenStream::new()
    } else {
        quote_spanned!(output.span()=> ::<#output>)
    };
    let into_provider = quote_spanned!(output.span()=> ::tackle::__private::into_provider #turbofish(__tackle_value));

    let name = &model.name;
    let claim = unique::claim(unique::Kind::Provider, name, model.name_span);
    let description = &model.description;
    let function = fn_ident.to_string();

    let build = quote! {
        fn __tackle_build(
            __tackle_info: ::std::sync::Arc<#private::PluginInfo>,
            __tackle_config: #private::AnyConfig,
        ) -> #private::BoxFuture<::core::result::Result<::std::sync::Arc<dyn #private::Provider>, ::std::string::String>> {
            ::std::boxed::Box::pin(async move {
                #fill
                let __tackle_value = #call;
                #into_provider
            })
        }
    };
    item::register(item::Registration {
        claim,
        glue: build,
        def: "ProviderDef",
        entry: "ProviderRegistration",
        fields: quote! {
            name: #name,
            description: #description,
            function: #function,
        },
        handler: quote!(build: __tackle_build),
    })
}
