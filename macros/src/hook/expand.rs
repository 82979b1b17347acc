//! What `#[hook]` adds after the function: inside one `const _: () = { ... }`,
//! the glue that fills the parameters, calls the function and turns its
//! return value into a reply, the static `HookDef`, and its `inventory` entry.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::HookModel;
use super::signature::Param;
use crate::{item, paths, tokens, unique};

pub(crate) fn registration(model: &HookModel) -> TokenStream {
    let private = paths::private();
    let public = paths::public();
    let sig = &model.signature;
    let point = model.point;
    let fn_ident = &sig.ident;
    let plugin = paths::plugin_type(Span::call_site());
    let variant = syn::Ident::new(point.event, Span::call_site());

    // The event first (the catch-all point gets the erased view), then one
    // local per filled parameter, then the call in parameter order.
    let mut fills = Vec::new();
    let mut call_args = Vec::new();
    for (i, param) in sig.params.iter().enumerate() {
        let local = format_ident!("__tackle_arg_{}", i);
        match param {
            Param::Event { referent } => {
                if point.name == "event" {
                    fills.push(quote! { let #local = __tackle_call.any_event()?; });
                } else {
                    fills.push(quote! {
                        let #local = __tackle_call.event::<#public::hook::events::#variant>()?;
                    });
                }
                let arg = if point.name == "event" {
                    quote!(&#local)
                } else {
                    quote!(#local)
                };
                call_args.push(quote_spanned!(referent.span()=> #arg));
            }
            Param::Inject { referent } => {
                fills.push(quote_spanned! {referent.span()=>
                    let #local = <#referent as #private::FromHook<'_, #plugin>>::from_hook(&__tackle_call)?;
                });
                call_args.push(quote!(&*#local));
            }
        }
    }
    let output = &sig.output;
    // The function's value is bound to `__tackle_value` first, and handed
    // over under the return type's span (the path written out, so that all
    // of it has that span): a type that does not fit the point is reported
    // on the return type, not on `#[hook]`.
    let reply = match point.kind {
        "observer" => quote!(observed),
        "prompt" => quote!(prompted),
        _ => quote!(decided),
    };
    // Named explicitly (`decided::<String>`), so the error is about the
    // type, with no "introduced by this call" on `#[hook]`; inferred when
    // it cannot be named (`impl Trait`). A decision hook's also names the
    // point (`decided::<Stop, Decision<Stop>>`): the return type must fit it.
    let point_arg = (point.kind == "decision").then(|| {
        let event = super::point_type::event_type(point, output.span());
        quote_spanned!(output.span()=> #event,)
    });
    let turbofish = if item::contains_impl_trait(output) {
        match &point_arg {
            Some(point_arg) => quote_spanned!(output.span()=> ::<#point_arg _>),
            None => TokenStream::new(),
        }
    } else {
        quote_spanned!(output.span()=> ::<#point_arg #output>)
    };
    let into_reply =
        quote_spanned!(output.span()=> ::tackle::__private::#reply #turbofish(__tackle_value));
    let (glue, handler) = if sig.is_async && sig.never_suspends {
        // Ready on its first poll: polled in place, like a sync hook.
        (
            quote! {
                fn __tackle_glue(__tackle_call: #private::HookCall<'_>) -> #private::HookReturn {
                    #(#fills)*
                    let __tackle_value = #private::ready_now(#fn_ident(#(#call_args),*))?;
                    #into_reply
                }
            },
            quote!(#private::HookHandler::Sync(__tackle_glue)),
        )
    } else if sig.is_async {
        (
            quote! {
                fn __tackle_glue<'a>(__tackle_call: #private::HookCall<'a>) -> #private::HookFuture<'a> {
                    ::std::boxed::Box::pin(async move {
                        #(#fills)*
                        let __tackle_value = #fn_ident(#(#call_args),*).await;
                        #into_reply
                    })
                }
            },
            quote!(#private::HookHandler::Async(__tackle_glue)),
        )
    } else {
        (
            quote! {
                fn __tackle_glue(__tackle_call: #private::HookCall<'_>) -> #private::HookReturn {
                    #(#fills)*
                    let __tackle_value = #fn_ident(#(#call_args),*);
                    #into_reply
                }
            },
            quote!(#private::HookHandler::Sync(__tackle_glue)),
        )
    };

    let (name, name_span) = item::written_name(model.options.name.as_ref(), fn_ident);
    let claim = unique::claim(unique::Kind::Hook, &name, name_span);
    let description = &model.description;
    let matcher = tokens::option(model.options.matcher.as_ref());
    let args = tokens::option(model.options.args.as_ref());
    let order = model.options.order.unwrap_or(0);
    let timeout = tokens::option(model.options.timeout_ms.map(|(ms, _)| ms));
    let on_error = if matches!(model.options.closed, Some((true, _))) {
        quote!(#private::OnError::Closed)
    } else {
        quote!(#private::OnError::Open)
    };

    item::register(item::Registration {
        claim,
        glue,
        def: "HookDef",
        entry: "HookRegistration",
        fields: quote! {
            point: #private::HookPoint::#variant,
            name: #name,
            description: #description,
            matcher: #matcher,
            args: #args,
            order: #order,
            timeout_ms: #timeout,
            on_error: #on_error,
        },
        handler: quote!(handler: #handler),
    })
}
