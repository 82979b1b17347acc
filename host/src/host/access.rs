//! The host's permission service: roles and origins, for host code
//! (plugins reach the same through their `PluginContext`).

use tackle::Origin;
use tackle::access::AccessError;

use super::Host;
use crate::permission::roles::AccessService;

/// Permissions: roles and origins from the config.
impl Host {
    /// The permission service: roles and origins from the config, checked
    /// against the permissions the linked plugins declare.
    pub fn access(&self) -> &AccessService {
        self.services.access()
    }

    /// Whether `origin` holds `permission`, a full name (`reviewer:publish`).
    /// A permission no linked plugin declares is logged as an error and
    /// answered `false`; [`Host::check_permission`] returns it as an error.
    ///
    /// ```
    /// tackle::plugin! {
    ///     id: "release",
    ///     permissions: ["publish", "yank"],
    ///     owner_wildcard_exclusions: ["yank"],
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use tackle::Origin;
    /// use tackle_host::Host;
    ///
    /// let config = r#"
    ///     [roles.maintainer]
    ///     permissions = ["release:publish"]
    ///     [origins]
    ///     "cli" = "owner"
    ///     "telegram:*" = "maintainer"
    /// "#;
    /// let host = Host::builder().config_toml(config, "tackle.toml").build().await?;
    /// let (cli, telegram) = (Origin::new("cli"), Origin::new("telegram:42"));
    /// assert_eq!(host.role_of(&telegram), Some("maintainer"));
    /// assert!(host.has(&telegram, "release:publish"));
    /// assert!(!host.has(&telegram, "release:yank"));
    /// assert!(host.has(&cli, "release:publish"));
    /// assert!(!host.has(&cli, "release:yank"), "the owner wildcard excludes it");
    /// # Ok(())
    /// # }
    /// ```
    pub fn has(&self, origin: &Origin, permission: &str) -> bool {
        self.services.access().has(origin, permission)
    }

    /// Whether `origin` holds `permission`; an error when no linked plugin
    /// declares it (with the nearest declared name).
    pub fn check_permission(&self, origin: &Origin, permission: &str) -> Result<bool, AccessError> {
        self.services.access().check(origin, permission)
    }

    /// The role the config gives `origin`, if any.
    pub fn role_of(&self, origin: &Origin) -> Option<&str> {
        self.services.access().role(origin)
    }
}
