//! `[roles]` and `[origins]` in the host config: which roles hold which
//! permissions, and which origins have which role.
//!
//! ```toml
//! [roles.maintainer]
//! permissions = ["reviewer:publish", "guard:*"]   # full names, `<plugin>:*`, or `*`
//!
//! [roles.owner]                                    # built in; list only what the
//! permissions = ["guard:bypass"]                   # wildcard excludes, to grant it
//!
//! [origins]
//! "cli" = "owner"
//! "telegram:42" = "maintainer"
//! "telegram:*" = "guest"      # a prefix pattern: the longest matching prefix wins
//! "*" = "guest"               # every other origin
//! ```
//!
//! The shape is checked here; whether each permission and role exists is
//! checked when the host is built and knows the linked plugins
//! ([`crate::permission::roles`]).

use std::collections::BTreeMap;

use tackle::Problem;
use tackle::access::OWNER_ROLE;

use super::read;
use crate::permission::roles::key_path;

const ROLE_KEYS: &[&str] = &["permissions", "description"];

/// What the host config says about roles and origins.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccessConfig {
    /// `[roles.<name>]`: each role's grants, as written.
    pub roles: BTreeMap<String, RoleConfig>,
    /// `[origins]`: origin (or `prefix*` pattern) → role name.
    pub origins: BTreeMap<String, String>,
}

/// One `[roles.<name>]` table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RoleConfig {
    /// `permissions`: full names (`guard:publish`), a plugin's wildcard
    /// (`guard:*`), or every permission (`*`).
    pub permissions: Vec<String>,
    /// `description`, for people reading the config.
    pub description: Option<String>,
}

impl AccessConfig {
    /// Reads top-level key `key`; problems are reported with their path.
    pub(super) fn parse(&mut self, key: &str, value: &toml::Value, problems: &mut Vec<Problem>) {
        let example = if key == "roles" {
            "`[roles.maintainer]`"
        } else {
            "`[origins]` with `\"cli\" = \"owner\"`"
        };
        let Some(table) = read::table(key, value, example, problems) else {
            return;
        };
        if key == "roles" {
            for (name, role) in table {
                if let Some(role) = parse_role(name, role, problems) {
                    self.roles.insert(name.clone(), role);
                }
            }
        } else {
            for (origin, role) in table {
                let at = key_path("origins", origin);
                if let Some(problem) = origin_problem(origin) {
                    problems.push(Problem::new(at, problem));
                    continue;
                }
                match role.as_str() {
                    Some(role) => {
                        self.origins.insert(origin.clone(), role.to_owned());
                    }
                    None => problems.push(read::expected(
                        at,
                        "a role name, such as `\"maintainer\"`",
                        role,
                    )),
                }
            }
        }
    }
}

/// An origin key is an exact origin, or a prefix ending in one `*`.
fn origin_problem(origin: &str) -> Option<String> {
    if origin.is_empty() {
        return Some("an origin cannot be empty; write `\"*\"` for every origin".to_owned());
    }
    let stars = origin.matches('*').count();
    if stars > 1 || (stars == 1 && !origin.ends_with('*')) {
        return Some(format!(
            "`*` may only end an origin pattern (`\"telegram:*\"` matches every origin that starts with `telegram:`), so `{origin}` is not one"
        ));
    }
    None
}

