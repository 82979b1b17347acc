//! `#[tool]`: read the options and the function into a [`ToolModel`],
//! validate both, expand to the function plus its registration.

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;

use crate::item;

/// Everything `expand` needs, already validated.
pub(crate) struct ToolModel {
    pub options: options::ToolOptions,
    pub signature: crate::arguments::Signature,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[tool]` goes on a free function: `fn name(args...) -> Output`",
        |func, errors| {
            let options = options::parse(args, errors);
            // Without `name = "..."` the function's name is the tool's, and a Rust
            // identifier can still be one no client accepts (`zählen`, too long).
            item::check_fn_name(
                options.name.is_some(),
                &func.sig.ident,
                tackle_spec::names::tool_name,
                |problem| {
                    format!(
                        "the tool takes its name from the function, and {problem}; give it another with `#[tool(name = \"...\")]`"
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
                        "tool `{}` has no description, and the model sees nothing else: add a doc comment (`/// What it does.`) or `#[tool(description = \"...\")]`",
                        func.sig.ident
                    )
                },
                errors,
            );
            move || {
                expand::registration(&ToolModel {
                    options,
                    signature,
                    description,
                })
            }
        },
    )
}
