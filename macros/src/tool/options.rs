//! `#[tool(name = "...", title = "...", description = "...", order = N,
//! read_only, destructive, idempotent, open_world, raw_schema)]`.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::meta::{self, name, string};

const OPTIONS: &[&str] = &[
    "name",
    "title",
    "description",
    "order",
    "read_only",
    "destructive",
    "idempotent",
    "open_world",
    "raw_schema",
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
    /// `raw_schema`: the arguments schema as schemars writes it (JSON
    /// Schema 2020-12, `$schema`, `$defs`, `$ref`), not the portable one.
    pub raw_schema: bool,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ToolOptions {
    let mut options = ToolOptions::default();
    let mut read_only_span = None;
    let mut destructive_span = None;
    meta::read_options(
        args,
        "#[tool]",
        "#[tool(name = \"x\", read_only)]",
        OPTIONS,
        errors,
        |key, meta, errors| match key {
            "name" => options.name = name(meta, tackle_spec::names::tool_name, errors),
            "title" => options.title = string(meta, errors),
            "description" => options.description = string(meta, errors),
            "order" => options.order = meta::order(meta, errors),
            "raw_schema" => match meta {
                syn::Meta::Path(_) => options.raw_schema = true,
                _ => errors.spanned(meta, "`raw_schema` stands alone: `#[tool(raw_schema)]`"),
            },
            flag => {
                let value = match meta {
                    syn::Meta::Path(_) => Some(true),
                    syn::Meta::NameValue(nv) => {
                        match meta::ungroup(&nv.value) {
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
                            meta,
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
        },
    );
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
