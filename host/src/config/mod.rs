//! The host config file (`tackle.toml`): which plugins run, in what order,
//! and each plugin's settings.
//!
//! ```toml
//! # Plugins to run, in this order. Leave it out to run every linked plugin,
//! # ordered by id.
//! enabled = ["metrics", "textkit"]
//!
//! # Cap on a tool's text output (bytes); longer output is cut with a marker.
//! max_output_bytes = 100000
//!
//! # One block per plugin, checked against the plugin's config schema.
//! [plugins.metrics]
//! max_file_bytes = 2_000_000
//! ```
//!
//! [`HostConfig`] is the parsed file ([`HostConfig::parse`], [`HostConfig::load`]);
//! a [`ConfigError`] lists every problem found, each at its path.

mod access;
mod cron;
mod error;
pub(crate) mod merge;
mod providers;
mod read;
mod rules;
mod sessions;
mod skills;
pub(crate) mod toml_json;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

pub use access::AccessConfig;
pub use cron::CronConfig;
pub use error::ConfigError;
pub use providers::{ProviderSettings, ProvidersConfig};
pub use rules::ConfigRule;
pub use sessions::SessionsConfig;
pub use skills::SkillsConfig;

pub use tackle::Problem;

pub(crate) const KEYS: &[&str] = &[
    "enabled",
    "max_output_bytes",
    "hook_timeout_ms",
    "tool_timeout_secs",
    "permission_rules",
    "plugins",
    "roles",
    "origins",
    "cron",
    "skills",
    "provider",
    "plugin_dirs",
    "sessions",
];

/// A parsed host config. Plugin blocks stay raw JSON here; the host checks
/// each against its plugin's schema once it knows which plugins are linked.
///
/// ```
/// use tackle_host::HostConfig;
///
/// let config = HostConfig::parse(
///     r#"
///     enabled = ["metrics", "textkit"]
///     max_output_bytes = 5000
///
///     [plugins.metrics]
///     max_file_bytes = 1_000
///
///     [[permission_rules]]
///     tool = "Bash"
///     pattern = "rm -rf*"
///     action = "deny"
///     "#,
///     "tackle.toml",
/// )
/// .unwrap();
/// assert_eq!(config.enabled, Some(vec!["metrics".to_owned(), "textkit".to_owned()]));
/// assert_eq!(config.max_output_bytes, Some(5000));
/// assert_eq!(config.plugins["metrics"]["max_file_bytes"], 1000);
/// assert_eq!(config.permission_rules[0].to_string(), r#"deny Bash "rm -rf*""#);
/// assert_eq!((config.permission_rules[0].origin.as_str(), config.permission_rules[0].index), ("tackle.toml", 0));
///
/// // Every problem at once, each at its path.
/// let error = HostConfig::parse("enabeld = []\nmax_output_bytes = \"big\"", "tackle.toml")
///     .unwrap_err();
/// let paths: Vec<&str> = error.problems.iter().map(|p| p.path.as_str()).collect();
/// assert_eq!(paths, ["enabeld", "max_output_bytes"]);
/// assert!(error.to_string().contains("enabled"), "{error}"); // the nearest key
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HostConfig {
    /// Where it came from, for messages (a path, or `<inline>`).
    pub origin: String,
    /// `enabled`, if given: plugin ids in order.
    pub enabled: Option<Vec<String>>,
    /// `max_output_bytes`, if given.
    pub max_output_bytes: Option<usize>,
    /// `hook_timeout_ms`, if given: how long an async hook may take.
    pub hook_timeout_ms: Option<u64>,
    /// `tool_timeout_secs`, if given: how long a tool called through the
    /// MCP server may run before it is cancelled and the client told so.
    pub tool_timeout_secs: Option<u64>,
    /// `[[permission_rules]]`, checked (globs compiled), each with its file.
    pub permission_rules: Vec<ConfigRule>,
    /// `[plugins.<id>]` blocks.
    pub plugins: BTreeMap<String, Value>,
    /// `[roles]` and `[origins]`: who holds which permissions.
    pub access: AccessConfig,
    /// `[cron]`: the scheduler's settings.
    pub cron: CronConfig,
    /// `[skills]`: skill folders scanned at run time.
    pub skills: SkillsConfig,
    /// `[sessions]`: where session values are kept, and how many.
    pub sessions: SessionsConfig,
    /// `provider`: which LLM provider the host uses.
    pub providers: ProvidersConfig,
    /// `plugin_dirs`: extra folders of declarative plugins, relative to the
    /// agent folder (a config read from its file, as the command line reads
    /// them, has them relative to that file's folder); they shadow the
    /// user's and are shadowed by the project's.
    pub plugin_dirs: Vec<std::path::PathBuf>,
}

