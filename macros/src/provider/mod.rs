//! `#[provider]`: read the options and the factory function into a
//! [`ProviderModel`], validate both, expand to the function plus its
//! registration.

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;

use crate::errors::Errors;
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
    let mut errors = Errors::default();
    let mut func = match item::parse_fn(
        &item,
        "`#[provider]` goes on a function that builds the provider: `fn name(ctx: &PluginContext<Config>) -> MyProvider`",
    ) {
        Ok(func) => func,
        Err(emitted) => return emitted,
    };
    let options = options::parse(args, &mut errors);
    let (name, name_span) = item::written_name(options.name.as_ref(), &func.sig.ident);
    // Without `name = "..."` the function's name is the provider's, and a
    // Rust identifier can break the rule (`_openai`, `GPT`).
    if options.name.is_none()
        && let Err(problem) = tackle_spec::names::provider_name(&name)
    {
        errors.spanned(
            &func.sig.ident,
            format!(
                "the provider takes its name from the function, and {problem}; give it another with `#[provider(name = \"...\")]`"
            ),
        );
    }
    let signature = signature::read(&mut func, &mut errors);
    let description = item::description(
        options.description.as_ref(),
        &func,
        || {
            format!(
                "provider `{name}` has no description, and hosts list it with one: add a doc comment (`/// What it serves.`) or `#[provider(description = \"...\")]`"
            )
        },
        &mut errors,
    );
    item::emit(&func, &errors, || {
        expand::registration(&ProviderModel {
            name,
            name_span,
            description,
            signature,
        })
    })
}
