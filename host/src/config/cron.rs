//! `[cron]` in the host config: switch the scheduler or single jobs off
//! (or on), and set its time limits.
//!
//! ```toml
//! [cron]
//! enabled = true                                # false: `run` schedules nothing
//! disable = ["__plugin_reviewer_weekly-review"]  # job ids to keep off
//! enable = ["__plugin_demo_gc"]                  # jobs declared `enabled: false` to turn on
//! grace_period_secs = 30                         # how long shutdown waits for running jobs
//! exec_timeout_secs = 600                        # how long an `exec` job may run
//! ```
//!
//! Job ids are checked against the linked jobs when the scheduler is
//! planned (an unknown id is a problem, with the nearest id suggested).

use std::time::Duration;

use tackle::Problem;

use super::read;

const KEYS: &[&str] = &[
    "enabled",
    "disable",
    "enable",
    "grace_period_secs",
    "exec_timeout_secs",
];

/// What the host config says about cron.
#[derive(Debug, Clone, PartialEq)]
pub struct CronConfig {
    /// Whether the scheduler runs any job (default `true`).
    pub enabled: bool,
    /// Job ids kept off whatever they declare.
    pub disable: Vec<String>,
    /// Job ids turned on although they declare `enabled = false`.
    pub enable: Vec<String>,
    /// How long shutdown waits for running jobs (default 30 s).
    pub grace_period: Duration,
    /// How long an `exec` job may run before it is killed (default 10 min).
    pub exec_timeout: Duration,
}

impl Default for CronConfig {
    fn default() -> Self {
        CronConfig {
            enabled: true,
            disable: Vec::new(),
            enable: Vec::new(),
            grace_period: Duration::from_secs(30),
            exec_timeout: Duration::from_secs(600),
        }
    }
}

impl CronConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, value: &toml::Value, problems: &mut Vec<Problem>) {
        let Some(table) = read::table(key, value, "`[cron]`", problems) else {
            return;
        };
        for (name, value) in table {
            let path = format!("{key}.{name}");
            match name.as_str() {
                "enabled" => match value.as_bool() {
                    Some(b) => self.enabled = b,
                    None => problems.push(read::expected(path, "`true` or `false`", value)),
                },
                "disable" | "enable" => {
                    let ids = ids(&path, value, problems);
                    if name == "disable" {
                        self.disable = ids;
                    } else {
                        self.enable = ids;
                    }
                }
                "grace_period_secs" | "exec_timeout_secs" => {
                    let what = "a positive number of seconds";
                    if let Some(n) = read::positive(&path, value, what, problems) {
                        let d = Duration::from_secs(n);
                        if name == "grace_period_secs" {
                            self.grace_period = d;
                        } else {
                            self.exec_timeout = d;
                        }
                    }
                }
                other => problems.push(read::unknown_key(path, other, KEYS)),
            }
        }
        for id in &self.disable {
            if self.enable.contains(id) {
                problems.push(Problem::new(
                    format!("{key}.enable"),
                    format!("job `{id}` is in both `enable` and `disable`; keep it in one"),
                ));
            }
        }
    }
}

fn ids(path: &str, value: &toml::Value, problems: &mut Vec<Problem>) -> Vec<String> {
    let what = (
        "a list of job ids such as `[\"__plugin_demo_gc\"]`",
        "a job id (a string)",
    );
    read::strings(path, value, what, |_| true, problems).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (CronConfig, Vec<Problem>) {
        let value: toml::Table = toml::from_str(text).expect("toml");
        let mut config = CronConfig::default();
        let mut problems = Vec::new();
        config.parse("cron", &value["cron"], &mut problems);
        (config, problems)
    }

    #[test]
    fn reads_every_key() {
        let (c, p) = parse(
            "[cron]\nenabled = false\ndisable = [\"a\"]\nenable = [\"b\"]\ngrace_period_secs = 5\nexec_timeout_secs = 7\n",
        );
        assert!(p.is_empty(), "{p:?}");
        assert!(!c.enabled);
        assert_eq!(c.disable, ["a"]);
        assert_eq!(c.enable, ["b"]);
        assert_eq!(c.grace_period, Duration::from_secs(5));
        assert_eq!(c.exec_timeout, Duration::from_secs(7));
    }

    #[test]
    fn reports_bad_values_with_paths() {
        let (_, p) =
            parse("[cron]\nenabeld = true\ndisable = [1]\ngrace_period_secs = 0\nenable = \"x\"\n");
        let text: Vec<String> = p.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 4, "{text:?}");
        assert!(
            text.iter()
                .any(|t| t.contains("cron.enabeld") && t.contains("did you mean `enabled`")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("cron.disable[0]")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("cron.grace_period_secs")),
            "{text:?}"
        );
        assert!(text.iter().any(|t| t.contains("cron.enable")), "{text:?}");
    }
}
