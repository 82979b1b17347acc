//! `#[doctor_check(name = "...", category = "...")]`: read the options and
//! the function into a [`CheckModel`], check them, expand to the function
//! plus its registration. `plugin!` calls [`inject::plugin_impls`] for the
//! parameters a check may take.

mod expand;
pub(crate) mod inject;
mod options;
mod signature;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Everything `expand` needs, already validated.
pub(crate) struct CheckModel {
    pub options: options::CheckOptions,
    pub signature: signature::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let mut func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(func) => func,
        Err(e) => {
            let e = syn::Error::new(
                e.span(),
                "`#[doctor_check]` goes on a free function: `fn name(ctx: &DoctorContext) -> CheckResult`",
            );
            let err = e.to_compile_error();
            return quote! { #item #err };
        }
    };
    let options = options::parse(args, &mut errors);
    let signature = signature::read(&mut func, &mut errors);
    let description = crate::tool::doc_text(&func.attrs);
    let registration = if errors.is_empty() {
        expand::registration(&CheckModel {
            options,
            signature,
            description,
        })
    } else {
        TokenStream::new()
    };
    let compile_errors = errors.to_compile_errors();
    quote! {
        #func
        #registration
        #compile_errors
    }
}
