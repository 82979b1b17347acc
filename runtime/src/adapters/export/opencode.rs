//! OpenCode: a generated JS plugin, `.opencode/plugins/<name>.js`, that
//! runs the binary in `.opencode/bin/` and blocks a call by throwing.

use super::ExportError;
use super::package::Package;
use super::shim;
use super::write::Out;

const HOOKS: &str = include_str!("shims/opencode.js");

pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    // Outside `plugins/`: OpenCode loads every file there as a plugin.
    out.executable(&format!(".opencode/bin/{}", package.bin), package.binary)?;
    let source = shim::source(package, &format!("../bin/{}", package.bin), HOOKS);
    out.text(&format!(".opencode/plugins/{}.js", package.name), &source)
}
