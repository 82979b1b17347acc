//! The rmcp server handler: what this server offers and how it answers.

use std::borrow::Cow;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

#[allow(deprecated)] // `logging/setLevel`: deprecated by rmcp for a later MCP revision.
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CompleteRequestParams,
    CompleteResult, CustomRequest, CustomResult, ErrorCode, GetPromptRequestParams,
    GetPromptResponse, GetTaskParams, GetTaskResult, Implementation, JsonObject, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse, ResultType,
    ServerCapabilities, ServerConfig, SetLevelRequestParams, SubscribeRequestParams,
    SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use tackle::hook::SessionInfo;
use tackle::resource::ResourceChange;
use tokio::sync::broadcast;
use tokio_util::sync::{CancellationToken, DropGuard};

use super::panicked::{catching_panics, panicked};
use super::served::limit::Limits;
use super::served::logging::Threshold;
use super::served::parked::Parked;
use super::served::resources::Subscriptions;
use super::served::{changes, complete, prompts, resources};
use super::tasks::advertise::advertise;
use super::tasks::limits::TaskLimits;
use super::tasks::store::Tasks;
use tackle_host::Host;
use tackle_host::served_hooks::{HookKey, ServedHooks};

/// The revision `initialize` answers with: the newest with that
/// handshake. A client asking for an older one it knows gets that one back.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// The newest revision the server speaks: no handshake, `server/discover`
/// and per-request `_meta`.
pub const NEWEST_PROTOCOL_VERSION: &str = "2026-07-28";

/// [`PROTOCOL_VERSION`] as rmcp names it.
const WITH_INITIALIZE: ProtocolVersion = ProtocolVersion::LATEST_WITH_INITIALIZE;

/// [`NEWEST_PROTOCOL_VERSION`] as rmcp names it.
const NEWEST: ProtocolVersion = ProtocolVersion::LATEST;

/// One connection's server: the host, and what hooks are told of it.
pub(crate) struct Handler {
    pub(crate) host: Arc<Host>,
    pub(crate) cwd: PathBuf,
    pub(crate) session: String,
    /// Cancelled when the client closes its input.
    pub(crate) input_closed: CancellationToken,
    info: ServerConfig,
    /// The tool list, built on the first `tools/list`.
    tools: OnceLock<Vec<Tool>>,
    /// What hooks see of the session, from the client's `initialize`.
    session_info: OnceLock<Arc<SessionInfo>>,
    /// The resources the client subscribed to.
    subscriptions: Arc<Subscriptions>,
    /// The plugins' resource changes since the session began, until
    /// `notifications/initialized` starts forwarding them.
    changes: Mutex<Option<broadcast::Receiver<ResourceChange>>>,
    /// Ends the forwarding when the session ends (the handler is dropped).
    forwarding: OnceLock<DropGuard>,
    /// The least severe log message the client wants.
    pub(crate) log_threshold: Threshold,
    /// The 2026-07-28 calls waiting for their client's input; shared by
    /// every handler of a server (over HTTP, one per request).
    pub(crate) parked: Arc<Parked>,
    /// Answers the agents' hook events sent as calls of `HOOK_TOOL`.
    pub(crate) served_hooks: Option<Arc<dyn ServedHooks>>,
    /// The key those calls must carry; without one, `HOOK_TOOL` is not
    /// served (see [`HookKey`]).
    pub(crate) hook_key: Option<HookKey>,
    /// The server's tasks; shared by its handlers as `parked` is.
    pub(crate) tasks: Arc<Tasks>,
}

