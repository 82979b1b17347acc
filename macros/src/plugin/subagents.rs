//! `subagents: [{ name: "reviewer", description: "...", system_prompt: "..."
//! (or system_prompt_file: "agents/reviewer.md"), payload: Review, tools:
//! ["read", "grep"], custom_tools: ["count_lines"], in_flight_key: by_path }]`.
//!
//! Names, built-in tool names and prompt files are checked now; the payload
//! type's bounds and the key function's signature by the type checker, at
//! their spans; custom tools when the registry is built (a `#[tool]` can be
//! anywhere in the crate, where this macro cannot see it).

use std::collections::HashMap;

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::files;
use super::parse;
use crate::errors::Errors;
use crate::paths;
use crate::suggest;
use tackle_spec::names;
use tackle_spec::subagent::BUILTIN_TOOLS;

const KEYS: &[&str] = &[
    "name",
    "description",
    "system_prompt",
    "system_prompt_file",
    "payload",
    "tools",
    "custom_tools",
    "in_flight_key",
];

const SHAPE: &str = "a subagent is `{ name: \"reviewer\", system_prompt: \"...\", ... }` in braces";

pub(crate) struct Entry {
    name: syn::LitStr,
    description: Option<syn::LitStr>,
    prompt: Prompt,
    payload: Option<syn::Type>,
    tools: Vec<syn::LitStr>,
    custom_tools: Vec<syn::LitStr>,
    in_flight_key: Option<syn::Expr>,
}

enum Prompt {
    Inline(syn::LitStr),
    File(syn::LitStr),
}

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut seen: HashMap<String, Span> = HashMap::new();
    for element in super::list::elements("subagents", value, errors) {
        let Some(group) = super::list::braced(&element) else {
            errors.spanned(element, SHAPE);
            continue;
        };
        let Some(entry) = subagent(group.stream(), group.span(), errors) else {
            continue;
        };
        let name = entry.name.value();
        if seen.insert(name.clone(), entry.name.span()).is_some() {
            errors.spanned(
                &entry.name,
                format!("subagent `{name}` is declared twice in this plugin; names must be unique, so rename or remove one"),
            );
            continue;
        }
        out.push(entry);
    }
    out
}

fn subagent(body: TokenStream, span: Span, errors: &mut Errors) -> Option<Entry> {
    let mut name = None;
    let mut description = None;
    let mut inline = None;
    let mut file = None;
    let mut payload = None;
    let mut tools = Vec::new();
    let mut custom_tools = Vec::new();
    let mut key: Option<(syn::Ident, syn::Expr)> = None;
    let mut ok = true;
    let mut keyed = parse::keyed(body, KEYS, "in a subagent", "in this subagent", errors);
    for (field, ident, value) in std::mem::take(&mut keyed.entries) {
        match field.as_str() {
            "name" => {
                name = parse::string(&field, value, errors).filter(|lit| check_name(lit, errors))
            }
            "description" => description = parse::string(&field, value, errors),
            "system_prompt" => {
                inline = parse::string(&field, value, errors).filter(|lit| {
                    let empty = lit.value().trim().is_empty();
                    if empty {
                        errors.spanned(lit, "the system prompt is empty: write what the subagent is for, or use `system_prompt_file`");
                    }
                    !empty
                });
                ok &= inline.is_some();
            }
            "system_prompt_file" => {
                file = parse::string(&field, value, errors).filter(|lit| check_file(lit, errors));
                ok &= file.is_some();
            }
            "payload" => match syn::parse2::<syn::Type>(value.clone()) {
                Ok(ty) => payload = Some(ty),
                Err(_) => {
                    errors.spanned(
                        value,
                        "`payload` takes a type, such as `payload: ReviewRequest`",
                    );
                    ok = false;
                }
            },
            "tools" => tools = builtin_tools(value, errors),
            "custom_tools" => custom_tools = custom(value, errors),
            _ => match syn::parse2::<syn::Expr>(value.clone()) {
                Ok(expr) => key = Some((ident, expr)),
                Err(_) => {
                    errors.spanned(value, "`in_flight_key` takes a function `fn(&Payload) -> String`, such as `in_flight_key: review_key`");
                    ok = false;
                }
            },
        }
    }
    match (&inline, &file) {
        (Some(_), Some(file)) => {
            errors.spanned(file, "a subagent has one system prompt: give `system_prompt` or `system_prompt_file`, not both");
            ok = false;
        }
        (None, None)
            if !keyed.mentions("system_prompt") && !keyed.mentions("system_prompt_file") =>
        {
            errors.at(span, "a subagent needs a system prompt: add `system_prompt: \"...\"` or `system_prompt_file: \"agents/name.md\"`");
            ok = false;
        }
        _ => {}
    }
    if let Some((ident, _)) = &key
        && payload.is_none()
        && !keyed.mentions("payload")
    {
        errors.spanned(ident, "`in_flight_key` is computed from the payload, but this subagent has no `payload`: add one, or drop `in_flight_key` (then one run at a time)");
        ok = false;
    }
    if name.is_none() && !keyed.mentions("name") {
        errors.at(
            span,
            "a subagent needs a `name`, such as `name: \"reviewer\"`",
        );
    }
    let prompt = match (inline, file) {
        (Some(lit), None) => Prompt::Inline(lit),
        (None, Some(lit)) => Prompt::File(lit),
        _ => return None,
    };
    let name = name?;
    ok.then_some(Entry {
        name,
        description,
        prompt,
        payload,
        tools,
        custom_tools,
        in_flight_key: key.map(|(_, expr)| expr),
    })
}

