//! `#[provider]`: read the options and the factory function into a
//! [`ProviderModel`], validate both, expand to the function plus its
//! registration.

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;

use tackle_spec::names::provider_name;

use crate::item;

/// A provider with no description (`{name}`: the provider's).
const UNDESCRIBED: &str = "provider `{name}` has no description, and hosts list it with one: add a doc comment (`/// What it serves.`) or `#[provider(description = \"...\")]`";

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
            item::check_default_name("provider", &options.name, func, provider_name, errors);
            let signature = signature::read(func, errors);
            let description =
                item::description(&options.description, func, &name, UNDESCRIBED, errors);
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
