//! `#[command(name = "...", aliases = ["r", "rev"], category = "...",
//! surface = "agent" | "host" | "either", description = "...", order = N)]`.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use syn::punctuated::Punctuated;

use crate::errors::Errors;
use crate::meta::{int, option_name, string, ungroup};
use crate::names;

const OPTIONS: &[&str] = &[
    "name",
    "aliases",
    "category",
    "surface",
    "description",
    "order",
];

/// `agent`, `host` or `either`, as the `CommandSurface` variant's name.
pub(crate) const SURFACES: &[(&str, &str)] =
    &[("agent", "Agent"), ("host", "Host"), ("either", "Either")];

#[derive(Default)]
pub(crate) struct CommandOptions {
    pub name: Option<syn::LitStr>,
    pub aliases: Vec<syn::LitStr>,
    pub category: Option<syn::LitStr>,
    /// The `CommandSurface` variant.
    pub surface: Option<&'static str>,
    pub description: Option<syn::LitStr>,
    pub order: Option<i32>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> CommandOptions {
    let mut options = CommandOptions::default();
    let metas = match syn::parse::Parser::parse2(
        Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
        args,
    ) {
        Ok(metas) => metas,
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!(
                    "{e}; `#[command]` options look like `#[command(name = \"review\", aliases = [\"r\"])]`"
                ),
            ));
            return options;
        }
    };
    let mut seen = HashSet::new();
    for meta in metas {
        let key = option_name(&meta);
        if !OPTIONS.contains(&key.as_str()) {
            errors.spanned(
                meta.path(),
                names::unknown("option", &key, "for `#[command]`", OPTIONS),
            );
            continue;
        }
        if !seen.insert(key.clone()) {
            errors.spanned(
                meta.path(),
                format!("`{key}` is set twice in `#[command]`; keep one"),
            );
            continue;
        }
        match key.as_str() {
            "name" => {
                if let Some(lit) = string(&meta, errors) {
                    if let Some(problem) = super::validate::name_problem(&lit.value(), "name") {
                        errors.spanned(&lit, problem);
                    }
                    options.name = Some(lit);
                }
            }
            "aliases" => options.aliases = aliases(&meta, errors),
            "category" => options.category = string(&meta, errors),
            "description" => options.description = string(&meta, errors),
            "surface" => {
                if let Some(lit) = string(&meta, errors) {
                    let written = lit.value();
                    match SURFACES.iter().find(|(s, _)| *s == written) {
                        Some((_, variant)) => options.surface = Some(variant),
                        None => {
                            let known: Vec<&str> = SURFACES.iter().map(|(s, _)| *s).collect();
                            let hint = match names::nearest(&written, &known) {
                                Some(near) => format!("; did you mean `\"{near}\"`?"),
                                // TypeClaw's word for the agent side.
                                None if written == "container" => {
                                    "; a command that runs inside the agent is `\"agent\"`"
                                        .to_owned()
                                }
                                None => String::new(),
                            };
                            errors.spanned(
                                &lit,
                                format!(
                                    "`surface` is `\"agent\"` (inside the agent only), `\"host\"` (the host's command line only) or `\"either\"` (the default), not `\"{written}\"`{hint}"
                                ),
                            );
                        }
                    }
                }
            }
            "order" => match &meta {
                syn::Meta::NameValue(nv) => match int(&nv.value) {
                    Some(lit) => match lit.base10_parse::<i32>() {
                        Ok(order) => options.order = Some(order),
                        Err(_) => errors.spanned(
                            &nv.value,
                            format!(
                                "`order` is an `i32`, and `{}` is out of its range",
                                lit.base10_digits()
                            ),
                        ),
                    },
                    None => {
                        errors.spanned(&nv.value, "`order` takes an integer, such as `order = 10`")
                    }
                },
                _ => errors.spanned(&meta, "`order` takes an integer, such as `order = 10`"),
            },
            _ => unreachable!("every option is handled"),
        }
    }
    options
}

/// `aliases = ["r", "rev"]`: each checked like a name, none twice.
fn aliases(meta: &syn::Meta, errors: &mut Errors) -> Vec<syn::LitStr> {
    const SHAPE: &str = "`aliases` takes a list of names: `aliases = [\"r\", \"rev\"]`";
    let syn::Meta::NameValue(nv) = meta else {
        errors.spanned(meta, SHAPE);
        return Vec::new();
    };
    let syn::Expr::Array(array) = ungroup(&nv.value) else {
        errors.spanned(&nv.value, SHAPE);
        return Vec::new();
    };
    let mut out: Vec<syn::LitStr> = Vec::new();
    for elem in &array.elems {
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(lit),
            ..
        }) = ungroup(elem)
        else {
            errors.spanned(elem, SHAPE);
            continue;
        };
        let alias = lit.value();
        if let Some(problem) = super::validate::name_problem(&alias, "alias") {
            errors.spanned(lit, problem);
            continue;
        }
        if out.iter().any(|a| a.value() == alias) {
            errors.spanned(lit, format!("alias `{alias}` is listed twice; keep one"));
            continue;
        }
        out.push(lit.clone());
    }
    out
}
