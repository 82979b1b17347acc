//! The permission service as one plugin sees it.

use std::fmt;

use super::{AccessError, SEPARATOR, full_name};
use crate::Origin;
use crate::plugin::PluginInfo;

/// A plugin's view of the permission service: `has(origin, permission)`,
/// with short names resolved in the plugin's own namespace.
#[derive(Clone, Copy)]
pub struct Permissions<'a> {
    info: &'a PluginInfo,
}

impl<'a> Permissions<'a> {
    pub(crate) fn new(info: &'a PluginInfo) -> Self {
        Permissions { info }
    }

    /// The full name of `permission`: a short name (`publish`) is this
    /// plugin's (`reviewer:publish`); a full name (`guard:bypass`) is kept.
    pub fn resolve(&self, permission: &str) -> String {
        if permission.contains(SEPARATOR) {
            permission.to_owned()
        } else {
            full_name(self.info.id(), permission)
        }
    }

    /// Whether `origin` holds `permission` (short for this plugin's, or
    /// `plugin:name`). An origin without a role holds nothing.
    ///
    /// Asking about a permission no plugin declares is a bug in the
    /// asking plugin: the answer is `false` and the problem is logged as an
    /// error; use [`check`](Self::check) to get it as an error instead.
    pub fn has(&self, origin: &Origin, permission: &str) -> bool {
        match self.check(origin, permission) {
            Ok(held) => held,
            Err(error) => {
                tracing::error!(plugin = self.info.id(), origin = %origin, "{error}");
                false
            }
        }
    }

    /// Like [`has`](Self::has), with an unknown permission (or a context
    /// not built by a host) as an error.
    pub fn check(&self, origin: &Origin, permission: &str) -> Result<bool, AccessError> {
        let services = self.info.services().ok_or(AccessError::NoHost {
            plugin: self.info.id(),
        })?;
        services.has(origin, &self.resolve(permission))
    }

    /// The role the host gives `origin`, if any.
    pub fn role(&self, origin: &Origin) -> Option<String> {
        self.info.services()?.role(origin)
    }
}

impl fmt::Debug for Permissions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Permissions")
            .field("plugin", &self.info.id())
            .finish()
    }
}
