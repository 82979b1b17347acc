//! The store's URL, read and checked before the client sees it: which
//! server, the key prefix, the deadline, and never a password.

use std::time::Duration;

use redis::{ConnectionAddr, ConnectionInfo, IntoConnectionInfo};

/// The deadline of one call when the URL does not say (`?timeout_ms=`);
/// an update has two such steps (its change runs between them): 400 ms at
/// most, well inside a sync hook's 1 s budget.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(200);

/// The longest `?timeout_ms=` takes: a hook must still answer its agent.
const MAX_TIMEOUT: Duration = Duration::from_secs(60);

/// The key prefix when the URL does not say (`?prefix=`).
pub const DEFAULT_PREFIX: &str = "tackle:";

/// The longest `?prefix=` takes, in bytes.
const MAX_PREFIX: usize = 64;

/// The schemes the client reads; the `valkey` ones are the same.
const SCHEMES: [&str; 6] = [
    "redis",
    "rediss",
    "redis+unix",
    "valkey",
    "valkeys",
    "valkey+unix",
];

/// What to tell someone who put a password in the URL.
const NO_PASSWORD: &str = "the session store's URL holds a password, which would show in `ps`, in logs and in config files: take it out, put it in an environment variable and name the variable (`--session-store-password-env VAR`, or `password_env = \"VAR\"` under `[sessions]`)";

/// A store's URL, read.
#[derive(Debug, Clone)]
pub(crate) struct StoreUrl {
    /// What the client connects with (the password added).
    pub(crate) info: ConnectionInfo,
    /// How messages name the store: `redis://10.0.0.5:6379/0`, no
    /// credentials.
    pub(crate) name: String,
    /// What every key of the store starts with.
    pub(crate) prefix: String,
    /// The deadline of one call.
    pub(crate) timeout: Duration,
    /// Whether the connection is TLS (`rediss://`).
    pub(crate) tls: bool,
}

impl StoreUrl {
    /// Reads `url`; `password` is the one from the environment. An error
    /// never repeats the URL (it may hold the password it refuses).
    pub(crate) fn parse(url: &str, password: Option<String>) -> Result<StoreUrl, String> {
        let parsed = url::Url::parse(url).map_err(|e| {
            format!(
                "the session store's URL is not a URL ({e}); write `redis://HOST:PORT/DB`, `rediss://HOST:PORT/DB` or `redis+unix:///PATH`"
            )
        })?;
        let scheme = parsed.scheme();
        if !SCHEMES.contains(&scheme) {
            return Err(format!(
                "the session store's URL starts with `{scheme}://`; write `redis://HOST:PORT/DB`, `rediss://HOST:PORT/DB` (TLS) or `redis+unix:///PATH`"
            ));
        }
        let unix = scheme.ends_with("+unix");
        let mut prefix = DEFAULT_PREFIX.to_owned();
        let mut timeout = DEFAULT_TIMEOUT;
        for (key, value) in parsed.query_pairs() {
            match &*key {
                "pass" | "password" => return Err(NO_PASSWORD.to_owned()),
                "prefix" => prefix = check_prefix(&value)?,
                "timeout_ms" => timeout = check_timeout(&value)?,
                "protocol" => {}
                "db" | "user" if unix => {}
                other => {
                    return Err(format!(
                        "the session store's URL has a parameter `{other}` tackle does not know (it knows `prefix`, `timeout_ms`, `protocol`{})",
                        if unix { ", `db`, `user`" } else { "" }
                    ));
                }
            }
        }
        if parsed.password().is_some() {
            return Err(NO_PASSWORD.to_owned());
        }
        if parsed.fragment().is_some() {
            return Err(
                "the session store's URL has a `#` part: tackle takes none (`#insecure`, which turns certificate checks off, is refused)"
                    .to_owned(),
            );
        }
        let info = url.into_connection_info().map_err(|e| {
            let e = e.to_string();
            if e.contains("TLS") {
                "`rediss://` needs TLS, and this binary was built without it (tackle-store-redis's feature `tls`)".to_owned()
            } else {
                format!("the session store's URL cannot be used: {e}")
            }
        })?;
        let db = info.redis_settings().db();
        let tls = matches!(info.addr(), ConnectionAddr::TcpTls { .. });
        let name = match info.addr() {
            ConnectionAddr::Unix(path) => format!("{scheme}://{}?db={db}", path.display()),
            addr => format!("{scheme}://{addr}/{db}"),
        };
        let info = match password {
            Some(password) => {
                let settings = info.redis_settings().clone().set_password(password);
                info.set_redis_settings(settings)
            }
            None => info,
        };
        Ok(StoreUrl {
            info,
            name,
            prefix,
            timeout,
            tls,
        })
    }
}