impl Handler {
    pub(crate) fn new(
        host: Arc<Host>,
        cwd: PathBuf,
        session: String,
        input_closed: CancellationToken,
        server: Implementation,
        instructions: Option<String>,
        parked: Arc<Parked>,
    ) -> Self {
        let mut capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_resources_list_changed()
            .enable_prompts()
            .build();
        capabilities.logging = Some(JsonObject::new());
        capabilities.completions = Some(JsonObject::new());
        advertise(&host, &mut capabilities);
        let mut info = ServerConfig::new(capabilities)
            .with_server_info(server)
            .with_protocol_version(WITH_INITIALIZE);
        if let Some(instructions) = instructions {
            info = info.with_instructions(instructions);
        }
        let changes = host.resource_changes();
        Handler {
            host,
            cwd,
            session,
            input_closed,
            info,
            tools: OnceLock::new(),
            session_info: OnceLock::new(),
            subscriptions: Arc::default(),
            changes: Mutex::new(Some(changes)),
            forwarding: OnceLock::new(),
            log_threshold: Threshold::default(),
            parked,
            served_hooks: None,
            hook_key: None,
            tasks: Tasks::new(TaskLimits::default()),
        }
    }

    /// Keeps the calls run as tasks in `tasks`.
    pub(crate) fn tasks(mut self, tasks: Arc<Tasks>) -> Self {
        self.tasks = tasks;
        self
    }

    /// Answers agents' hook events with `served`, if given, as calls of
    /// `HOOK_TOOL` that carry `key`; without a key, no call is served.
    pub(crate) fn served_hooks(mut self, served: Option<Arc<dyn ServedHooks>>) -> Self {
        self.served_hooks = served;
        self
    }

    /// The key calls of `HOOK_TOOL` must carry.
    pub(crate) fn hook_key(mut self, key: Option<HookKey>) -> Self {
        self.hook_key = key;
        self
    }

    /// What hooks see: the client as the agent, over MCP. From the
    /// client's `initialize`, or on 2026-07-28 (no handshake) from the
    /// first request's `_meta`.
    pub(crate) fn session_info(&self, context: &RequestContext<RoleServer>) -> &Arc<SessionInfo> {
        self.session_info.get_or_init(|| {
            let mut info = SessionInfo::default();
            info.metadata
                .insert("transport".to_owned(), Value::String("mcp".to_owned()));
            if let Some(client) = context.client_info() {
                info.agent = Some(client.name.clone());
                info.metadata.insert(
                    "mcp_client_version".to_owned(),
                    Value::String(client.version),
                );
            }
            if let Some(version) = context.protocol_version() {
                info.metadata.insert(
                    "mcp_protocol_version".to_owned(),
                    Value::String(version.to_string()),
                );
            }
            Arc::new(info)
        })
    }
}

impl Handler {
    /// The limits on the plugin code `method` runs: a tool call's.
    pub(crate) fn limits<'a>(
        &'a self,
        method: &'static str,
        context: &'a RequestContext<RoleServer>,
    ) -> Limits<'a> {
        Limits {
            host: &self.host,
            limit: self
                .host
                .config()
                .tool_timeout_secs
                .map(std::time::Duration::from_secs),
            input_closed: &self.input_closed,
            cancelled: &context.ct,
            method,
        }
    }
}

impl std::fmt::Debug for Handler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handler")
            .field("cwd", &self.cwd)
            .field("session", &self.session)
            .finish_non_exhaustive()
    }
}

