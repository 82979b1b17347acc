//! The hook-only binary a package ships beside the host: a binary whose
//! `main` is `tackle_runtime::hook::main()` (`tackle new` writes one,
//! `NAME-hook`), linking the same plugins. It answers `hook <AGENT>
//! <EVENT>` as the host does, from a smaller binary that starts faster, so
//! the package's hook commands run it; everything else that needs the
//! command line (the MCP server, slash commands, SuperQode's tool calls)
//! keeps naming the host.
//!
//! Where it is found:
//!
//! - `--hook-bin PATH` ([`Options::hook_binary`]), or with builds per
//!   target `--hook-bin TRIPLE=PATH` for each ([`Options::hook_targets`]);
//! - else, for a package of one host built by another profile
//!   (`target/debug/my-plugin`), in the `hook` profile's folder beside
//!   it (`target/hook/my-plugin-hook`), where `cargo build-hook` puts it:
//!   the hooks, which start once per event, run the optimized build, and
//!   the host, which serves the tools, need not be built twice (the
//!   debug hook-only build `cargo test` leaves beside a debug host is
//!   not the one to ship when the optimized one is there);
//! - else beside each host binary shipped, the file of the same name with
//!   `-hook` before its extension (`target/hook/my-plugin` →
//!   `target/hook/my-plugin-hook`, `my-plugin.exe` → `my-plugin-hook.exe`),
//!   when every build has one;
//! - else none, and the hook commands name the host, which answers `hook`
//!   too.
//!
//! A binary named, or found beside the host, must be a file and, unless it
//! is a Windows build, executable: anything else is an error naming the
//! flag and the path, and nothing is written.

use std::path::{Path, PathBuf};

use super::targets::Target;
use super::{ExportError, Options};

/// The hook-only builds a package ships: one, or one per target of the
/// host's builds (same triples, same order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HookBuilds {
    /// The one build, when the package ships the host alone.
    pub(crate) binary: PathBuf,
    /// One per target of [`Options::targets`], in its order.
    pub(crate) targets: Vec<Target>,
}

/// The file beside `host` that holds its hook-only build:
/// `<stem>-hook<.ext>`.
pub fn beside(host: &Path) -> PathBuf {
    let stem = host
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match host.extension() {
        Some(ext) => format!("{stem}-hook.{}", ext.to_string_lossy()),
        None => format!("{stem}-hook"),
    };
    host.with_file_name(name)
}

/// Where `cargo build-hook` puts the hook-only build of a host that
/// another profile built (`target/debug/my-plugin` →
/// `target/hook/my-plugin-hook`); `None` for a host in the `hook`
/// profile's folder already, or one not in a profile's folder.
fn in_hook_profile(host: &Path) -> Option<PathBuf> {
    if in_hook_folder(host) {
        return None;
    }
    let profile = host.parent()?;
    let hook = beside(host);
    Some(profile.with_file_name(HOOK_PROFILE).join(hook.file_name()?))
}

/// Whether `binary` is in the `hook` profile's folder (`target/hook/`).
pub(crate) fn in_hook_folder(binary: &Path) -> bool {
    binary
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|folder| folder == HOOK_PROFILE)
}

/// The Cargo profile `tackle new`'s projects build the hook-only binary
/// with, and so the folder of `target/` it lands in.
const HOOK_PROFILE: &str = "hook";

/// The hook-only build's file name in a package whose host binary is
/// `bin`: `-hook` before `.exe`, so never the host's own name.
pub(crate) fn name_in_package(bin: &str) -> String {
    match bin.strip_suffix(".exe") {
        Some(stem) => format!("{stem}-hook.exe"),
        None => format!("{bin}-hook"),
    }
}

