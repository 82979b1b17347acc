//! `tools/call`: one call through the hooks, with progress, cancellation
//! and the result in MCP's shape. On protocol 2026-07-28 the call runs on
//! a task of its own, parked between the client's retries while it waits
//! for the client's input (`served::input`).

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitResult,
    ElicitationAction, InputResponses,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::Value;
use tackle::def::{BoxFuture, ToolDef};
use tackle::{CallInfo, Cancellation, ToolResult};

use super::approve::Elicit;
use super::client::{Client, Via};
use super::expiry::{Expired, SHUTDOWN_LIMIT, expiry};
use super::handler::Handler;
use super::needs;
use super::outcome::{answer, not_run, to_mcp};
use super::panicked::panicked_with;
use super::progress::{Notifier, Report, Sink};
use super::revision::by_retries;
use super::running::Running;
use super::served::hook_tool;
use super::served::input::{Answered, Asker, Checkpoint, Known, Round};
use super::served::parked::{Asks, Resumed, Unsealable};
use super::tasks::Mode;
use tackle_host::offload::{Busy, Ended};
use tackle_host::served_hooks::HOOK_TOOL;
use tackle_host::suggest;
use tackle_host::{GuardedCall, Host, ToolCallRequest};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio_util::sync::CancellationToken;

/// The failure `tool_error` hooks see when a cancelled tool does not stop.
const CANCELLED: &str = "the client cancelled the call, and the tool did not stop within 2 s";

/// The result of a call given up before its tool ran.
const CANCELLED_BEFORE: &str = "the call was given up before the tool ran";

/// How long a cancelled tool has to return before it is dropped.
const CANCEL_GRACE: Duration = Duration::from_secs(2);

/// What stops a tool call before it returns: the config's time limit, the
/// client's cancellation, the client closing its input; and the tool's
/// own token, when it can see one (`ToolContext::cancellation`).
struct Stops<'a> {
    limit: Option<Duration>,
    input_closed: &'a CancellationToken,
    cancel: &'a CancellationToken,
    tool: Option<&'a CancellationToken>,
}

impl Stops<'_> {
    /// Calls the tool `def` within these stops. Off the server's thread: a
    /// sync tool that blocks holds a thread of the pool, and the stops
    /// still fire.
    async fn run(
        &self,
        host: &Host,
        def: &'static ToolDef,
        arguments: Value,
        info: CallInfo,
    ) -> ToolResult {
        // Given up before the tool's turn came (a hook stuck past its
        // limit, the client's cancellation): it never starts.
        if self.cancel.is_cancelled() {
            return ToolResult::error(CANCELLED_BEFORE.to_owned());
        }
        let call = host.call_tool_off_thread(def.name, arguments, info);
        tokio::pin!(call);
        let expired = expiry(self.limit, self.input_closed);
        let (outcome, why) = tokio::select! {
            biased;
            outcome = &mut call => (Some(outcome), None),
            // A tool that sees the cancellation too gets a moment to stop
            // on its own and say so; one that cannot is dropped at once.
            () = self.cancel.cancelled() => match self.tool {
                Some(_) => (tokio::time::timeout(CANCEL_GRACE, &mut call).await.ok(), Some(CANCELLED.to_owned())),
                None => (None, Some(CANCELLED.to_owned())),
            },
            expired = expired => {
                let why = match expired {
                    Expired::Limit(limit) => format!(
                        "the tool `{}` did not finish within {} s (tool_timeout_secs), so it was cancelled",
                        def.name,
                        limit.as_secs()
                    ),
                    Expired::Shutdown => format!(
                        "the tool `{}` was still running {} s after the client closed its input, so it was cancelled (tool_timeout_secs gives calls a limit of their own)",
                        def.name,
                        SHUTDOWN_LIMIT.as_secs()
                    ),
                };
                // A tool that sees its cancellation gets a moment to stop;
                // what it returns then is dropped: the limit decided.
                if let Some(tool) = self.tool {
                    tool.cancel();
                    let _ = tokio::time::timeout(CANCEL_GRACE, &mut call).await;
                }
                (None, Some(why))
            }
        };
        match (outcome, why) {
            (Some(Ok(result)), _) => result,
            (Some(Err(e)), _) => ToolResult::error(e.to_string()),
            (None, why) => ToolResult::error(why.unwrap_or_else(|| CANCELLED.to_owned())),
        }
    }
}

