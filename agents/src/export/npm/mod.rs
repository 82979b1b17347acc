//! `export npm DIR --bin TRIPLE=PATH ...`: the host as npm packages, for
//! users who have Node but no Rust: `npx <name> install claude`.
//!
//! Like esbuild's and biome's, the packages are one per platform, each
//! holding one build and declaring where it runs (`os`, `cpu`, and `libc`
//! on Linux), and a main package that lists them all in
//! `optionalDependencies` at its own exact version, so that npm installs
//! only the one that fits. The main package's command is a Node launcher
//! (`bin/<name>.js`) that finds that one and runs it.
//!
//! ```text
//! DIR/
//!   my-guard/                package.json (bin, optionalDependencies), bin/my-guard.js, README.md
//!   my-guard-linux-x64/      package.json (os, cpu, libc), bin/my-guard, bin/my-guard-hook
//!   my-guard-win32-x64/      package.json (os, cpu), bin/my-guard.exe, bin/my-guard-hook.exe
//!   .tackle-export.json      what this export wrote, for the next one
//! ```
//!
//! A platform package carries its target's hook-only build beside the host
//! (`bin/<name>-hook`) when the export has one for every target (see
//! [`hook_bin`](super::hook_bin): `--hook-bin`, or the file beside each
//! build): `npx <name> install AGENT` runs the host, whose `install` finds
//! it there and names it in the hook commands.
//!
//! Publish the platform packages first, then the main one: a user who
//! installs the main package before its platform package exists gets no
//! build.

mod launcher;
mod manifest;
mod platform;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use super::targets::Target;
use super::write::Out;
use super::{ExportError, package};
use launcher::Build;
use manifest::{Engines, PackageJson};
use platform::Platform;
use tackle_host::Host;

/// The Node versions the launcher is written for (`process.report`, `??`
/// left out): every Node npm still supports.
const NODE: &str = ">=16";

/// What `export npm` is asked for.
#[derive(Debug, Clone, Default)]
pub struct NpmOptions {
    /// The main package's name (default: the binary's, in kebab case); the
    /// platform packages add `-<os>-<cpu>` to it. `@scope/name` works.
    pub name: Option<String>,
    /// The packages' version, semver (default: the plugins' version when
    /// they all share one, else `0.1.0`).
    pub version: Option<String>,
    /// One build per target. Empty: the running binary (or
    /// [`binary`](NpmOptions::binary)) for the target it was built for.
    pub targets: Vec<Target>,
    /// The binary to ship when no target is given (default: the running
    /// executable).
    pub binary: Option<PathBuf>,
    /// The hook-only build of the one binary shipped when no target is
    /// given (`--hook-bin PATH`); default: the one beside it, if any.
    pub hook_binary: Option<PathBuf>,
    /// One hook-only build per target (`--hook-bin TRIPLE=PATH`);
    /// default: the one beside each build, if every build has one.
    pub hook_targets: Vec<Target>,
}

/// One package written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NpmPackage {
    /// Its npm name.
    pub name: String,
    /// Its folder, relative to the export's folder.
    pub folder: String,
    /// The target triple of its build; `None` for the main package.
    pub triple: Option<String>,
}

/// What `export npm` wrote.
#[derive(Debug, Clone)]
pub struct NpmReport {
    /// The export's folder, resolved.
    pub dir: PathBuf,
    /// The platform packages, then the main one: the order to publish
    /// them in.
    pub packages: Vec<NpmPackage>,
    /// Every file written, relative to `dir`.
    pub files: Vec<PathBuf>,
    /// How to try and publish the packages.
    pub notes: Vec<String>,
}

/// Why `export npm` wrote nothing (or, for [`NpmError::Export`], not
/// everything).
#[derive(Debug, thiserror::Error)]
pub enum NpmError {
    /// The package name is not one npm accepts.
    #[error("the npm package name {0} (`--name NAME` sets it)")]
    Name(String),
    /// The version is not semver.
    #[error(
        "--package-version `{version}` is not a semver version (npm needs one, e.g. `1.2.0`): {why}"
    )]
    Version {
        /// The version given.
        version: String,
        /// What the parser said.
        why: String,
    },
    /// The builds do not make a set of platform packages.
    #[error("{0}")]
    Targets(String),
    /// Writing failed.
    #[error(transparent)]
    Export(#[from] ExportError),
}

