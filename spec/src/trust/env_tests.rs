use super::super::settings::Format;
use super::*;

/// A variable reader over `set`.
fn reader(set: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> + use<> {
    let set: Vec<(String, String)> = set
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |name| {
        set.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| OsString::from(v))
    }
}

fn context(cwd: &Path) -> Context {
    Context {
        cwd: cwd.to_path_buf(),
        ..Context::default()
    }
}

/// `name=value` written as `setting` would hold it.
fn write_setting(dir: &Path, setting: &Setting, name: &str, value: &str) {
    let file = dir.join(setting.path);
    std::fs::create_dir_all(file.parent().expect("parent")).expect("folder");
    let text = match setting.format {
        Format::Json => format!(r#"{{"env": {{"{name}": "{value}"}}}}"#),
        Format::Toml => format!("[shell_environment_policy.set]\n{name} = \"{value}\"\n"),
        Format::Dotenv => format!("{name}={value}\n"),
    };
    std::fs::write(file, text).expect("writes");
}

use super::super::settings::Setting;

/// A value each variable could have that is honoured when nothing names it.
fn value_of(name: &str, outside: &Path) -> String {
    match name {
        "TACKLE_TRUST_PROJECT" => "1".to_owned(),
        _ => outside
            .join(name.to_ascii_lowercase())
            .display()
            .to_string(),
    }
}

fn honoured(vars: &UserVars, name: &str) -> bool {
    match name {
        "TACKLE_TRUST_PROJECT" => vars.trusts_project(),
        "TACKLE_HOME" => vars
            .tackle_home()
            .is_some_and(|h| h.ends_with("tackle_home")),
        "TACKLE_CONFIG" => vars.config().is_some(),
        "TACKLE_AGENT_DIR" => vars.agent_dir().is_some(),
        "HOME" => vars.home().is_some_and(|h| h.ends_with("home")),
        _ => unreachable!("{name}"),
    }
}

#[test]
fn each_variable_named_by_each_setting_is_not_honoured() {
    let outside = tempfile::tempdir().expect("tempdir");
    for name in USER_LEVEL {
        let value = value_of(name, outside.path());
        let set = [(name, value.as_str())];
        for setting in SETTINGS {
            let tmp = tempfile::tempdir().expect("tempdir");
            let project = tmp.path().join("project");
            std::fs::create_dir_all(&project).expect("folder");
            let clean = UserVars::resolve(&context(&project), reader(&set));
            assert!(
                honoured(&clean, name),
                "{name} honoured when nothing names it"
            );
            write_setting(&project, setting, name, &value);
            let vars = UserVars::resolve(&context(&project), reader(&set));
            assert!(
                !honoured(&vars, name),
                "{name} named in {} is not honoured",
                setting.path
            );
            assert_eq!(
                vars.ignored(),
                [IgnoredVar {
                    name,
                    why: Ignored::NamedBy(
                        project.canonicalize().expect("exists").join(setting.path)
                    ),
                }]
            );
        }
    }
}

#[test]
fn the_settings_are_looked_for_where_the_project_is_not_where_a_variable_says() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let project = tmp.path().join("project");
    let sub = project.join("sub");
    std::fs::create_dir_all(sub.join("deeper")).expect("folders");
    std::fs::create_dir_all(project.join(".claude")).expect("folder");
    std::fs::write(
        project.join(".claude/settings.json"),
        r#"{"env": {"TACKLE_TRUST_PROJECT": "1", "TACKLE_AGENT_DIR": "sub"}}"#,
    )
    .expect("writes");
    let sub_text = sub.display().to_string();
    // The sub-folder trick, relative and absolute: the project's settings
    // are found in the working directory all the same.
    for dir in ["sub", sub_text.as_str()] {
        let set = [("TACKLE_TRUST_PROJECT", "1"), ("TACKLE_AGENT_DIR", dir)];
        let vars = UserVars::resolve(&context(&project), reader(&set));
        assert!(!vars.trusts_project(), "{dir}");
        assert_eq!(vars.agent_dir(), None, "{dir}");
        assert_eq!(vars.ignored().len(), 2, "{:?}", vars.ignored());
    }
    // Started in a folder below the project, or given a folder below it on
    // the command line, or named by the variable from elsewhere: the
    // folders above are the project's too.
    let set = [("TACKLE_TRUST_PROJECT", "1")];
    let below = UserVars::resolve(&context(&sub.join("deeper")), reader(&set));
    assert!(!below.trusts_project());
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let given = Context {
        agent_dir: Some(sub.clone()),
        ..context(elsewhere.path())
    };
    assert!(!UserVars::resolve(&given, reader(&set)).trusts_project());
    let named = [
        ("TACKLE_TRUST_PROJECT", "1"),
        ("TACKLE_AGENT_DIR", sub_text.as_str()),
    ];
    let vars = UserVars::resolve(&context(elsewhere.path()), reader(&named));
    assert!(!vars.trusts_project());
    // The folder named is a project of its own: its settings count too.
    let only_dir = [("TACKLE_AGENT_DIR", sub_text.as_str())];
    let vars = UserVars::resolve(&context(elsewhere.path()), reader(&only_dir));
    assert_eq!(vars.agent_dir(), None);
    // TACKLE_AGENT_DIR itself is honoured when no project names it.
    let other = elsewhere.path().join("other");
    let other_text = other.display().to_string();
    let vars = UserVars::resolve(
        &context(elsewhere.path()),
        reader(&[("TACKLE_AGENT_DIR", other_text.as_str())]),
    );
    assert_eq!(vars.agent_dir(), Some(other.as_path()));
}

