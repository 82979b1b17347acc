//! The main package's command: a Node script that finds the platform
//! package npm installed (`require.resolve`, wherever npm put it) and runs
//! its binary with the arguments and stdio as they came, forwarding
//! `SIGINT`, `SIGTERM` and `SIGHUP` to it and passing its exit status (or
//! signal) on. No shell is involved, on any system.

use serde::Serialize;

use super::super::quote;

/// The script, with `__NAME__`, `__BIN__` and `__BUILDS__` to fill in.
const TEMPLATE: &str = include_str!("launcher.js");

/// One build the launcher may start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Build {
    /// The platform package's name.
    pub(crate) package: String,
    /// Its `os`, `cpu` and `libc`, as Node names them.
    pub(crate) os: &'static str,
    pub(crate) cpu: &'static str,
    pub(crate) libc: Option<&'static str>,
    /// The binary, relative to the platform package's folder.
    pub(crate) file: String,
}

/// The launcher of the main package `name`, whose binary is `bin`.
pub(crate) fn script(name: &str, bin: &str, builds: &[Build]) -> String {
    // Serializing plain strings and options cannot fail.
    let table = serde_json::to_string(builds).unwrap_or_default();
    TEMPLATE
        .replace("__NAME__", &quote::string(name))
        .replace("__BIN__", bin)
        .replace("__BUILDS__", &table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_and_names_are_javascript_literals() {
        let text = script(
            "@acme/guard",
            "guard",
            &[Build {
                package: "@acme/guard-linux-x64".into(),
                os: "linux",
                cpu: "x64",
                libc: Some("glibc"),
                file: "bin/guard".into(),
            }],
        );
        assert!(text.contains(r#"const NAME = "@acme/guard";"#), "{text}");
        assert!(
            text.contains(
                r#"const BUILDS = [{"package":"@acme/guard-linux-x64","os":"linux","cpu":"x64","libc":"glibc","file":"bin/guard"}];"#
            ),
            "{text}"
        );
        assert!(!text.contains("__"), "every placeholder filled in: {text}");
    }
}
