//! The host config's `provider`: which LLM provider the host uses by
//! default, which model, where the API is and which environment variable
//! holds its key, and what a prompt cron job uses instead.
//!
//! ```toml
//! provider = "scripted"
//! # or
//! [provider]
//! name = "anthropic"                # a linked `#[provider]`, or anthropic, openai, openai-responses
//! model = "claude-sonnet-4-5"
//! base_url = "https://api.anthropic.com"   # the API providers only
//! api_key_env = "ANTHROPIC_API_KEY"        # the variable's name, never the key
//! timeout_secs = 300                       # per request
//! max_retries = 3                          # after a 429, a 5xx, a broken connection
//!
//! # One job's runs (its id from `list`) with another provider or model.
//! [provider.jobs."__plugin_reviewer_weekly-review"]
//! name = "openai"
//! model = "gpt-5-mini"
//! base_url = "http://127.0.0.1:11434/v1"
//! ```
//!
//! Names are checked against the linked providers and the host's API
//! providers when the host is built (an unknown one is a config problem
//! with the known names); job ids when a scheduler plans the jobs.

use std::collections::BTreeMap;

use tackle::Problem;

use super::read;

const KEYS: &[&str] = &[
    "name",
    "model",
    "base_url",
    "api_key_env",
    "timeout_secs",
    "max_retries",
    "jobs",
];

/// What the host config says about providers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProvidersConfig {
    /// `provider = "name"` (or `[provider] name = ...`): the default provider.
    pub default: Option<String>,
    /// `[provider] model = ...`: the default provider's model to use.
    pub model: Option<String>,
    /// The rest of `[provider]`: where the API is, its key, its limits.
    pub settings: ProviderSettings,
    /// `[provider.jobs."<job id>"]`: what a job's runs use instead.
    pub jobs: BTreeMap<String, ProviderSettings>,
}

/// One provider choice: every field optional, a job's over the default's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProviderSettings {
    /// The provider's name.
    pub name: Option<String>,
    /// The model.
    pub model: Option<String>,
    /// Where an API provider is served.
    pub base_url: Option<String>,
    /// The environment variable holding an API provider's key.
    pub api_key_env: Option<String>,
    /// How long one request may take, in seconds.
    pub timeout_secs: Option<u64>,
    /// How many times a request that may pass is sent again.
    pub max_retries: Option<u32>,
}

impl ProviderSettings {
    /// These settings with `over`'s fields where it has them.
    #[must_use]
    pub fn overridden_by(&self, over: &ProviderSettings) -> ProviderSettings {
        // Another provider starts from its own defaults, not this one's API.
        let same = over.name.is_none() || over.name == self.name;
        let keep = |mine: &Option<String>| if same { mine.clone() } else { None };
        ProviderSettings {
            name: over.name.clone().or_else(|| self.name.clone()),
            model: over.model.clone().or_else(|| keep(&self.model)),
            base_url: over.base_url.clone().or_else(|| keep(&self.base_url)),
            api_key_env: over.api_key_env.clone().or_else(|| keep(&self.api_key_env)),
            timeout_secs: over.timeout_secs.or(self.timeout_secs),
            max_retries: over.max_retries.or(self.max_retries),
        }
    }

    /// Whether it sets anything only an API provider reads.
    pub fn has_api_fields(&self) -> bool {
        self.base_url.is_some() || self.api_key_env.is_some()
    }
}

impl ProvidersConfig {
    /// The settings a run uses: the default's, under those of `job` if
    /// the config has a `[provider.jobs."<job>"]`.
    pub fn settings_for(&self, job: Option<&str>) -> ProviderSettings {
        let default = ProviderSettings {
            name: self.default.clone(),
            model: self.model.clone(),
            ..self.settings.clone()
        };
        match job.and_then(|id| self.jobs.get(id)) {
            Some(over) => default.overridden_by(over),
            None => default,
        }
    }

    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, value: &toml::Value, problems: &mut Vec<Problem>) {
        match value {
            toml::Value::String(name) => self.default = non_empty(key, name, problems),
            toml::Value::Table(table) => {
                let mut settings = ProviderSettings::default();
                for (field, value) in table {
                    let path = format!("{key}.{field}");
                    if field == "jobs" {
                        self.parse_jobs(&path, value, problems);
                    } else {
                        read_field(&mut settings, &path, field, value, problems);
                    }
                }
                self.default = settings.name.take();
                self.model = settings.model.take();
                self.settings = settings;
                if self.default.is_none() && self.model.is_some() {
                    problems.push(Problem::new(
                        key,
                        "names a model but no provider: add `name = \"...\"` (see `list` for the providers)",
                    ));
                }
            }
            other => problems.push(read::expected(
                key,
                "a provider name (`provider = \"scripted\"`) or a table with `name` and `model`",
                other,
            )),
        }
    }

    fn parse_jobs(&mut self, path: &str, value: &toml::Value, problems: &mut Vec<Problem>) {
        let what = format!("a table of job ids (`[{path}.\"<job id>\"]`)");
        let Some(jobs) = value.as_table() else {
            problems.push(read::expected(path, &what, value));
            return;
        };
        for (id, value) in jobs {
            let job_path = format!("{path}.{id}");
            let example = "`name`, `model`, ...";
            let Some(fields) = read::table(&job_path, value, example, problems) else {
                continue;
            };
            let mut settings = ProviderSettings::default();
            for (field, value) in fields {
                let field_path = format!("{job_path}.{field}");
                if field == "jobs" {
                    problems.push(Problem::new(&field_path, "jobs do not nest"));
                } else {
                    read_field(&mut settings, &field_path, field, value, problems);
                }
            }
            self.jobs.insert(id.clone(), settings);
        }
    }
}

