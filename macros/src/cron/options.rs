//! `#[cron("0 3 * * *", timezone = "Europe/Paris", key = "nightly", enabled = false)]`.

use proc_macro2::{Span, TokenStream};
use syn::punctuated::Punctuated;

use crate::errors::Errors;
use crate::meta::{Seen, ungroup};
use crate::suggest;

const OPTIONS: &[&str] = &["timezone", "key", "enabled"];

pub(crate) struct CronOptions {
    pub schedule: Option<syn::LitStr>,
    pub timezone: Option<syn::LitStr>,
    pub key: Option<syn::LitStr>,
    pub enabled: bool,
}

pub(crate) fn parse(args: TokenStream, errors: &mut Errors) -> CronOptions {
    let mut options = CronOptions {
        schedule: None,
        timezone: None,
        key: None,
        enabled: true,
    };
    let exprs = match syn::parse::Parser::parse2(
        Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
        args,
    ) {
        Ok(exprs) => exprs,
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!("{e}; `#[cron]` looks like `#[cron(\"0 3 * * *\", timezone = \"Europe/Paris\")]`"),
            ));
            return options;
        }
    };
    let mut seen = Seen::default();
    for (i, expr) in exprs.iter().enumerate() {
        match ungroup(expr) {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(lit),
                ..
            }) if i == 0 => options.schedule = Some(lit.clone()),
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(lit),
                ..
            }) => errors.spanned(
                lit,
                "the schedule comes once, first: `#[cron(\"0 3 * * *\", ...)]`; other options are `name = value`",
            ),
            syn::Expr::Assign(assign) => {
                let Some(key) = assign_key(&assign.left) else {
                    errors.spanned(
                        &assign.left,
                        "an option is `name = value`, such as `timezone = \"Europe/Paris\"`",
                    );
                    continue;
                };
                let name = key.to_string();
                if name == "schedule" {
                    errors.spanned(
                        &key,
                        "the schedule is written first, without a name: `#[cron(\"0 3 * * *\")]`",
                    );
                    // Still checked, and no "needs a schedule" on top.
                    if let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(lit),
                        ..
                    }) = ungroup(&assign.right)
                        && options.schedule.is_none()
                    {
                        options.schedule = Some(lit.clone());
                    }
                    continue;
                }
                if !seen.accept(&key, &name, "#[cron]", OPTIONS, errors) {
                    continue;
                }
                let value = ungroup(&assign.right);
                match name.as_str() {
                    "enabled" => match value {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Bool(b),
                            ..
                        }) => options.enabled = b.value,
                        other => errors.spanned(
                            other,
                            "`enabled` takes `true` or `false`, such as `enabled = false` (the host config may still turn the job on)",
                        ),
                    },
                    _ => match value {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(lit),
                            ..
                        }) => {
                            if name == "key" {
                                if let Err(problem) = tackle_spec::names::cron_job_key(&lit.value()) {
                                    errors.spanned(lit, problem);
                                }
                                options.key = Some(lit.clone());
                            } else {
                                if let Err(problem) = tackle_spec::cron::zone(&lit.value()) {
                                    errors.spanned(lit, problem);
                                }
                                options.timezone = Some(lit.clone());
                            }
                        }
                        other => errors.spanned(
                            other,
                            format!("`{name}` takes a string: `{name} = \"...\"`"),
                        ),
                    },
                }
            }
            syn::Expr::Path(path) if path.path.get_ident().is_some() => {
                let name = quote::ToTokens::to_token_stream(&path.path).to_string();
                let message = if name == "enabled" {
                    "`enabled` takes a value: `enabled = false` (jobs are enabled by default)"
                        .to_owned()
                } else if OPTIONS.contains(&name.as_str()) {
                    format!("`{name}` takes a string: `{name} = \"...\"`")
                } else {
                    suggest::unknown("option", &name, "for `#[cron]`", OPTIONS)
                };
                errors.spanned(path, message);
            }
            other => errors.spanned(
                other,
                "`#[cron]` takes a schedule, then `name = value` options: `#[cron(\"0 3 * * *\", timezone = \"Europe/Paris\")]`",
            ),
        }
    }
    match &options.schedule {
        Some(lit) => {
            if let Err(problem) = tackle_spec::cron::expression_of(&lit.value()) {
                errors.spanned(lit, problem);
            }
        }
        None => errors.at(
            Span::call_site(),
            "`#[cron]` needs a schedule first: a five-field cron expression such as `#[cron(\"0 3 * * *\")]` (03:00 every day, UTC unless `timezone = \"...\"`)",
        ),
    }
    options
}

fn assign_key(left: &syn::Expr) -> Option<syn::Ident> {
    match ungroup(left) {
        syn::Expr::Path(p) => p.path.get_ident().cloned(),
        _ => None,
    }
}
