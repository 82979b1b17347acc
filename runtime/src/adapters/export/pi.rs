//! Pi: a generated TS extension, `.pi/extensions/<name>.ts`, that runs the
//! binary in `.pi/bin/` and blocks a call with `{block: true, reason}`.

use super::ExportError;
use super::package::Package;
use super::shim;
use super::write::Out;

const HOOKS: &str = include_str!("shims/pi.ts");

pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    // Outside `extensions/`: Pi loads what is there as extensions.
    out.executable(&format!(".pi/bin/{}", package.bin), package.binary)?;
    let source = shim::source(package, &format!("../bin/{}", package.bin), HOOKS);
    out.text(&format!(".pi/extensions/{}.ts", package.name), &source)
}
