//! The checks that need the options and the function together.

use crate::errors::Errors;

/// The command's name: `name = "..."`, or the function's in kebab-case,
/// checked (the options already checked an explicit one).
pub(crate) fn command_name(
    explicit: Option<&syn::LitStr>,
    ident: &syn::Ident,
    errors: &mut Errors,
) -> String {
    if let Some(lit) = explicit {
        return lit.value();
    }
    let written = ident.to_string();
    let written = written.trim_start_matches("r#");
    let name = written.replace('_', "-");
    if let Err(problem) = tackle_spec::names::command_name(&name) {
        let from = if name == written {
            format!("`{name}`")
        } else {
            format!("`{written}` → `{name}`")
        };
        errors.spanned(
            ident,
            format!(
                "the command takes its name from the function ({from}), and {problem}; rename the function or set `#[command(name = \"...\")]`"
            ),
        );
    }
    name
}

/// Aliases that repeat the command's own name.
pub(crate) fn aliases_against_name(aliases: &[syn::LitStr], name: &str, errors: &mut Errors) {
    for alias in aliases {
        if alias.value() == name {
            errors.spanned(
                alias,
                format!(
                    "`{name}` is the command's name already; an alias is another name, so drop it"
                ),
            );
        }
    }
}
