//! `#[hook(point, matcher = "...", args = "...", order = N, timeout_ms = N,
//! on_error = "open" | "closed", name = "...")]`.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use tackle_spec::hook::PointSpec;
use tackle_spec::listing::backticked;

use super::patterns;
use crate::errors::Errors;
use crate::meta::{self, Seen, int, option_name, string};
use crate::suggest;

const OPTIONS: &[&str] = &["matcher", "args", "order", "timeout_ms", "on_error", "name"];

pub(crate) struct HookOptions {
    pub point: Option<&'static PointSpec>,
    pub point_span: Span,
    pub matcher: Option<syn::LitStr>,
    pub args: Option<syn::LitStr>,
    pub order: Option<i32>,
    pub timeout_ms: Option<(u64, Span)>,
    pub closed: Option<(bool, Span)>,
    pub name: Option<syn::LitStr>,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> HookOptions {
    let mut options = HookOptions {
        point: None,
        point_span: Span::call_site(),
        matcher: None,
        args: None,
        order: None,
        timeout_ms: None,
        closed: None,
        name: None,
    };
    let (args, quoted) = quoted_point(args, &mut options, errors);
    let Some(metas) = meta::options(
        args,
        "#[hook]",
        "#[hook(before_tool_call, matcher = \"Bash\")]",
        errors,
    ) else {
        return options;
    };
    let mut metas: Vec<syn::Meta> = metas.into_iter().collect();
    if !quoted {
        match metas.first() {
            Some(syn::Meta::Path(path)) => {
                options.point_span = syn::spanned::Spanned::span(path);
                options.point = point(path, errors);
                metas.remove(0);
            }
            _ => match metas.iter().position(|m| names_a_point(m).is_some()) {
                // `#[hook(matcher = "Bash", before_tool_call)]`: one error
                // where the point is, and the point is used.
                Some(i) => {
                    let meta = metas.remove(i);
                    let path = meta.path();
                    options.point_span = syn::spanned::Spanned::span(path);
                    options.point = point(path, errors);
                    if let Some(spec) = options.point {
                        errors.spanned(
                            path,
                            format!(
                                "the hook point comes first, before the options: `#[hook({}, ...)]`",
                                spec.name
                            ),
                        );
                    }
                }
                None => errors.at(
                    Span::call_site(),
                    "`#[hook]` needs a point first: `#[hook(before_tool_call)]` (see `tackle::hook::HookPoint` for the catalogue)",
                ),
            },
        }
    }
    let mut seen = Seen::default();
    for meta in metas {
        let key = option_name(&meta);
        if let Some(second) = names_a_point(&meta) {
            let first = options
                .point
                .map_or_else(String::new, |p| format!(", `{}`", p.name));
            errors.spanned(
                meta.path(),
                format!(
                    "a hook runs at one point, and this one already has its point{first}; to run at `{}` too, write a second hook, `#[hook({})]`, and share the code through a plain function",
                    second.name, second.name
                ),
            );
            continue;
        }
        if !seen.accept(meta.path(), &key, "#[hook]", OPTIONS, errors) {
            continue;
        }
        match key.as_str() {
            "matcher" => {
                options.matcher = string(&meta, errors);
                if let Some(lit) = &options.matcher
                    && let Err(problem) = patterns::matcher(&lit.value())
                {
                    errors.spanned(lit, problem);
                }
            }
            "args" => {
                options.args = string(&meta, errors);
                if let Some(lit) = &options.args
                    && let Err(problem) = patterns::glob(&lit.value())
                {
                    errors.spanned(lit, format!("`args` is not a valid glob: {problem}"));
                }
            }
            "name" => {
                options.name = string(&meta, errors);
                if let Some(lit) = &options.name
                    && let Err(problem) = tackle_spec::names::hook_name(&lit.value())
                {
                    errors.spanned(lit, problem);
                }
            }
            "on_error" => {
                if let Some(lit) = string(&meta, errors) {
                    match lit.value().as_str() {
                        "open" => options.closed = Some((false, lit.span())),
                        "closed" => options.closed = Some((true, lit.span())),
                        other => errors.spanned(
                            &lit,
                            format!("`on_error` is `\"open\"` (a failing hook abstains, the default) or `\"closed\"` (it denies), not `\"{other}\"`"),
                        ),
                    }
                }
            }
            "order" | "timeout_ms" => {
                // `Err(Some(value))`: not an integer; `Err(None)`: no value.
                let value = match &meta {
                    syn::Meta::NameValue(nv) => int(&nv.value).ok_or(Some(&nv.value)),
                    _ => Err(None),
                };
                let example = if key == "order" {
                    "order = 10"
                } else {
                    "timeout_ms = 500"
                };
                match value {
                    Ok(lit) if key == "order" => match lit.base10_parse::<i32>() {
                        Ok(order) => options.order = Some(order),
                        Err(_) => errors.spanned(
                            &lit,
                            format!(
                                "`order` is an `i32`, and `{}` is out of its range",
                                lit.base10_digits()
                            ),
                        ),
                    },
                    Ok(lit) => match lit.base10_parse::<u64>() {
                        Ok(ms) if ms > 0 => options.timeout_ms = Some((ms, lit.span())),
                        _ => errors.spanned(
                            &lit,
                            "`timeout_ms` is a positive number of milliseconds, such as `timeout_ms = 500`; leave it out to use the host's default",
                        ),
                    },
                    Err(Some(value)) => errors.spanned(
                        value,
                        format!("`{key}` takes an integer, such as `{example}`"),
                    ),
                    Err(None) => errors.spanned(
                        &meta,
                        format!("`{key}` takes an integer, such as `{example}`"),
                    ),
                }
            }
            _ => unreachable!("every option is handled"),
        }
    }
    options
}

/// The point a path names: a canonical name, or a helpful error.
fn point(path: &syn::Path, errors: &mut Errors) -> Option<&'static PointSpec> {
    let written = path.to_token_stream().to_string().replace(' ', "");
    if let Some(spec) = PointSpec::find(&written) {
        return Some(spec);
    }
    if let Some(spec) = PointSpec::by_alias(&written) {
        errors.spanned(
            path,
            format!(
                "`{written}` is another spelling of the hook point `{}`; `#[hook]` takes the canonical name: `#[hook({})]`",
                spec.name, spec.name
            ),
        );
        // Unambiguous: the rest is checked against it.
        return Some(spec);
    }
    let names = tackle_spec::hook::names();
    let message = match suggest::nearest(&written, &names) {
        Some(near) => format!("unknown hook point `{written}`; did you mean `{near}`?"),
        None => format!(
            "unknown hook point `{written}`; the points are: {}",
            backticked(&names)
        ),
    };
    errors.spanned(path, message);
    None
}

