//! `#[command]`: read the options and the function into a [`CommandModel`],
//! validate both, expand to the function plus its registration.

mod expand;
mod options;
mod signature;
mod validate;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

pub(crate) use expand::plugin_impls;

/// Everything `expand` needs, already validated.
pub(crate) struct CommandModel {
    pub options: options::CommandOptions,
    pub signature: signature::Signature,
    pub name: String,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let mut func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(func) => func,
        Err(e) => {
            let e = syn::Error::new(
                e.span(),
                "`#[command]` goes on a free function: `fn name(args...) -> String`",
            );
            let err = e.to_compile_error();
            return quote! { #item #err };
        }
    };
    let options = options::parse(args, &mut errors);
    let name = validate::command_name(&options, &func.sig.ident, &mut errors);
    validate::aliases_against_name(&options, &name, &mut errors);
    let signature = signature::read(&mut func, &mut errors);
    let description = options
        .description
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_else(|| crate::tool::doc_text(&func.attrs));
    if description.trim().is_empty() {
        errors.spanned(
            &func.sig.ident,
            format!(
                "command `{name}` has no description, and `/{name} --help` and listings show it: add a doc comment (`/// What it does.`) or `#[command(description = \"...\")]`"
            ),
        );
    }
    let registration = if errors.is_empty() {
        expand::registration(&CommandModel {
            options,
            signature,
            name,
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