/// The hook-only builds for a package of `binary` (or of
/// `options.targets`), as the module's documentation says; `None` when
/// there are none, and the hooks run the host.
pub(crate) fn find(binary: &Path, options: &Options) -> Result<Option<HookBuilds>, ExportError> {
    if options.targets.is_empty() {
        if let Some(t) = options.hook_targets.first() {
            return Err(bad(format!(
                "`--hook-bin {}={}` names a target's build, and the package ships one binary: \
                 pass `--hook-bin PATH`, or `--bin TRIPLE=PATH` for each target",
                t.triple,
                t.path.display()
            )));
        }
        let binary = match &options.hook_binary {
            Some(path) => checked(path, Source::Flag, true)?,
            None => {
                let found = in_hook_profile(binary)
                    .map(|path| (path, Source::HookProfile))
                    .into_iter()
                    .chain([(beside(binary), Source::Beside)])
                    .find(|(path, _)| path.exists());
                let Some((path, source)) = found else {
                    return Ok(None);
                };
                checked(&path, source, true)?
            }
        };
        return Ok(Some(HookBuilds {
            binary,
            targets: Vec::new(),
        }));
    }
    if let Some(path) = &options.hook_binary {
        return Err(bad(format!(
            "`--hook-bin {}` names one build, and the package ships a build per target: \
             pass `--hook-bin TRIPLE=PATH` for each `--bin TRIPLE=PATH`",
            path.display()
        )));
    }
    for (i, t) in options.hook_targets.iter().enumerate() {
        if options.hook_targets[..i]
            .iter()
            .any(|u| u.triple == t.triple)
        {
            return Err(bad(format!("`--hook-bin {}=...` is given twice", t.triple)));
        }
        if !options.targets.iter().any(|u| u.triple == t.triple) {
            return Err(bad(format!(
                "`--hook-bin {}={}` names a target the package has no `--bin` build for",
                t.triple,
                t.path.display()
            )));
        }
    }
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for target in &options.targets {
        let unix_build = !target.triple.contains("-windows-");
        let named = options
            .hook_targets
            .iter()
            .find(|t| t.triple == target.triple);
        let path = match named {
            Some(t) => checked(&t.path, Source::Flag, unix_build)?,
            None => {
                let path = beside(&target.path);
                if !path.exists() {
                    missing.push(target.triple.as_str());
                    continue;
                }
                checked(&path, Source::Beside, unix_build)?
            }
        };
        found.push(Target {
            triple: target.triple.clone(),
            path,
        });
    }
    match (found.is_empty(), missing.is_empty()) {
        (true, _) => Ok(None),
        (false, true) => Ok(Some(HookBuilds {
            binary: found[0].path.clone(),
            targets: found,
        })),
        (false, false) => Err(bad(format!(
            "the package has hook-only builds for {} but none for {}: its hooks would run \
             different binaries on different systems; pass `--hook-bin TRIPLE=PATH` for {}",
            found
                .iter()
                .map(|t| t.triple.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            missing.join(", "),
            if missing.len() == 1 { "it" } else { "each" }
        ))),
    }
}

/// One `--hook-bin` argument: `PATH`, or `TRIPLE=PATH` for one target's
/// build (a triple of [`TRIPLES`](super::targets::TRIPLES) before the
/// `=`). The file is checked when the package is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookBinArg {
    /// The one hook-only build of a package that ships one host binary.
    One(PathBuf),
    /// A target's hook-only build.
    Target(Target),
}

impl HookBinArg {
    /// Reads `PATH` or `TRIPLE=PATH`.
    pub fn parse(arg: &str) -> Result<HookBinArg, String> {
        if arg.is_empty() {
            return Err("`--hook-bin` needs a path, or TRIPLE=PATH".to_owned());
        }
        Ok(match arg.split_once('=') {
            Some((triple, path)) if super::targets::TRIPLES.contains(&triple) => {
                HookBinArg::Target(Target {
                    triple: triple.to_owned(),
                    path: PathBuf::from(path),
                })
            }
            _ => HookBinArg::One(PathBuf::from(arg)),
        })
    }

    /// `args` as [`Options::hook_binary`] and [`Options::hook_targets`];
    /// a second `PATH` is refused.
    pub fn split(args: &[HookBinArg]) -> Result<(Option<PathBuf>, Vec<Target>), String> {
        let mut one = None;
        let mut targets = Vec::new();
        for arg in args {
            match arg {
                HookBinArg::One(path) => {
                    if let Some(first) = one.replace(path.clone()) {
                        return Err(format!(
                            "`--hook-bin {}` and `--hook-bin {}`: a package ships one hook-only build, or one per target (`--hook-bin TRIPLE=PATH`)",
                            first.display(),
                            path.display()
                        ));
                    }
                }
                HookBinArg::Target(target) => targets.push(target.clone()),
            }
        }
        Ok((one, targets))
    }
}

fn bad(message: String) -> ExportError {
    ExportError::HookBinary(message)
}

/// How a hook-only build was come by, for the error that names it.
#[derive(Debug, Clone, Copy)]
enum Source {
    /// `--hook-bin`.
    Flag,
    /// Beside the host binary, unasked.
    Beside,
    /// In the `hook` profile's folder beside the host's, unasked.
    HookProfile,
}

