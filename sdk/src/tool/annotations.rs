//! Behaviour hints a tool declares (`#[tool(read_only, idempotent)]`).

use serde::Serialize;

/// Hints about what a tool does, as MCP's `ToolAnnotations` carries them.
///
/// `None` means "not said": clients then assume MCP's defaults (not
/// read-only, destructive, not idempotent, open world).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolAnnotations {
    /// It does not change its environment.
    #[serde(rename = "readOnlyHint", skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    /// It may destroy data (meaningful only when not read-only).
    #[serde(rename = "destructiveHint", skip_serializing_if = "Option::is_none")]
    pub destructive: Option<bool>,
    /// Calling it twice with the same arguments has no further effect.
    #[serde(rename = "idempotentHint", skip_serializing_if = "Option::is_none")]
    pub idempotent: Option<bool>,
    /// It reaches outside the local machine (network, external services).
    #[serde(rename = "openWorldHint", skip_serializing_if = "Option::is_none")]
    pub open_world: Option<bool>,
}

impl ToolAnnotations {
    /// The hints that are set, as short words (`read-only`, `idempotent`,
    /// `not destructive`, ...), for listings.
    pub fn words(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut push = |flag: Option<bool>, yes: &'static str, no: &'static str| match flag {
            Some(true) => out.push(yes),
            Some(false) => out.push(no),
            None => {}
        };
        push(self.read_only, "read-only", "writes");
        push(self.destructive, "destructive", "not destructive");
        push(self.idempotent, "idempotent", "not idempotent");
        push(self.open_world, "open-world", "closed-world");
        out
    }
}
