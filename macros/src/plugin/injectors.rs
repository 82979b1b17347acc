//! `context_injectors: ["context/rules.md", { path: "context/limits.json",
//! schema: "context/limits.schema.json" }]`: files read now (and embedded
//! with `include_str!`, so edits rebuild), JSON parsed and checked against
//! its schema.

use std::path::Path;

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::files::{existing, read, relative};
use super::parse;
use crate::errors::Errors;
use crate::paths;

const KEYS: &[&str] = &["path", "schema"];
const TEXT: &[&str] = &["md", "markdown", "txt"];

pub(crate) struct Injector {
    path: syn::LitStr,
    schema: Option<syn::LitStr>,
}

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Injector> {
    let mut out = Vec::new();
    for element in super::list::elements("context_injectors", value, errors) {
        let (path, schema) = match super::list::braced(&element) {
            Some(g) => match entries(g.stream(), g.span(), errors) {
                Some(pair) => pair,
                None => continue,
            },
            None => match syn::parse2::<syn::LitStr>(element.clone()) {
                Ok(lit) => (lit, None),
                Err(_) => {
                    errors.spanned(
                        element,
                        "a context injector is a path, `\"context/rules.md\"`, or `{ path: \"data.json\", schema: \"data.schema.json\" }`",
                    );
                    continue;
                }
            },
        };
        if check(&path, schema.as_ref(), errors) {
            out.push(Injector { path, schema });
        }
    }
    out
}

fn entries(
    body: TokenStream,
    span: Span,
    errors: &mut Errors,
) -> Option<(syn::LitStr, Option<syn::LitStr>)> {
    let mut path = None;
    let mut schema = None;
    let mut keyed = parse::keyed(
        body,
        KEYS,
        "in a context injector",
        "in this context injector",
        errors,
    );
    for (name, _, value) in std::mem::take(&mut keyed.entries) {
        match syn::parse2::<syn::LitStr>(value.clone()) {
            Ok(lit) if name == "path" => path = Some(lit),
            Ok(lit) => schema = Some(lit),
            Err(_) => errors.spanned(
                value,
                format!("`{name}` takes a path in a string literal, such as `{name}: \"context/data.json\"`"),
            ),
        }
    }
    // Not when `path` was given and its value reported.
    if !keyed.mentions("path") {
        errors.at(
            span,
            "a context injector needs a `path`, such as `{ path: \"data.json\", schema: \"data.schema.json\" }`",
        );
    }
    path.map(|p| (p, schema))
}

/// A file's JSON; `what` names the file in the message (`context file`, `schema`).
fn read_json(
    lit: &syn::LitStr,
    full: &Path,
    what: &str,
    errors: &mut Errors,
) -> Option<serde_json::Value> {
    let text = read(lit, full, errors)?;
    match serde_json::from_str(&text) {
        Ok(value) => Some(value),
        Err(e) => {
            errors.spanned(
                lit,
                format!("{what} `{}` is not valid JSON: {e}", lit.value()),
            );
            None
        }
    }
}

/// The compiled schema a `schema` path names; `None` (reported) otherwise.
fn schema_validator(lit: &syn::LitStr, errors: &mut Errors) -> Option<jsonschema::Validator> {
    let path = relative(lit, errors)?;
    let full = existing(lit, &path, errors)?;
    let value = read_json(lit, &full, "schema", errors)?;
    match jsonschema::validator_for(&value) {
        Ok(validator) => Some(validator),
        Err(e) => {
            errors.spanned(lit, tackle_spec::schema::invalid(&lit.value(), &e));
            None
        }
    }
}

/// Checks one injector, reporting every problem; false if it cannot be used.
fn check(path: &syn::LitStr, schema: Option<&syn::LitStr>, errors: &mut Errors) -> bool {
    let Some(relative_path) = relative(path, errors) else {
        return false;
    };
    let ext = relative_path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if ext == "json" {
        // The file and its schema are checked independently, so that both
        // are reported at once; then the one against the other.
        let data = existing(path, &relative_path, errors)
            .and_then(|full| read_json(path, &full, "context file", errors));
        let validator = schema.map(|lit| (lit, schema_validator(lit, errors)));
        let Some(data) = data else {
            return false;
        };
        let (schema_lit, validator) = match validator {
            None => return true,
            Some((_, None)) => return false,
            Some((lit, Some(validator))) => (lit, validator),
        };
        let problems: Vec<String> = validator
            .iter_errors(&data)
            .map(|e| {
                let at = e.instance_path().to_string();
                let at = if at.is_empty() {
                    "the root".to_owned()
                } else {
                    format!("`{at}`")
                };
                format!("  at {at}: {e}")
            })
            .collect();
        if !problems.is_empty() {
            errors.spanned(
                path,
                format!(
                    "`{}` does not match its schema `{}`:\n{}",
                    path.value(),
                    schema_lit.value(),
                    problems.join("\n")
                ),
            );
            return false;
        }
        true
    } else if TEXT.contains(&ext.as_str()) {
        let mut ok = existing(path, &relative_path, errors)
            .and_then(|full| read(path, &full, errors))
            .is_some();
        if let Some(schema) = schema {
            errors.spanned(
                schema,
                format!(
                    "only JSON context files take a `schema`, and `{}` is not JSON: drop `schema`",
                    path.value()
                ),
            );
            ok = false;
        }
        ok
    } else {
        errors.spanned(
            path,
            format!(
                "a context file is Markdown (`.md`, `.markdown`), text (`.txt`) or JSON (`.json`), not `{}`",
                path.value()
            ),
        );
        false
    }
}

pub(crate) fn expand(injectors: &[Injector]) -> TokenStream {
    let private = paths::private();
    let files = injectors.iter().map(|inj| {
        let path = &inj.path;
        // The schema is embedded too, only so that editing it rebuilds the crate.
        let schema = inj.schema.as_ref().map(|schema| {
            quote! {
                const _: &str = ::core::include_str!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #schema));
            }
        });
        quote! {
            {
                #schema
                #private::ContextFile {
                    path: #path,
                    text: ::core::include_str!(::core::concat!(::core::env!("CARGO_MANIFEST_DIR"), "/", #path)),
                }
            }
        }
    });
    quote!(&[#(#files),*])
}
