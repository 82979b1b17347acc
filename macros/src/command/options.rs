//! `#[command(name = "...", aliases = ["r", "rev"], category = "...",
//! surface = "agent" | "host" | "either", description = "...", order = N)]`.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::meta::{self, name, string, ungroup};
use crate::suggest;

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
    meta::read_options(
        args,
        "#[command]",
        "#[command(name = \"review\", aliases = [\"r\"])]",
        OPTIONS,
        errors,
        |key, meta, errors| match key {
            "name" => options.name = name(meta, tackle_spec::names::command_name, errors),
            "aliases" => options.aliases = aliases(meta, errors),
            "category" => options.category = string(meta, errors),
            "description" => options.description = string(meta, errors),
            "surface" => options.surface = surface(meta, errors),
            _ => options.order = meta::order(meta, errors),
        },
    );
    options
}

/// `surface = "agent" | "host" | "either"`, as the `CommandSurface` variant.
fn surface(meta: &syn::Meta, errors: &mut Errors) -> Option<&'static str> {
    let lit = string(meta, errors)?;
    let written = lit.value();
    if let Some((_, variant)) = SURFACES.iter().find(|(s, _)| *s == written) {
        return Some(variant);
    }
    let known: Vec<&str> = SURFACES.iter().map(|(s, _)| *s).collect();
    let hint = match suggest::nearest(&written, &known) {
        Some(near) => format!("; did you mean `\"{near}\"`?"),
        // TypeClaw's word for the agent side.
        None if written == "container" => {
            "; a command that runs inside the agent is `\"agent\"`".to_owned()
        }
        None => String::new(),
    };
    errors.spanned(
        &lit,
        format!(
            "`surface` is `\"agent\"` (inside the agent only), `\"host\"` (the host's command line only) or `\"either\"` (the default), not `\"{written}\"`{hint}"
        ),
    );
    None
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
        if let Err(problem) = tackle_spec::names::command_alias(&alias) {
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
