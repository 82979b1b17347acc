//! What a `#[prompt]` that takes `ctx: &PromptContext` can reach: the MCP
//! client that asked for it.

use std::fmt;
use std::sync::Arc;

use crate::tool::{
    Asking, ClientCapability, ClientRequests, ElicitForm, Elicited, Keyed, Root, SampleRequest,
    Sampled, ToolError,
};

/// The request for one prompt: the client to ask, when there is one.
///
/// ```no_run
/// # use tackle::prelude::*;
/// use tackle::prompt::PromptContext;
/// use tackle::tool::Elicited;
///
/// tackle::plugin! { id: "essays" }
///
/// #[tackle::data]
/// #[derive(Serialize, Deserialize, JsonSchema, ElicitForm)]
/// struct Topic { topic: String }
///
/// /// Asks what to write about first.
/// #[tackle::prompt]
/// async fn essay(ctx: &PromptContext) -> Result<String, ToolError> {
///     match ctx.elicit::<Topic>("What should the essay be about?").await? {
///         Elicited::Accepted(Topic { topic }) => Ok(format!("Write an essay about {topic}.")),
///         _ => Err(ToolError::new("no topic given")),
///     }
/// }
/// # fn main() {}
/// ```
pub struct PromptContext {
    prompt: &'static str,
    client: Option<Arc<dyn ClientRequests>>,
}

impl fmt::Debug for PromptContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PromptContext")
            .field("prompt", &self.prompt)
            .field("client", &self.client.is_some())
            .finish()
    }
}

impl PromptContext {
    /// The request for the prompt `prompt`, from `client` (a host makes it).
    pub fn new(prompt: &'static str, client: Option<Arc<dyn ClientRequests>>) -> Self {
        PromptContext { prompt, client }
    }

    /// The prompt's name.
    pub fn prompt_name(&self) -> &'static str {
        self.prompt
    }

    /// [`ToolContext::sample`](crate::ToolContext::sample), for a prompt.
    pub async fn sample(&self, request: SampleRequest) -> Result<Sampled, ToolError> {
        self.asking(None).sample(request).await
    }

    /// [`ToolContext::elicit`](crate::ToolContext::elicit), for a prompt.
    pub async fn elicit<T: ElicitForm>(
        &self,
        message: impl Into<String>,
    ) -> Result<Elicited<T>, ToolError> {
        self.asking(None).elicit(message).await
    }

    /// [`ToolContext::roots`](crate::ToolContext::roots), for a prompt.
    pub async fn roots(&self) -> Result<Vec<Root>, ToolError> {
        self.asking(None).roots().await
    }

    /// [`ToolContext::client_offers`](crate::ToolContext::client_offers),
    /// for a prompt.
    pub fn client_offers(&self, capability: ClientCapability) -> bool {
        self.asking(None).offers(capability)
    }

    /// [`ToolContext::keyed`](crate::ToolContext::keyed), for a prompt.
    pub fn keyed(&self, key: impl Into<String>) -> Keyed<'_> {
        self.asking(Some(key.into()))
    }

    fn asking(&self, key: Option<String>) -> Keyed<'_> {
        Keyed::new(self.client.as_ref(), Asking::Prompt(self.prompt), key)
    }
}
