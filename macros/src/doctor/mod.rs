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

/// `^[a-z][a-z0-9_-]{0,63}$`: the rule for a check's name and category.
pub(crate) fn label_problem(what: &str, value: &str) -> Option<String> {
    let ok = value.len() <= 64
        && value.starts_with(|c: char| c.is_ascii_lowercase())
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    (!ok).then(|| {
        format!("`{value}` is not a valid {what}: start with a lowercase letter, then lowercase letters, digits, `_` or `-`, at most 64 characters (such as `log-folder`)")
    })
}