impl fmt::Display for NpmPackage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Writes the main package and one package per target into `dir`.
///
/// Checks the name, the version and the targets before writing anything;
/// never writes outside `dir`, and removes only what the last `export npm`
/// there wrote and this one does not.
pub fn export(host: &Host, dir: &Path, options: &NpmOptions) -> Result<NpmReport, NpmError> {
    let targets = match options.targets.as_slice() {
        [] => vec![this_build(options.binary.as_deref())?],
        given => given.to_vec(),
    };
    super::targets::check_unique(&targets)?;
    let platforms = platforms(&targets)?;
    let hook_targets = match (&options.hook_binary, options.targets.is_empty()) {
        // The one build's hook build, named for its target.
        (Some(path), true) => vec![Target {
            triple: targets[0].triple.clone(),
            path: path.clone(),
        }],
        (Some(path), false) => {
            return Err(ExportError::HookBinary(format!(
                "`--hook-bin {}` names one build, and the packages ship a build per target: \
                 pass `--hook-bin TRIPLE=PATH` for each `--bin TRIPLE=PATH`",
                path.display()
            ))
            .into());
        }
        (None, _) => options.hook_targets.clone(),
    };
    let hooks = super::hook_bin::find(
        &targets[0].path,
        &super::Options {
            targets: targets.clone(),
            hook_targets,
            ..super::Options::default()
        },
    )?;
    let bin = bin_name(&targets[0].path);
    let name = options.name.clone().unwrap_or_else(|| package::kebab(&bin));
    let longest = platforms
        .iter()
        .map(|p| p.suffix().len())
        .max()
        .unwrap_or(0);
    manifest::check_name(&name, longest).map_err(NpmError::Name)?;
    let exported = package::exported(host);
    let version = package::version(&exported, options.version.as_deref());
    if let Err(e) = semver::Version::parse(&version) {
        return Err(NpmError::Version {
            version,
            why: e.to_string(),
        });
    }
    let description = package::description(&exported);

    let mut out = Out::create(dir)?;
    let mut packages = Vec::new();
    let mut builds = Vec::new();
    for (target, platform) in targets.iter().zip(&platforms) {
        let package = format!("{name}-{}", platform.suffix());
        let folder = manifest::folder(&package).to_owned();
        let file = if platform.windows() {
            format!("bin/{bin}.exe")
        } else {
            format!("bin/{bin}")
        };
        out.executable(&format!("{folder}/{file}"), &target.path)?;
        if let Some(hook) = hooks
            .as_ref()
            .and_then(|h| h.targets.iter().find(|t| t.triple == target.triple))
        {
            // `bin/<name>-hook`, beside the host, where its `install` looks.
            let hook_file = beside_host(&file);
            out.executable(&format!("{folder}/{hook_file}"), &hook.path)?;
        }
        let json = PackageJson {
            name: package.clone(),
            version: version.clone(),
            description: format!("The {} build of {name}.", target.triple),
            bin: BTreeMap::new(),
            files: vec!["bin/".to_owned()],
            os: vec![platform.os],
            cpu: vec![platform.cpu],
            libc: platform.libc.into_iter().collect(),
            prefer_unplugged: true,
            optional_dependencies: BTreeMap::new(),
            engines: None,
        };
        out.text(
            &format!("{folder}/package.json"),
            &super::quote::json(&json),
        )?;
        builds.push(Build {
            package: package.clone(),
            os: platform.os,
            cpu: platform.cpu,
            libc: platform.libc,
            file,
        });
        packages.push(NpmPackage {
            name: package,
            folder,
            triple: Some(target.triple.clone()),
        });
    }

    let folder = manifest::folder(&name).to_owned();
    let launcher = format!("bin/{bin}.js");
    out.script(
        &format!("{folder}/{launcher}"),
        &launcher::script(&name, &bin, &builds),
    )?;
    let main = PackageJson {
        name: name.clone(),
        version: version.clone(),
        description,
        bin: BTreeMap::from([(bin.clone(), launcher)]),
        files: vec!["bin/".to_owned()],
        os: Vec::new(),
        cpu: Vec::new(),
        libc: Vec::new(),
        prefer_unplugged: false,
        optional_dependencies: builds
            .iter()
            .map(|b| (b.package.clone(), version.clone()))
            .collect(),
        engines: Some(Engines { node: NODE }),
    };
    out.text(
        &format!("{folder}/package.json"),
        &super::quote::json(&main),
    )?;
    out.text(
        &format!("{folder}/README.md"),
        &readme(&name, &bin, &builds),
    )?;
    packages.push(NpmPackage {
        name: name.clone(),
        folder,
        triple: None,
    });

    let dir = out.root().to_owned();
    let notes = vec![
        format!(
            "try it without a registry: `npm pack` in each folder, then `npm install` the main tarball with the one for your platform, and `npx {bin} --help`"
        ),
        format!(
            "publish the platform packages first, then {name}: `npm publish` in {}",
            packages
                .iter()
                .map(|p| p.folder.as_str())
                .collect::<Vec<_>>()
                .join(", then ")
        ),
        format!("users then run `npx {name} install claude` (or any agent `{bin} adapters` lists)"),
    ];
    Ok(NpmReport {
        dir,
        packages,
        files: out.finish("npm")?,
        notes,
    })
}

