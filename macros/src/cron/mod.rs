//! `#[cron("expr", timezone = "...", key = "...", enabled = false)]`: read
//! the schedule, the options and the function into a [`CronModel`], check
//! the schedule with the dialect the scheduler uses (`tackle_spec::cron`),
//! expand to the function plus its registration.

mod expand;
pub(crate) mod options;
mod signature;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Everything `expand` needs, already validated.
pub(crate) struct CronModel {
    pub options: options::CronOptions,
    pub signature: signature::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(func) => func,
        Err(e) => {
            let e = syn::Error::new(
                e.span(),
                "`#[cron]` goes on a free function: `fn nightly(ctx: &CronContext) -> Result<(), String>`",
            );
            let err = e.to_compile_error();
            return quote! { #item #err };
        }
    };
    let options = options::parse(args, &mut errors);
    let signature = signature::read(&func, &mut errors);
    if options.key.is_none() {
        let name = func.sig.ident.to_string();
        if let Err(problem) = tackle_spec::names::cron_job_key(name.trim_start_matches("r#")) {
            errors.spanned(
                &func.sig.ident,
                format!("{problem}; the key defaults to the function's name, so rename the function or set `key = \"...\"`"),
            );
        }
    }
    let description = crate::tool::doc_text(&func.attrs);
    let registration = match &options.schedule {
        Some(_) if errors.is_empty() => expand::registration(&CronModel {
            options,
            signature,
            description,
        }),
        _ => TokenStream::new(),
    };
    let compile_errors = errors.to_compile_errors();
    quote! {
        #func
        #registration
        #compile_errors
    }
}
