//! `#[provider]`: read the options and the factory function into a
//! [`ProviderModel`], validate both, expand to the function plus its
//! registration.

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;

use crate::item;

/// Everything `expand` needs, already validated.
pub(crate) struct ProviderModel {
    pub name: String,
    /// Where the name is written: `name = "..."`, or the function's name.
    pub name_span: proc_macro2::Span,
    pub description: String,
    pub signature: signature::Signature,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[provider]` goes on a function that builds the provider: `fn name(ctx: &PluginContext<Config>) -> MyProvider`",
        |func, errors| {
            let options = options::parse(args, errors);
            let (name, name_span) = item::written_name(options.name.as_ref(), &func.sig.ident);
            // Without `name = "..."` the function's name is the provider's, and a
            // Rust identifier can break the rule (`_openai`, `GPT`).
            item::check_fn_name(
                options.name.is_some(),
                &func.sig.ident,
                tackle_spec::names::provider_name,
                |problem| {
                    format!(
                        "the provider takes its name from the function, and {problem}; give it another with `#[provider(name = \"...\")]`"
                    )
                },
                errors,
            );
            let signature = signature::read(func, errors);
            let description = item::description(
                options.description.as_ref(),
                func,
                || {
                    format!(
                        "provider `{name}` has no description, and hosts list it with one: add a doc comment (`/// What it serves.`) or `#[provider(description = \"...\")]`"
                    )
                },
                errors,
            );
            move || {
                expand::registration(&ProviderModel {
                    name,
                    name_span,
                    description,
                    signature,
                })
            }
        },
    )
}
