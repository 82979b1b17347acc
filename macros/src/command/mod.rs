//! `#[command]`: read the options and the function into a [`CommandModel`],
//! validate both, expand to the function plus its registration.

mod expand;
mod options;
mod signature;
mod validate;

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::item;

pub(crate) use expand::plugin_impls;

/// Everything `expand` needs, already validated.
pub(crate) struct CommandModel {
    pub options: options::CommandOptions,
    pub signature: crate::arguments::Signature,
    pub name: String,
    pub description: String,
}

pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let mut func = match item::parse_fn(
        &item,
        "`#[command]` goes on a free function: `fn name(args...) -> String`",
    ) {
        Ok(func) => func,
        Err(emitted) => return emitted,
    };
    let options = options::parse(args, &mut errors);
    let name = validate::command_name(options.name.as_ref(), &func.sig.ident, &mut errors);
    validate::aliases_against_name(&options.aliases, &name, &mut errors);
    let signature = signature::read(&mut func, &mut errors);
    let description = item::description(
        options.description.as_ref(),
        &func,
        || {
            format!(
                "command `{name}` has no description, and `/{name} --help` and listings show it: add a doc comment (`/// What it does.`) or `#[command(description = \"...\")]`"
            )
        },
        &mut errors,
    );
    item::emit(&func, &errors, || {
        expand::registration(&CommandModel {
            options,
            signature,
            name,
            description,
        })
    })
}
