//! OAuth 2.0 Protected Resource Metadata (RFC 9728) for the HTTP server:
//! which authorization servers issue tokens for it, served at
//! `/.well-known/oauth-protected-resource` (and its path-suffixed form,
//! `/.well-known/oauth-protected-resource/mcp`, which MCP clients try
//! first), and named in the `WWW-Authenticate` of a 401.
//!
//! The server is only the resource: it neither issues nor introspects
//! OAuth tokens. rmcp's `auth` feature is OAuth for its client, with no
//! server-side metadata type, so the document is written here.

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::http::path::HTTP_PATH;

/// Where the metadata is served; the path-suffixed form adds [`HTTP_PATH`].
pub const WELL_KNOWN_PATH: &str = "/.well-known/oauth-protected-resource";

/// The metadata document (RFC 9728 section 2).
#[derive(Debug, Serialize)]
struct Metadata<'a> {
    /// The resource's identifier: the URL clients reach the server at.
    resource: String,
    /// The issuers of the authorization servers a client may get a token from.
    authorization_servers: &'a [String],
    /// Tokens are sent in the `Authorization` header only.
    bearer_methods_supported: [&'static str; 1],
}

/// What the server says about itself as a protected resource.
#[derive(Debug, Clone)]
pub(crate) struct ProtectedResource {
    /// The issuers (`--auth-server`), in order.
    pub(crate) authorization_servers: Vec<String>,
    /// The URL clients reach `/mcp` at; without it, `http://<Host>/mcp`
    /// from the request (whose `Host` the allow-list already admitted for
    /// `/mcp`).
    pub(crate) resource_url: Option<String>,
}

impl ProtectedResource {
    /// The resource's URL, for a request with `headers`.
    fn resource(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.resource_url {
            return url.clone();
        }
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("localhost");
        format!("http://{host}{HTTP_PATH}")
    }

    /// The URL of the metadata: the resource's origin, the well-known
    /// path, then the resource's own path (RFC 9728 section 3.1).
    fn metadata_url(&self, headers: &HeaderMap) -> String {
        let resource = self.resource(headers);
        let path_start = resource
            .find("://")
            .and_then(|scheme| resource[scheme + 3..].find('/').map(|p| scheme + 3 + p))
            .unwrap_or(resource.len());
        let (origin, path) = resource.split_at(path_start);
        format!("{origin}{WELL_KNOWN_PATH}{}", path.trim_end_matches('/'))
    }

    /// The metadata document, as JSON.
    pub(crate) fn document(&self, headers: &HeaderMap) -> Response {
        let metadata = Metadata {
            resource: self.resource(headers),
            authorization_servers: &self.authorization_servers,
            bearer_methods_supported: ["header"],
        };
        // Strings alone: it cannot fail to serialize.
        let body = serde_json::to_string(&metadata).unwrap_or_default();
        ([(header::CONTENT_TYPE, "application/json")], body).into_response()
    }

    /// `WWW-Authenticate` for a 401: where the metadata is.
    pub(crate) fn challenge(&self, headers: &HeaderMap) -> HeaderValue {
        let value = format!(
            "Bearer resource_metadata=\"{}\"",
            self.metadata_url(headers)
        );
        HeaderValue::from_str(&value).unwrap_or_else(|_| HeaderValue::from_static("Bearer"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_host(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_str(host).expect("ASCII"));
        headers
    }

    #[test]
    fn the_metadata_url_puts_the_well_known_path_between_origin_and_path() {
        let mut resource = ProtectedResource {
            authorization_servers: vec!["https://auth.example".into()],
            resource_url: None,
        };
        assert_eq!(
            resource.metadata_url(&with_host("127.0.0.1:8808")),
            "http://127.0.0.1:8808/.well-known/oauth-protected-resource/mcp"
        );
        resource.resource_url = Some("https://tools.example/team/mcp/".into());
        assert_eq!(
            resource.metadata_url(&with_host("ignored")),
            "https://tools.example/.well-known/oauth-protected-resource/team/mcp"
        );
        resource.resource_url = Some("https://tools.example".into());
        assert_eq!(
            resource.metadata_url(&HeaderMap::new()),
            "https://tools.example/.well-known/oauth-protected-resource"
        );
    }
}