/// The hook-only build's path in a platform package whose host is at
/// `file` (`bin/<name>[.exe]`).
fn beside_host(file: &str) -> String {
    match file.rsplit_once('/') {
        Some((dir, name)) => format!("{dir}/{}", super::hook_bin::name_in_package(name)),
        None => super::hook_bin::name_in_package(file),
    }
}

/// The running binary (or `binary`) as the build for the target this code
/// was compiled for.
fn this_build(binary: Option<&Path>) -> Result<Target, NpmError> {
    let path = match binary {
        Some(path) => path.to_owned(),
        None => std::env::current_exe().map_err(|e| ExportError::Binary(e.to_string()))?,
    };
    let triple = host_triple().ok_or_else(|| {
        NpmError::Targets(
            "this system is none npm packages are made for here; pass `--bin TRIPLE=PATH` for each target"
                .to_owned(),
        )
    })?;
    Target::parse(&format!("{triple}={}", path.display()))
        .map_err(|e| NpmError::Targets(e.to_string()))
}

/// The target this code was compiled for, if a package can ship it.
fn host_triple() -> Option<&'static str> {
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x86_64",
        "aarch64" => "aarch64",
        _ => return None,
    };
    let rest = match std::env::consts::OS {
        "linux" if cfg!(target_env = "musl") => "unknown-linux-musl",
        "linux" => "unknown-linux-gnu",
        "macos" => "apple-darwin",
        "windows" if cfg!(target_env = "gnu") => "pc-windows-gnu",
        "windows" => "pc-windows-msvc",
        _ => return None,
    };
    super::targets::TRIPLES
        .iter()
        .copied()
        .find(|t| t.starts_with(arch) && t.ends_with(rest))
}

/// Each target's platform; two builds for one platform (a `gnu` and an
/// `msvc` Windows build) are refused, since npm would install both.
fn platforms(targets: &[Target]) -> Result<Vec<Platform>, NpmError> {
    let mut platforms: Vec<Platform> = Vec::new();
    for target in targets {
        let platform = Platform::of(&target.triple).ok_or_else(|| {
            NpmError::Targets(format!("npm has no platform for `{}`", target.triple))
        })?;
        if let Some(j) = platforms
            .iter()
            .position(|p| p.suffix() == platform.suffix())
        {
            return Err(NpmError::Targets(format!(
                "`--bin {}` and `--bin {}` both build for npm's {}: ship one of them",
                targets[j].triple,
                target.triple,
                platform.suffix()
            )));
        }
        platforms.push(platform);
    }
    Ok(platforms)
}

/// The command's name: the binary's file name, safe for a shell, without
/// `.exe`.
fn bin_name(path: &Path) -> String {
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let safe = package::safe_file_name(&file);
    safe.strip_suffix(".exe").unwrap_or(&safe).to_owned()
}

/// The main package's README: what npm's page shows.
fn readme(name: &str, bin: &str, builds: &[Build]) -> String {
    let platforms: Vec<String> = builds
        .iter()
        .map(|b| match b.libc {
            Some(libc) => format!("{} {} ({libc})", b.os, b.cpu),
            None => format!("{} {}", b.os, b.cpu),
        })
        .collect();
    format!(
        "# {name}\n\n\
         Plugins for AI coding agents, built with tackle. Install them into an agent:\n\n\
         ```sh\n\
         npx {name} install claude            # Claude Code, this user\n\
         npx {name} install claude --project  # this project only\n\
         npx {name} adapters                  # every agent, and what it runs\n\
         ```\n\n\
         `{bin} --help` lists every command. Builds: {}.\n",
        platforms.join(", ")
    )
}