/// What happened while a request waited on a [`Running`] call.
enum Event {
    Report(Report),
    Asked(Round),
    Done(Box<Result<GuardedCall, Ended>>),
    Cancelled,
    /// The call runs on as a task.
    TaskBegun,
}

impl Handler {
    pub(crate) async fn call(
        &self,
        params: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if params.name == HOOK_TOOL
            && let (Some(served), Some(key)) = (&self.served_hooks, &self.hook_key)
        {
            return Ok(hook_tool::call(served, key, &self.host, params.arguments)
                .await
                .into());
        }
        let def = self.callable(&params.name)?;
        needs::check(def, context.client_capabilities().as_ref())?;
        let as_task = match self.task_mode(def, &context) {
            Mode::Sync => false,
            Mode::Task => true,
            Mode::Refused(answer) => return *answer,
        };
        let arguments = Value::Object(params.arguments.unwrap_or_default());
        // A task's call is watched by its record, whatever it reaches.
        let plain = self.is_plain(def) && !as_task;
        if !by_retries(&context) {
            let result = if plain {
                self.call_plain(def, arguments, &context).await
            } else {
                // Boxed, as is the wait below: their futures are large, and
                // rmcp moves the request's future around; a box keeps that a
                // pointer. A plain call's is small, and saves the allocation.
                Box::pin(self.call_in_request(def, arguments, &context)).await?
            };
            return Ok(result.into());
        }
        let running = match params.request_state {
            Some(state) => match self.parked.resume(
                &state,
                Asks::Tool,
                def.name,
                &arguments,
                params.input_responses.unwrap_or_default(),
                self.host.session_store(),
            )? {
                Resumed::Parked(running) => running,
                Resumed::Checkpoint {
                    checkpoint,
                    approval,
                    replay,
                } => match self
                    .start_from(def, checkpoint, approval, replay, &context)
                    .await
                {
                    Ok(Ok(running)) => running,
                    Ok(Err(refused)) => return Ok(refused.into()),
                    Err(busy) => return Ok(not_run(def, &busy.to_string()).into()),
                },
            },
            // It cannot ask the client anything, so it never parks.
            None if plain => return Ok(self.call_plain(def, arguments, &context).await.into()),
            // Answers without the state they answer start the call afresh:
            // a question of the tool's own under a key it chose takes the
            // answer given for that key (a client may answer up front);
            // any other is ignored, and asked again. A hook's ask is never
            // answered so, or a client could approve its own call.
            None => match self
                .start(
                    def,
                    arguments.clone(),
                    params.input_responses.unwrap_or_default(),
                    &context,
                )
                .await
            {
                Ok(running) => running,
                Err(busy) => return Ok(not_run(def, &busy.to_string()).into()),
            },
        };
        // A task tool that asks nothing first is a task from its start.
        if as_task && !def.task_asks_first {
            running.asker().begin_task();
        }
        Box::pin(self.wait(running, arguments, &context, as_task)).await
    }

    /// Whether a call of `def` concerns nobody but the tool: no hook or
    /// permission rule at a tool call's points, and a tool that cannot
    /// reach its call (it takes no `&ToolContext`), so that it has no
    /// logs, progress, cancellation token or client to set up.
    fn is_plain(&self, def: &ToolDef) -> bool {
        !def.reads_call && !self.host.watches_tool_calls()
    }

