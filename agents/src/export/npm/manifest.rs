//! The `package.json` of each package `export npm` writes, and the names
//! npm accepts for them.

use std::collections::BTreeMap;

use serde::Serialize;

/// The fields of a `package.json` the packages use, in the order npm's own
/// files list them ([npm's docs](https://docs.npmjs.com/cli/v11/configuring-npm/package-json)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PackageJson {
    pub(crate) name: String,
    pub(crate) version: String,
    pub(crate) description: String,
    /// The main package's command: its name on `PATH` and for `npx`, and
    /// the launcher it runs.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) bin: BTreeMap<String, String>,
    /// What `npm pack` puts in the tarball, besides `package.json` and a
    /// README.
    pub(crate) files: Vec<String>,
    /// Where a platform package installs (npm skips it elsewhere).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) os: Vec<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) cpu: Vec<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) libc: Vec<&'static str>,
    /// Yarn's Plug'n'Play keeps packages zipped; a binary must be on disk.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) prefer_unplugged: bool,
    /// The platform packages, each at exactly the main package's version:
    /// npm installs the one whose `os`, `cpu` and `libc` fit.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) optional_dependencies: BTreeMap<String, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) engines: Option<Engines>,
}

/// The Node versions the launcher runs on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Engines {
    pub(crate) node: &'static str,
}

/// The longest name npm accepts.
const MAX_NAME: usize = 214;

/// Checks `name` against npm's rules for a new package: lowercase letters,
/// digits and `- . _ ~`, not starting with `.` or `_`, optionally under a
/// scope (`@scope/name`), at most 214 characters with the longest
/// platform suffix `longest_suffix` added.
pub(crate) fn check_name(name: &str, longest_suffix: usize) -> Result<(), String> {
    let (scope, bare) = match name.strip_prefix('@') {
        Some(scoped) => match scoped.split_once('/') {
            Some((scope, bare)) => (Some(scope), bare),
            None => {
                return Err(format!(
                    "`{name}` starts with `@` but has no `/`: a scoped name is `@scope/name`"
                ));
            }
        },
        None => (None, name),
    };
    for (what, part) in scope
        .map(|s| ("scope", s))
        .into_iter()
        .chain([("name", bare)])
    {
        if part.is_empty() {
            return Err(format!("`{name}`: the {what} is empty"));
        }
        if part.starts_with(['.', '_']) {
            return Err(format!("`{name}`: the {what} starts with `.` or `_`"));
        }
        if let Some(c) = part
            .chars()
            .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || "-._~".contains(*c)))
        {
            return Err(format!(
                "`{name}` holds {c:?}: npm names are lowercase letters, digits and `- . _ ~`"
            ));
        }
    }
    if name.len() + 1 + longest_suffix > MAX_NAME {
        return Err(format!(
            "`{name}` is too long: with `-` and the platform's suffix it must fit npm's {MAX_NAME} characters"
        ));
    }
    Ok(())
}

/// The folder a package is written to under the export's folder: its
/// name without the scope.
pub(crate) fn folder(name: &str) -> &str {
    name.rsplit_once('/').map_or(name, |(_, bare)| bare)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npm_names_are_checked() {
        assert_eq!(check_name("my-guard", 14), Ok(()));
        assert_eq!(check_name("@acme/my.guard_2", 14), Ok(()));
        for (bad, says) in [
            ("My-Guard", "holds 'M'"),
            ("a b", "holds ' '"),
            ("_x", "starts with `.` or `_`"),
            ("@acme", "has no `/`"),
            ("@/x", "the scope is empty"),
            ("@acme/", "the name is empty"),
        ] {
            let e = check_name(bad, 14).expect_err(bad);
            assert!(e.contains(says), "{bad}: {e}");
        }
        let long = "a".repeat(200);
        assert!(check_name(&long, 14).is_err_and(|e| e.contains("too long")));
        assert_eq!(folder("@acme/guard"), "guard");
        assert_eq!(folder("guard"), "guard");
    }

    #[test]
    fn empty_fields_are_left_out() {
        let json = PackageJson {
            name: "x-linux-x64".into(),
            version: "1.0.0".into(),
            description: "d".into(),
            bin: BTreeMap::new(),
            files: vec!["bin/".into()],
            os: vec!["linux"],
            cpu: vec!["x64"],
            libc: vec![],
            prefer_unplugged: true,
            optional_dependencies: BTreeMap::new(),
            engines: None,
        };
        assert_eq!(
            serde_json::to_value(&json).expect("encodes"),
            serde_json::json!({"name": "x-linux-x64", "version": "1.0.0", "description": "d",
                "files": ["bin/"], "os": ["linux"], "cpu": ["x64"], "preferUnplugged": true})
        );
    }
}
