//! A tool's `#[tool(needs(...))]`: the client capabilities it cannot do
//! without, checked before its hooks run. A client without one is refused
//! with MCP's `MissingRequiredClientCapability` (-32021, HTTP 400), which
//! names what it lacks, rather than the tool failing half-way.

use rmcp::ErrorData;
#[allow(deprecated)]
// sampling and roots: deprecated by rmcp for a later MCP revision (SEP-2577),
// still in 2025-11-25 and 2026-07-28.
use rmcp::model::{
    ClientCapabilities, ElicitationCapability, RootsCapabilities, SamplingCapability,
};
use tackle::def::ToolDef;
use tackle::tool::ClientCapability;

use super::client::offers;

/// `Ok` when the client's `offered` capabilities hold all `def` needs.
#[allow(deprecated)]
pub(crate) fn check(def: &ToolDef, offered: Option<&ClientCapabilities>) -> Result<(), ErrorData> {
    let missing: Vec<ClientCapability> = def
        .needs
        .iter()
        .copied()
        .filter(|&need| !offered.is_some_and(|o| offers(o, need)))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut required = ClientCapabilities::default();
    for need in &missing {
        match need {
            ClientCapability::Sampling => required.sampling = Some(SamplingCapability::default()),
            ClientCapability::Elicitation => {
                required.elicitation = Some(ElicitationCapability::default());
            }
            ClientCapability::Roots => required.roots = Some(RootsCapabilities::default()),
        }
    }
    let names: Vec<String> = missing.iter().map(|c| format!("`{}`", c.name())).collect();
    let mut error = ErrorData::missing_required_client_capability(required);
    error.message = format!(
        "the tool `{}` needs a client that offers {}, which this request's client does not declare",
        def.name,
        names.join(" and ")
    )
    .into();
    Err(error)
}