/// `?prefix=`: printable, no spaces, at most 64 bytes.
fn check_prefix(prefix: &str) -> Result<String, String> {
    let printable = prefix.chars().all(|c| c.is_ascii_graphic());
    if prefix.is_empty() || prefix.len() > MAX_PREFIX || !printable {
        return Err(format!(
            "the session store's `prefix` must be 1 to {MAX_PREFIX} printable ASCII characters without spaces (`team-a:`)"
        ));
    }
    Ok(prefix.to_owned())
}

/// `?timeout_ms=`: 1 ms to 60 s.
fn check_timeout(text: &str) -> Result<Duration, String> {
    text.parse::<u64>()
        .ok()
        .map(Duration::from_millis)
        .filter(|t| !t.is_zero() && *t <= MAX_TIMEOUT)
        .ok_or_else(|| {
            format!(
                "the session store's `timeout_ms` must be a number of milliseconds from 1 to {}, found `{text}`",
                MAX_TIMEOUT.as_millis()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(url: &str) -> Result<StoreUrl, String> {
        StoreUrl::parse(url, None)
    }

    #[test]
    fn a_url_names_the_server_the_prefix_and_the_deadline() {
        let url = parse("redis://10.0.0.5:6380/2?prefix=team-a:&timeout_ms=100").expect("reads");
        assert_eq!(url.name, "redis://10.0.0.5:6380/2");
        assert_eq!(url.prefix, "team-a:");
        assert_eq!(url.timeout, Duration::from_millis(100));
        assert!(!url.tls);
        let url = parse("redis://localhost").expect("reads");
        assert_eq!(url.name, "redis://localhost:6379/0");
        assert_eq!(
            (url.prefix.as_str(), url.timeout),
            (DEFAULT_PREFIX, DEFAULT_TIMEOUT)
        );
        let url = parse("redis+unix:///run/redis.sock?db=3").expect("reads");
        assert_eq!(url.name, "redis+unix:///run/redis.sock?db=3");
        let url = parse("redis://tackle@10.0.0.5/0").expect("a user name alone is fine");
        assert_eq!(url.info.redis_settings().username(), Some("tackle"));
    }

    #[test]
    fn the_password_comes_from_the_environment_never_the_url() {
        for url in [
            "redis://:hunter2@10.0.0.5:6379/0",
            "redis://tackle:hunter2@10.0.0.5/0",
            "rediss://user:hunter2@10.0.0.5/0",
            "redis+unix:///run/redis.sock?pass=hunter2",
            "redis://10.0.0.5/0?password=hunter2",
        ] {
            let error = parse(url).expect_err(url);
            assert!(error.contains("holds a password"), "{url}: {error}");
            assert!(!error.contains("hunter2"), "{url}: {error}");
        }
        let url = StoreUrl::parse("redis://10.0.0.5/0", Some("hunter2".into())).expect("reads");
        assert_eq!(url.info.redis_settings().password(), Some("hunter2"));
        assert!(!url.name.contains("hunter2"));
    }

    #[test]
    fn a_bad_url_says_what_to_write_without_repeating_it() {
        let cases = [
            ("http://10.0.0.5/", "starts with `http://`"),
            ("10.0.0.5:6379", "write `redis://HOST:PORT/DB`"),
            ("redis://10.0.0.5/x", "cannot be used"),
            ("redis://10.0.0.5/0?prefix=", "`prefix` must be"),
            ("redis://10.0.0.5/0?prefix=a%20b", "`prefix` must be"),
            ("redis://10.0.0.5/0?timeout_ms=0", "`timeout_ms` must be"),
            (
                "redis://10.0.0.5/0?timeout_ms=999999",
                "`timeout_ms` must be",
            ),
            ("redis://10.0.0.5/0?db=1", "parameter `db`"),
            ("rediss://10.0.0.5/0#insecure", "`#insecure`"),
        ];
        for (url, expected) in cases {
            let error = parse(url).expect_err(url);
            assert!(error.contains(expected), "{url}: {error}");
        }
    }

    #[cfg(feature = "tls")]
    #[test]
    fn rediss_is_tls() {
        let url = parse("rediss://cache.example:6380/1").expect("reads");
        assert!(url.tls);
        assert_eq!(url.name, "rediss://cache.example:6380/1");
    }
}
