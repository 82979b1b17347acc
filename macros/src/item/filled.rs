//! The signature of an item whose every parameter tackle fills
//! (`#[cron]`, `#[doctor_check]`): references only, each screened with
//! the item's own messages.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::{FnShapeMessages, ReferenceMessages, check_fn_shape, screen_reference, typed};
use crate::errors::Errors;
use crate::paths;

pub(crate) struct FilledSignature {
    pub ident: syn::Ident,
    pub is_async: bool,
    /// The referents of the `&T` parameters, in order.
    pub params: Vec<syn::Type>,
    /// The return type as written, or `()` (after `no_output`).
    pub output: syn::Type,
}

impl FilledSignature {
    /// The glue's statements that fill the parameters, each under its
    /// type's span so that a type tackle cannot fill is reported there, and
    /// the arguments that pass them to the function. Each is filled through
    /// the item's trait `from` (`FromCron`, whose method is `from_cron`)
    /// for the plugin, from the expression `call`.
    pub(crate) fn fills(
        &self,
        from: &str,
        call: TokenStream,
    ) -> (Vec<TokenStream>, Vec<TokenStream>) {
        let private = paths::private();
        let plugin = paths::plugin_type(Span::call_site());
        let method = format_ident!("from_{}", from["From".len()..].to_lowercase());
        let from = format_ident!("{from}");
        self.params
            .iter()
            .enumerate()
            .map(|(i, referent)| {
                let local = format_ident!("__tackle_arg_{}", i);
                let statement = quote_spanned! {referent.span()=>
                    let #local = <#referent as #private::#from<'_, #plugin>>::#method(#call)?;
                };
                (statement, quote!(&*#local))
            })
            .unzip()
    }
}

/// What one item says about its signature.
pub(crate) struct FilledWording<'a> {
    /// The attribute's name, `cron`.
    pub attr: &'a str,
    pub shape: FnShapeMessages<'a>,
    pub references: ReferenceMessages<'a>,
}

/// Reads `sig` by `wording`; `no_output` runs when it returns nothing.
pub(crate) fn read_filled(
    sig: &syn::Signature,
    wording: &FilledWording<'_>,
    no_output: impl FnOnce(&mut Errors),
    errors: &mut Errors,
) -> FilledSignature {
    check_fn_shape(sig, &wording.shape, errors);
    let mut params = Vec::new();
    for input in &sig.inputs {
        let Some(typed) = typed(input, wording.attr, errors) else {
            continue;
        };
        if let Some(referent) = screen_reference(&typed.ty, &wording.references, errors) {
            params.push(referent.clone());
        }
    }
    let output = match &sig.output {
        syn::ReturnType::Default => {
            no_output(errors);
            syn::parse_quote!(())
        }
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    FilledSignature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        params,
        output,
    }
}
