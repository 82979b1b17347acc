//! What a plugin says when its resources change, for the MCP clients
//! that read them.

/// A change to a plugin's resources, told with
/// [`PluginContext::resource_updated`](crate::PluginContext::resource_updated)
/// or [`PluginContext::resource_list_changed`](crate::PluginContext::resource_list_changed).
///
/// The host passes it to every MCP session it serves: `Updated` becomes
/// `notifications/resources/updated` for the sessions subscribed to that
/// URI, `ListChanged` becomes `notifications/resources/list_changed` for
/// all of them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceChange {
    /// The contents at this URI changed: a client that subscribed to it
    /// reads it again.
    Updated(String),
    /// Resources came or went: clients list them again.
    ListChanged,
}
