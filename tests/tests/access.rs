//! Permissions with a real host: the `reviewer` example's permissions,
//! roles and origins from a host config, the owner wildcard and its
//! exclusions, a plugin asking through its context, config problems.

use serde_json::json;
use tackle::Origin;
use tackle::access::AccessError;
use tackle_runtime::{CallInfo, Host, HostError};

tackle_runtime::link!(reviewer, metrics);

async fn host(config: &str) -> Host {
    Host::builder()
        .config_toml(config, "test.toml")
        .build()
        .await
        .expect("host builds")
}

async fn config_problems(config: &str) -> String {
    match Host::builder()
        .config_toml(config, "test.toml")
        .build()
        .await
    {
        Err(HostError::Config(err)) => err.to_string(),
        other => panic!("expected config problems, got {other:?}"),
    }
}

const ROLES: &str = r#"
[roles.maintainer]
permissions = ["reviewer:review"]
[roles.keeper]
permissions = ["reviewer:*"]
[origins]
"cli" = "owner"
"telegram:42" = "keeper"
"telegram:*" = "maintainer"
"#;

#[tokio::test]
async fn the_host_answers_from_roles_and_origins() {
    let host = host(ROLES).await;
    let maintainer = Origin::new("telegram:7");
    let keeper = Origin::new("telegram:42");
    let owner = Origin::new("cli");
    let stranger = Origin::new("irc:bob");
    assert_eq!(host.role_of(&maintainer), Some("maintainer"));
    assert_eq!(host.role_of(&keeper), Some("keeper"));
    assert_eq!(host.role_of(&stranger), None);

    assert!(host.has(&maintainer, "reviewer:review"));
    assert!(!host.has(&maintainer, "reviewer:review-secrets"));
    // `reviewer:*` and the owner role are wildcards: the exclusion holds.
    assert!(host.has(&keeper, "reviewer:review"));
    assert!(!host.has(&keeper, "reviewer:review-secrets"));
    assert!(host.has(&owner, "reviewer:review"));
    assert!(!host.has(&owner, "reviewer:review-secrets"));
    assert!(!host.has(&stranger, "reviewer:review"));
    assert_eq!(
        host.access().permissions().collect::<Vec<_>>(),
        ["reviewer:review", "reviewer:review-secrets"]
    );
}

#[tokio::test]
async fn an_excluded_permission_is_granted_only_by_name() {
    let host = host(&format!(
        "{ROLES}[roles.owner]\npermissions = [\"reviewer:review-secrets\"]\n"
    ))
    .await;
    assert!(host.has(&Origin::new("cli"), "reviewer:review-secrets"));
    assert!(!host.has(&Origin::new("telegram:42"), "reviewer:review-secrets"));
}

#[tokio::test]
async fn asking_about_an_undeclared_permission_is_an_error() {
    let host = host(ROLES).await;
    let cli = Origin::new("cli");
    assert_eq!(
        host.check_permission(&cli, "reviewer:reveiw"),
        Err(AccessError::UnknownPermission {
            permission: "reviewer:reveiw".into(),
            suggestion: Some("reviewer:review".into()),
        })
    );
    // `has` says no (and logs the error) rather than guess.
    assert!(!host.has(&cli, "reviewer:reveiw"));
    assert!(
        !host.has(&cli, "review"),
        "short names are for plugins, not the host"
    );
}

#[tokio::test]
async fn a_plugin_asks_with_short_names_through_its_context() {
    // No bridge: a call that passes the permission check fails at the
    // spawn, one that does not is refused before it.
    let host = host(ROLES).await;
    let ask = |origin: Option<&str>, path: &str| {
        let mut call = CallInfo::new(".");
        if let Some(origin) = origin {
            call = call.with_origin(Origin::new(origin));
        }
        host.call_tool("review", json!({ "path": path }), call)
    };
    let allowed = ask(Some("telegram:7"), "src/lib.rs")
        .await
        .expect("callable");
    assert!(
        allowed.text_content().contains("has no subagent bridge"),
        "{allowed:?}"
    );
    let refused = ask(Some("telegram:7"), "secrets/key")
        .await
        .expect("callable");
    assert!(refused.is_error);
    assert_eq!(
        refused.text_content(),
        "`telegram:7` may not ask for this review: it needs `reviewer:review-secrets`"
    );
    let owner = ask(Some("cli"), "secrets/key").await.expect("callable");
    assert!(
        owner
            .text_content()
            .contains("needs `reviewer:review-secrets`")
    );
    let nobody = ask(None, "src/lib.rs").await.expect("callable");
    assert!(nobody.text_content().contains("this call has no origin"));
}

#[tokio::test]
async fn config_names_that_match_nothing_fail_the_build_with_their_paths() {
    let text = config_problems(
        r#"
[roles.maintainer]
permissions = ["reviewer:reveiw", "reviewr:*", "metrics:*"]
[origins]
"cli" = "ownr"
"telegram:*" = "maintainer"
"#,
    )
    .await;
    for expected in [
        "`roles.maintainer.permissions[0]`: plugin `reviewer` declares no permission `reveiw`; did you mean `review`?",
        "`roles.maintainer.permissions[1]`: no linked plugin has id `reviewr`; did you mean `reviewer`?",
        "`roles.maintainer.permissions[2]`: plugin `metrics` declares no permissions, so `metrics:*` grants nothing",
        "`origins.cli`: no role `ownr`; did you mean `owner`?",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(text.starts_with("test.toml has 4 problems"), "{text}");
}

#[tokio::test]
async fn config_shape_problems_are_reported_when_parsing() {
    let text = config_problems(
        "[roles.maintainer]\npermissions = [\"review\"]\n[origins]\n\"a*b\" = \"maintainer\"\n",
    )
    .await;
    assert!(
        text.contains(
            "`roles.maintainer.permissions[0]`: write a permission in full, `<plugin id>:review`"
        ),
        "{text}"
    );
    assert!(
        text.contains("`origins.\"a*b\"`: `*` may only end an origin pattern"),
        "{text}"
    );
}
