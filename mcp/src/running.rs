//! A tool call that outlives the request that started it.

use tackle::def::ToolDef;
use tackle_host::GuardedCall;
use tackle_host::offload::Offloaded;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio_util::sync::CancellationToken;

use crate::progress::Report;
use crate::served::input::{Asker, Round};

/// A call on protocol 2026-07-28: it runs on a task of its own, so that
/// it outlives the request that started it while it waits, parked, for
/// the client's input (`served::parked`).
#[derive(Debug)]
pub(crate) struct Running {
    pub(crate) def: &'static ToolDef,
    /// The call through its hooks, on a worker of the host's.
    pub(crate) done: Offloaded<GuardedCall>,
    pub(crate) reports: UnboundedReceiver<Report>,
    /// The rounds of questions it asks its client.
    pub(crate) questions: UnboundedReceiver<Round>,
    /// How it asks its client, with the tool's answers so far.
    pub(crate) asker: Asker,
    /// The call's cancellation: the request waiting on it cancels it.
    pub(crate) cancel: CancellationToken,
}

impl Running {
    /// How the call asks its client.
    pub(crate) fn asker(&self) -> &Asker {
        &self.asker
    }

    /// Lets the call run on alone, its result unused (its questions were
    /// answered for the client that left).
    pub(crate) fn detach(self) {
        self.done.detach();
    }
}
