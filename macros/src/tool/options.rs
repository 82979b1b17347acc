//! `#[tool(name = "...", title = "...", description = "...", order = N,
//! read_only, destructive, idempotent, open_world)]`.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use syn::punctuated::Punctuated;

use crate::errors::Errors;
use crate::meta::{int, option_name, string};
use crate::names;

const OPTIONS: &[&str] = &[
    "name",
    "title",
    "description",
    "order",
    "read_only",
    "destructive",
    "idempotent",
    "open_world",
];

#[derive(Default)]
pub(crate) struct ToolOptions {
    pub name: Option<syn::LitStr>,
    pub title: Option<syn::LitStr>,
    pub description: Option<syn::LitStr>,
    /// `order = N`, any integer literal whose value fits an `i32`.
    pub order: Option<i32>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ToolOptions {
    let mut options = ToolOptions::default();
    let metas = match syn::parse::Parser::parse2(
        Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
        args,
    ) {
        Ok(metas) => metas,
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!("{e}; `#[tool]` options look like `#[tool(name = \"x\", read_only)]`"),
            ));
            return options;
        }
    };
    let mut seen = HashSet::new();
    let mut read_only_span = None;
    let mut destructive_span = None;
    for meta in metas {
        let key = option_name(&meta);
        if !OPTIONS.contains(&key.as_str()) {
            errors.spanned(
                meta.path(),
                names::unknown("option", &key, "for `#[tool]`", OPTIONS),
            );
            continue;
        }
        if !seen.insert(key.clone()) {
            errors.spanned(
                meta.path(),
                format!("`{key}` is set twice in `#[tool]`; keep one"),
            );
            continue;
        }
        match key.as_str() {
            "name" => {
                if let Some(lit) = string(&meta, errors) {
                    if let Some(problem) = names::tool_name_problem(&lit.value()) {
                        errors.spanned(&lit, problem);
                    }
                    options.name = Some(lit);
                }
            }
            "title" => options.title = string(&meta, errors),
            "description" => options.description = string(&meta, errors),
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
            flag => {
                let value = match &meta {
                    syn::Meta::Path(_) => Some(true),
                    syn::Meta::NameValue(nv) => {
                        match crate::meta::ungroup(&nv.value) {
                            syn::Expr::Lit(syn::ExprLit {
                                lit: syn::Lit::Bool(b),
                                ..
                            }) => Some(b.value),
                            other => {
                                errors.spanned(other, format!("`{flag}` takes `true` or `false`, or stands alone for `true`"));
                                None
                            }
                        }
                    }
                    syn::Meta::List(_) => {
                        errors.spanned(
                            &meta,
                            format!("`{flag}` stands alone or takes `= true` / `= false`"),
                        );
                        None
                    }
                };
                match flag {
                    "read_only" => {
                        options.read_only = value;
                        read_only_span = Some(meta.path().clone());
                    }
                    "destructive" => {
                        options.destructive = value;
                        destructive_span = Some(meta.path().clone());
                    }
                    "idempotent" => options.idempotent = value,
                    _ => options.open_world = value,
                }
            }
        }
    }
    if options.read_only == Some(true)
        && options.destructive == Some(true)
        && let (Some(_), Some(d)) = (read_only_span, destructive_span)
    {
        errors.spanned(
            d,
            "a `read_only` tool cannot be `destructive`: it changes nothing",
        );
    }
    options
}
