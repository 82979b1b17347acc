//! `[sessions]` in the host config: where the values hooks keep per
//! session live, and how many the store holds.
//!
//! ```toml
//! [sessions]
//! # A store the team's hosts share (default: the host's own, in memory
//! # or, for the hook binary, in files). Never a password in the URL.
//! store = "redis://10.0.0.5:6379/0?prefix=team-a:"
//! password_env = "TACKLE_SESSION_STORE_PASSWORD"   # the variable that holds it
//! max_sessions = 20000          # sessions kept at once (default 1,000)
//! max_session_bytes = 1048576   # bytes of values per session (default 1 MiB)
//! max_idle_secs = 86400         # a session idle this long is forgotten (default 24 h)
//! active_secs = 1800            # one updated this recently is never forgotten for a new one (default 30 min)
//! ```
//!
//! An untrusted project's `[sessions]` is not applied (`trust::gate`): a
//! store it named could feed a guard's hooks whatever state it liked.

use std::time::Duration;

use tackle::Problem;
use tackle::session::SessionLimits;

use super::providers::is_variable_name;
use super::{read, toml_json};
use crate::session::StoreSetting;

const KEYS: &[&str] = &[
    "store",
    "password_env",
    "max_sessions",
    "max_session_bytes",
    "max_idle_secs",
    "active_secs",
];

/// What the host config says about session values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionsConfig {
    /// `store`: the URL of a store the host keeps session values in
    /// instead of its own.
    pub store: Option<String>,
    /// `password_env`: the environment variable that holds the store's
    /// password.
    pub password_env: Option<String>,
    /// `max_sessions`.
    pub max_sessions: Option<usize>,
    /// `max_session_bytes`.
    pub max_session_bytes: Option<usize>,
    /// `max_idle_secs`.
    pub max_idle: Option<Duration>,
    /// `active_secs`.
    pub active: Option<Duration>,
    /// The file that set `store`, for messages (several files merged name
    /// the last that set it).
    pub store_origin: Option<String>,
}

impl SessionsConfig {
    /// `base` with what this config sets over it.
    pub fn limits(&self, base: SessionLimits) -> SessionLimits {
        SessionLimits {
            max_sessions: self.max_sessions.unwrap_or(base.max_sessions),
            max_session_bytes: self.max_session_bytes.unwrap_or(base.max_session_bytes),
            max_idle: self.max_idle.unwrap_or(base.max_idle),
            active: self.active.unwrap_or(base.active),
        }
    }

    /// The store `store` names, if it names one; `origin` is the config's
    /// name when no file is known to have set it.
    pub fn setting(&self, origin: &str) -> Option<StoreSetting> {
        self.store.as_ref().map(|url| StoreSetting {
            url: url.clone(),
            password_env: self.password_env.clone(),
            origin: self
                .store_origin
                .clone()
                .unwrap_or_else(|| origin.to_owned()),
            key: "sessions.store".to_owned(),
            password_key: "sessions.password_env".to_owned(),
        })
    }

    /// Reads top-level key `key` of the file `origin`; problems are
    /// reported with their path.
    pub(super) fn parse(
        &mut self,
        key: &str,
        value: &toml::Value,
        origin: &str,
        problems: &mut Vec<Problem>,
    ) {
        let Some(table) = value.as_table() else {
            // A string here is likely the store's URL: not shown back.
            let found = if value.is_str() {
                "a string".to_owned()
            } else {
                toml_json::describe(value)
            };
            problems.push(Problem::new(
                key,
                format!("expected a table (`[{key}]` with `store = \"URL\"`), found {found}"),
            ));
            return;
        };
        for (name, value) in table {
            let path = format!("{key}.{name}");
            match name.as_str() {
                // Never shown back: a URL may hold what should not be in
                // a message (the store refuses a password in it when it
                // opens it, saying so).
                "store" => match value.as_str() {
                    Some(url) if !url.trim().is_empty() => {
                        self.store = Some(url.trim().to_owned());
                        self.store_origin = Some(origin.to_owned());
                    }
                    _ => problems.push(Problem::new(
                        path,
                        "expected the store's URL (`redis://HOST:PORT/DB`, `rediss://...`, `redis+unix:///PATH`)",
                    )),
                },
                "password_env" => match value.as_str() {
                    Some(var) if is_variable_name(var) => self.password_env = Some(var.to_owned()),
                    // Not shown back: it may be the password itself.
                    _ => problems.push(Problem::new(
                        path,
                        "expected the name of an environment variable (letters, digits, `_`), not the password itself: put the password in that variable",
                    )),
                },
                "max_sessions" | "max_session_bytes" => {
                    if let Some(n) = read::positive(&path, value, "a positive integer", problems) {
                        let n = usize::try_from(n).unwrap_or(usize::MAX);
                        if name == "max_sessions" {
                            self.max_sessions = Some(n);
                        } else {
                            self.max_session_bytes = Some(n);
                        }
                    }
                }
                "max_idle_secs" | "active_secs" => {
                    let what = "a positive number of seconds";
                    if let Some(n) = read::positive(&path, value, what, problems) {
                        let d = Duration::from_secs(n);
                        if name == "max_idle_secs" {
                            self.max_idle = Some(d);
                        } else {
                            self.active = Some(d);
                        }
                    }
                }
                other => problems.push(read::unknown_key(path, other, KEYS)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HostConfig;

    #[test]
    fn sessions_are_read_with_their_limits_and_the_file_that_named_the_store() {
        let config = HostConfig::parse(
            "[sessions]\nstore = \"redis://10.0.0.5:6379/2\"\npassword_env = \"REDIS_PW\"\nmax_sessions = 5\nactive_secs = 60\n",
            "/etc/t.toml",
        )
        .expect("valid");
        let limits = config.sessions.limits(SessionLimits::default());
        assert_eq!(limits.max_sessions, 5);
        assert_eq!(limits.active, Duration::from_secs(60));
        assert_eq!(limits.max_session_bytes, 1024 * 1024, "the default");
        let setting = config.sessions.setting("merged").expect("a store");
        assert_eq!(setting.url, "redis://10.0.0.5:6379/2");
        assert_eq!(setting.password_env.as_deref(), Some("REDIS_PW"));
        assert_eq!(
            (setting.origin.as_str(), setting.key.as_str()),
            ("/etc/t.toml", "sessions.store")
        );
        assert_eq!(HostConfig::default().sessions.setting("x"), None);
    }

    #[test]
    fn bad_sessions_are_reported_at_their_key_without_showing_the_url() {
        let error = HostConfig::parse(
            "[sessions]\nstore = 6379\npassword_env = \"no spaces please\"\nmax_idle_secs = 0\nmax_sesions = 3\n",
            "t.toml",
        )
        .expect_err("invalid");
        let text = error.to_string();
        for expected in [
            "`sessions.store`: expected the store's URL",
            "`sessions.password_env`: expected the name of an environment variable",
            "`sessions.max_idle_secs`: expected a positive number of seconds, found 0",
            "`sessions.max_sesions`: unknown key; did you mean `max_sessions`?",
        ] {
            assert!(text.contains(expected), "{expected}: {text}");
        }
        let error =
            HostConfig::parse("sessions = \"redis://:pw@x\"\n", "t.toml").expect_err("invalid");
        let text = error.to_string();
        assert!(text.contains("expected a table (`[sessions]`"), "{text}");
        assert!(!text.contains("pw"), "{text}");
    }
}
