//! What each `plugin!` key takes, and the checks on it.

use std::collections::HashMap;

use proc_macro2::Span;

use super::PluginModel;
use super::parse::{self, Entry};
use crate::errors::Errors;
use crate::suggest;

const KEYS: &[&str] = &[
    "id",
    "name",
    "version",
    "description",
    "config",
    "state",
    "permission_rules",
    "context_injectors",
    "skills",
    "cron_jobs",
    "subagents",
    "permissions",
    "owner_wildcard_exclusions",
];

pub(crate) fn model(entries: Vec<Entry>, errors: &mut Errors) -> PluginModel {
    let mut model = PluginModel {
        id: syn::LitStr::new("invalid", Span::call_site()),
        name: None,
        version: None,
        description: None,
        config: None,
        state: None,
        permission_rules: Vec::new(),
        context_injectors: Vec::new(),
        skills: Vec::new(),
        cron_jobs: Vec::new(),
        subagents: Vec::new(),
        permissions: Vec::new(),
        owner_wildcard_exclusions: Vec::new(),
    };
    let mut seen: HashMap<String, Span> = HashMap::new();
    let mut misspelt = Vec::new();
    for Entry { key, value } in entries {
        let key_name = key.to_string();
        if !KEYS.contains(&key_name.as_str()) {
            errors.spanned(
                &key,
                suggest::unknown("key", &key_name, "in `plugin!`", KEYS),
            );
            // A misspelt key (`idd`) is reported once, not again as missing.
            if let Some(near) = suggest::nearest(&key_name, KEYS) {
                misspelt.push(near);
            }
            continue;
        }
        if seen.insert(key_name.clone(), key.span()).is_some() {
            errors.spanned(
                &key,
                format!("`{key_name}` is set twice in `plugin!`; keep one"),
            );
            continue;
        }
        // A malformed entry was reported while parsing.
        let Some(value) = value else {
            continue;
        };
        match key_name.as_str() {
            "id" => {
                if let Some(lit) = parse::string(&key_name, value, errors) {
                    if let Err(problem) = tackle_spec::names::plugin_id(&lit.value()) {
                        errors.spanned(&lit, problem);
                    }
                    model.id = lit;
                }
            }
            "name" => {
                model.name = parse::string(&key_name, value, errors).filter(|lit| {
                    let ok = !lit.value().trim().is_empty();
                    if !ok {
                        errors.spanned(
                            lit,
                            "a plugin name cannot be empty; leave `name` out to use the id",
                        );
                    }
                    ok
                });
            }
            "version" => {
                model.version = parse::string(&key_name, value, errors).filter(|lit| {
                    match semver::Version::parse(&lit.value()) {
                        Ok(_) => true,
                        Err(e) => {
                            errors.spanned(
                                lit,
                                format!("`{}` is not a semantic version ({e}); write it as `1.2.3`, or leave `version` out to use the crate's", lit.value()),
                            );
                            false
                        }
                    }
                });
            }
            "description" => model.description = parse::string(&key_name, value, errors),
            "config" => match syn::parse2::<syn::Type>(value.clone()) {
                Ok(ty) => model.config = Some(ty),
                Err(_) => {
                    errors.spanned(value, "`config` takes a type, such as `config: MyConfig`")
                }
            },
            "state" => match syn::parse2::<syn::Type>(value.clone()) {
                Ok(ty) => model.state = Some(ty),
                Err(_) => errors.spanned(value, "`state` takes a type, such as `state: MyState`"),
            },
            "permission_rules" => model.permission_rules = super::rules::parse(value, errors),
            "context_injectors" => {
                model.context_injectors = super::injectors::parse(value, errors);
            }
            "skills" => model.skills = super::skills::parse(value, errors),
            "cron_jobs" => model.cron_jobs = super::cron::parse(value, errors),
            "subagents" => model.subagents = super::subagents::parse(value, errors),
            "permissions" => model.permissions = super::permissions::parse(value, errors),
            "owner_wildcard_exclusions" => {
                model.owner_wildcard_exclusions =
                    super::permissions::parse_exclusions(value, errors);
            }
            _ => {}
        }
    }
    model.owner_wildcard_exclusions = super::permissions::check_exclusions(
        &model.permissions,
        std::mem::take(&mut model.owner_wildcard_exclusions),
        errors,
    );
    if !seen.contains_key("id") && !misspelt.contains(&"id") {
        errors.at(
            Span::call_site(),
            "`plugin!` needs an `id`: add `id: \"my-plugin\"` (lowercase letters, digits and `-`)",
        );
    }
    model
}
