//! `permission_rules: [{ tool: "Bash", pattern: "npm publish*", argument:
//! "command", action: deny }, ...]`: every glob checked now, with the parser
//! the runtime uses.

use proc_macro2::TokenStream;
use quote::quote;

use super::parse;
use crate::errors::Errors;
use crate::hook::patterns;
use crate::suggest;
use crate::{paths, tokens};

const KEYS: &[&str] = &["tool", "pattern", "argument", "action"];
const ACTIONS: &[&str] = &["allow", "deny", "ask"];

pub(crate) struct Rule {
    tool: Option<syn::LitStr>,
    pattern: Option<syn::LitStr>,
    argument: Option<syn::LitStr>,
    action: syn::Ident,
}

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Rule> {
    let mut rules = Vec::new();
    for element in super::list::elements("permission_rules", value, errors) {
        let Some(group) = super::list::braced(&element) else {
            errors.spanned(
                element,
                "a permission rule is `{ key: value, ... }` in braces, such as `{ tool: \"Bash\", pattern: \"git push*\", action: deny }`",
            );
            continue;
        };
        if let Some(rule) = rule(group.stream(), group.span(), errors) {
            rules.push(rule);
        }
    }
    rules
}

fn rule(body: TokenStream, span: proc_macro2::Span, errors: &mut Errors) -> Option<Rule> {
    let mut tool = None;
    let mut pattern = None;
    let mut argument = None;
    let mut action = None;
    let mut argument_key: Option<syn::Ident> = None;
    let mut keyed = parse::keyed(body, KEYS, "in a permission rule", "in this rule", errors);
    for (name, key, value) in std::mem::take(&mut keyed.entries) {
        match name.as_str() {
            "action" => {
                let word = match syn::parse2::<syn::Ident>(value.clone()) {
                    Ok(ident) => Some(ident),
                    Err(_) => syn::parse2::<syn::LitStr>(value.clone())
                        .ok()
                        .map(|lit| syn::Ident::new(&lit.value(), lit.span())),
                };
                match word {
                    Some(ident) if ACTIONS.contains(&ident.to_string().as_str()) => {
                        action = Some(ident)
                    }
                    Some(ident) => {
                        let written = ident.to_string();
                        let lower = written.to_ascii_lowercase();
                        let near = ACTIONS
                            .iter()
                            .copied()
                            .find(|a| *a == lower)
                            .or_else(|| suggest::nearest(&lower, ACTIONS));
                        let hint =
                            near.map_or_else(String::new, |a| format!("; did you mean `{a}`?"));
                        errors.spanned(
                            value,
                            format!("unknown action `{written}`: `action` is `allow`, `deny` or `ask`{hint}"),
                        );
                    }
                    None => errors.spanned(
                        value,
                        "`action` is `allow`, `deny` or `ask`, such as `action: deny`",
                    ),
                }
            }
            _ => {
                if name == "argument" {
                    argument_key = Some(key.clone());
                }
                let Ok(lit) = syn::parse2::<syn::LitStr>(value.clone()) else {
                    errors.spanned(
                        value,
                        format!("`{name}` takes a string, such as `{name}: \"...\"`"),
                    );
                    continue;
                };
                if name != "argument"
                    && let Err(problem) = patterns::glob(&lit.value())
                {
                    errors.spanned(&lit, format!("`{name}` is not a valid glob: {problem}"));
                    continue;
                }
                if name == "argument" && lit.value().trim().is_empty() {
                    errors.spanned(
                        &lit,
                        "`argument` cannot be empty: name the argument `pattern` looks at, such as `argument: \"command\"`, or leave `argument` out to look at every argument",
                    );
                    continue;
                }
                match name.as_str() {
                    "tool" => tool = Some(lit),
                    "pattern" => pattern = Some(lit),
                    _ => argument = Some(lit),
                }
            }
        }
    }
    // Only when `pattern` is absent, not when it was given and reported.
    if let Some(key) = &argument_key
        && !keyed.mentions("pattern")
    {
        errors.spanned(
            key,
            "this rule names an `argument` but no `pattern` to match it against: add one, such as `pattern: \"rm *\"`, or drop `argument`",
        );
    }
    match action {
        Some(action) => Some(Rule {
            tool,
            pattern,
            argument,
            action,
        }),
        None => {
            if !keyed.mentions("action") {
                errors.at(
                    span,
                    "a permission rule needs an `action`: `allow`, `deny` or `ask`",
                );
            }
            None
        }
    }
}

pub(crate) fn expand(rules: &[Rule]) -> TokenStream {
    let private = paths::private();
    let rules = rules.iter().map(|rule| {
        let tool = match &rule.tool {
            Some(lit) => quote!(#lit),
            None => quote!("*"),
        };
        let pattern = tokens::option(rule.pattern.as_ref());
        let argument = tokens::option(rule.argument.as_ref());
        let action = match rule.action.to_string().as_str() {
            "allow" => quote!(#private::RuleAction::Allow),
            "deny" => quote!(#private::RuleAction::Deny),
            _ => quote!(#private::RuleAction::Ask),
        };
        quote! {
            #private::PermissionRule { tool: #tool, pattern: #pattern, argument: #argument, action: #action }
        }
    });
    quote!(&[#(#rules),*])
}
