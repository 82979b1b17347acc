//! `#[tool(name = "...", title = "...", description = "...", order = N,
//! read_only, destructive, idempotent, open_world, raw_schema, task,
//! task = required, asks_first)]`.

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
    "task",
    "asks_first",
];

/// What `task` says: the tool may run as an MCP task, or must.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Task {
    Optional,
    Required,
}

/// How `task` is written, for its errors.
const TASK_FORMS: &str = "`task` stands alone (the tool may run as a task) or takes `= optional` or `= required`: `#[tool(task = required)]`";

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
    /// `task`, `task = optional`, `task = required`.
    pub task: Option<Task>,
    /// `asks_first`: the task begins at `ctx.begin_task()`.
    pub asks_first: bool,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> ToolOptions {
    let mut options = ToolOptions::default();
    let mut read_only_span = None;
    let mut destructive_span = None;
    let mut asks_first_span = None;
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
            "task" => options.task = task(meta, errors),
            "asks_first" => match meta {
                syn::Meta::Path(_) => {
                    options.asks_first = true;
                    asks_first_span = Some(meta.path().clone());
                }
                _ => errors.spanned(
                    meta,
                    "`asks_first` stands alone: `#[tool(task, asks_first)]`",
                ),
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
    if options.task.is_none()
        && let Some(at) = asks_first_span
    {
        errors.spanned(
            at,
            "`asks_first` says when a task begins, and this tool runs as none: add `task` or `task = required`",
        );
    }
    options
}

/// The value of `task`: alone, `optional`; else the path written.
fn task(meta: &syn::Meta, errors: &mut Errors) -> Option<Task> {
    let nv = match meta {
        syn::Meta::Path(_) => return Some(Task::Optional),
        syn::Meta::NameValue(nv) => nv,
        syn::Meta::List(_) => {
            errors.spanned(meta, TASK_FORMS);
            return None;
        }
    };
    let value = meta::ungroup(&nv.value);
    let word = match value {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(ToString::to_string),
        _ => None,
    };
    match word.as_deref() {
        Some("optional") => Some(Task::Optional),
        Some("required") => Some(Task::Required),
        _ => {
            let hint = match value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) if ["optional", "required"].contains(&s.value().as_str()) => {
                    format!("; write it without quotes: `task = {}`", s.value())
                }
                _ => String::new(),
            };
            errors.spanned(value, format!("{TASK_FORMS}{hint}"));
            None
        }
    }
}
