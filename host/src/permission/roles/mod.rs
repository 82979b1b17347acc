//! The permission service: whether an origin holds a permission, answered
//! from the roles and origins of the host config and the permissions the
//! linked plugins declare.
//!
//! * A permission's full name is `<plugin id>:<name>` (`reviewer:publish`).
//! * An origin's role: its exact entry in `[origins]`, else the longest
//!   `prefix*` pattern that matches it (`"telegram:*"`, then `"*"`); an
//!   origin with neither has no role and holds nothing.
//! * A role holds what it names in full, and what its wildcards cover:
//!   `<plugin>:*` (that plugin's permissions), `*` (every plugin's). The
//!   `owner` role always holds `*`. No wildcard covers a permission its
//!   plugin lists in `owner_wildcard_exclusions`: only a full name grants it.
//! * Asking about a permission no linked plugin declares is a programming
//!   error: [`AccessService::check`] returns [`AccessError::UnknownPermission`]
//!   (with the nearest name), [`AccessService::has`] logs it and says no.
//!
//! Names in the config that match nothing linked (a plugin, a permission,
//! a role) are config problems, reported with their paths when the host is
//! built.

use std::collections::{HashMap, HashSet};

use tackle::Origin;
use tackle::Problem;
use tackle::access::{AccessError, OWNER_ROLE, SEPARATOR, full_name};
use tackle::def::PluginDef;

use crate::config::AccessConfig;
use crate::suggest;

/// The checked roles and origins, ready to answer.
#[derive(Debug, Clone, Default)]
pub struct AccessService {
    /// Every declared permission, by full name, sorted.
    declared: Vec<String>,
    /// Those no wildcard grants.
    excluded: HashSet<String>,
    roles: HashMap<String, Grants>,
    exact: HashMap<String, String>,
    /// `(prefix, role)`, longest prefix first.
    prefixes: Vec<(String, String)>,
}

#[derive(Debug, Clone, Default)]
struct Grants {
    everything: bool,
    plugins: HashSet<String>,
    explicit: HashSet<String>,
}

impl AccessService {
    /// Checks `config` against the permissions `plugins` declare; every
    /// problem is reported, each with its path in the config.
    pub fn new(
        config: &AccessConfig,
        plugins: &[&'static PluginDef],
    ) -> Result<Self, Vec<Problem>> {
        let mut problems = Vec::new();
        let mut declared: Vec<String> = Vec::new();
        let mut excluded = HashSet::new();
        for plugin in plugins {
            for permission in plugin.permissions {
                declared.push(full_name(plugin.id, permission.name));
            }
            for name in plugin.owner_wildcard_exclusions {
                excluded.insert(full_name(plugin.id, name));
            }
        }
        declared.sort();
        let by_plugin = |id: &str| plugins.iter().find(|p| p.id == id);
        let plugin_ids: Vec<&str> = plugins.iter().map(|p| p.id).collect();

        let mut roles: HashMap<String, Grants> = HashMap::new();
        roles.insert(
            OWNER_ROLE.to_owned(),
            Grants {
                everything: true,
                ..Grants::default()
            },
        );
        for (name, role) in &config.roles {
            let grants = roles.entry(name.clone()).or_default();
            for (i, grant) in role.permissions.iter().enumerate() {
                let at = format!("{}.permissions[{i}]", key_path("roles", name));
                if grant == "*" {
                    grants.everything = true;
                    continue;
                }
                let Some((plugin_id, permission)) = grant.split_once(SEPARATOR) else {
                    continue; // refused when the config was parsed
                };
                let Some(plugin) = by_plugin(plugin_id) else {
                    problems.push(Problem::new(
                        at,
                        format!(
                            "no linked plugin has id `{plugin_id}`{} (linked: {})",
                            suggest::did_you_mean(plugin_id, &plugin_ids),
                            suggest::listing(&plugin_ids)
                        ),
                    ));
                    continue;
                };
                let names: Vec<&str> = plugin.permissions.iter().map(|p| p.name).collect();
                if permission == "*" {
                    if names.is_empty() {
                        problems.push(Problem::new(
                            at,
                            format!("plugin `{plugin_id}` declares no permissions, so `{grant}` grants nothing; remove it"),
                        ));
                    } else {
                        grants.plugins.insert(plugin_id.to_owned());
                    }
                } else if names.contains(&permission) {
                    grants.explicit.insert(grant.clone());
                } else {
                    problems.push(Problem::new(
                        at,
                        format!(
                            "plugin `{plugin_id}` declares no permission `{permission}`{} (it declares: {})",
                            suggest::did_you_mean(permission, &names),
                            suggest::listing(&names)
                        ),
                    ));
                }
            }
        }

        let role_names: Vec<&str> = roles.keys().map(String::as_str).collect();
        let mut exact = HashMap::new();
        let mut prefixes = Vec::new();
        for (origin, role) in &config.origins {
            if !roles.contains_key(role) {
                let mut known = role_names.clone();
                known.sort_unstable();
                problems.push(Problem::new(
                    key_path("origins", origin),
                    format!(
                        "no role `{role}`{} (roles: {}); define it with `[roles.{role}]`",
                        suggest::did_you_mean(role, &known),
                        suggest::listing(&known)
                    ),
                ));
                continue;
            }
            match origin.strip_suffix('*') {
                Some(prefix) => prefixes.push((prefix.to_owned(), role.clone())),
                None => {
                    exact.insert(origin.clone(), role.clone());
                }
            }
        }
        prefixes.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));

