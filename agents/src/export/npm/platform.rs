//! What npm calls each target a package can ship: the `os`, `cpu` and
//! `libc` values of a platform package's `package.json` (Node's
//! `process.platform` and `process.arch`, which npm compares them with),
//! and the suffix of the package's name.

/// One target as npm sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Platform {
    /// `process.platform`: `linux`, `darwin` or `win32`.
    pub(crate) os: &'static str,
    /// `process.arch`: `x64` or `arm64`.
    pub(crate) cpu: &'static str,
    /// On Linux, the C library the build links: `glibc` or `musl` (npm
    /// installs the package only where it is the system's; npm 10.4 and
    /// later read the field, older ones ignore it and the launcher chooses).
    pub(crate) libc: Option<&'static str>,
}

impl Platform {
    /// The platform of one of [`super::super::targets::TRIPLES`].
    pub(crate) fn of(triple: &str) -> Option<Platform> {
        let (os, libc) = if triple.ends_with("-linux-gnu") {
            ("linux", Some("glibc"))
        } else if triple.ends_with("-linux-musl") {
            ("linux", Some("musl"))
        } else if triple.ends_with("-apple-darwin") {
            ("darwin", None)
        } else if triple.contains("-windows-") {
            ("win32", None)
        } else {
            return None;
        };
        let cpu = match triple.split('-').next() {
            Some("x86_64") => "x64",
            Some("aarch64") => "arm64",
            _ => return None,
        };
        Some(Platform { os, cpu, libc })
    }

    /// What the platform package's name ends with: `linux-x64`,
    /// `linux-x64-musl`, `darwin-arm64`, `win32-x64` (as esbuild and biome
    /// name theirs).
    pub(crate) fn suffix(&self) -> String {
        match self.libc {
            Some("musl") => format!("{}-{}-musl", self.os, self.cpu),
            _ => format!("{}-{}", self.os, self.cpu),
        }
    }

    /// Whether its binaries end in `.exe`.
    pub(crate) fn windows(&self) -> bool {
        self.os == "win32"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::targets::TRIPLES;

    #[test]
    fn every_triple_a_package_ships_has_a_platform() {
        for triple in TRIPLES {
            assert!(Platform::of(triple).is_some(), "{triple}");
        }
        let suffixes: Vec<String> = [
            "x86_64-unknown-linux-gnu",
            "x86_64-unknown-linux-musl",
            "aarch64-unknown-linux-gnu",
            "aarch64-apple-darwin",
            "x86_64-apple-darwin",
            "x86_64-pc-windows-msvc",
            "x86_64-pc-windows-gnu",
            "aarch64-pc-windows-msvc",
        ]
        .iter()
        .filter_map(|t| Platform::of(t))
        .map(|p| p.suffix())
        .collect();
        assert_eq!(
            suffixes,
            [
                "linux-x64",
                "linux-x64-musl",
                "linux-arm64",
                "darwin-arm64",
                "darwin-x64",
                "win32-x64",
                "win32-x64",
                "win32-arm64"
            ]
        );
        assert_eq!(
            Platform::of("x86_64-unknown-linux-musl").and_then(|p| p.libc),
            Some("musl")
        );
        assert_eq!(
            Platform::of("x86_64-apple-darwin").and_then(|p| p.libc),
            None
        );
        assert_eq!(Platform::of("riscv64gc-unknown-linux-gnu"), None);
    }
}
