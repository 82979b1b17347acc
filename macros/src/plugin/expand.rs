//! What `plugin!` expands to: a hidden, uninhabited type at the crate root
//! that implements `PluginDecl`, the plugin's static declaration, the impls
//! that let tools ask for its typed contexts, and its `inventory` entry.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::PluginModel;
use crate::paths;

pub(crate) fn plugin(model: &PluginModel) -> TokenStream {
    let private = paths::private();
    let plugin_ty = syn::Ident::new(paths::PLUGIN_TYPE, Span::call_site());
    let plugin_lookup = syn::Ident::new(paths::PLUGIN_LOOKUP, Span::call_site());
    let root_check = syn::Ident::new(paths::ROOT_CHECK, Span::call_site());
    let id = &model.id;
    let name = model.name.as_ref().unwrap_or(id);
    let version = match &model.version {
        Some(v) => quote!(#v),
        None => quote!(::core::env!("CARGO_PKG_VERSION")),
    };
    let description = match &model.description {
        Some(d) => quote!(#d),
        None => quote!(""),
    };
    let config = model.config.as_ref().filter(|ty| !is_unit(ty));
    let (config_ty, type_name) = match config {
        Some(ty) => (
            quote!(#ty),
            quote!(::core::option::Option::Some(::core::stringify!(#ty))),
        ),
        None => (quote!(()), quote!(::core::option::Option::None)),
    };
    // The config type is checked once, where `__tackle_config` is named and
    // spanned on the type: a config that is not `PluginConfig` gets the
    // trait's message there, not one error per use.
    let config_span = config.map_or_else(Span::call_site, Spanned::span);
    let config_def = quote_spanned! {config_span=>
        __tackle_config::<#config_ty>(#type_name)
    };
    // A tool may ask for the untyped `ToolContext` or the one typed by the
    // plugin's config; with no config the two are the same type.
    let mut context_types = vec![quote!(())];
    if config.is_some() {
        context_types.push(config_ty.clone());
    }
    // The state, if declared: checked against the config where it is written,
    // built by the host at start, lent to tools as `&State`.
    let state_def = match &model.state {
        Some(ty) => quote_spanned! {ty.span()=>
            ::core::option::Option::Some(#private::state_def::<#ty, #config_ty>(::core::stringify!(#ty)))
        },
        None => quote!(::core::option::Option::None),
    };
    let fill = super::fill::impls(&plugin_ty, &context_types, model.state.as_ref());

    let permission_rules = super::rules::expand(&model.permission_rules);
    let context_files = super::injectors::expand(&model.context_injectors);
    let skills = super::skills::expand(&model.skills);
    let cron_jobs = super::cron::expand(&model.cron_jobs);
    let cron_claims = super::cron::claims(&model.cron_jobs);
    let subagents = super::subagents::expand(&model.subagents);
    let permissions = super::permissions::expand(&model.permissions);
    let owner_wildcard_exclusions =
        super::permissions::expand_exclusions(&model.owner_wildcard_exclusions);

    quote! {
        /// The plugin this crate declares with `tackle::plugin!`; generated.
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code, unreachable_pub)]
        pub(crate) enum #plugin_ty {}
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code, unreachable_pub)]
        pub(crate) type #plugin_lookup = #plugin_ty;
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code, unreachable_pub)]
        pub(crate) type #root_check = #plugin_ty;

        const _: () = {
            const _: () = ::core::assert!(
                #private::is_crate_root(::core::module_path!()),
                "`tackle::plugin!` must be written at the crate root (lib.rs or main.rs), not inside a module"
            );
            // `module_path!()` cannot tell a function body at the crate root
            // from the root itself, but there `self::` (the root) does not
            // see the items of the body, and this fails to resolve.
            const _: ::core::marker::PhantomData<self::#root_check> = ::core::marker::PhantomData;

            const fn __tackle_config<C: #private::PluginConfig>(
                type_name: ::core::option::Option<&'static str>,
            ) -> #private::ConfigDef {
                // One definition per plugin, instantiated with one `C`: its
                // static holds that plugin's schema only.
                fn schema<C: #private::PluginConfig>() -> &'static #private::serde_json::Value {
                    static SCHEMA: #private::SchemaCell = #private::SchemaCell::new();
                    SCHEMA.input::<C>()
                }
                #private::ConfigDef {
                    type_name,
                    schema: schema::<C>,
                    load: #private::load_config::<C>,
                }
            }

            static DEF: #private::PluginDef = #private::PluginDef {
                id: #id,
                name: #name,
                version: #version,
                description: #description,
                crate_name: ::core::module_path!(),
                location: #private::SourceLocation {
                    file: ::core::file!(),
                    line: ::core::line!(),
                    column: ::core::column!(),
                },
                config: #config_def,
                state: #state_def,
                permission_rules: #permission_rules,
                context_files: #context_files,
                skills: #skills,
                cron_jobs: #cron_jobs,
                subagents: #subagents,
                permissions: #permissions,
                owner_wildcard_exclusions: #owner_wildcard_exclusions,
            };

            impl #private::PluginDecl for #plugin_ty {
                const DEF: &'static #private::PluginDef = &DEF;
                type Config = #config_ty;
            }

            #fill
            #cron_claims

            #private::inventory::submit! {
                #private::PluginRegistration(&DEF)
            }
        };
    }
}

fn is_unit(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Tuple(t) if t.elems.is_empty())
}
