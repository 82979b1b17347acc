//! State files edited by many processes at once: `plugins disable` and
//! `plugins enable` on the project's `.tackle/plugins.json`, `plugins
//! trust` and `--revoke` on the user's `trusted-projects.json`. Each batch
//! of processes is started together and must end in the exact state asked
//! for, a few rounds over; nothing waits on time.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};
use tackle_tests::process::{all_at_once, isolated};

/// agentish and guard; the plugins edited here are declarative ones.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-guard-host");

/// How many processes run at once.
const AT_ONCE: usize = 8;

/// `HOST --agent-dir DIR ARGS` in DIR, with `home` as the user's home and
/// none of the runner's `TACKLE_*` variables but `env`.
fn command(home: &Path, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = isolated(HOST, home);
    command
        .arg("--agent-dir")
        .arg(dir)
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied());
    command
}

fn assert_all_succeeded(what: &str, runs: &[Output]) {
    for run in runs {
        assert!(run.status.success(), "{what}: {run:?}");
    }
}

/// The list under `key` in a JSON state file.
fn listed(file: &Path, key: &str) -> Vec<String> {
    let saved: Value =
        serde_json::from_str(&fs::read_to_string(file).expect("state file")).expect("JSON");
    serde_json::from_value(saved[key].clone()).expect("a list of strings")
}

#[test]
fn parallel_disables_and_enables_lose_no_update() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let home = tmp.path().join("home");
    let project = tmp.path().join("project");
    let folder = home.join(".tackle/plugins");
    fs::create_dir_all(&folder).expect("folder");
    fs::create_dir_all(&project).expect("project");
    let ids: Vec<String> = (0..AT_ONCE).map(|i| format!("p{i}")).collect();
    for id in &ids {
        let plugin = json!({"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "prompt", "prompt": id}]}]});
        fs::write(folder.join(format!("{id}.json")), plugin.to_string()).expect("writes");
    }
    // The state file is obeyed, and so edited, in a trusted project.
    let trusted = [("TACKLE_TRUST_PROJECT", "1")];
    let state = project.join(".tackle/plugins.json");
    for round in 0..3 {
        for (verb, expected) in [("disable", ids.clone()), ("enable", Vec::new())] {
            let runs = all_at_once(
                ids.iter()
                    .map(|id| command(&home, &project, &["plugins", verb, id], &trusted))
                    .collect(),
            );
            assert_all_succeeded(verb, &runs);
            assert_eq!(
                listed(&state, "disabled"),
                expected,
                "round {round}, after {AT_ONCE} x {verb}"
            );
        }
    }
}

#[test]
fn parallel_trusts_and_revokes_end_in_the_exact_list() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let home = tmp.path().join("home");
    let projects: Vec<PathBuf> = (0..AT_ONCE)
        .map(|i| {
            let p = tmp.path().join(format!("project-{i}"));
            fs::create_dir_all(&p).expect("project");
            p.canonicalize().expect("canonical")
        })
        .collect();
    let file = home.join(".tackle/trusted-projects.json");
    let trust = |p: &PathBuf, revoke: bool| {
        let args: &[&str] = if revoke {
            &["plugins", "trust", "--revoke"]
        } else {
            &["plugins", "trust"]
        };
        command(&home, p, args, &[])
    };
    let names = |ps: &[PathBuf]| -> Vec<String> {
        let mut v: Vec<String> = ps.iter().map(|p| p.display().to_string()).collect();
        v.sort();
        v
    };
    let (first, second) = projects.split_at(AT_ONCE / 2);
    for round in 0..3 {
        let runs = all_at_once(projects.iter().map(|p| trust(p, false)).collect());
        assert_all_succeeded("trust", &runs);
        assert_eq!(
            listed(&file, "trusted"),
            names(&projects),
            "round {round}: all trusted"
        );

        // Half revoked while the other half is trusted again.
        let mixed = first
            .iter()
            .map(|p| trust(p, true))
            .chain(second.iter().map(|p| trust(p, false)))
            .collect();
        assert_all_succeeded("trust and revoke", &all_at_once(mixed));
        assert_eq!(
            listed(&file, "trusted"),
            names(second),
            "round {round}: half revoked"
        );

        let runs = all_at_once(projects.iter().map(|p| trust(p, true)).collect());
        assert_all_succeeded("revoke", &runs);
        assert_eq!(
            listed(&file, "trusted"),
            Vec::<String>::new(),
            "round {round}: none trusted"
        );
    }
}
