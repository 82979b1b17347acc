//! `#[tool]`: read the options and the function into a [`ToolModel`],
//! validate both, expand to the function plus its registration.

mod expand;
mod options;
mod signature;

use proc_macro2::TokenStream;

use tackle_spec::names;

use crate::item;

/// A tool with no description (`{name}`: the function's).
const UNDESCRIBED: &str = "tool `{name}` has no description, and the model sees nothing else: add a doc comment (`/// What it does.`) or `#[tool(description = \"...\")]`";

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
            item::check_default_name("tool", &options.name, func, names::tool_name, errors);
            let signature = signature::read(func, errors);
            let ident = func.sig.ident.to_string();
            let description =
                item::description(&options.description, func, &ident, UNDESCRIBED, errors);
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
