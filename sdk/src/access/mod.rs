//! Permissions a plugin declares (`plugin! { permissions: [...] }`), and who
//! holds them: origins, roles, the owner wildcard.
//!
//! A permission's full name is `<plugin id>:<name>` (`reviewer:publish`):
//! plugin ids never contain `:`, so the name is unambiguous. The host config
//! gives roles to origins and permissions to roles:
//!
//! ```toml
//! [roles.maintainer]
//! permissions = ["reviewer:publish", "guard:*"]
//!
//! [origins]
//! "cli" = "owner"               # the owner role: every permission, but exclusions
//! "telegram:42" = "maintainer"
//! "telegram:*" = "guest"        # a prefix pattern: the longest matching prefix wins
//! ```
//!
//! A plugin asks with [`PluginContext::permissions`](crate::PluginContext::permissions)
//! (hooks: `ctx.plugin_info().permissions()`):
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//!
//! tackle::plugin! {
//!     id: "release",
//!     permissions: ["publish", { name: "yank", description: "Remove a published version." }],
//!     owner_wildcard_exclusions: ["yank"],
//! }
//!
//! /// Publish the crate, if the caller may.
//! #[tool]
//! fn publish(ctx: &ToolContext) -> Result<String, ToolError> {
//!     let Some(origin) = ctx.origin() else {
//!         return Err(ToolError::new("nobody asked: this call has no origin"));
//!     };
//!     if !ctx.plugin().permissions().has(origin, "publish") {
//!         return Err(ToolError::new(format!("`{origin}` may not publish")));
//!     }
//!     Ok("published".into())
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use tackle::CallInfo;
//! use tackle::Origin;
//! use tackle_runtime::testing::TestHost;
//!
//! let config = r#"
//! [roles.maintainer]
//! permissions = ["release:*"]
//!
//! [origins]
//! "cli" = "owner"
//! "telegram:42" = "maintainer"
//! "#;
//! let host = TestHost::with_config(&["release"], config).await;
//! let call = |origin: &str| CallInfo::new(".").with_origin(Origin::new(origin));
//! let args = serde_json::json!({});
//!
//! let owner = host.host().call_tool("publish", args.clone(), call("cli")).await.unwrap();
//! assert_eq!(owner.text_content(), "published");
//! let guest = host.host().call_tool("publish", args.clone(), call("telegram:7")).await.unwrap();
//! assert_eq!(guest.text_content(), "`telegram:7` may not publish");
//!
//! // `yank` is excluded from wildcards: `release:*` and the owner role lack it.
//! let access = host.host().access();
//! assert!(access.has(&Origin::new("telegram:42"), "release:publish"));
//! assert!(!access.has(&Origin::new("telegram:42"), "release:yank"));
//! assert!(!access.has(&Origin::new("cli"), "release:yank"));
//! # }
//! ```
//!
//! Wildcards (`"*"`, `"guard:*"`, and the `owner` role) never grant a
//! permission the plugin lists in `owner_wildcard_exclusions`: a role holds
//! one of those only when it names it in full.

mod permissions;

pub use permissions::Permissions;

/// Separates a plugin id from a permission name in a full name.
pub const SEPARATOR: char = ':';

/// The role that holds every declared permission but the plugins'
/// `owner_wildcard_exclusions`, whether or not the config defines it.
pub const OWNER_ROLE: &str = "owner";

/// One permission from `plugin! { permissions: [...] }`; its full name is
/// `<plugin id>:<name>`.
#[derive(Debug)]
pub struct PermissionDef {
    /// The name within the plugin.
    pub name: &'static str,
    /// What holding it allows.
    pub description: &'static str,
}

/// `plugin:name`: the full name of permission `name` of plugin `plugin`.
pub fn full_name(plugin: &str, name: &str) -> String {
    format!("{plugin}{SEPARATOR}{name}")
}

/// Why a permission question has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccessError {
    /// No linked plugin declares this permission: a programming error in
    /// the plugin that asked (a typo, or a permission it forgot to declare).
    #[error("no plugin declares permission `{permission}`{}; declare it in `plugin! {{ permissions: [...] }}`", suggestion.as_ref().map_or_else(String::new, |s| format!("; did you mean `{s}`?")))]
    UnknownPermission {
        /// The full name asked about.
        permission: String,
        /// The nearest declared full name, if close.
        suggestion: Option<String>,
    },
    /// The plugin context was not built by a host (a test built it by hand).
    #[error("plugin `{plugin}` is not running in a host, so it cannot ask about permissions")]
    NoHost {
        /// The plugin.
        plugin: &'static str,
    },
}
