//! `#[tool(name = "...", title = "...", description = "...", order = N,
//! read_only, destructive, idempotent, open_world, raw_schema,
//! needs(sampling, elicitation, roots), task, task = required, asks_first)]`.

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
    "needs",
    "task",
    "asks_first",
];

/// What `needs(...)` may name: MCP's client capabilities a tool can use,
/// as `tackle::tool::ClientCapability` names them.
const CAPABILITIES: &[(&str, &str)] = &[
    ("sampling", "Sampling"),
    ("elicitation", "Elicitation"),
    ("roots", "Roots"),
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
    /// `needs(...)`: the client capabilities the tool cannot do without,
    /// as `ClientCapability` variants, with where each was written.
    pub needs: Vec<(syn::Ident, &'static str)>,
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
            "needs" => options.needs = needs(meta, errors),
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

/// `needs(sampling, elicitation, roots)`: each a capability, once.
fn needs(meta: &syn::Meta, errors: &mut Errors) -> Vec<(syn::Ident, &'static str)> {
    const FORM: &str = "`needs` lists client capabilities: `#[tool(needs(sampling, elicitation))]`";
    let syn::Meta::List(list) = meta else {
        errors.spanned(meta, FORM);
        return Vec::new();
    };
    let names = match list.parse_args_with(
        syn::punctuated::Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated,
    ) {
        Ok(names) if !names.is_empty() => names,
        Ok(_) => {
            errors.spanned(meta, FORM);
            return Vec::new();
        }
        Err(e) => {
            errors.at(e.span(), FORM);
            return Vec::new();
        }
    };
    let known: Vec<&str> = CAPABILITIES.iter().map(|(name, _)| *name).collect();
    let mut needs: Vec<(syn::Ident, &'static str)> = Vec::new();
    for name in names {
        let written = name.to_string();
        let Some((_, variant)) = CAPABILITIES.iter().find(|(n, _)| *n == written) else {
            errors.spanned(
                &name,
                crate::suggest::unknown("need", &written, "in `needs(...)`", &known),
            );
            continue;
        };
        if needs.iter().any(|(_, v)| v == variant) {
            errors.spanned(
                &name,
                format!("`{written}` is needed once: it is listed twice"),
            );
            continue;
        }
        needs.push((name, variant));
    }
    needs
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
