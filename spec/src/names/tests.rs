use super::*;

/// The message of a refused name; fails the test when `name` is accepted.
fn refused(check: fn(&str) -> Result<(), NameError>, name: &str) -> String {
    match check(name) {
        Ok(()) => panic!("`{name}` was accepted"),
        Err(error) => error.to_string(),
    }
}

fn accepts(check: fn(&str) -> Result<(), NameError>, names: &[&str]) {
    for name in names {
        assert_eq!(check(name), Ok(()), "`{name}` was refused");
    }
}

#[test]
fn plugin_ids() {
    accepts(plugin_id, &["guard", "a-1", "0x", "a", &"a".repeat(64)]);
    assert!(refused(plugin_id, "").contains("cannot be empty"));
    assert!(refused(plugin_id, "-a").contains("not `-`"));
    assert!(refused(plugin_id, &"a".repeat(65)).contains("this one has 65"));
    for (bad, fix) in [
        ("Guard", "guard"),
        ("my_plugin", "my-plugin"),
        ("MyPlugin", "my-plugin"),
        ("My_Plugin", "my-plugin"),
        ("-guard", "guard"),
        ("my plugin!", "my-plugin"),
    ] {
        let message = refused(plugin_id, bad);
        assert!(
            message.contains(&format!("try `{fix}`")),
            "{bad}: {message}"
        );
    }
    assert!(!refused(plugin_id, "__").contains("try"));
}

#[test]
fn declarative_plugin_ids() {
    accepts(
        declarative_plugin_id,
        &[
            "guard",
            "doom_loop_detector_plugin",
            "My.Plugin-2",
            "0",
            &"x".repeat(64),
        ],
    );
    for bad in ["", "-x", ".x", "_x", "a b", "a/b", "a:b", &"x".repeat(65)] {
        assert!(refused(declarative_plugin_id, bad).contains("not a usable plugin id"));
    }
}

#[test]
fn tool_names() {
    accepts(
        tool_name,
        &[
            "count_lines",
            "Count-Lines2",
            "_",
            "-x",
            "9",
            &"x".repeat(64),
        ],
    );
    assert!(refused(tool_name, "count lines").contains("not ` `"));
    assert!(refused(tool_name, "a.b").contains("not `.`"));
    assert!(refused(tool_name, "é").contains("not `é`"));
    assert!(refused(tool_name, "").contains("cannot be empty"));
    assert!(refused(tool_name, &"x".repeat(65)).contains("at most 64"));
}

#[test]
fn hook_names_follow_the_tool_grammar() {
    accepts(hook_name, &["audit_log", "Guard-2"]);
    assert_eq!(refused(hook_name, ""), "a hook name cannot be empty");
    assert!(refused(hook_name, "a.b").starts_with("a hook name may contain only ASCII letters"));
}

#[test]
fn command_names_and_aliases() {
    accepts(
        command_name,
        &["review", "review-pr2", "a", &"a".repeat(64)],
    );
    accepts(command_alias, &["rv", "x-"]);
    assert_eq!(refused(command_name, ""), "a command name cannot be empty");
    assert_eq!(
        refused(command_alias, ""),
        "a command alias cannot be empty"
    );
    assert!(refused(command_name, "Review").contains("try `review`"));
    assert!(refused(command_name, "review_pr").contains("try `review-pr`"));
    assert!(refused(command_name, "ReviewPR").contains("try `review-pr`"));
    let digit = refused(command_name, "2fa");
    assert!(
        digit.contains("starts with") && !digit.contains("try"),
        "{digit}"
    );
    assert!(refused(command_alias, "-x").contains("try `x`"));
    assert!(refused(command_alias, "list").contains("reserved"));
    for reserved in RESERVED_NAMES {
        assert!(refused(command_name, reserved).contains("is reserved"));
    }
    assert!(refused(command_name, &"a".repeat(65)).contains("at most 64"));
}

