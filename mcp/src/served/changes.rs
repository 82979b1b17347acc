//! The plugins' resource changes, forwarded to one session's client:
//! `notifications/resources/updated` for a URI it subscribed to,
//! `notifications/resources/list_changed` always.

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::ResourceUpdatedNotificationParam;
use rmcp::service::Peer;
use tackle::resource::ResourceChange;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;

use super::resources::Subscriptions;

/// Forwards `changes` to `peer` until `stop` is cancelled (the session
/// ended or the server stops), the client can no longer be written to, or
/// the host is gone.
pub(crate) async fn forward(
    mut changes: Receiver<ResourceChange>,
    subscriptions: Arc<Subscriptions>,
    peer: Peer<RoleServer>,
    stop: CancellationToken,
) {
    loop {
        let change = tokio::select! {
            change = changes.recv() => change,
            () = stop.cancelled() => return,
        };
        let sent = match change {
            Ok(ResourceChange::Updated(uri)) => {
                if !subscriptions.contains(&uri) {
                    continue;
                }
                peer.notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                    .await
            }
            Ok(ResourceChange::ListChanged) => peer.notify_resource_list_changed().await,
            // Unknown to this server: nothing to tell.
            Ok(_) => continue,
            // What was missed is unknown: the list and every subscribed
            // URI may have changed.
            Err(RecvError::Lagged(missed)) => {
                tracing::warn!(
                    missed,
                    "an MCP session fell behind the resource changes; it is told the list and all its subscriptions changed"
                );
                let mut sent = peer.notify_resource_list_changed().await;
                for uri in subscriptions.list() {
                    if sent.is_err() {
                        break;
                    }
                    sent = peer
                        .notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                        .await;
                }
                sent
            }
            Err(RecvError::Closed) => return,
        };
        if sent.is_err() {
            return;
        }
    }
}
