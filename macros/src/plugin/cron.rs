//! `cron_jobs: [{ key: "digest", schedule: "0 9 * * 1-5", timezone:
//! "Europe/Paris", prompt: "..." }, { key: "gc", schedule: "0 4 * * 0", exec:
//! ["git", "gc"], enabled: false }]`: declarative jobs, each schedule checked
//! now with the dialect the scheduler uses; and the impls that let this
//! plugin's `#[cron]` functions take its contexts and state.

use std::collections::HashMap;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::quote;

use super::parse;
use crate::errors::Errors;
use crate::{paths, tokens, unique};

const KEYS: &[&str] = &[
    "key", "schedule", "timezone", "enabled", "prompt", "exec", "subagent", "payload",
];

pub(crate) struct Entry {
    key: syn::LitStr,
    schedule: syn::LitStr,
    timezone: Option<syn::LitStr>,
    enabled: bool,
    action: Action,
}

enum Action {
    Prompt {
        text: syn::LitStr,
        subagent: Option<syn::LitStr>,
        /// Canonical JSON text.
        payload: Option<String>,
    },
    Exec(Vec<syn::LitStr>),
}

pub(crate) fn parse(value: TokenStream, errors: &mut Errors) -> Vec<Entry> {
    let mut jobs: Vec<Entry> = Vec::new();
    let mut keys: HashMap<String, Span> = HashMap::new();
    for element in super::list::elements("cron_jobs", value, errors) {
        let Some(group) = super::list::braced(&element) else {
            errors.spanned(
                element,
                "a cron job is `{ key: value, ... }` in braces, such as `{ key: \"digest\", schedule: \"0 9 * * 1-5\", prompt: \"Summarise yesterday's commits\" }`",
            );
            continue;
        };
        if let Some(job) = job(group.stream(), group.span(), errors) {
            let key = job.key.value();
            if keys.contains_key(&key) {
                errors.spanned(
                    &job.key,
                    format!("cron job key `{key}` is used twice in this plugin; job ids (`__plugin_<plugin>_{key}`) must be unique, so rename one"),
                );
                continue;
            }
            keys.insert(key, job.key.span());
            jobs.push(job);
        }
    }
    jobs
}

fn job(body: TokenStream, span: Span, errors: &mut Errors) -> Option<Entry> {
    let keyed = parse::keyed(body, KEYS, "in a cron job", "in this cron job", errors);
    let mut strings: HashMap<&str, syn::LitStr> = HashMap::new();
    let mut enabled = true;
    let mut argv = None;
    let mut payload = None;
    let mut spans: HashMap<&str, syn::Ident> = HashMap::new();
    let mut ok = true;
    for (name, key, value) in &keyed.entries {
        let name: &'static str = KEYS.iter().copied().find(|k| k == name)?;
        spans.insert(name, key.clone());
        match name {
            "enabled" => match syn::parse2::<syn::LitBool>(value.clone()) {
                Ok(b) => enabled = b.value,
                Err(_) => {
                    errors.spanned(value, "`enabled` takes `true` or `false`");
                    ok = false;
                }
            },
            "exec" => match exec(value, errors) {
                Some(list) => argv = Some(list),
                None => ok = false,
            },
            "payload" => match json(value) {
                Ok(text) => payload = Some(text),
                Err(problem) => {
                    errors.spanned(value, format!("`payload` is not valid JSON: {problem}; write it as JSON, `payload: {{ \"depth\": 2 }}`, or as a string of JSON, `payload: \"{{\\\"depth\\\": 2}}\"`"));
                    ok = false;
                }
            },
            _ => match syn::parse2::<syn::LitStr>(value.clone()) {
                Ok(lit) if lit.value().trim().is_empty() => {
                    errors.spanned(&lit, format!("`{name}` cannot be empty"));
                    ok = false;
                }
                Ok(lit) => {
                    let problem = match name {
                        "key" => tackle_spec::names::cron_job_key(&lit.value())
                            .err()
                            .map(String::from),
                        "schedule" => tackle_spec::cron::expression_of(&lit.value())
                            .err()
                            .map(|e| e.to_string()),
                        "timezone" => tackle_spec::cron::zone(&lit.value())
                            .err()
                            .map(|e| e.to_string()),
                        _ => None,
                    };
                    if let Some(problem) = problem {
                        errors.spanned(&lit, problem);
                        ok = false;
                    }
                    strings.insert(name, lit);
                }
                Err(_) => {
                    errors.spanned(
                        value,
                        format!("`{name}` takes a string, such as `{name}: \"...\"`"),
                    );
                    ok = false;
                }
            },
        }
    }
    for required in ["key", "schedule"] {
        if !keyed.mentions(required) {
            let example = if required == "key" {
                "`key: \"digest\"` (lowercase; the job id is `__plugin_<plugin>_<key>`)"
            } else {
                "`schedule: \"0 9 * * 1-5\"` (five-field cron)"
            };
            errors.at(
                span,
                format!("a cron job needs a `{required}`, such as {example}"),
            );
            ok = false;
        }
    }
    let has_prompt = keyed.mentions("prompt");
    let has_exec = keyed.mentions("exec");
    match (has_prompt, has_exec) {
        (true, true) => {
            errors.spanned(
                &spans["exec"],
                "a cron job does one thing: send a `prompt` to the agent, or `exec` a program; this one has both, so keep one (or declare two jobs)",
            );
            ok = false;
        }
        (false, false) => {
            errors.at(
                span,
                "a cron job needs what to do: `prompt: \"...\"` (sent to the agent, or to a `subagent`) or `exec: [\"program\", \"arg\"]` (run in the agent folder); a job that runs Rust code is a `#[cron(\"...\")]` function",
            );
            ok = false;
        }
        _ => {}
    }
    if !has_prompt {
        for only in ["subagent", "payload"] {
            if let Some(key) = spans.get(only) {
                errors.spanned(
                    key,
                    format!("`{only}` goes with `prompt`: a prompt job may run a subagent with a payload; an `exec` job runs its argv only"),
                );
                ok = false;
            }
        }
    } else if let (Some(key), None) = (spans.get("payload"), spans.get("subagent")) {
        errors.spanned(
            key,
            "`payload` is what a subagent receives, and this job names no `subagent`; add `subagent: \"...\"` (one of the plugin's `subagents`), or drop the payload and write it into the prompt",
        );
        ok = false;
    }
    if !ok {
        return None;
    }
    let action = match argv {
        Some(argv) => Action::Exec(argv),
        None => Action::Prompt {
            text: strings.remove("prompt")?,
            subagent: strings.remove("subagent"),
            payload,
        },
    };
    Some(Entry {
        key: strings.remove("key")?,
        schedule: strings.remove("schedule")?,
        timezone: strings.remove("timezone"),
        enabled,
        action,
    })
}

