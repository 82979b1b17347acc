//! What `#[cron]` adds after the function: inside one `const _: () = { ... }`,
//! the glue that fills the parameters and calls the function, the static
//! `CronDef`, and its `inventory` entry.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::CronModel;
use crate::{item, paths, tokens, unique};

pub(crate) fn registration(model: &CronModel) -> TokenStream {
    let private = paths::private();
    let sig = &model.signature;
    let fn_ident = &sig.ident;
    let (fills, call_args) = sig.fills("FromCron", quote!(__tackle_call));
    // Named with the return type's span, so a type the scheduler cannot
    // take is reported on it, not on `#[cron]`.
    let output = &sig.output;
    let into_result =
        quote_spanned!(output.span()=> #private::cron_result::<#output>(__tackle_value));
    let (glue, handler) = if sig.is_async {
        (
            quote! {
                fn __tackle_glue(__tackle_owned: #private::CronCall) -> #private::BoxFuture<::core::result::Result<(), ::std::string::String>> {
                    ::std::boxed::Box::pin(async move {
                        let __tackle_call = &__tackle_owned;
                        #(#fills)*
                        let __tackle_value = #fn_ident(#(#call_args),*).await;
                        #into_result
                    })
                }
            },
            quote!(#private::CronHandler::Async(__tackle_glue)),
        )
    } else {
        (
            quote! {
                fn __tackle_glue(__tackle_call: &#private::CronCall) -> ::core::result::Result<(), ::std::string::String> {
                    #(#fills)*
                    let __tackle_value = #fn_ident(#(#call_args),*);
                    #into_result
                }
            },
            quote!(#private::CronHandler::Sync(__tackle_glue)),
        )
    };

    let function = fn_ident.to_string();
    let function = function.trim_start_matches("r#");
    let (key, key_span) = item::written_name(model.options.key.as_ref(), fn_ident);
    let claim = unique::claim(unique::Kind::CronJob, &key, key_span);
    let schedule = &model.options.schedule;
    let timezone = tokens::option(model.options.timezone.as_ref());
    let enabled = model.options.enabled;
    let description = &model.description;

    item::register(item::Registration {
        claim,
        glue,
        def: "CronDef",
        entry: "CronRegistration",
        fields: quote! {
            key: #key,
            function: #function,
            description: #description,
            schedule: #schedule,
            timezone: #timezone,
            enabled: #enabled,
        },
        handler: quote!(handler: #handler),
    })
}
