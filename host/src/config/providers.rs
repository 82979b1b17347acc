//! The host config's `provider`: which LLM provider the host uses by
//! default, and optionally which of its models.
//!
//! ```toml
//! provider = "scripted"
//! # or
//! [provider]
//! name = "scripted"
//! model = "scripted-coder"
//! ```
//!
//! Names are checked against the linked providers when the host is built
//! (an unknown one is a config problem with the known names).

use tackle::Problem;

use super::toml_json;

const KEYS: &[&str] = &["name", "model"];

/// What the host config says about providers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProvidersConfig {
    /// `provider = "name"` (or `[provider] name = ...`): the default provider.
    pub default: Option<String>,
    /// `[provider] model = ...`: the default provider's model to use.
    pub model: Option<String>,
}

impl ProvidersConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, value: &toml::Value, problems: &mut Vec<Problem>) {
        match value {
            toml::Value::String(name) => self.default = non_empty(key, name, problems),
            toml::Value::Table(table) => {
                for (field, value) in table {
                    let path = format!("{key}.{field}");
                    let text = match value {
                        toml::Value::String(text) => non_empty(&path, text, problems),
                        other => {
                            if KEYS.contains(&field.as_str()) {
                                problems.push(Problem::new(
                                    &path,
                                    format!("expected a string, found {}", toml_json::describe(other)),
                                ));
                            }
                            None
                        }
                    };
                    match field.as_str() {
                        "name" => self.default = text,
                        "model" => self.model = text,
                        other => problems.push(Problem::new(
                            &path,
                            format!(
                                "unknown key{} (known: {})",
                                crate::suggest::did_you_mean(other, KEYS),
                                crate::suggest::listing(KEYS)
                            ),
                        )),
                    }
                }
                if self.default.is_none() && self.model.is_some() {
                    problems.push(Problem::new(
                        key,
                        "names a model but no provider: add `name = \"...\"` (see `list` for the providers)",
                    ));
                }
            }
            other => problems.push(Problem::new(
                key,
                format!(
                    "expected a provider name (`provider = \"scripted\"`) or a table with `name` and `model`, found {}",
                    toml_json::describe(other)
                ),
            )),
        }
    }
}

fn non_empty(path: &str, text: &str, problems: &mut Vec<Problem>) -> Option<String> {
    if text.trim().is_empty() {
        problems.push(Problem::new(path, "cannot be empty"));
        None
    } else {
        Some(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::HostConfig;

    #[test]
    fn a_name_or_a_table() {
        let config = HostConfig::parse("provider = \"scripted\"\n", "t.toml").expect("valid");
        assert_eq!(config.providers.default.as_deref(), Some("scripted"));
        assert_eq!(config.providers.model, None);

        let config = HostConfig::parse(
            "[provider]\nname = \"scripted\"\nmodel = \"scripted-coder\"\n",
            "t.toml",
        )
        .expect("valid");
        assert_eq!(config.providers.default.as_deref(), Some("scripted"));
        assert_eq!(config.providers.model.as_deref(), Some("scripted-coder"));
    }

    #[test]
    fn bad_values_are_reported_with_their_path() {
        let err = HostConfig::parse("provider = 3\n", "t.toml").expect_err("invalid");
        assert!(
            err.to_string()
                .contains("`provider`: expected a provider name (`provider = \"scripted\"`)"),
            "{err}"
        );
        let err = HostConfig::parse("[provider]\nnme = \"x\"\nmodel = 4\n", "t.toml")
            .expect_err("invalid");
        let text = err.to_string();
        assert!(
            text.contains("`provider.nme`: unknown key; did you mean `name`?"),
            "{text}"
        );
        assert!(
            text.contains("`provider.model`: expected a string, found 4"),
            "{text}"
        );
        let err = HostConfig::parse("provider = \" \"\n", "t.toml").expect_err("invalid");
        assert!(
            err.to_string().contains("`provider`: cannot be empty"),
            "{err}"
        );
        let err = HostConfig::parse("[provider]\nmodel = \"m\"\n", "t.toml").expect_err("invalid");
        assert!(
            err.to_string().contains("names a model but no provider"),
            "{err}"
        );
    }
}
