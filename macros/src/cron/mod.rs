//! `#[cron("expr", timezone = "...", key = "...", enabled = false)]`: read
//! the schedule, the options and the function into a [`CronModel`], check
//! the schedule with the dialect the scheduler uses (`tackle_spec::cron`),
//! expand to the function plus its registration.

mod expand;
pub(crate) mod options;
mod signature;

use proc_macro2::TokenStream;

use crate::item;

/// Everything `expand` needs, already validated.
pub(crate) struct CronModel {
    pub options: options::CronOptions,
    pub signature: signature::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[cron]` goes on a free function: `fn nightly(ctx: &CronContext) -> Result<(), String>`",
        |func, errors| {
            let options = options::parse(args, errors);
            let signature = signature::read(func, errors);
            item::check_fn_name(
                options.key.is_some(),
                &func.sig.ident,
                tackle_spec::names::cron_job_key,
                |problem| {
                    format!(
                        "{problem}; the key defaults to the function's name, so rename the function or set `key = \"...\"`"
                    )
                },
                errors,
            );
            let description = item::doc_text(&func.attrs);
            move || match &options.schedule {
                Some(_) => expand::registration(&CronModel {
                    options,
                    signature,
                    description,
                }),
                None => TokenStream::new(),
            }
        },
    )
}
