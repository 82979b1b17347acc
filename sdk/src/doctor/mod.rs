//! Doctor checks: `#[doctor_check]` functions that report on the plugin's
//! setup and may offer a fix.
//!
//! (Scaffold for issue 4: the doctor work fills this module in.)

use crate::def::PluginDef;
use crate::location::SourceLocation;

/// One check, as declared by `#[doctor_check]`.
#[derive(Debug)]
pub struct DoctorCheckDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// The check's name (the function's by default).
    pub name: &'static str,
    /// Where the function was written.
    pub location: SourceLocation,
}

/// What `#[doctor_check]` submits to `inventory`.
#[derive(Debug)]
pub struct DoctorCheckRegistration(pub &'static DoctorCheckDef);

inventory::collect!(DoctorCheckRegistration);

/// Every doctor check linked into this binary, in link order (the runtime sorts them).
pub fn linked_checks() -> impl Iterator<Item = &'static DoctorCheckDef> {
    inventory::iter::<DoctorCheckRegistration>
        .into_iter()
        .map(|r| r.0)
}