fn parse_role(name: &str, value: &toml::Value, problems: &mut Vec<Problem>) -> Option<RoleConfig> {
    let at = key_path("roles", name);
    let Some(table) = value.as_table() else {
        let what = "a role table with `permissions = [...]`";
        problems.push(read::expected(at, what, value));
        return None;
    };
    let before = problems.len();
    let mut role = RoleConfig::default();
    for (key, value) in table {
        match key.as_str() {
            "permissions" => match value.as_array() {
                Some(items) => {
                    for (i, item) in items.iter().enumerate() {
                        let at = format!("{at}.permissions[{i}]");
                        match item.as_str() {
                            Some(grant) if role.permissions.iter().any(|g| g == grant) => problems
                                .push(Problem::new(at, format!("`{grant}` is listed twice"))),
                            Some(grant) => match grant_problem(grant) {
                                Some(problem) => problems.push(Problem::new(at, problem)),
                                None => role.permissions.push(grant.to_owned()),
                            },
                            None => problems.push(read::expected(
                                at,
                                "a permission such as `\"guard:publish\"`",
                                item,
                            )),
                        }
                    }
                }
                None => problems.push(read::expected(
                    format!("{at}.permissions"),
                    "an array of permissions",
                    value,
                )),
            },
            "description" => match value.as_str() {
                Some(text) => role.description = Some(text.to_owned()),
                None => problems.push(read::expected(
                    format!("{at}.description"),
                    "a string",
                    value,
                )),
            },
            other => problems.push(read::unknown_key(format!("{at}.{other}"), other, ROLE_KEYS)),
        }
    }
    if name == OWNER_ROLE && role.permissions.iter().any(|g| g == "*") {
        problems.push(Problem::new(
            format!("{at}.permissions"),
            "the `owner` role always holds `*`; list only permissions the wildcard excludes",
        ));
    }
    (problems.len() == before).then_some(role)
}

/// A grant is `*`, `<plugin>:*` or `<plugin>:<permission>`.
fn grant_problem(grant: &str) -> Option<String> {
    if grant == "*" {
        return None;
    }
    match grant.split_once(tackle::access::SEPARATOR) {
        Some((plugin, name)) if !plugin.is_empty() && !name.is_empty() => {
            (name != "*" && name.contains('*')).then(|| {
                format!("`*` stands alone (`{plugin}:*`, every permission of `{plugin}`); `{grant}` is not a permission")
            })
        }
        _ => Some(format!(
            "write a permission in full, `<plugin id>:{}` (or `<plugin id>:*`, or `*`)",
            grant.trim_matches(':')
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::HostConfig;

    #[test]
    fn reads_roles_and_origins() {
        let config = HostConfig::parse(
            "[roles.maintainer]\npermissions = [\"reviewer:publish\", \"guard:*\"]\ndescription = \"x\"\n[origins]\ncli = \"owner\"\n\"telegram:42\" = \"maintainer\"\n\"telegram:*\" = \"guest\"\n",
            "t.toml",
        )
        .expect("valid");
        let access = &config.access;
        assert_eq!(
            access.roles["maintainer"].permissions,
            ["reviewer:publish", "guard:*"]
        );
        assert_eq!(access.origins["telegram:42"], "maintainer");
        assert_eq!(access.origins["cli"], "owner");
        assert_eq!(access.origins["telegram:*"], "guest");
    }

    #[test]
    fn reports_each_shape_problem_with_its_path() {
        let err = HostConfig::parse(
            "[roles.a]\npermissions = [\"publish\", 3, \"g:x*\", \"g:p\", \"g:p\"]\npermisions = []\n[roles.owner]\npermissions = [\"*\"]\n[origins]\n\"a*b\" = \"a\"\ncli = 1\n",
            "t.toml",
        )
        .expect_err("invalid");
        let text = err.to_string();
        for expected in [
            "`roles.a.permissions[0]`: write a permission in full, `<plugin id>:publish`",
            "`roles.a.permissions[1]`: expected a permission such as `\"guard:publish\"`, found 3",
            "`roles.a.permissions[2]`: `*` stands alone",
            "`roles.a.permissions[4]`: `g:p` is listed twice",
            "`roles.a.permisions`: unknown key; did you mean `permissions`?",
            "`roles.owner.permissions`: the `owner` role always holds `*`",
            "`origins.\"a*b\"`: `*` may only end an origin pattern",
            "`origins.cli`: expected a role name",
        ] {
            assert!(text.contains(expected), "missing {expected:?} in {text}");
        }
        assert_eq!(err.problems.len(), 8, "{text}");
    }

    #[test]
    fn a_non_table_is_reported() {
        let err = HostConfig::parse("roles = 3\norigins = []\n", "t.toml").expect_err("invalid");
        assert_eq!(err.problems.len(), 2, "{err}");
        assert!(
            err.to_string().contains("`roles`: expected a table"),
            "{err}"
        );
    }
}
