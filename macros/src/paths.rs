//! The one place that knows how generated code reaches tackle and the plugin.

use proc_macro2::{Span, TokenStream};
use quote::quote_spanned;

/// `::tackle::__private`, absolute so that a user's own `tackle` module or a
/// shadowed name cannot capture it.
pub(crate) fn private() -> TokenStream {
    quote_spanned!(Span::call_site()=> ::tackle::__private)
}

/// `::tackle`, for public types such as `ToolContext`.
pub(crate) fn public() -> TokenStream {
    quote_spanned!(Span::call_site()=> ::tackle)
}

/// The serde re-export as a string, for `#[serde(crate = "...")]`.
pub(crate) const SERDE: &str = "::tackle::__private::serde";
/// The schemars re-export as a string, for `#[schemars(crate = "...")]`.
pub(crate) const SCHEMARS: &str = "::tackle::__private::schemars";

/// The hidden type `plugin!` declares at the crate root, as item macros name
/// it to find their plugin: through [`PLUGIN_LOOKUP`], so that in a crate
/// without `plugin!` the error lands on the item's attribute (`span`) and
/// reads as the fix.
pub(crate) fn plugin_type(span: Span) -> TokenStream {
    let ident = syn::Ident::new(PLUGIN_LOOKUP, span);
    quote_spanned!(span=> crate::#ident)
}

/// The hidden type's name, as diagnostics that do resolve it print it
/// (`FromInvocation<__tackle_plugin_declared_by_tackle_plugin_macro>`).
pub(crate) const PLUGIN_TYPE: &str = "__tackle_plugin_declared_by_tackle_plugin_macro";

/// An alias of [`PLUGIN_TYPE`] that `plugin!` declares beside it and item
/// macros name. rustc prints an alias's name only when it cannot find it, so
/// this name can be the instruction: "cannot find type
/// `__tackle_plugin__declare_it_with_tackle_plugin_at_the_crate_root` in the
/// crate root". Everywhere else the alias is transparent.
pub(crate) const PLUGIN_LOOKUP: &str =
    "__tackle_plugin__declare_it_with_tackle_plugin_at_the_crate_root";

/// A second alias, which `plugin!` names as `self::...` to catch itself
/// written in a function body at the crate root (where `module_path!()` looks
/// like the root but `self::` does not see items of the body).
pub(crate) const ROOT_CHECK: &str =
    "__tackle_plugin__must_be_declared_at_the_crate_root_not_in_a_function";
