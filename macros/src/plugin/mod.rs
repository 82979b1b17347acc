//! `tackle::plugin! { ... }`: parse the entries, validate them into a
//! [`PluginModel`], expand to the hidden plugin type and its registration.

mod cron;
mod expand;
mod files;
mod fill;
mod injectors;
mod list;
mod parse;
mod permissions;
mod rules;
mod skills;
mod subagents;
mod validate;

use proc_macro2::TokenStream;

use crate::errors::Errors;

/// A validated plugin declaration. Invalid entries leave their field at a
/// placeholder so that expansion still succeeds and items do not cascade.
pub(crate) struct PluginModel {
    pub id: syn::LitStr,
    pub name: Option<syn::LitStr>,
    pub version: Option<syn::LitStr>,
    pub description: Option<syn::LitStr>,
    pub config: Option<syn::Type>,
    pub state: Option<syn::Type>,
    pub permission_rules: Vec<rules::Rule>,
    pub context_injectors: Vec<injectors::Injector>,
    pub skills: Vec<skills::Entry>,
    pub cron_jobs: Vec<cron::Entry>,
    pub subagents: Vec<subagents::Entry>,
    pub permissions: Vec<permissions::Entry>,
    /// `owner_wildcard_exclusions`: parsed and checked against
    /// `permissions` by the permissions module.
    pub owner_wildcard_exclusions: Vec<permissions::Exclusion>,
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let entries = parse::entries(input, &mut errors);
    let model = validate::model(entries, &mut errors);
    let expanded = expand::plugin(&model);
    let compile_errors = errors.to_compile_errors();
    quote::quote! { #expanded #compile_errors }
}