/// The name it is spawned by, shown in logs and provenance.
fn check_name(lit: &syn::LitStr, errors: &mut Errors) -> bool {
    match names::subagent_name(&lit.value()) {
        Ok(()) => true,
        Err(problem) => {
            errors.spanned(lit, problem);
            false
        }
    }
}

/// The prompt file: inside the crate, existing, readable, not empty.
fn check_file(lit: &syn::LitStr, errors: &mut Errors) -> bool {
    let Some(path) = files::relative(lit, errors) else {
        return false;
    };
    let Some(full) = files::existing(lit, &path, errors) else {
        return false;
    };
    match files::read(lit, &full, errors) {
        Some(text) if text.trim().is_empty() => {
            errors.spanned(
                lit,
                format!("the system prompt file `{}` is empty", lit.value()),
            );
            false
        }
        Some(_) => true,
        None => false,
    }
}

fn names_in(key: &str, value: TokenStream, errors: &mut Errors) -> Vec<syn::LitStr> {
    let mut out: Vec<syn::LitStr> = Vec::new();
    for element in super::list::elements(key, value, errors) {
        match syn::parse2::<syn::LitStr>(element.clone()) {
            Ok(lit) if out.iter().any(|seen| seen.value() == lit.value()) => {
                errors.spanned(
                    &lit,
                    format!("`{}` is listed twice in `{key}`", lit.value()),
                );
            }
            Ok(lit) => out.push(lit),
            Err(_) => errors.spanned(
                element,
                format!(
                    "`{key}` lists tool names as strings, such as `{key}: [\"{}\"]`",
                    if key == "tools" {
                        "read"
                    } else {
                        "count_lines"
                    }
                ),
            ),
        }
    }
    out
}

fn builtin_tools(value: TokenStream, errors: &mut Errors) -> Vec<syn::LitStr> {
    let mut out = Vec::new();
    for lit in names_in("tools", value, errors) {
        let name = lit.value();
        if BUILTIN_TOOLS.contains(&name.as_str()) {
            out.push(lit);
            continue;
        }
        let lower = name.to_ascii_lowercase().replace(['-', ' '], "_");
        let message = match BUILTIN_TOOLS
            .iter()
            .find(|t| **t == lower)
            .copied()
            .or_else(|| suggest::nearest(&lower, BUILTIN_TOOLS))
        {
            Some(near) => format!(
                "`{name}` is not a built-in tool; did you mean `{near}`? (built-in tools: {})",
                listing()
            ),
            None => format!(
                "`{name}` is not a built-in tool (built-in tools: {}); a `#[tool]` of this plugin goes in `custom_tools`",
                listing()
            ),
        };
        errors.spanned(&lit, message);
    }
    out
}

fn listing() -> String {
    tackle_spec::listing::backticked(BUILTIN_TOOLS)
}

fn custom(value: TokenStream, errors: &mut Errors) -> Vec<syn::LitStr> {
    names_in("custom_tools", value, errors)
        .into_iter()
        .filter(|lit| match names::tool_name(&lit.value()) {
            Err(problem) => {
                errors.spanned(
                    lit,
                    format!("`{}` cannot be a `#[tool]`'s name: {problem}", lit.value()),
                );
                false
            }
            Ok(()) => true,
        })
        .collect()
}

pub(crate) fn expand(entries: &[Entry]) -> TokenStream {
    let private = paths::private();
    let defs = entries.iter().map(|entry| {
        let name = &entry.name;
        let description = match &entry.description {
            Some(d) => quote!(#d),
            None => quote!(""),
        };
        let (prompt, file) = match &entry.prompt {
            Prompt::Inline(lit) => (quote!(#lit), quote!(::core::option::Option::None)),
            Prompt::File(lit) => (
                quote!(::core::include_str!(
                    ::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #lit)
                )),
                quote!(::core::option::Option::Some(#lit)),
            ),
        };
        let (payload_static, payload) = match &entry.payload {
            None => (TokenStream::new(), quote!(::core::option::Option::None)),
            Some(ty) => {
                let key = match &entry.in_flight_key {
                    None => quote!(::core::option::Option::None),
                    Some(expr) => {
                        let key = quote_spanned! {expr.span()=>
                            const KEY: fn(&#ty) -> ::std::string::String = #expr;
                        };
                        quote!(::core::option::Option::Some({ #key KEY }))
                    }
                };
                // Named by an ident spanned on the type, so that a type
                // that is not a payload gets the trait's message there.
                let new = quote_spanned! {ty.span()=>
                    __tackle_payload::<#ty>(::core::stringify!(#ty), #key)
                };
                (
                    quote! {
                        const fn __tackle_payload<P>(
                            type_name: &'static str,
                            key: ::core::option::Option<fn(&P) -> ::std::string::String>,
                        ) -> #private::Payload<P>
                        where
                            P: #private::SubagentPayload,
                        {
                            #private::Payload::new(type_name, key)
                        }
                        static PAYLOAD: #private::Payload<#ty> = #new;
                    },
                    quote!(::core::option::Option::Some(&PAYLOAD)),
                )
            }
        };
        let tools = &entry.tools;
        let custom_tools = &entry.custom_tools;
        quote! {
            {
                #payload_static
                #private::SubagentDef {
                    name: #name,
                    description: #description,
                    system_prompt: #prompt,
                    prompt_file: #file,
                    payload: #payload,
                    tools: &[#(#tools),*],
                    custom_tools: &[#(#custom_tools),*],
                }
            }
        }
    });
    quote!(&[#(#defs),*])
}