/// The point a bare name (not `key = value`) stands for: its canonical name
/// or another spelling of it.
fn names_a_point(meta: &syn::Meta) -> Option<&'static PointSpec> {
    if !matches!(meta, syn::Meta::Path(_)) {
        return None;
    }
    let written = option_name(meta);
    PointSpec::find(&written).or_else(|| PointSpec::by_alias(&written))
}

/// `#[hook("before_tool_call")]`: the point written as a string. Reports it,
/// takes the point it names (if any) so that the rest is still checked, and
/// returns the remaining arguments and whether there was such a string.
fn quoted_point(
    args: TokenStream,
    options: &mut HookOptions,
    errors: &mut Errors,
) -> (TokenStream, bool) {
    let mut tokens = args.clone().into_iter();
    let Some(first) = tokens.next() else {
        return (args, false);
    };
    let Ok(lit) = syn::parse2::<syn::LitStr>(first.into()) else {
        return (args, false);
    };
    let written = lit.value();
    let spec = PointSpec::find(&written).or_else(|| PointSpec::by_alias(&written));
    let message = match spec {
        Some(spec) => format!(
            "the hook point is a name, not a string: `#[hook({})]`",
            spec.name
        ),
        None => format!(
            "the hook point is a name from the catalogue, not a string, such as `#[hook(before_tool_call)]`; `{written}` is not one (see `tackle::hook::HookPoint`)"
        ),
    };
    errors.spanned(&lit, message);
    options.point = spec;
    options.point_span = lit.span();
    let mut rest = tokens.peekable();
    // The comma after the string.
    if matches!(rest.peek(), Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == ',') {
        rest.next();
    }
    (rest.collect(), true)
}
