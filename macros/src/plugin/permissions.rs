//! `permissions: ["publish", { name: "read-secrets", description: "..." }]`
//! and `owner_wildcard_exclusions: ["read-secrets"]`: names checked, no
//! duplicates, every exclusion a declared permission. The runtime
//! namespaces each as `<plugin id>:<name>`.

use std::collections::HashMap;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::parse;
use crate::errors::Errors;
use crate::suggest;
use tackle_spec::listing::backticked;

const KEYS: &[&str] = &["name", "description"];

/// One declared permission.
pub(crate) struct Entry {
    name: syn::LitStr,
    description: Option<syn::LitStr>,
}

/// One name in `owner_wildcard_exclusions`.
pub(crate) struct Exclusion(syn::LitStr);

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut seen: HashMap<String, Span> = HashMap::new();
    for element in super::list::elements("permissions", value, errors) {
        let entry = match super::list::braced(&element) {
            Some(g) => keyed(g.stream(), g.span(), errors),
            None => match syn::parse2::<syn::LitStr>(element.clone()) {
                Ok(name) => Some(Entry {
                    name,
                    description: None,
                }),
                Err(_) => {
                    errors.spanned(
                        element,
                        "a permission is a name, `\"publish\"`, or `{ name: \"publish\", description: \"...\" }`",
                    );
                    None
                }
            },
        };
        let Some(entry) = entry else { continue };
        if let Err(problem) = tackle_spec::names::permission_name(&entry.name.value()) {
            errors.spanned(&entry.name, problem);
            continue;
        }
        if seen.insert(entry.name.value(), entry.name.span()).is_some() {
            errors.spanned(
                &entry.name,
                format!(
                    "permission `{}` is declared twice; keep one",
                    entry.name.value()
                ),
            );
            continue;
        }
        out.push(entry);
    }
    out
}

fn keyed(body: TokenStream, span: Span, errors: &mut Errors) -> Option<Entry> {
    let mut name = None;
    let mut description = None;
    let mut keyed = parse::keyed(body, KEYS, "in a permission", "in this permission", errors);
    for (key, _, value) in std::mem::take(&mut keyed.entries) {
        match syn::parse2::<syn::LitStr>(value.clone()) {
            Ok(lit) if key == "name" => name = Some(lit),
            Ok(lit) => description = Some(lit),
            Err(_) => errors.spanned(
                value,
                format!("`{key}` takes a string literal, such as `{key}: \"...\"`"),
            ),
        }
    }
    if name.is_none() && !keyed.mentions("name") {
        errors.at(
            span,
            "a permission needs a `name`, such as `{ name: \"publish\", description: \"...\" }`",
        );
    }
    Some(Entry {
        name: name?,
        description,
    })
}

pub(crate) fn parse_exclusions(value: TokenStream, errors: &mut Errors) -> Vec<Exclusion> {
    let mut out: Vec<Exclusion> = Vec::new();
    for element in super::list::elements("owner_wildcard_exclusions", value, errors) {
        match syn::parse2::<syn::LitStr>(element.clone()) {
            Ok(lit) if out.iter().any(|e| e.0.value() == lit.value()) => errors.spanned(
                &lit,
                format!("`{}` is listed twice in `owner_wildcard_exclusions`; keep one", lit.value()),
            ),
            Ok(lit) => out.push(Exclusion(lit)),
            Err(_) => errors.spanned(
                element,
                "`owner_wildcard_exclusions` lists names of this plugin's permissions, such as `[\"read-secrets\"]`",
            ),
        }
    }
    out
}

/// Each exclusion must name a permission of this plugin; the ones that do
/// not are reported and dropped.
pub(crate) fn check_exclusions(
    permissions: &[Entry],
    exclusions: Vec<Exclusion>,
    errors: &mut Errors,
) -> Vec<Exclusion> {
    let declared: Vec<String> = permissions.iter().map(|p| p.name.value()).collect();
    let known: Vec<&str> = declared.iter().map(String::as_str).collect();
    exclusions
        .into_iter()
        .filter(|Exclusion(lit)| {
            let name = lit.value();
            if known.contains(&name.as_str()) {
                return true;
            }
            let short = name.rsplit(':').next().unwrap_or(&name);
            let hint = if short != name && known.contains(&short) {
                format!("; write `{short}`, without the plugin id")
            } else {
                match suggest::nearest(&name, &known) {
                    Some(near) => format!("; did you mean `{near}`?"),
                    None if known.is_empty() => {
                        "; declare it first in `permissions: [...]`".to_owned()
                    }
                    None => format!(" (declared: {})", backticked(&known)),
                }
            };
            errors.spanned(
                lit,
                format!(
                    "`{name}` is not a permission of this plugin, so the owner wildcard cannot exclude it{hint}"
                ),
            );
            false
        })
        .collect()
}

pub(crate) fn expand(entries: &[Entry]) -> TokenStream {
    let private = crate::paths::private();
    let defs = entries.iter().map(|Entry { name, description }| {
        let description = match description {
            Some(d) => quote!(#d),
            None => quote!(""),
        };
        quote!(#private::PermissionDef { name: #name, description: #description })
    });
    quote!(&[#(#defs),*])
}

pub(crate) fn expand_exclusions(exclusions: &[Exclusion]) -> TokenStream {
    let names = exclusions.iter().map(|Exclusion(lit)| lit);
    quote!(&[#(#names),*])
}