impl HostConfig {
    /// Reads and parses a config file.
    pub fn load(path: &Path) -> Result<HostConfig, ConfigError> {
        let origin = path.display().to_string();
        let text = crate::limits::read_text(path).map_err(|e| ConfigError {
            origin: origin.clone(),
            problems: vec![Problem::new("", format!("cannot read the file: {e}"))],
        })?;
        HostConfig::parse(&text, &origin)
    }

    /// Parses config text; `origin` names it in messages. Every problem is
    /// reported, not just the first.
    pub fn parse(text: &str, origin: &str) -> Result<HostConfig, ConfigError> {
        HostConfig::from_table(table(text, origin)?, origin)
    }

    /// Reads a parsed TOML table; as [`parse`](Self::parse) otherwise.
    pub fn from_table(table: toml::Table, origin: &str) -> Result<HostConfig, ConfigError> {
        let fail = |problems| ConfigError {
            origin: origin.to_owned(),
            problems,
        };
        let mut config = HostConfig {
            origin: origin.to_owned(),
            ..HostConfig::default()
        };
        let mut problems = Vec::new();
        for (key, value) in table {
            match key.as_str() {
                "enabled" => config.enabled = enabled(&value, &mut problems),
                "max_output_bytes" => {
                    let what = "a positive integer";
                    if let Some(n) = read::positive(&key, &value, what, &mut problems) {
                        config.max_output_bytes = usize::try_from(n).ok();
                    }
                }
                "hook_timeout_ms" => {
                    let what = "a positive number of milliseconds";
                    if let Some(n) = read::positive(&key, &value, what, &mut problems) {
                        config.hook_timeout_ms = Some(n);
                    }
                }
                "tool_timeout_secs" => {
                    let what = "a positive number of seconds";
                    if let Some(n) = read::positive(&key, &value, what, &mut problems) {
                        config.tool_timeout_secs = Some(n);
                    }
                }
                "permission_rules" => {
                    config.permission_rules = rules::parse(&value, origin, &mut problems);
                }
                "plugins" => match value {
                    toml::Value::Table(blocks) => {
                        for (id, block) in blocks {
                            let path = format!("plugins.{id}");
                            let example = format!("`[{path}]`");
                            if read::table(&path, &block, &example, &mut problems).is_some() {
                                config.plugins.insert(id, toml_json::convert(block));
                            }
                        }
                    }
                    other => problems.push(read::expected(
                        "plugins",
                        "a table of plugin blocks",
                        &other,
                    )),
                },
                "roles" | "origins" => config.access.parse(&key, &value, &mut problems),
                "cron" => config.cron.parse(&key, &value, &mut problems),
                "skills" => config.skills.parse(&key, &value, &mut problems),
                "sessions" => config.sessions.parse(&key, &value, origin, &mut problems),
                "provider" => config.providers.parse(&key, &value, &mut problems),
                "plugin_dirs" => {
                    let what = ("an array of folder paths", "a folder path");
                    let keep = |dir: &str| !dir.is_empty();
                    if let Some(dirs) = read::strings(&key, &value, what, keep, &mut problems) {
                        config.plugin_dirs.extend(dirs.into_iter().map(Into::into));
                    }
                }
                other => problems.push(read::unknown_key(other, other, KEYS)),
            }
        }
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(fail(problems))
        }
    }
}

/// Config text as a TOML table; a syntax error is a problem with its place.
pub(crate) fn table(text: &str, origin: &str) -> Result<toml::Table, ConfigError> {
    toml::from_str(text).map_err(|e| ConfigError {
        origin: origin.to_owned(),
        problems: vec![Problem::new(
            "",
            format!("not valid TOML: {}", e.to_string().trim_end()),
        )],
    })
}

