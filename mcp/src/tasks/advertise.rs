//! What the server tells clients of tasks in `server/discover`.

use rmcp::model::{ServerCapabilities, TASKS_EXTENSION_ID};
use tackle_host::Host;

/// Advertises the extension in `capabilities` when one of `host`'s
/// callable tools may run as a task.
pub(crate) fn advertise(host: &Host, capabilities: &mut ServerCapabilities) {
    if host.callable_tools().any(|t| t.task.allowed()) {
        capabilities
            .extensions
            .get_or_insert_with(Default::default)
            .insert(TASKS_EXTENSION_ID.to_owned(), Default::default());
    }
}