/// Reads one field of a provider table into `settings`.
fn read_field(
    settings: &mut ProviderSettings,
    path: &str,
    field: &str,
    value: &toml::Value,
    problems: &mut Vec<Problem>,
) {
    let text = || match value {
        toml::Value::String(text) => non_empty(path, text, &mut Vec::new())
            .ok_or_else(|| Problem::new(path, "cannot be empty")),
        other => Err(read::expected(path, "a string", other)),
    };
    let count = || match value {
        toml::Value::Integer(n) if *n >= 0 => Ok(*n as u64),
        other => Err(read::expected(path, "a whole number, 0 or more", other)),
    };
    let outcome = match field {
        "name" => text().map(|t| settings.name = Some(t)),
        "model" => text().map(|t| settings.model = Some(t)),
        "base_url" => text().and_then(|t| {
            if t.starts_with("http://") || t.starts_with("https://") {
                settings.base_url = Some(t);
                Ok(())
            } else {
                Err(Problem::new(
                    path,
                    format!("`{t}` is not an http:// or https:// URL"),
                ))
            }
        }),
        "api_key_env" => text().and_then(|t| {
            if is_variable_name(&t) {
                settings.api_key_env = Some(t);
                Ok(())
            } else {
                Err(Problem::new(
                    path,
                    "expected the name of an environment variable (letters, digits, `_`), not the key itself: put the key in that variable",
                ))
            }
        }),
        "timeout_secs" => count().and_then(|n| {
            if n == 0 {
                Err(Problem::new(path, "must be at least 1"))
            } else {
                settings.timeout_secs = Some(n);
                Ok(())
            }
        }),
        "max_retries" => count().and_then(|n| match u32::try_from(n) {
            Ok(n) if n <= MAX_RETRIES => {
                settings.max_retries = Some(n);
                Ok(())
            }
            // With a minute's wait each, more would never end.
            _ => Err(Problem::new(path, format!("must be at most {MAX_RETRIES}"))),
        }),
        other => Err(read::unknown_key(path, other, KEYS)),
    };
    if let Err(problem) = outcome {
        problems.push(problem);
    }
}

/// The most `max_retries` takes.
pub const MAX_RETRIES: u32 = 20;

/// `^[A-Za-z_][A-Za-z0-9_]*$`: what a shell accepts as a variable name.
pub(crate) fn is_variable_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
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
    fn a_jobs_settings_override_the_defaults_and_another_provider_starts_afresh() {
        let config = HostConfig::parse(
            r#"
            [provider]
            name = "anthropic"
            model = "claude-x"
            base_url = "http://127.0.0.1:1"
            api_key_env = "MY_KEY"
            timeout_secs = 20
            [provider.jobs.nightly]
            model = "claude-y"
            [provider.jobs.elsewhere]
            name = "openai"
            model = "gpt-x"
            "#,
            "t.toml",
        )
        .expect("valid");
        let providers = &config.providers;
        let nightly = providers.settings_for(Some("nightly"));
        assert_eq!(nightly.name.as_deref(), Some("anthropic"));
        assert_eq!(nightly.model.as_deref(), Some("claude-y"));
        assert_eq!(nightly.api_key_env.as_deref(), Some("MY_KEY"));
        assert_eq!(nightly.timeout_secs, Some(20));
        let elsewhere = providers.settings_for(Some("elsewhere"));
        assert_eq!(elsewhere.name.as_deref(), Some("openai"));
        assert_eq!(elsewhere.base_url, None, "anthropic's URL is not openai's");
        assert_eq!(elsewhere.api_key_env, None);
        assert_eq!(elsewhere.timeout_secs, Some(20));
        assert_eq!(
            providers.settings_for(None).model.as_deref(),
            Some("claude-x")
        );
        assert_eq!(
            providers.settings_for(Some("other")).model.as_deref(),
            Some("claude-x")
        );
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
        let err = HostConfig::parse(
            "[provider]\nname = \"openai\"\napi_key_env = \"sk-live-123\"\nbase_url = \"localhost:1\"\ntimeout_secs = 0\nmax_retries = 21\n[provider.jobs.x]\nmax_retries = -1\n",
            "t.toml",
        )
        .expect_err("invalid");
        let text = err.to_string();
        assert!(
            text.contains("`provider.api_key_env`: expected the name of an environment variable"),
            "{text}"
        );
        assert!(
            !text.contains("sk-live-123"),
            "a key is never echoed: {text}"
        );
        assert!(
            text.contains("`provider.base_url`: `localhost:1` is not an http:// or https:// URL"),
            "{text}"
        );
        assert!(
            text.contains("`provider.timeout_secs`: must be at least 1"),
            "{text}"
        );
        assert!(
            text.contains("`provider.max_retries`: must be at most 20"),
            "{text}"
        );
        assert!(
            text.contains(
                "`provider.jobs.x.max_retries`: expected a whole number, 0 or more, found -1"
            ),
            "{text}"
        );
    }
}