fn enabled(value: &toml::Value, problems: &mut Vec<Problem>) -> Option<Vec<String>> {
    let Some(items) = value.as_array() else {
        problems.push(read::expected("enabled", "an array of plugin ids", value));
        return None;
    };
    let mut ids: Vec<String> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item.as_str() {
            Some(id) if ids.iter().any(|seen| seen == id) => problems.push(Problem::new(
                format!("enabled[{i}]"),
                format!("`{id}` is listed twice"),
            )),
            Some(id) => ids.push(id.to_owned()),
            None => problems.push(read::expected(format!("enabled[{i}]"), "a plugin id", item)),
        }
    }
    Some(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_order_cap_and_blocks() {
        let config = HostConfig::parse(
            "enabled = [\"b\", \"a\"]\nmax_output_bytes = 10\n[plugins.a]\nx = 1\nwhen = 1979-05-27\n",
            "t.toml",
        )
        .expect("valid");
        assert_eq!(config.enabled, Some(vec!["b".to_owned(), "a".to_owned()]));
        assert_eq!(config.max_output_bytes, Some(10));
        assert_eq!(config.plugins["a"], json!({"x": 1, "when": "1979-05-27"}));
    }

    #[test]
    fn reports_every_problem_at_once() {
        let err = HostConfig::parse(
            "enabld = []\nmax_output_bytes = -3\nenabled = [\"a\", 1, \"a\"]\nplugins = { a = 3 }\n",
            "t.toml",
        )
        .expect_err("invalid");
        let text = err.to_string();
        assert_eq!(err.problems.len(), 5, "{text}");
        assert!(
            text.contains("`enabld`: unknown key; did you mean `enabled`?"),
            "{text}"
        );
        assert!(
            text.contains("`max_output_bytes`: expected a positive integer, found -3"),
            "{text}"
        );
        assert!(
            text.contains("`enabled[1]`: expected a plugin id, found 1"),
            "{text}"
        );
        assert!(text.contains("`enabled[2]`: `a` is listed twice"), "{text}");
        assert!(
            text.contains("`plugins.a`: expected a table (`[plugins.a]`), found 3"),
            "{text}"
        );
        assert!(text.starts_with("t.toml has 5 problems"), "{text}");
    }

    #[test]
    fn time_limits_are_positive_integers() {
        let config = HostConfig::parse("hook_timeout_ms = 250\ntool_timeout_secs = 30\n", "t.toml")
            .expect("valid");
        assert_eq!(
            (config.hook_timeout_ms, config.tool_timeout_secs),
            (Some(250), Some(30))
        );
        let err = HostConfig::parse(
            "hook_timeout_ms = 0\ntool_timeout_secs = \"1m\"\n",
            "t.toml",
        )
        .expect_err("invalid");
        let text = err.to_string();
        assert!(
            text.contains("`hook_timeout_ms`: expected a positive number of milliseconds, found 0"),
            "{text}"
        );
        assert!(
            text.contains("`tool_timeout_secs`: expected a positive number of seconds, found"),
            "{text}"
        );
    }

    #[test]
    fn syntax_errors_carry_the_position() {
        let err = HostConfig::parse("enabled = [\n", "t.toml").expect_err("invalid");
        assert!(err.to_string().contains("line 1"), "{err}");
    }
}

#[cfg(test)]
mod rule_tests {
    use super::*;

    #[test]
    fn permission_rules_are_read_and_checked() {
        let config = HostConfig::parse(
            "hook_timeout_ms = 250\n[[permission_rules]]\ntool = \"Bash\"\npattern = \"npm publish*\"\naction = \"deny\"\n",
            "t.toml",
        )
        .expect("valid");
        assert_eq!(config.hook_timeout_ms, Some(250));
        assert_eq!(config.permission_rules.len(), 1);
        assert_eq!(
            config.permission_rules[0].to_string(),
            "deny Bash \"npm publish*\""
        );

        let err = HostConfig::parse(
            "[[permission_rules]]\ntool = \"[a-\"\naction = \"deny\"\n[[permission_rules]]\ntol = \"x\"\naction = \"maybe\"\n[[permission_rules]]\nargument = \"url\"\n",
            "t.toml",
        )
        .expect_err("invalid");
        let text = err.to_string();
        assert!(
            text.contains("`permission_rules[0].tool`: not a valid glob"),
            "{text}"
        );
        assert!(
            text.contains("`permission_rules[1].tol`: unknown key; did you mean `tool`?"),
            "{text}"
        );
        assert!(
            text.contains(
                "`permission_rules[1].action`: expected `allow`, `deny` or `ask`, found `maybe`"
            ),
            "{text}"
        );
        assert!(
            text.contains("`permission_rules[2].argument`: names an argument"),
            "{text}"
        );
        assert!(
            text.contains("`permission_rules[2].action`: missing"),
            "{text}"
        );
    }
}
