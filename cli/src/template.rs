//! The generated project's files: templates under `cli/templates/`, compiled
//! in, and the placeholders they hold.

/// One file of the project: where it goes (with `{{id}}` allowed in the
/// path) and its template.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// The path in the project, `/`-separated.
    pub path: &'static str,
    /// The text, with `{{placeholder}}`s.
    pub text: &'static str,
}

macro_rules! template {
    ($path:literal, $file:literal) => {
        Template {
            path: $path,
            text: include_str!(concat!("../templates/", $file)),
        }
    };
}

/// Every file `tackle new` writes, in the order it reports them.
pub const TEMPLATES: &[Template] = &[
    template!("Cargo.toml", "Cargo.toml.tmpl"),
    template!("README.md", "README.md.tmpl"),
    template!(".gitignore", "gitignore.tmpl"),
    template!("tackle.toml", "tackle.toml.tmpl"),
    template!("plugin/Cargo.toml", "plugin/Cargo.toml.tmpl"),
    template!("plugin/src/lib.rs", "plugin/src/lib.rs.tmpl"),
    template!(
        "plugin/skills/{{id}}/SKILL.md",
        "plugin/skills/SKILL.md.tmpl"
    ),
    template!("plugin/tests/plugin.rs", "plugin/tests/plugin.rs.tmpl"),
    template!("host/Cargo.toml", "host/Cargo.toml.tmpl"),
    template!("host/build.rs", "host/build.rs.tmpl"),
    template!("host/src/main.rs", "host/src/main.rs.tmpl"),
    template!("host/tests/cli.rs", "host/tests/cli.rs.tmpl"),
    template!("hook/Cargo.toml", "hook/Cargo.toml.tmpl"),
    template!("hook/build.rs", "hook/build.rs.tmpl"),
    template!("hook/src/main.rs", "hook/src/main.rs.tmpl"),
    template!("hook/tests/hook.rs", "hook/tests/hook.rs.tmpl"),
    template!(".github/workflows/release.yml", "github/release.yml.tmpl"),
    template!(".cargo/config.toml", "cargo/config.toml.tmpl"),
];

/// The files `tackle add NAME` writes into the project's `NAME/`, in the
/// order it reports them.
pub const ADDED: &[Template] = &[
    template!("Cargo.toml", "added/Cargo.toml.tmpl"),
    template!("src/lib.rs", "added/src/lib.rs.tmpl"),
    template!("tests/plugin.rs", "added/tests/plugin.rs.tmpl"),
];

/// The values of the placeholders, by name.
#[derive(Debug, Clone, Default)]
pub struct Values(Vec<(&'static str, String)>);

impl Values {
    /// Sets `{{name}}` to `value`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Values {
        self.0.push((name, value.into()));
        self
    }

    /// `text` with every placeholder replaced, in one pass (a value that
    /// happens to contain `{{...}}` is left as it is), or the first
    /// placeholder that has no value.
    pub fn render(&self, text: &str) -> Result<String, String> {
        let mut out = String::with_capacity(text.len() + 256);
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let end = after
                .find("}}")
                .ok_or_else(|| format!("`{{{{` without `}}}}`: {}", line_of(after)))?;
            let name = &after[..end];
            let value = self
                .0
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v)
                .ok_or_else(|| format!("no value for `{{{{{name}}}}}`"))?;
            out.push_str(value);
            rest = &after[end + 2..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// The start of `text` up to its first line break, for a message.
fn line_of(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_once() {
        let values = Values::default()
            .with("id", "my-plugin")
            .with("dep", "{{id}}");
        assert_eq!(
            values.render("[plugins.{{id}}] {{dep}} {{id}}").as_deref(),
            Ok("[plugins.my-plugin] {{id}} my-plugin")
        );
    }

    #[test]
    fn an_unknown_or_open_placeholder_is_named() {
        let values = Values::default().with("id", "x");
        assert_eq!(
            values.render("a {{idd}} b"),
            Err("no value for `{{idd}}`".to_owned())
        );
        assert!(
            values
                .render("a {{id\nb")
                .is_err_and(|e| e.contains("without"))
        );
    }

    #[test]
    fn the_templates_are_distinct_files() {
        for set in [TEMPLATES, ADDED] {
            let mut paths: Vec<&str> = set.iter().map(|t| t.path).collect();
            paths.sort_unstable();
            paths.dedup();
            assert_eq!(paths.len(), set.len());
            assert!(set.iter().all(|t| !t.text.is_empty()));
        }
    }
}
