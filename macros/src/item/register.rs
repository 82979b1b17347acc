//! The registration every `DEF`-style item writes after its function: its
//! name's claim, its glue, the static description of the item and its
//! `inventory` entry, in one `const _: () = { ... }`.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::paths;

/// What differs between the items that register a `static DEF`.
pub(crate) struct Registration<'a> {
    /// The name's claim (`unique::claim`).
    pub claim: TokenStream,
    /// The glue the description points at.
    pub glue: TokenStream,
    /// The description's type in `__private` (`CronDef`).
    pub def: &'a str,
    /// The `inventory` entry's type in `__private` (`CronRegistration`).
    pub entry: &'a str,
    /// The fields between the plugin and the location.
    pub fields: TokenStream,
    /// The fields after the location: `handler: ...` (or `build: ...`),
    /// with any that go with it (a tool's schemas).
    pub handler: TokenStream,
}

/// The `const _: () = { ... }` that registers one item.
pub(crate) fn register(r: Registration<'_>) -> TokenStream {
    let private = paths::private();
    let plugin = paths::plugin_type(Span::call_site());
    let Registration {
        claim,
        glue,
        def,
        entry,
        fields,
        handler,
    } = r;
    let def = syn::Ident::new(def, Span::call_site());
    let entry = syn::Ident::new(entry, Span::call_site());
    quote! {
        const _: () = {
            #claim

            #glue

            static DEF: #private::#def = #private::#def {
                plugin: <#plugin as #private::PluginDecl>::DEF,
                #fields
                location: #private::SourceLocation {
                    file: ::core::file!(),
                    line: ::core::line!(),
                    column: ::core::column!(),
                },
                #handler,
            };

            #private::inventory::submit! {
                #private::#entry(&DEF)
            }
        };
    }
}