        if problems.is_empty() {
            Ok(AccessService {
                declared,
                excluded,
                roles,
                exact,
                prefixes,
            })
        } else {
            Err(problems)
        }
    }

    /// The role `origin` has: its exact entry, else the longest matching
    /// prefix pattern; `None` when neither matches.
    pub fn role(&self, origin: &Origin) -> Option<&str> {
        let id = origin.as_str();
        self.exact
            .get(id)
            .or_else(|| {
                self.prefixes
                    .iter()
                    .find(|(prefix, _)| id.starts_with(prefix.as_str()))
                    .map(|(_, role)| role)
            })
            .map(String::as_str)
    }

    /// Whether `origin` holds `permission` (a full name); an error when no
    /// linked plugin declares it.
    pub fn check(&self, origin: &Origin, permission: &str) -> Result<bool, AccessError> {
        if self
            .declared
            .binary_search_by(|d| d.as_str().cmp(permission))
            .is_err()
        {
            let known: Vec<&str> = self.declared.iter().map(String::as_str).collect();
            return Err(AccessError::UnknownPermission {
                permission: permission.to_owned(),
                suggestion: suggest::nearest(permission, &known).map(str::to_owned),
            });
        }
        let Some(grants) = self.role(origin).and_then(|role| self.roles.get(role)) else {
            return Ok(false);
        };
        if grants.explicit.contains(permission) {
            return Ok(true);
        }
        if self.excluded.contains(permission) {
            return Ok(false);
        }
        let plugin = permission.split(SEPARATOR).next().unwrap_or_default();
        Ok(grants.everything || grants.plugins.contains(plugin))
    }

    /// Like [`check`](Self::check), but an unknown permission is logged as
    /// an error and answered `false`.
    pub fn has(&self, origin: &Origin, permission: &str) -> bool {
        self.check(origin, permission).unwrap_or_else(|error| {
            tracing::error!(origin = %origin, "{error}");
            false
        })
    }

    /// Every declared permission's full name, sorted.
    pub fn permissions(&self) -> impl Iterator<Item = &str> {
        self.declared.iter().map(String::as_str)
    }
}

/// `origins."telegram:42"`, or `origins.cli` when the key needs no quotes.
pub(crate) fn key_path(table: &str, key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        format!("{table}.{key}")
    } else {
        format!("{table}.\"{key}\"")
    }
}

#[cfg(test)]
mod tests;