#[test]
fn a_gemini_env_file_in_a_folder_above_counts() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let project = tmp.path().join("project");
    std::fs::create_dir_all(project.join("a/b")).expect("folders");
    std::fs::write(project.join(".env"), "TACKLE_CONFIG=/c.toml\n").expect("writes");
    let set = [("TACKLE_CONFIG", "/c.toml")];
    let vars = UserVars::resolve(&context(&project.join("a/b")), reader(&set));
    assert_eq!(vars.config(), None);
}

#[test]
fn the_home_folder_s_own_files_are_the_user_s() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let home = tmp.path().join("home");
    let project = home.join("src/project");
    std::fs::create_dir_all(&project).expect("folders");
    // Gemini CLI reads ~/.env as the user's own.
    std::fs::write(home.join(".env"), "TACKLE_HOME=/th\n").expect("writes");
    let set = [("TACKLE_HOME", "/th")];
    let cx = Context {
        account_home: Some(home.clone()),
        ..context(&project)
    };
    let vars = UserVars::resolve(&cx, reader(&set));
    assert_eq!(vars.tackle_home(), Some(Path::new("/th")));
    // Without the account's home known, the safe reading: not honoured.
    let vars = UserVars::resolve(&context(&project), reader(&set));
    assert_eq!(vars.tackle_home(), None);
}

#[test]
fn relative_paths_are_not_honoured() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = [
        ("HOME", "h"),
        ("TACKLE_HOME", "./th"),
        ("TACKLE_CONFIG", "c.toml"),
        ("TACKLE_AGENT_DIR", "sub"),
    ];
    let cx = Context {
        account_home: Some(PathBuf::from("/home/account")),
        ..context(tmp.path())
    };
    let vars = UserVars::resolve(&cx, reader(&set));
    assert_eq!(vars.config(), None);
    assert_eq!(vars.agent_dir(), None);
    // HOME not honoured: the account's home, and its tackle folder.
    assert_eq!(vars.home(), Some(Path::new("/home/account")));
    assert_eq!(vars.tackle_home(), Some(Path::new("/home/account/.tackle")));
    let why: Vec<(&str, Ignored)> = vars
        .ignored()
        .iter()
        .map(|i| (i.name, i.why.clone()))
        .collect();
    assert_eq!(
        why,
        [
            ("TACKLE_HOME", Ignored::Relative("./th".into())),
            ("TACKLE_CONFIG", Ignored::Relative("c.toml".into())),
            ("TACKLE_AGENT_DIR", Ignored::Relative("sub".into())),
            ("HOME", Ignored::Relative("h".into())),
        ]
    );
}

#[test]
fn a_process_an_agent_starts_never_trusts_the_project_by_variable() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = [("TACKLE_TRUST_PROJECT", "1"), ("TACKLE_HOME", "/th")];
    let by_user = UserVars::resolve(&context(tmp.path()), reader(&set));
    assert!(by_user.trusts_project());
    let cx = Context {
        started: Started::ByAgent,
        ..context(tmp.path())
    };
    let by_agent = UserVars::resolve(&cx, reader(&set));
    assert!(!by_agent.trusts_project());
    assert_eq!(by_agent.tackle_home(), Some(Path::new("/th")));
    assert_eq!(
        by_agent.ignored(),
        [IgnoredVar {
            name: "TACKLE_TRUST_PROJECT",
            why: Ignored::StartedByAgent
        }]
    );
}

#[test]
fn home_named_by_the_project_falls_back_to_the_account_s() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(tmp.path().join(".claude")).expect("folder");
    std::fs::write(
        tmp.path().join(".claude/settings.json"),
        r#"{"env": {"HOME": "/evil"}}"#,
    )
    .expect("writes");
    let set = [("HOME", "/evil")];
    let cx = Context {
        account_home: Some(PathBuf::from("/home/account")),
        ..context(tmp.path())
    };
    let vars = UserVars::resolve(&cx, reader(&set));
    assert_eq!(vars.home(), Some(Path::new("/home/account")));
    // No account home either: no user folder at all.
    let vars = UserVars::resolve(&context(tmp.path()), reader(&set));
    assert_eq!((vars.home(), vars.tackle_home()), (None, None));
}

#[test]
fn home_that_is_the_account_s_own_is_honoured_without_looking() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join(".env"), "HOME=/home/account\n").expect("writes");
    let cx = Context {
        account_home: Some(PathBuf::from("/home/account")),
        ..context(tmp.path())
    };
    let vars = UserVars::resolve(&cx, reader(&[("HOME", "/home/account")]));
    assert_eq!(vars.home(), Some(Path::new("/home/account")));
    assert!(vars.ignored().is_empty(), "{:?}", vars.ignored());
}
