//! What `#[doctor_check]` adds after the function: inside one
//! `const _: () = { ... }`, the glue that fills the parameters, calls the
//! function and turns its value into a `CheckResult`, the static
//! `DoctorCheckDef`, and its `inventory` entry.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::CheckModel;
use crate::{item, paths, tokens, unique};

pub(crate) fn registration(model: &CheckModel) -> TokenStream {
    let private = paths::private();
    let sig = &model.signature;
    let fn_ident = &sig.ident;
    let (fills, call_args) = sig.fills("FromDoctor", quote!(&__tackle_call));
    let output = &sig.output;
    // Named under the return type's span, so that a type that is not a
    // check result is reported there.
    let turbofish = if item::contains_impl_trait(output) {
        TokenStream::new()
    } else {
        quote_spanned!(output.span()=> ::<#output>)
    };
    let into_result =
        quote_spanned!(output.span()=> ::tackle::__private::checked #turbofish(__tackle_value));
    let (glue, handler) = if sig.is_async {
        (
            quote! {
                fn __tackle_glue<'a>(__tackle_call: #private::DoctorCall<'a>) -> #private::CheckFuture<'a> {
                    ::std::boxed::Box::pin(async move {
                        #(#fills)*
                        let __tackle_value = #fn_ident(#(#call_args),*).await;
                        ::core::result::Result::Ok(#into_result)
                    })
                }
            },
            quote!(#private::CheckHandler::Async(__tackle_glue)),
        )
    } else {
        (
            quote! {
                fn __tackle_glue(__tackle_call: #private::DoctorCall<'_>) -> #private::CheckOutcome {
                    #(#fills)*
                    let __tackle_value = #fn_ident(#(#call_args),*);
                    ::core::result::Result::Ok(#into_result)
                }
            },
            quote!(#private::CheckHandler::Sync(__tackle_glue)),
        )
    };
    let (name, name_span) = item::written_name(model.options.name.as_ref(), fn_ident);
    let claim = unique::claim(unique::Kind::DoctorCheck, &name, name_span);
    let category = tokens::option(model.options.category.as_ref());
    let description = &model.description;
    item::register(item::Registration {
        claim,
        glue,
        def: "DoctorCheckDef",
        entry: "DoctorCheckRegistration",
        fields: quote! {
            name: #name,
            category: #category,
            description: #description,
        },
        handler: quote!(handler: #handler),
    })
}
