//! Live: the real Claude Code (the version `scripts/install-agent-clis.sh`
//! pins) gets the package as a team's users get it. The folder `export
//! claude` wrote is added as a marketplace (`claude plugin marketplace
//! add DIR`), the plugin installed from it (`claude plugin install
//! <name>@<name>`, the plugin option `doom_loop_threshold` given with
//! `--config`, as Claude Code takes it without a terminal), and `claude -p`
//! runs offline against the fake model (`tackle_tests::fake_model`) in a
//! throwaway HOME, with nothing but the installed plugin: the guard
//! refuses `sudo rm -rf victim`, and with the threshold set to 2 the doom-
//! loop breaker refuses the second identical call, where its default
//! refuses the third.
//!
//! A cloned project whose `.claude/settings.json` `env` sets the option's
//! variable while the user left the option unset does not change it: the
//! third call is refused, as by default.
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};
use tackle_tests::claude::offline;
use tackle_tests::fake_model::anthropic::tool_result;
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::process::succeed;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// The package's name, as `export` derives it from the binary's; the
/// marketplace's too.
const PACKAGE: &str = "tackle-export-host";

/// The option of the doom-loop breaker's `threshold`.
const THRESHOLD: &str = "doom_loop_threshold";

fn claude() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Claude Code marketplace tests",
        skipped: "the live Claude Code marketplace tests",
    };
    install_or_skip(&install, ["claude"]).map(|[claude]| claude)
}

/// A HOME with the package exported into `pkg` under `tmp`, added as a
/// marketplace and installed from it with `config` (`KEY=VALUE` each),
/// and a project with a folder to protect.
struct Installed {
    _tmp: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
    claude: PathBuf,
}

impl Installed {
    fn new(claude: PathBuf, config: &[&str]) -> Installed {
        let tmp = tempfile::tempdir().expect("tempdir");
        let (pkg, home, project) = (
            tmp.path().join("pkg"),
            tmp.path().join("home"),
            tmp.path().join("project"),
        );
        for dir in [&home, &project.join("victim")] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        std::fs::write(project.join("victim/keep.txt"), "keep\n").expect("write");
        succeed(
            Command::new(HOST)
                .args(["export", "claude"])
                .arg(&pkg)
                .current_dir(tmp.path())
                .env_remove("TACKLE_AGENT_DIR")
                .env_remove("TACKLE_CONFIG"),
            "export",
        );
        // The manifest asks for the threshold, as its schema says.
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(pkg.join(".claude-plugin/plugin.json")).expect("reads"),
        )
        .expect("JSON");
        let option = &manifest["userConfig"][THRESHOLD];
        assert_eq!(
            (&option["type"], &option["default"], &option["min"]),
            (&json!("number"), &json!(3), &json!(2.0)),
            "{manifest:#}"
        );
        succeed(
            offline(&claude, &home)
                .args(["plugin", "marketplace", "add"])
                .arg(&pkg),
            "claude plugin marketplace add",
        );
        let mut install = offline(&claude, &home);
        install.args(["plugin", "install", &format!("{PACKAGE}@{PACKAGE}")]);
        for value in config {
            install.args(["--config", value]);
        }
        succeed(&mut install, "claude plugin install");
        Installed {
            _tmp: tmp,
            home,
            project,
            claude,
        }
    }

    /// `claude -p` in the project against `model`, with the installed
    /// plugins only.
    fn run(&self, model: &FakeModel) -> String {
        succeed(
            offline(&self.claude, &self.home)
                .args(["-p", "Follow the script."])
                .args([
                    "--permission-mode",
                    "bypassPermissions",
                    "--output-format",
                    "json",
                ])
                .current_dir(&self.project)
                .env("ANTHROPIC_BASE_URL", model.base_url())
                .env("ANTHROPIC_API_KEY", "sk-ant-fake-key"),
            "claude -p",
        )
    }
}

/// The same `echo again` call.
fn again() -> Turn {
    Turn::tool(
        "Bash",
        json!({"command": "echo again", "description": "Say again"}),
    )
}

/// Request `at`'s tool result: ran (`again`) or refused as the `n`th
/// identical call.
fn assert_again(turns: &[Request], at: usize, refused_as: Option<usize>) {
    let result = tool_result(&turns[at].body, at).expect("the call's result");
    match refused_as {
        None => assert_eq!(
            (result.is_error, result.text().trim()),
            (false, "again"),
            "call {at}: {result:?}"
        ),
        Some(n) => {
            assert!(result.is_error, "call {at}: {result:?}");
            let said = format!("doom-loop refused this call: `Bash` has now been called {n} times");
            assert!(result.text().contains(&said), "call {at}: {result:?}");
        }
    }
}

#[test]
fn installed_from_the_marketplace_the_guard_refuses_sudo_and_the_option_applies() {
    let Some(claude) = claude() else { return };
    let installed = Installed::new(claude, &[&format!("{THRESHOLD}=2")]);
    // Claude Code keeps the option in the user's settings.
    let settings: Value = serde_json::from_str(
        &std::fs::read_to_string(installed.home.join(".claude/settings.json")).expect("reads"),
    )
    .expect("JSON");
    assert_eq!(
        settings["pluginConfigs"][format!("{PACKAGE}@{PACKAGE}")]["options"][THRESHOLD],
        json!(2),
        "{settings:#}"
    );
    let model = FakeModel::anthropic(vec![
        Turn::tool(
            "Bash",
            json!({"command": "sudo rm -rf victim", "description": "Remove the folder"}),
        ),
        again(),
        again(),
        Turn::say("Done."),
    ]);
    let result = installed.run(&model);
    let turns = model.turns();
    assert_eq!(turns.len(), 4, "one request per turn: {result}");
    let refused = tool_result(&turns[1].body, 1).expect("the refusal");
    assert!(
        refused.is_error
            && refused
                .text()
                .contains("guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(installed.project.join("victim/keep.txt").is_file());
    assert_again(&turns, 2, None);
    assert_again(&turns, 3, Some(2));
}

#[test]
fn a_project_s_settings_cannot_set_an_option_the_user_left_unset() {
    let Some(claude) = claude() else { return };
    let installed = Installed::new(claude, &[]);
    let settings = installed.project.join(".claude/settings.json");
    std::fs::create_dir_all(settings.parent().expect("a parent")).expect("mkdir");
    // The project would loosen the breaker to a streak it never reaches.
    std::fs::write(
        &settings,
        json!({"env": {"CLAUDE_PLUGIN_OPTION_DOOM_LOOP_THRESHOLD": "99"}}).to_string(),
    )
    .expect("write");
    let model = FakeModel::anthropic(vec![again(), again(), again(), Turn::say("Done.")]);
    let result = installed.run(&model);
    let turns = model.turns();
    assert_eq!(turns.len(), 4, "one request per turn: {result}");
    assert_again(&turns, 1, None);
    assert_again(&turns, 2, None);
    // The hook said on stderr which variable it did not take, for Claude
    // Code to show the user (not the model): the options' unit tests read
    // that note.
    assert_again(&turns, 3, Some(3));
}
