//! The `Host` and `Origin` allow-lists, checked as rmcp checks `/mcp`'s,
//! on every route before a body is read (rmcp checks `/mcp`'s again, once
//! the body is in): against DNS rebinding, a web page that reaches a
//! loopback server under its own name.

use axum::http::Uri;
use axum::http::uri::Authority;
use axum::http::{HeaderMap, StatusCode, header};

/// What is let in, read once from the lists' text.
#[derive(Debug, Clone)]
pub(super) struct AllowLists {
    hosts: Vec<Authority>,
    origins: Vec<AllowedOrigin>,
}

/// An entry of the `Origin` allow-list.
#[derive(Debug, Clone)]
struct AllowedOrigin {
    origin: Origin,
    any_port: bool,
}

/// An `Origin` (RFC 6454): its scheme, host and port, as rmcp reads one.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    /// `scheme://host[:port]`, with nothing after but a `/`; `None` for
    /// anything else (`null` among them).
    fn parse(text: &str) -> Option<Origin> {
        let uri: Uri = text.trim().parse().ok()?;
        let authority = uri.authority()?;
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() {
            return None;
        }
        // No user info, and a port that is a number when there is one.
        let port = match authority.as_str().strip_prefix(authority.host())? {
            "" => None,
            _ => Some(authority.port_u16()?),
        };
        Some(Origin {
            scheme: uri.scheme_str()?.to_ascii_lowercase(),
            host: authority.host().to_ascii_lowercase(),
            port,
        })
    }

    /// The port an origin without one is on.
    fn port_or_default(&self) -> Option<u16> {
        self.port.or(match self.scheme.as_str() {
            "http" => Some(80),
            "https" => Some(443),
            _ => None,
        })
    }

    /// Whether the allow-list entry `allowed` lets `origin` in: the same
    /// scheme and host, and the same port (an absent one being the
    /// scheme's default), or any port for `:*`.
    fn allowed_by(&self, allowed: &AllowedOrigin) -> bool {
        let entry = &allowed.origin;
        entry.scheme == self.scheme
            && entry.host == self.host
            && (allowed.any_port || entry.port_or_default() == self.port_or_default())
    }
}

impl AllowLists {
    /// The lists from their text: `host` or `host:port` (a name without a
    /// port lets in any port); `scheme://host:port`, `scheme://host` for
    /// the scheme's default port, or `scheme://host:*` for any port. An
    /// entry that does not read as one lets nothing in.
    pub(super) fn new(hosts: &[String], origins: &[String]) -> AllowLists {
        AllowLists {
            hosts: hosts.iter().filter_map(|h| h.parse().ok()).collect(),
            origins: origins
                .iter()
                .filter_map(|entry| {
                    let entry = entry.trim();
                    let (base, any_port) = match entry.strip_suffix(":*") {
                        Some(base) => (base, true),
                        None => (entry, false),
                    };
                    let origin = Origin::parse(base)?;
                    // `:*` after a port is no entry.
                    (!any_port || origin.port.is_none())
                        .then_some(AllowedOrigin { origin, any_port })
                })
                .collect(),
        }
    }

    /// `Ok` when the request's `Host` is on the list and its `Origin`, if
    /// it has one, too; else the 400 or 403 to answer, and why.
    pub(super) fn check(&self, headers: &HeaderMap) -> Result<(), (StatusCode, &'static str)> {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<Authority>().ok())
            .ok_or((
                StatusCode::BAD_REQUEST,
                "Bad Request: missing or malformed Host header",
            ))?;
        let allowed = self.hosts.iter().any(|allowed| {
            allowed.host().eq_ignore_ascii_case(host.host())
                && allowed
                    .port_u16()
                    .is_none_or(|p| host.port_u16() == Some(p))
        });
        if !allowed {
            return Err((
                StatusCode::FORBIDDEN,
                "Forbidden: Host header is not allowed",
            ));
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().ok().and_then(Origin::parse);
        if origin.is_some_and(|origin| self.origins.iter().any(|a| origin.allowed_by(a))) {
            return Ok(());
        }
        Err((
            StatusCode::FORBIDDEN,
            "Forbidden: Origin header is not allowed",
        ))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn lists() -> AllowLists {
        AllowLists::new(
            &["localhost:8080".into(), "policy.example".into()],
            &[
                "http://localhost:8080".into(),
                "https://app.example:*".into(),
                "https://bad.example:443:*".into(),
            ],
        )
    }

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::HOST,
            HeaderValue::from_str(host).expect("a header value"),
        );
        if let Some(origin) = origin {
            headers.insert(
                header::ORIGIN,
                HeaderValue::from_str(origin).expect("a header value"),
            );
        }
        headers
    }

    fn status(result: Result<(), (StatusCode, &str)>) -> Option<StatusCode> {
        result.err().map(|(status, _)| status)
    }

    #[test]
    fn a_host_is_let_in_with_its_port_or_any_port_when_listed_without() {
        let lists = lists();
        assert_eq!(status(lists.check(&headers("localhost:8080", None))), None);
        assert_eq!(status(lists.check(&headers("LOCALHOST:8080", None))), None);
        assert_eq!(
            status(lists.check(&headers("policy.example:443", None))),
            None
        );
        assert_eq!(
            status(lists.check(&headers("localhost:9090", None))),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(lists.check(&headers("attacker.example:8080", None))),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(lists.check(&HeaderMap::new())),
            Some(StatusCode::BAD_REQUEST)
        );
    }

    #[test]
    fn an_origin_without_a_port_is_on_its_schemes_default_port() {
        let lists = AllowLists::new(
            &["localhost:8080".into()],
            &[
                "https://app.example:443".into(),
                "http://web.example".into(),
            ],
        );
        for (origin, allowed) in [
            ("https://app.example", true),
            ("https://app.example:443", true),
            ("https://app.example:8443", false),
            ("http://web.example:80", true),
            ("http://web.example", true),
            ("http://web.example:8080", false),
        ] {
            let refused = status(lists.check(&headers("localhost:8080", Some(origin))));
            assert_eq!(refused.is_none(), allowed, "{origin}");
        }
    }

    #[test]
    fn an_origin_must_be_listed_and_none_is_not_checked() {
        let lists = lists();
        assert_eq!(
            status(lists.check(&headers("localhost:8080", Some("http://localhost:8080")))),
            None
        );
        assert_eq!(
            status(lists.check(&headers("localhost:8080", Some("http://evil.example")))),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(lists.check(&headers("localhost:8080", Some("null")))),
            Some(StatusCode::FORBIDDEN)
        );
        for any_port in [
            "https://app.example:8443",
            "https://app.example",
            "HTTPS://App.Example:1/",
        ] {
            assert_eq!(
                status(lists.check(&headers("localhost:8080", Some(any_port)))),
                None,
                "{any_port}"
            );
        }
        for other in [
            "https://app.example.evil:1",
            "http://app.example:1",
            "https://app.example:x",
            "https://app.example/path",
            "https://user@app.example",
            "http://localhost:8081",
            "http://localhost",
            "https://bad.example",
            "https://bad.example:443",
        ] {
            assert_eq!(
                status(lists.check(&headers("localhost:8080", Some(other)))),
                Some(StatusCode::FORBIDDEN),
                "{other}"
            );
        }
    }
}