    /// A plain call ([`Handler::is_plain`]): the tool, within its stops,
    /// as the hooks would have run it had there been any.
    async fn call_plain(
        &self,
        def: &'static ToolDef,
        arguments: Value,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        let stops = Stops {
            limit: self.tool_limit(),
            input_closed: &self.input_closed,
            cancel: &context.ct,
            tool: None,
        };
        let info = CallInfo::new(&self.cwd).with_session(&self.session);
        answer(
            stops.run(&self.host, def, arguments, info).await,
            Vec::new(),
        )
    }

    /// The config's limit on a tool call, `tool_timeout_secs`.
    fn tool_limit(&self) -> Option<Duration> {
        self.host
            .config()
            .tool_timeout_secs
            .map(Duration::from_secs)
    }

    /// A call of a client with the `initialize` handshake: run within the
    /// request, asking the client with requests of the server's own.
    async fn call_in_request(
        &self,
        def: &'static ToolDef,
        arguments: Value,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let via = Via::Peer(context.peer.clone());
        // The request's cancellation reaches the call; a stuck hook's
        // cancels the call alone.
        let cancel = context.ct.child_token();
        let (guarded, mut reports) =
            self.guarded(def, arguments, false, context, cancel.clone(), via);
        let mut notifier = context.meta.get_progress_token().map(Notifier::new);
        let guarded = match self.host.offload(move || guarded).await {
            Ok(guarded) => guarded,
            Err(busy) => return Ok(not_run(def, &busy.to_string())),
        };
        let guarded = {
            tokio::pin!(guarded);
            loop {
                tokio::select! {
                    biased;
                    Some(report) = reports.recv() => {
                        self.report(context, def.name, notifier.as_mut(), report).await;
                    }
                    done = &mut guarded => {
                        while let Ok(report) = reports.try_recv() {
                            self.report(context, def.name, notifier.as_mut(), report).await;
                        }
                        break done;
                    }
                }
            }
        };
        match guarded {
            Ok(guarded) => Ok(to_mcp(def, guarded)),
            Err(Ended::Panicked(why)) => Err(panicked_with("tools/call", &why)),
            Err(ended) => {
                cancel.cancel();
                Ok(not_run(def, &ended.to_string()))
            }
        }
    }

    /// Starts a 2026-07-28 call on its own task.
    async fn start(
        &self,
        def: &'static ToolDef,
        arguments: Value,
        given: InputResponses,
        context: &RequestContext<RoleServer>,
    ) -> Result<Running, Busy> {
        self.run_on(
            def,
            arguments,
            None,
            Known {
                replay: Vec::new(),
                given,
            },
            context,
        )
        .await
    }

    /// Finishes a 2026-07-28 call from the checkpoint its `requestState`
    /// sealed (it asked on another replica, or was not parked): after the
    /// user's `approval`, the tool with the hooks' arguments, or the tool
    /// again with its earlier answers (`replay`). A declined approval is
    /// the refusal, answered at once.
    async fn start_from(
        &self,
        def: &'static ToolDef,
        checkpoint: Checkpoint,
        approval: Option<Value>,
        replay: Vec<Answered>,
        context: &RequestContext<RoleServer>,
    ) -> Result<Result<Running, CallToolResult>, Busy> {
        let arguments = match checkpoint {
            Checkpoint::Approval {
                arguments,
                question,
            } => {
                let answer = approval
                    .and_then(|a| serde_json::from_value::<ElicitResult>(a).ok())
                    .map(|a| a.action);
                let why = match answer {
                    Some(ElicitationAction::Accept) => None,
                    Some(ElicitationAction::Decline) => Some("the user declined"),
                    Some(_) => Some("the user cancelled"),
                    None => Some("the retry carried no answer"),
                };
                if let Some(why) = why {
                    return Ok(Err(CallToolResult::error(vec![ContentBlock::text(
                        format!(
                            "The call was refused: the hooks asked the user to approve it ({question}): {why}"
                        ),
                    )])));
                }
                arguments
            }
            Checkpoint::Tool { arguments } => arguments,
        };
        self.run_on(
            def,
            arguments.clone(),
            Some(arguments),
            Known {
                replay,
                given: InputResponses::new(),
            },
            context,
        )
        .await
        .map(Ok)
    }

