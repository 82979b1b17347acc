//! The package's binaries: the one binary, or every target's beside a
//! launcher, and the hook-only build beside them.

use std::path::Path;

use super::ExportError;
use super::package::Package;
use super::targets::{Target, cmd_launcher, sh_launcher};
use super::write::Out;

/// Writes the package's binary at `rel`: the one binary as it is when the
/// export ships one, else every target's binary beside a launcher at `rel`
/// (and `rel.cmd` when one is Windows'). The hook-only build, when the
/// package ships one, goes beside it the same way, under its own name
/// ([`Package::for_hooks`]).
pub(crate) fn write_binary(
    package: &Package<'_>,
    out: &mut Out,
    rel: &str,
) -> Result<(), ExportError> {
    each_build(package, out, rel, write_one)
}

/// `write` of the package's binary at `rel`, then of its hook-only
/// build, when it ships one, beside it under its own name.
fn each_build(
    package: &Package<'_>,
    out: &mut Out,
    rel: &str,
    write: fn(&Package<'_>, &mut Out, &str) -> Result<(), ExportError>,
) -> Result<(), ExportError> {
    write(package, out, rel)?;
    if package.hook.is_some() {
        let hooks = package.for_hooks();
        write(&hooks, out, &beside(rel, &hooks.bin))?;
    }
    Ok(())
}

/// `rel`'s sibling named `file`.
fn beside(rel: &str, file: &str) -> String {
    match rel.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/{file}"),
        None => file.to_owned(),
    }
}

fn write_one(package: &Package<'_>, out: &mut Out, rel: &str) -> Result<(), ExportError> {
    if package.targets.is_empty() {
        return out.executable(rel, package.binary);
    }
    let dir = Path::new(rel)
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    for target in &package.targets {
        let file = target.file_name(&package.bin);
        let at = if dir.is_empty() {
            format!("{}/{file}", target.triple)
        } else {
            format!("{dir}/{}/{file}", target.triple)
        };
        out.executable(&at, &target.path)?;
    }
    out.script(rel, &sh_launcher(&package.bin, &package.targets))?;
    if package.targets.iter().any(Target::windows) {
        out.script(
            &format!("{rel}.cmd"),
            &cmd_launcher(&package.bin, &package.targets),
        )?;
    }
    Ok(())
}

/// The Windows build a program started without a shell finds at `rel`
/// on Windows, for packages whose hooks name `rel` that way (Claude
/// Code's exec form, an MCP server entry): Node's and Bun's `spawn` hand
/// an extensionless path to libuv, which tries `rel.com` and then
/// `rel.exe`, never the `.cmd` launcher. It is `x86_64`'s build when the
/// package has one (ARM64 Windows runs it emulated), else the `aarch64`
/// one. Nothing without a Windows build. The same for the hook-only
/// build beside it.
pub(crate) fn write_windows_exe(
    package: &Package<'_>,
    out: &mut Out,
    rel: &str,
) -> Result<(), ExportError> {
    each_build(package, out, rel, windows_exe)
}

fn windows_exe(package: &Package<'_>, out: &mut Out, rel: &str) -> Result<(), ExportError> {
    let windows = |arch: &str| {
        package
            .targets
            .iter()
            .find(|t| t.windows() && t.triple.starts_with(arch))
    };
    let Some(build) = windows("x86_64-").or_else(|| windows("aarch64-")) else {
        return Ok(());
    };
    out.executable(&format!("{rel}.exe"), &build.path)
}