/// "Method not found", with what the server does offer.
pub(crate) fn unknown_method(method: &str) -> ErrorData {
    ErrorData::new(
        ErrorCode::METHOD_NOT_FOUND,
        format!(
            "method not found: `{method}`; this server offers initialize, server/discover, ping, tools/list, tools/call, resources/list, resources/templates/list, resources/read, resources/subscribe, resources/unsubscribe, prompts/list, prompts/get, completion/complete, logging/setLevel and subscriptions/listen"
        ),
        None,
    )
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        self.info.clone()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(&NEWEST))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // Over HTTP rmcp serves this handler itself, without the service's
        // net for panics (`service.rs`): the two methods that run tackle's
        // code keep one of their own, so every request is answered.
        let listed = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.tools
                .get_or_init(|| super::listing::tools(&self.host))
                .clone()
        }));
        match listed {
            Ok(tools) => Ok(ListToolsResult::with_all_items(tools)),
            Err(panic) => Err(panicked("tools/list", panic)),
        }
    }

    /// The tool `name` as listed: rmcp checks a request's `Mcp-Param-*`
    /// headers against the parameters its input schema marks
    /// `x-mcp-header` (SEP-2243), and skips the check without it.
    fn get_tool(&self, name: &str) -> Option<Tool> {
        let listed = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.tools
                .get_or_init(|| super::listing::tools(&self.host))
                .iter()
                .find(|tool| tool.name == name)
                .cloned()
        }));
        listed.ok().flatten()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        catching_panics("tools/call", self.call(request, context)).await
    }

    // The methods below run plugin code (a resource's read, a prompt's
    // messages, a completion function); each keeps its own net for
    // panics, as `call_tool` does.

    /// The session is open: from now on, the plugins' resource changes
    /// reach the client.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let taken = self
            .changes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        let Some(changes) = taken else { return };
        let stop = self.input_closed.child_token();
        let _ = self.forwarding.set(stop.clone().drop_guard());
        let listener = changes::Listener::Session {
            peer: context.peer,
            subscriptions: self.subscriptions.clone(),
        };
        tokio::spawn(changes::forward(changes, listener, stop));
    }

    /// Protocol 2026-07-28's `subscriptions/listen`: the resource list's
    /// changes, and updates of the URIs asked for that a resource serves.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let mut accepted = SubscriptionFilter::builder();
        if requested.resources_list_changed == Some(true) {
            accepted = accepted.resources_list_changed();
        }
        if let Some(uris) = &requested.resource_subscriptions {
            accepted = accepted.resource_subscriptions(resources::listenable(&self.host, uris));
        }
        Some(accepted.build())
    }

    /// One `subscriptions/listen` stream, until the client cancels it or
    /// the server stops.
    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let stop = self.input_closed.child_token();
        let listener =
            changes::Listener::Stream(context.sink().clone(), context.accepted().clone());
        tokio::select! {
            () = changes::forward(self.host.resource_changes(), listener, stop) => {}
            () = context.cancelled() => {}
        }
        Ok(())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        resources::list(&self.host)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        resources::templates(&self.host)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let limits = self.limits("resources/read", &context);
        let mut read = catching_panics(
            "resources/read",
            resources::read(&self.host, request, &limits),
        )
        .await?;
        // Read from our wire shape, which has no `resultType`: 2026-07-28
        // requires it (rmcp drops it again for older revisions).
        read.result_type = Some(ResultType::COMPLETE);
        Ok(read.into())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscriptions.subscribe(&self.host, request.uri)
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscriptions.unsubscribe(&request.uri);
        Ok(())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        prompts::list(&self.host)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        catching_panics("prompts/get", self.prompt(request, context)).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let limits = self.limits("completion/complete", &context);
        let answer = complete::complete(&self.host, &request, &limits);
        catching_panics("completion/complete", answer).await
    }

    // The tasks extension's methods: rmcp answers -32021 before these
    // when the request does not declare the extension.

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let task = self
            .tasks
            .get(&self.principal(&context), &request.task_id)?;
        Ok(GetTaskResult::new(task))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let UpdateTaskParams {
            task_id,
            input_responses,
            ..
        } = request;
        self.tasks
            .update(&self.principal(&context), &task_id, input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks
            .cancel(&self.principal(&context), &request.task_id)
    }

    /// A method MCP does not have. Over stdio `service.rs` answers it
    /// before the handler; over HTTP rmcp brings it here.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        Err(unknown_method(&request.method))
    }

    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.log_threshold.set(request.level);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{NEWEST, NEWEST_PROTOCOL_VERSION, PROTOCOL_VERSION, WITH_INITIALIZE};

    /// A newer rmcp with a newer revision fails this, so the public
    /// constants (and the docs) follow it.
    #[test]
    fn the_public_versions_are_the_ones_served() {
        assert_eq!(WITH_INITIALIZE.as_str(), PROTOCOL_VERSION);
        assert_eq!(NEWEST.as_str(), NEWEST_PROTOCOL_VERSION);
    }
}