#[test]
fn kebab_case() {
    assert_eq!(kebab("review_pr"), "review-pr");
    assert_eq!(kebab("ReviewPr"), "review-pr");
    assert_eq!(kebab("_x__y_"), "x-y");
}

#[test]
fn provider_names() {
    accepts(
        provider_name,
        &["scripted", "open-ai_2", "a_", &"a".repeat(64)],
    );
    assert!(refused(provider_name, "").contains("cannot be empty"));
    assert!(refused(provider_name, &"a".repeat(65)).contains("at most 64"));
    assert!(refused(provider_name, "Open AI").contains("try `open-ai`"));
    assert!(refused(provider_name, "_scripted").contains("try `scripted`"));
    assert!(refused(provider_name, "2fast").contains("try `fast`"));
    assert!(refused(provider_name, "a.b").contains("not `.`"));
}

#[test]
fn permission_names() {
    accepts(
        permission_name,
        &["publish", "fs.write", "read_secrets-2", &"p".repeat(64)],
    );
    assert!(refused(permission_name, "").contains("cannot be empty"));
    assert!(refused(permission_name, &"p".repeat(65)).contains("at most 64"));
    assert!(refused(permission_name, "guard:publish").contains("without a plugin id: `publish`"));
    assert!(refused(permission_name, "*").contains("wildcard"));
    assert!(refused(permission_name, "Read Secrets").contains("try `read-secrets`"));
    assert!(!refused(permission_name, "a/b").contains("try"));
    assert!(refused(permission_name, "2x").contains("starts with a lowercase letter, not `2`"));
    assert!(refused(permission_name, ".x").contains("not `.`"));
}

#[test]
fn subagent_names() {
    accepts(
        subagent_name,
        &["reviewer", "code-reviewer2", &"r".repeat(64)],
    );
    assert!(refused(subagent_name, "").contains("cannot be empty"));
    assert!(refused(subagent_name, &"r".repeat(65)).contains("at most 64"));
    assert!(refused(subagent_name, "Code Reviewer").contains("try `code-reviewer`"));
    assert!(refused(subagent_name, "code_reviewer").contains("not `_`"));
    assert_eq!(
        refused(subagent_name, "2nd"),
        "a subagent name starts with a lowercase letter, not `2`"
    );
    assert!(refused(subagent_name, "-x").contains("try `x`"));
}

#[test]
fn doctor_labels() {
    for check in [doctor_check_name, doctor_category] {
        accepts(check, &["log-folder", "files", "a_1", &"a".repeat(64)]);
        for bad in ["", "Files", "1st", "-a", "a.b", &"a".repeat(65)] {
            assert!(refused(check, bad).contains("start with a lowercase letter"));
        }
    }
    assert!(refused(doctor_check_name, "X").contains("not a valid check name"));
    assert!(refused(doctor_category, "X").contains("not a valid category"));
}

#[test]
fn cron_job_keys() {
    accepts(
        cron_job_key,
        &["nightly", "gc-2_x", "2am", &"k".repeat(100)],
    );
    assert!(!refused(cron_job_key, "").contains("try"));
    assert!(refused(cron_job_key, "Nightly Report").contains("try `nightly_report`"));
    assert!(refused(cron_job_key, "-x").contains("try `x`"));
    assert!(refused(cron_job_key, "NightlyCleanup").contains("try `nightly_cleanup`"));
}

#[test]
fn skill_names() {
    accepts(
        skill_name,
        &["a", "safe-shell", "v2", "a-b-c", &"a".repeat(64)],
    );
    for bad in ["", "-a", "a-", "a--b", "A", "a_b", &"a".repeat(65)] {
        assert!(refused(skill_name, bad).contains(SKILL_NAME_RULE), "{bad}");
    }
}

#[test]
fn the_message_is_the_error_text() {
    let error = tool_name("a b").expect_err("a space is refused");
    assert_eq!(String::from(error.clone()), error.to_string());
}
