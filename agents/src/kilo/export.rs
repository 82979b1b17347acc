//! Kilo Code: OpenCode's plugin and binary, in `.kilo/` (`.kilo/plugins/
//! <name>.js` runs `.kilo/bin/<bin>`), the project folder it loads plugins
//! from.

use crate::export::ExportError;
use crate::export::package::Package;
use crate::export::write::Out;

/// The project's config folder Kilo Code reads (`.kilocode/` too, as a
/// legacy name).
pub(crate) const DIR: &str = ".kilo";

/// Writes the binary and the plugin; returns what the user should know.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    crate::opencode::export::write_into(DIR, package, out)
}
