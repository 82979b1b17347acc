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

/// What [`forward`] needs of a client: which URIs it watches, and how to
/// tell it of a change.
pub(crate) trait Notify {
    /// Whether the client wants `uri`'s changes.
    fn wants(&self, uri: &str) -> bool;
    /// Every URI it watches.
    fn subscribed(&self) -> Vec<String>;
    /// Tells of `uri`'s change; false once the client cannot be told.
    async fn updated(&self, uri: String) -> bool;
    /// Tells that the list changed, if the client asked to be; false once
    /// the client cannot be told.
    async fn list_changed(&self) -> bool;
}

impl Notify for Listener {
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

    async fn updated(&self, uri: String) -> bool {
        match self {
            Listener::Session { peer, .. } => peer
                .notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                .await
                .is_ok(),
            Listener::Stream(sink, _) => sink.notify_resource_updated(uri).await.is_ok(),
        }
    }

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
    listener: impl Notify,
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

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use tokio::sync::broadcast;

    use super::*;

    /// A client that records what it is told, watching `uris`.
    #[derive(Default)]
    struct Recorder {
        uris: Vec<String>,
        told: Mutex<Vec<String>>,
    }

    impl Notify for &Recorder {
        fn wants(&self, uri: &str) -> bool {
            self.uris.iter().any(|u| u == uri)
        }
        fn subscribed(&self) -> Vec<String> {
            self.uris.clone()
        }
        async fn updated(&self, uri: String) -> bool {
            self.told
                .lock()
                .expect("lock")
                .push(format!("updated {uri}"));
            true
        }
        async fn list_changed(&self) -> bool {
            self.told
                .lock()
                .expect("lock")
                .push("list_changed".to_owned());
            true
        }
    }

    fn updated(uri: &str) -> ResourceChange {
        ResourceChange::Updated(uri.to_owned())
    }

    #[tokio::test]
    async fn a_client_that_fell_behind_is_told_the_list_and_each_of_its_uris_changed() {
        let (tx, rx) = broadcast::channel(2);
        // Four changes into room for two: the first two are missed.
        for uri in ["test://a", "test://other", "test://b", "test://a"] {
            tx.send(updated(uri)).expect("a receiver");
        }
        drop(tx);
        let recorder = Recorder {
            uris: vec!["test://a".to_owned(), "test://b".to_owned()],
            ..Recorder::default()
        };
        forward(rx, &recorder, CancellationToken::new()).await;
        let told = recorder.told.into_inner().expect("lock");
        assert_eq!(
            told,
            [
                // The lag: everything it watches may have changed.
                "list_changed",
                "updated test://a",
                "updated test://b",
                // Then the two changes still held, as they come.
                "updated test://b",
                "updated test://a",
            ]
        );
    }

    #[tokio::test]
    async fn a_client_is_told_only_of_the_uris_it_watches() {
        let (tx, rx) = broadcast::channel(8);
        for change in [
            updated("test://other"),
            updated("test://a"),
            ResourceChange::ListChanged,
        ] {
            tx.send(change).expect("a receiver");
        }
        drop(tx);
        let recorder = Recorder {
            uris: vec!["test://a".to_owned()],
            ..Recorder::default()
        };
        forward(rx, &recorder, CancellationToken::new()).await;
        let told = recorder.told.into_inner().expect("lock");
        assert_eq!(told, ["updated test://a", "list_changed"]);
    }
}
