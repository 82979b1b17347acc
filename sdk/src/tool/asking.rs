//! Asking the MCP client behind a call: a sample of its model, a form for
//! its user, its roots. One way for tools and prompts alike, each question
//! under a key the author may choose.

use std::fmt;
use std::sync::Arc;

use super::{ClientCapability, ClientRequests, ElicitAnswer, ElicitForm, Elicited, Root};
use super::{SampleRequest, Sampled, ToolError};

/// Who asks: named in the error when no client can be asked.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Asking {
    Tool(&'static str),
    Prompt(&'static str),
}

impl fmt::Display for Asking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Asking::Tool(name) => write!(f, "the tool `{name}`"),
            Asking::Prompt(name) => write!(f, "the prompt `{name}`"),
        }
    }
}

/// The next question of a tool or prompt, under a key of its own choosing
/// (`ctx.keyed("user_name")`), or the server's.
pub struct Keyed<'a> {
    client: Option<&'a Arc<dyn ClientRequests>>,
    asking: Asking,
    key: Option<String>,
}

impl fmt::Debug for Keyed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Keyed")
            .field("asking", &self.asking)
            .field("key", &self.key)
            .finish()
    }
}

impl<'a> Keyed<'a> {
    pub(crate) fn new(
        client: Option<&'a Arc<dyn ClientRequests>>,
        asking: Asking,
        key: Option<String>,
    ) -> Self {
        Keyed {
            client,
            asking,
            key,
        }
    }

    /// Whether the client offers `capability`.
    pub(crate) fn offers(&self, capability: ClientCapability) -> bool {
        self.client.is_some_and(|c| c.offers(capability))
    }

    fn client(&self, to: &str) -> Result<&'a Arc<dyn ClientRequests>, ToolError> {
        self.client.ok_or_else(|| {
            ToolError::new(format!(
                "{} cannot {to}: it was not called by an MCP client that offers it",
                self.asking
            ))
        })
    }

    /// Asks the client's model for a completion (MCP sampling).
    pub async fn sample(self, request: SampleRequest) -> Result<Sampled, ToolError> {
        let client = self.client("ask its model (sampling)")?;
        client
            .sample(self.key, request)
            .await
            .map_err(ToolError::new)
    }

    /// Puts a form of `T`'s fields to the user (MCP elicitation) and reads
    /// their answer into a `T`.
    pub async fn elicit<T: ElicitForm>(
        self,
        message: impl Into<String>,
    ) -> Result<Elicited<T>, ToolError> {
        let schema = super::form_schema::<T>().map_err(ToolError::new)?;
        let client = self.client("put a form to its user (elicitation)")?;
        match client
            .elicit(self.key, message.into(), schema)
            .await
            .map_err(ToolError::new)?
        {
            ElicitAnswer::Accept(values) => serde_json::from_value(values)
                .map(Elicited::Accepted)
                .map_err(|e| {
                    ToolError::new(format!("the user's answer does not fit the form: {e}"))
                }),
            ElicitAnswer::Decline => Ok(Elicited::Declined),
            ElicitAnswer::Cancel => Ok(Elicited::Cancelled),
        }
    }

    /// The client's roots (MCP `roots/list`).
    pub async fn roots(self) -> Result<Vec<Root>, ToolError> {
        let client = self.client("list the client's roots")?;
        client.roots(self.key).await.map_err(ToolError::new)
    }
}
