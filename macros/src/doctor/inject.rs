//! The impls `plugin!` adds so that its plugin's doctor checks may take
//! `&DoctorContext`, `&DoctorContext<Config>` and `&State`.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use crate::paths;

/// `configs`: `()` and, if the plugin has one, its config type.
pub(crate) fn plugin_impls(
    plugin_ty: &Ident,
    configs: &[TokenStream],
    state: Option<&syn::Type>,
) -> TokenStream {
    let private = paths::private();
    let public = paths::public();
    let contexts = configs.iter().map(|c| {
        quote! {
            impl<'a> #private::FromDoctor<'a, #plugin_ty> for #public::doctor::DoctorContext<#c> {
                fn from_doctor(call: &#private::DoctorCall<'a>) -> ::core::result::Result<#private::Lent<'a, Self>, ::std::string::String> {
                    call.context::<#c>().map(#private::Lent::Owned)
                }
            }
        }
    });
    let state = state.map(|ty| {
        quote! {
            impl<'a> #private::FromDoctor<'a, #plugin_ty> for #ty {
                fn from_doctor(call: &#private::DoctorCall<'a>) -> ::core::result::Result<#private::Lent<'a, Self>, ::std::string::String> {
                    call.state::<Self>().map(#private::Lent::Borrowed)
                }
            }
        }
    });
    quote! { #(#contexts)* #state }
}
