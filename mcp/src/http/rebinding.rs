//! The `Host` and `Origin` allow-lists for the routes rmcp does not serve
//! (`/hooks`), checked as rmcp checks `/mcp`'s: against DNS rebinding, a
//! web page that reaches a loopback server under its own name.

use axum::http::uri::Authority;
use axum::http::{HeaderMap, StatusCode, header};

/// What is let in.
#[derive(Debug, Clone)]
pub(super) struct AllowLists {
    /// `host` or `host:port`; a name without a port lets in any port.
    pub(super) hosts: Vec<String>,
    /// `scheme://host:port`, exactly, or `scheme://host:*` for any port.
    pub(super) origins: Vec<String>,
}

impl AllowLists {
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
        let allowed = self.hosts.iter().any(|entry| {
            entry.parse::<Authority>().is_ok_and(|allowed| {
                allowed.host().eq_ignore_ascii_case(host.host())
                    && allowed
                        .port_u16()
                        .is_none_or(|p| host.port_u16() == Some(p))
            })
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
        let origin = origin.to_str().unwrap_or_default().trim_end_matches('/');
        let listed = |allowed: &String| {
            let allowed = allowed.trim_end_matches('/');
            match allowed.strip_suffix(":*") {
                // Any port: the origin is the scheme and host, with a port or not.
                Some(base) => origin.get(..base.len()).is_some_and(|head| {
                    head.eq_ignore_ascii_case(base)
                        && (origin.len() == base.len()
                            || origin[base.len()..].strip_prefix(':').is_some_and(|port| {
                                !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
                            }))
                }),
                None => allowed.eq_ignore_ascii_case(origin),
            }
        };
        if self.origins.iter().any(listed) {
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
        AllowLists {
            hosts: vec!["localhost:8080".into(), "policy.example".into()],
            origins: vec![
                "http://localhost:8080".into(),
                "https://app.example:*".into(),
            ],
        }
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
        for any_port in ["https://app.example:8443", "https://app.example"] {
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
        ] {
            assert_eq!(
                status(lists.check(&headers("localhost:8080", Some(other)))),
                Some(StatusCode::FORBIDDEN),
                "{other}"
            );
        }
    }
}
