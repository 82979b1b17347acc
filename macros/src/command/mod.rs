//! `#[command]`: read the options and the function into a [`CommandModel`],
//! validate both, expand to the function plus its registration.

mod expand;
mod options;
mod signature;
mod validate;

use proc_macro2::TokenStream;

use crate::item;

/// A command with no description (`{name}`: the command's).
const UNDESCRIBED: &str = "command `{name}` has no description, and `/{name} --help` and listings show it: add a doc comment (`/// What it does.`) or `#[command(description = \"...\")]`";

/// Everything `expand` needs, already validated.
pub(crate) struct CommandModel {
    pub options: options::CommandOptions,
    pub signature: crate::arguments::Signature,
    pub name: String,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    item::expand(
        &item,
        "`#[command]` goes on a free function: `fn name(args...) -> String`",
        |func, errors| {
            let options = options::parse(args, errors);
            let name = validate::command_name(options.name.as_ref(), &func.sig.ident, errors);
            validate::aliases_against_name(&options.aliases, &name, errors);
            let signature = signature::read(func, errors);
            let description =
                item::description(&options.description, func, &name, UNDESCRIBED, errors);
            move || {
                expand::registration(&CommandModel {
                    options,
                    signature,
                    name,
                    description,
                })
            }
        },
    )
}
