//! The plugins' resource changes, forwarded to one client:
//! `notifications/resources/updated` for a URI it subscribed to and
//! `notifications/resources/list_changed`, to a session with `initialize`
//! always, on protocol 2026-07-28 to a `subscriptions/listen` stream that
//! asked for them.

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{ResourceUpdatedNotificationParam, SubscriptionFilter};
use rmcp::service::{Peer, SubscriptionSink};
use tackle::resource::ResourceChange;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;

use super::resources::Subscriptions;

/// Where the changes go.
#[derive(Debug)]
pub(crate) enum Listener {
    /// A session with `initialize`: its `resources/subscribe` set.
    Session {
        peer: Peer<RoleServer>,
        subscriptions: Arc<Subscriptions>,
    },
    /// A 2026-07-28 `subscriptions/listen` stream: its accepted filter.
    Stream(SubscriptionSink, SubscriptionFilter),
}

impl Listener {
    fn wants(&self, uri: &str) -> bool {
        match self {
            Listener::Session { subscriptions, .. } => subscriptions.contains(uri),
            Listener::Stream(_, filter) => filter
                .resource_subscriptions
                .as_ref()
                .is_some_and(|uris| uris.iter().any(|u| u == uri)),
        }
    }

    fn subscribed(&self) -> Vec<String> {
        match self {
            Listener::Session { subscriptions, .. } => subscriptions.list(),
            Listener::Stream(_, filter) => {
                filter.resource_subscriptions.clone().unwrap_or_default()
            }
        }
    }

    /// Tells of `uri`'s change; false once the client cannot be told.
    async fn updated(&self, uri: String) -> bool {
        match self {
            Listener::Session { peer, .. } => peer
                .notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                .await
                .is_ok(),
            Listener::Stream(sink, _) => sink.notify_resource_updated(uri).await.is_ok(),
        }
    }

    /// Tells that the list changed, if the listener asked to be; false
    /// once the client cannot be told.
    async fn list_changed(&self) -> bool {
        match self {
            Listener::Session { peer, .. } => peer.notify_resource_list_changed().await.is_ok(),
            Listener::Stream(_, filter) if filter.resources_list_changed != Some(true) => true,
            Listener::Stream(sink, _) => sink.notify_resource_list_changed().await.is_ok(),
        }
    }
}

/// Forwards `changes` to `listener` until `stop` is cancelled (the
/// session or stream ended, or the server stops), the client can no
/// longer be written to, or the host is gone.
pub(crate) async fn forward(
    mut changes: Receiver<ResourceChange>,
    listener: Listener,
    stop: CancellationToken,
) {
    loop {
        let change = tokio::select! {
            change = changes.recv() => change,
            () = stop.cancelled() => return,
        };
        let sent = match change {
            Ok(ResourceChange::Updated(uri)) => {
                if !listener.wants(&uri) {
                    continue;
                }
                listener.updated(uri).await
            }
            Ok(ResourceChange::ListChanged) => listener.list_changed().await,
            // Unknown to this server: nothing to tell.
            Ok(_) => continue,
            // What was missed is unknown: the list and every subscribed
            // URI may have changed.
            Err(RecvError::Lagged(missed)) => {
                tracing::warn!(
                    missed,
                    "an MCP client fell behind the resource changes; it is told the list and all its subscriptions changed"
                );
                let mut sent = listener.list_changed().await;
                for uri in listener.subscribed() {
                    if !sent {
                        break;
                    }
                    sent = listener.updated(uri).await;
                }
                sent
            }
            Err(RecvError::Closed) => return,
        };
        if !sent {
            return;
        }
    }
}