/// `path` if it is a file and (`executable`) has an execute bit.
fn checked(path: &Path, source: Source, executable: bool) -> Result<PathBuf, ExportError> {
    let named = |what: &str| {
        let which = match source {
            Source::Flag => format!("`--hook-bin {}`", path.display()),
            Source::Beside => format!("`{}` (found beside the host binary)", path.display()),
            Source::HookProfile => format!(
                "`{}` (found in the `hook` profile's folder beside the host's)",
                path.display()
            ),
        };
        bad(format!(
            "{which} {what}; it must be the hook-only build (`cargo build -p NAME-hook`)"
        ))
    };
    let meta = std::fs::metadata(path).map_err(|e| named(&format!("cannot be read: {e}")))?;
    if !meta.is_file() {
        return Err(named("is not a file"));
    }
    #[cfg(unix)]
    if executable {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Err(named("is not executable"));
        }
    }
    #[cfg(not(unix))]
    let _ = executable;
    Ok(path.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hook_build_beside_the_host_keeps_its_extension() {
        assert_eq!(
            beside(Path::new("/t/hook/my-plugin")),
            Path::new("/t/hook/my-plugin-hook")
        );
        assert_eq!(
            beside(Path::new("x86_64-pc-windows-msvc/my-plugin.exe")),
            Path::new("x86_64-pc-windows-msvc/my-plugin-hook.exe")
        );
    }

    #[test]
    fn a_debug_hosts_hook_build_is_sought_in_the_hook_profiles_folder() {
        assert_eq!(
            in_hook_profile(Path::new("/p/target/debug/my-plugin")).as_deref(),
            Some(Path::new("/p/target/hook/my-plugin-hook"))
        );
        assert_eq!(in_hook_profile(Path::new("/p/target/hook/my-plugin")), None);
        assert!(in_hook_folder(Path::new("/p/target/hook/my-plugin-hook")));
        assert!(!in_hook_folder(Path::new("/p/target/debug/my-plugin-hook")));
    }

    /// For a debug host, the `hook` profile's build wins over the debug
    /// one beside it, which is shipped only when there is no other.
    #[test]
    fn the_hook_profiles_build_wins_over_the_one_beside_a_debug_host() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let debug = target(tmp.path(), "debug", "h", true);
        let found = find(&debug.path, &Options::default())
            .expect("found")
            .expect("some");
        assert_eq!(found.binary, beside(&debug.path));
        let hook = target(tmp.path(), "hook", "h", true);
        let found = find(&debug.path, &Options::default())
            .expect("found")
            .expect("some");
        assert_eq!(found.binary, beside(&hook.path));
    }

    fn target(dir: &Path, triple: &str, file: &str, hook: bool) -> Target {
        std::fs::create_dir_all(dir.join(triple)).expect("mkdir");
        let path = dir.join(triple).join(file);
        std::fs::write(&path, "").expect("writes");
        if hook {
            let hook = beside(&path);
            std::fs::write(&hook, "").expect("writes");
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let executable = std::fs::Permissions::from_mode(0o755);
                std::fs::set_permissions(&hook, executable).expect("chmod");
            }
        }
        Target {
            triple: triple.to_owned(),
            path,
        }
    }

    /// Every target's hook build beside it, or none; some but not all is
    /// refused, naming the targets without one.
    #[test]
    fn builds_per_target_have_a_hook_build_each_or_none() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let linux = target(tmp.path(), "x86_64-unknown-linux-gnu", "h", true);
        let windows = target(tmp.path(), "x86_64-pc-windows-msvc", "h.exe", true);
        let mac = target(tmp.path(), "aarch64-apple-darwin", "h", false);
        let options = |targets: Vec<Target>| Options {
            targets,
            ..Options::default()
        };
        let found = find(
            Path::new("/x"),
            &options(vec![linux.clone(), windows.clone()]),
        )
        .expect("found")
        .expect("some");
        assert_eq!(
            found.targets,
            [
                Target {
                    triple: linux.triple.clone(),
                    path: beside(&linux.path)
                },
                Target {
                    triple: windows.triple.clone(),
                    path: beside(&windows.path)
                },
            ]
        );
        assert_eq!(
            find(Path::new("/x"), &options(vec![mac.clone()])).expect("none"),
            None
        );
        let e = find(Path::new("/x"), &options(vec![linux.clone(), mac.clone()]))
            .expect_err("partial")
            .to_string();
        assert!(
            e.contains(
                "hook-only builds for x86_64-unknown-linux-gnu but none for aarch64-apple-darwin"
            ),
            "{e}"
        );
        // Named for the one without: complete.
        let mut named = options(vec![linux.clone(), mac.clone()]);
        named.hook_targets = vec![Target {
            triple: mac.triple.clone(),
            path: beside(&linux.path),
        }];
        let found = find(Path::new("/x"), &named).expect("found").expect("some");
        assert_eq!(found.targets[1].path, beside(&linux.path));
        // A triple the package has no build for.
        named.hook_targets[0].triple = "aarch64-pc-windows-msvc".into();
        let e = find(Path::new("/x"), &named)
            .expect_err("no such build")
            .to_string();
        assert!(e.contains("no `--bin` build for"), "{e}");
    }
}
