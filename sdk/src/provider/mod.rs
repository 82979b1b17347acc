//! LLM providers: `#[provider]` registers an implementation of [`Provider`]-like
//! model access that a host lists and selects.
//!
//! (Scaffold for issue 4: the providers work fills this module in.)

use crate::def::PluginDef;
use crate::location::SourceLocation;

/// One provider, as declared by `#[provider]`.
#[derive(Debug)]
pub struct ProviderDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The name hosts select it by.
    pub name: &'static str,
    /// Where it was written.
    pub location: SourceLocation,
}

/// What `#[provider]` submits to `inventory`.
#[derive(Debug)]
pub struct ProviderRegistration(pub &'static ProviderDef);

inventory::collect!(ProviderRegistration);

/// Every provider linked into this binary, in link order (the runtime sorts them).
pub fn linked_providers() -> impl Iterator<Item = &'static ProviderDef> {
    inventory::iter::<ProviderRegistration>
        .into_iter()
        .map(|r| r.0)
}
