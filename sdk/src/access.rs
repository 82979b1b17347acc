//! Permissions a plugin declares (`plugin! { permissions: [...] }`), and who
//! holds them: origins, roles, the owner wildcard.
//!
//! (Scaffold for issue 4: the permissions work fills this module in.)

/// One permission from `plugin! { permissions: [...] }`; its full name is
/// `<plugin id>:<name>`.
#[derive(Debug)]
pub struct PermissionDef {
    /// The name within the plugin.
    pub name: &'static str,
    /// What holding it allows.
    pub description: &'static str,
}
