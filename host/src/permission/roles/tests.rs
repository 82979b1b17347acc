use tackle::access::{AccessError, PermissionDef};
use tackle::def::PluginDef;
use tackle::{Origin, Problem};

use super::AccessService;
use crate::{HostConfig, testing_defs};

const fn plugin(
    id: &'static str,
    permissions: &'static [PermissionDef],
    exclusions: &'static [&'static str],
) -> PluginDef {
    PluginDef {
        permissions,
        owner_wildcard_exclusions: exclusions,
        ..testing_defs::plugin(id)
    }
}

const fn perm(name: &'static str) -> PermissionDef {
    PermissionDef {
        name,
        description: "",
    }
}

static REVIEWER: PluginDef = plugin(
    "reviewer",
    &[perm("publish"), perm("read-secrets")],
    &["read-secrets"],
);
static GUARD: PluginDef = plugin("guard", &[perm("bypass"), perm("audit")], &["bypass"]);
static PLAIN: PluginDef = plugin("plain", &[], &[]);

fn service(toml: &str) -> Result<AccessService, Vec<Problem>> {
    let config = HostConfig::parse(toml, "t.toml").expect("config parses");
    AccessService::new(&config.access, &[&REVIEWER, &GUARD, &PLAIN])
}

fn origin(id: &str) -> Origin {
    Origin::new(id)
}

const CONFIG: &str = r#"
[roles.maintainer]
permissions = ["reviewer:publish", "guard:*"]
[roles.auditor]
permissions = ["guard:bypass"]
[roles.admin]
permissions = ["*", "reviewer:read-secrets"]
[roles.owner]
permissions = ["guard:bypass"]
[roles.guest]
permissions = []
[origins]
cli = "owner"
"telegram:42" = "maintainer"
"telegram:4*" = "auditor"
"telegram:*" = "guest"
"web:*" = "admin"
"#;

#[test]
fn roles_grant_what_they_name() {
    let access = service(CONFIG).expect("valid");
    let m = origin("telegram:42");
    assert_eq!(access.role(&m), Some("maintainer"));
    assert!(access.has(&m, "reviewer:publish"));
    assert!(!access.has(&m, "reviewer:read-secrets"));
    // `guard:*` covers guard's permissions, but not its exclusion.
    assert!(access.has(&m, "guard:audit"));
    assert!(!access.has(&m, "guard:bypass"));
}

#[test]
fn the_longest_matching_prefix_gives_the_role() {
    let access = service(CONFIG).expect("valid");
    assert_eq!(access.role(&origin("telegram:43")), Some("auditor"));
    assert_eq!(access.role(&origin("telegram:7")), Some("guest"));
    assert_eq!(access.role(&origin("telegram:")), Some("guest"));
    assert_eq!(access.role(&origin("cli")), Some("owner"));
    // An exact origin is not a prefix.
    assert_eq!(access.role(&origin("cli:2")), None);
    let auditor = origin("telegram:43");
    assert!(access.has(&auditor, "guard:bypass"));
    assert!(!access.has(&auditor, "guard:audit"));
    assert!(!access.has(&origin("telegram:7"), "reviewer:publish"));
}

#[test]
fn the_owner_wildcard_honours_exclusions() {
    let access = service(CONFIG).expect("valid");
    let owner = origin("cli");
    assert!(access.has(&owner, "reviewer:publish"));
    assert!(access.has(&owner, "guard:audit"));
    assert!(!access.has(&owner, "reviewer:read-secrets"), "excluded");
    // ... unless the owner role names it in full.
    assert!(access.has(&owner, "guard:bypass"));
    // `*` in another role is the same wildcard.
    let admin = origin("web:1");
    assert!(access.has(&admin, "guard:audit"));
    assert!(!access.has(&admin, "guard:bypass"));
    assert!(access.has(&admin, "reviewer:read-secrets"));
}

#[test]
fn the_owner_role_exists_without_being_defined() {
    let access = service("[origins]\ncli = \"owner\"\n").expect("valid");
    assert!(access.has(&origin("cli"), "guard:audit"));
    assert!(!access.has(&origin("cli"), "guard:bypass"));
}

#[test]
fn an_origin_without_a_role_holds_nothing() {
    let access = service(CONFIG).expect("valid");
    let stranger = origin("irc:bob");
    assert_eq!(access.role(&stranger), None);
    assert_eq!(access.check(&stranger, "guard:audit"), Ok(false));
    let empty = service("").expect("valid");
    assert_eq!(empty.check(&origin("cli"), "guard:audit"), Ok(false));
}

#[test]
fn an_undeclared_permission_is_an_error_with_a_suggestion() {
    let access = service(CONFIG).expect("valid");
    let err = access
        .check(&origin("cli"), "reviewer:pubish")
        .expect_err("undeclared");
    assert_eq!(
        err,
        AccessError::UnknownPermission {
            permission: "reviewer:pubish".into(),
            suggestion: Some("reviewer:publish".into()),
        }
    );
    assert!(
        err.to_string().contains(
            "no plugin declares permission `reviewer:pubish`; did you mean `reviewer:publish`?"
        ),
        "{err}"
    );
    assert!(!access.has(&origin("cli"), "reviewer:pubish"));
    assert_eq!(
        access.permissions().collect::<Vec<_>>(),
        [
            "guard:audit",
            "guard:bypass",
            "reviewer:publish",
            "reviewer:read-secrets"
        ]
    );
}

#[test]
fn config_names_that_match_nothing_are_problems_with_paths() {
    let problems = service(
        r#"
[roles.a]
permissions = ["reviewr:publish", "reviewer:pubish", "plain:*", "nobody:x", "guard:*"]
[origins]
cli = "ownr"
"telegram:*" = "b"
"#,
    )
    .expect_err("invalid");
    let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
    let text = text.join("\n");
    for expected in [
        "`roles.a.permissions[0]`: no linked plugin has id `reviewr`; did you mean `reviewer`?",
        "`roles.a.permissions[1]`: plugin `reviewer` declares no permission `pubish`; did you mean `publish`? (it declares: `publish`, `read-secrets`)",
        "`roles.a.permissions[2]`: plugin `plain` declares no permissions, so `plain:*` grants nothing",
        "`roles.a.permissions[3]`: no linked plugin has id `nobody`",
        "`origins.cli`: no role `ownr`; did you mean `owner`?",
        "`origins.\"telegram:*\"`: no role `b` (roles: `a`, `owner`); define it with `[roles.b]`",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert_eq!(problems.len(), 6, "{text}");
}