/// `["git", "gc", "--auto"]`: a non-empty list of strings.
fn exec(value: &TokenStream, errors: &mut Errors) -> Option<Vec<syn::LitStr>> {
    let mut sub = Errors::default();
    let elements = super::list::elements("exec", value.clone(), &mut sub);
    if !sub.is_empty() {
        errors.spanned(
            value,
            "`exec` takes the program and its arguments as a list of strings, such as `exec: [\"git\", \"gc\", \"--auto\"]` (no shell: write `[\"sh\", \"-c\", \"...\"]` for one)",
        );
        return None;
    }
    if elements.is_empty() {
        errors.spanned(
            value,
            "`exec` needs at least the program: `exec: [\"git\", \"gc\"]`",
        );
        return None;
    }
    let mut argv = Vec::new();
    for element in elements {
        match syn::parse2::<syn::LitStr>(element.clone()) {
            Ok(lit) if argv.is_empty() && lit.value().trim().is_empty() => {
                errors.spanned(&lit, "the program cannot be empty");
                return None;
            }
            Ok(lit) => argv.push(lit),
            Err(_) => {
                errors.spanned(
                    element,
                    "each `exec` element is a string, such as `\"--auto\"`",
                );
                return None;
            }
        }
    }
    Some(argv)
}

/// A payload written as JSON tokens (`{ "depth": 2 }`) or as a string of
/// JSON, as canonical JSON text.
fn json(value: &TokenStream) -> Result<String, String> {
    let text = match syn::parse2::<syn::LitStr>(value.clone()) {
        Ok(lit) => lit.value(),
        Err(_) => {
            let mut text = String::new();
            tokens_to_json(value.clone(), &mut text)?;
            text
        }
    };
    let parsed: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    serde_json::to_string(&parsed).map_err(|e| e.to_string())
}

fn tokens_to_json(tokens: TokenStream, out: &mut String) -> Result<(), String> {
    for token in tokens {
        match token {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Brace => ('{', '}'),
                    Delimiter::Bracket => ('[', ']'),
                    Delimiter::None => (' ', ' '),
                    Delimiter::Parenthesis => {
                        return Err("parentheses have no meaning in JSON".into());
                    }
                };
                out.push(open);
                tokens_to_json(g.stream(), out)?;
                out.push(close);
            }
            TokenTree::Punct(p) => out.push(p.as_char()),
            TokenTree::Ident(i) => {
                out.push(' ');
                out.push_str(&i.to_string());
                out.push(' ');
            }
            TokenTree::Literal(lit) => {
                let token: TokenStream = TokenTree::Literal(lit.clone()).into();
                match syn::parse2::<syn::LitStr>(token) {
                    // Rust's string escapes are not JSON's: re-encode.
                    Ok(s) => out.push_str(&serde_json::Value::String(s.value()).to_string()),
                    Err(_) => out.push_str(&lit.to_string()),
                }
            }
        }
    }
    Ok(())
}

pub(crate) fn expand(entries: &[Entry]) -> TokenStream {
    let private = paths::private();
    let jobs = entries.iter().map(|job| {
        let key = &job.key;
        let schedule = &job.schedule;
        let timezone = tokens::option(job.timezone.as_ref());
        let enabled = job.enabled;
        let action = match &job.action {
            Action::Prompt {
                text,
                subagent,
                payload,
            } => {
                let subagent = tokens::option(subagent.as_ref());
                let payload = tokens::option(payload.as_ref());
                quote!(#private::CronAction::Prompt { text: #text, subagent: #subagent, payload: #payload })
            }
            Action::Exec(argv) => quote!(#private::CronAction::Exec { argv: &[#(#argv),*] }),
        };
        quote! {
            #private::CronJobDef { key: #key, schedule: #schedule, timezone: #timezone, enabled: #enabled, action: #action }
        }
    });
    quote!(&[#(#jobs),*])
}

/// The declarative jobs' keys, claimed as `#[cron]` claims its key: a
/// handler job with one of them is a compile error.
pub(crate) fn claims(entries: &[Entry]) -> TokenStream {
    entries
        .iter()
        .map(|job| unique::claim(unique::Kind::CronJob, &job.key.value(), job.key.span()))
        .collect()
}