    /// Starts a 2026-07-28 call on a worker: through its hooks, or (with
    /// `finish`, the arguments they let through) only the tool and the
    /// hooks after it; the tool's questions answered from `replay` first.
    async fn run_on(
        &self,
        def: &'static ToolDef,
        arguments: Value,
        finish: Option<Value>,
        known: Known,
        context: &RequestContext<RoleServer>,
    ) -> Result<Running, Busy> {
        let (asker, questions) = Asker::new(known);
        let cancel = CancellationToken::new();
        let (guarded, reports) = self.guarded(
            def,
            arguments,
            finish.is_some(),
            context,
            cancel.clone(),
            Via::Retry(asker.clone()),
        );
        Ok(Running {
            def,
            done: self.host.offload(move || guarded).await?,
            reports,
            questions,
            asker,
            cancel,
        })
    }

    /// Waits on `running` for this request: its reports go out as
    /// notifications, and it ends with the call's result or, when the
    /// call asks the client something, with `InputRequiredResult` (the
    /// call parked until the retry); with `task`, once the call may run
    /// on as a task, with the task.
    async fn wait(
        &self,
        mut running: Running,
        arguments: Value,
        context: &RequestContext<RoleServer>,
        mut task: bool,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut notifier = context.meta.get_progress_token().map(Notifier::new);
        let tool = running.def.name;
        loop {
            let event = tokio::select! {
                biased;
                () = running.asker.task_begun().cancelled(), if task => Event::TaskBegun,
                Some(report) = running.reports.recv() => Event::Report(report),
                Some(round) = running.questions.recv() => Event::Asked(round),
                done = &mut running.done => Event::Done(Box::new(done)),
                () = context.ct.cancelled(), if !running.cancel.is_cancelled() => Event::Cancelled,
            };
            match event {
                Event::Report(report) => {
                    self.report(context, tool, notifier.as_mut(), report).await;
                }
                Event::Cancelled => running.cancel.cancel(),
                Event::TaskBegun => match self.start_task(running, context) {
                    Ok(created) => return Ok(created),
                    // No task could be made: an ordinary call after all.
                    Err(call) => {
                        running = *call;
                        task = false;
                    }
                },
                Event::Done(done) => {
                    while let Ok(report) = running.reports.try_recv() {
                        self.report(context, tool, notifier.as_mut(), report).await;
                    }
                    return match *done {
                        Ok(guarded) => Ok(to_mcp(running.def, guarded).into()),
                        Err(Ended::Panicked(why)) => Err(panicked_with("tools/call", &why)),
                        Err(ended) => {
                            running.cancel.cancel();
                            Ok(not_run(running.def, &ended.to_string()).into())
                        }
                    };
                }
                Event::Asked(mut questions) => {
                    while let Ok(round) = running.questions.try_recv() {
                        questions.extend(round);
                    }
                    while let Ok(report) = running.reports.try_recv() {
                        self.report(context, tool, notifier.as_mut(), report).await;
                    }
                    match self.parked.park(tool, &arguments, running, questions) {
                        Ok(input_required) => return Ok(input_required.into()),
                        Err(unsealable) => {
                            let Unsealable {
                                call,
                                questions,
                                why,
                            } = *unsealable;
                            for question in questions {
                                question.fail(why.clone());
                            }
                            running = call;
                        }
                    }
                }
            }
        }
    }

