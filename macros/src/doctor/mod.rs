//! `#[doctor_check(name = "...", category = "...")]`: read the options and
//! the function into a [`CheckModel`], check them, expand to the function
//! plus its registration. `plugin!` adds the impls that fill the
//! parameters a check may take (`plugin/fill.rs`).

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;

use crate::item;

/// Everything `expand` needs, already validated.
pub(crate) struct CheckModel {
    pub options: options::CheckOptions,
    pub signature: signature::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[doctor_check]` goes on a free function: `fn name(ctx: &DoctorContext) -> CheckResult`",
        |func, errors| {
            let options = options::parse(args, errors);
            let signature = signature::read(func, errors);
            let description = item::doc_text(&func.attrs);
            move || {
                expand::registration(&CheckModel {
                    options,
                    signature,
                    description,
                })
            }
        },
    )
}