    /// The call through the hooks, owning all it needs (a 2026-07-28 call
    /// runs on a task of its own), and the receiver of its reports.
    fn guarded(
        &self,
        def: &'static ToolDef,
        arguments: Value,
        finish: bool,
        context: &RequestContext<RoleServer>,
        cancel: CancellationToken,
        via: Via,
    ) -> (BoxFuture<GuardedCall>, UnboundedReceiver<Report>) {
        // Every call has a sink for its logs; progress and streamed output
        // become notifications only when the client gave a progress token.
        let (sink, reports) = Sink::new();
        // The tool's own token: the client's cancellation reaches it, and
        // so does the config's time limit, without cancelling the request
        // (whose result then says why).
        let stop = cancel.child_token();
        let limit = self.tool_limit();
        let capabilities = context.client_capabilities();
        let elicit = Elicit::for_client(&via, capabilities.as_ref(), &self.input_closed);
        // The tool's questions on 2026-07-28 are the tool's from its start.
        let asker = match &via {
            Via::Retry(asker) => Some(asker.clone()),
            Via::Peer(_) => None,
        };
        let info = CallInfo::new(&self.cwd)
            .with_session(&self.session)
            .with_cancellation(Cancellation::from(stop.clone()))
            .with_sink(Arc::new(sink))
            .with_client(Arc::new(Client {
                via,
                capabilities,
                input_closed: self.input_closed.clone(),
            }));
        let request = ToolCallRequest {
            tool: def.name.to_owned(),
            arguments,
            tool_use_id: Some(format!("mcp-{}", context.id)),
            session: self.session.clone(),
            cwd: self.cwd.clone(),
        };
        let session = Arc::clone(self.session_info(context));
        let host = Arc::clone(&self.host);
        let input_closed = self.input_closed.clone();
        // Boxed: it is large (the hooks' dispatches and the tool's call),
        // and the request's future that awaits it is moved by rmcp.
        let guarded = Box::pin(async move {
            let stops = Stops {
                limit,
                input_closed: &input_closed,
                cancel: &cancel,
                tool: Some(&stop),
            };
            let host = &host;
            let stops = &stops;
            let run = |arguments: Value| {
                if let Some(asker) = &asker {
                    asker.enter_tool(&arguments);
                }
                stops.run(host, def, arguments, info)
            };
            if finish {
                host.finish_guarded_call(request, &session, run).await
            } else {
                host.guarded_call(
                    request,
                    &session,
                    elicit.as_ref().map(|e| e as &dyn tackle_host::Approver),
                    run,
                )
                .await
            }
        });
        (guarded, reports)
    }

    /// Sends a tool's report as a notification and waits until it is
    /// written, so that none follows the result; not once the client
    /// closed its input, as rmcp then sends nothing more but the results.
    /// A log below the client's level (on 2026-07-28, the request's), and
    /// progress without a token, are dropped.
    async fn report(
        &self,
        context: &RequestContext<RoleServer>,
        tool: &str,
        notifier: Option<&mut Notifier>,
        report: Report,
    ) {
        let peer = &context.peer;
        let sent = match report {
            Report::Log { level, message } => {
                let wanted = if by_retries(context) {
                    super::served::logging::requested(level, context.meta.log_level())
                } else {
                    self.log_threshold.passes(level)
                };
                if !wanted {
                    return;
                }
                super::served::logging::send(peer, tool, level, message)
            }
            report => match notifier {
                Some(notifier) => Box::pin(async move {
                    let _ = peer.notify_progress(notifier.notification(report)).await;
                }),
                None => return,
            },
        };
        tokio::select! {
            _ = sent => {}
            () = self.input_closed.cancelled() => {}
        }
    }

    /// The tool `name`, if a client may call it; the error names the tools
    /// it may call.
    fn callable(&self, name: &str) -> Result<&'static ToolDef, ErrorData> {
        if let Some(def) = self.host.tool(name)
            && self.host.is_callable(def)
        {
            return Ok(def);
        }
        let callable: Vec<&str> = self.host.callable_tools().map(|t| t.name).collect();
        let why = match self.host.tool(name) {
            Some(def) => format!(
                "tool `{name}` cannot be called: its plugin `{}` is off (see `doctor`)",
                def.plugin.id
            ),
            None => format!(
                "unknown tool `{name}`{} (tools: {})",
                suggest::did_you_mean(name, &callable),
                suggest::listing(&callable)
            ),
        };
        Err(ErrorData::invalid_params(why, None))
    }
}
