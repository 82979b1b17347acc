//! The release workflow `tackle new` writes, checked by actionlint
//! (`scripts/install-actionlint.sh`): it parses, every expression and
//! matrix value it uses is defined, and it builds, exports and publishes
//! what docs/guide/shipping.md says. Its runs on GitHub cannot be made here.

mod support;

use std::path::PathBuf;
use std::process::{Command, Stdio};

use support::{assert_ok, scratch, tackle};

/// Whether this is a CI run (`CI=true`, as CI sets it).
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// actionlint, from the install script; `None` when skipped locally with
/// `TACKLE_SKIP_ACTIONLINT=1` (never under CI).
fn actionlint() -> Option<PathBuf> {
    if std::env::var_os("TACKLE_SKIP_ACTIONLINT").is_some_and(|v| v == "1") {
        assert!(
            !in_ci(),
            "TACKLE_SKIP_ACTIONLINT=1 is set under CI=true: CI must check the release workflow"
        );
        eprintln!("TACKLE_SKIP_ACTIONLINT=1: the actionlint check is skipped");
        return None;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/install-actionlint.sh"
    );
    let out = Command::new("bash")
        .arg(script)
        .stdin(Stdio::null())
        .output()
        .expect("runs scripts/install-actionlint.sh");
    assert!(
        out.status.success(),
        "scripts/install-actionlint.sh failed{}:\n{}",
        if in_ci() {
            ""
        } else {
            " (set TACKLE_SKIP_ACTIONLINT=1 to skip this check locally)"
        },
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let path = stdout
        .lines()
        .find_map(|l| l.strip_prefix("actionlint="))
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("no `actionlint=` line in:\n{stdout}"));
    Some(path)
}

#[test]
fn the_release_workflow_passes_actionlint_and_ships_every_platform() {
    let dir = scratch("release", "workflow");
    assert_ok(&tackle(&dir, &["new", "ship_it", "--crates-io"]));
    let project = dir.join("ship_it");
    let workflow = project.join(".github/workflows/release.yml");
    let text = std::fs::read_to_string(&workflow).expect("the workflow is written");

    // One build per platform the issue names, each its own matrix entry.
    for target in [
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "x86_64-unknown-linux-musl",
        "aarch64-apple-darwin",
        "x86_64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(
            text.contains(&format!("          - target: {target}\n")),
            "{target} missing:\n{text}"
        );
    }
    for line in [
        "cargo build -p ship_it-host --profile hook --target \"${{ matrix.target }}\"",
        "cp \"target/${{ matrix.target }}/hook/ship_it${{ matrix.exe }}\" staged/",
        "\"$host\" export npm dist/npm \"${bins[@]}\" --package-version \"$version\"",
        "\"$host\" export claude dist/claude \"${bins[@]}\"",
        "NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
        "if: github.ref_type == 'tag' && env.NODE_AUTH_TOKEN != ''",
        "gh release create \"$GITHUB_REF_NAME\"",
    ] {
        assert!(text.contains(line), "{line:?} missing:\n{text}");
    }

    let Some(actionlint) = actionlint() else {
        return;
    };
    let out = Command::new(&actionlint)
        .arg(".github/workflows/release.yml")
        .current_dir(&project)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("runs actionlint");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "actionlint:\n{report}{out:?}");
    assert!(report.contains("Checking 1 workflow file(s)"), "{report}");

    // The check can fail: an undefined matrix value is reported.
    std::fs::write(
        &workflow,
        text.replace("${{ matrix.exe }}", "${{ matrix.suffix }}"),
    )
    .expect("writes");
    let out = Command::new(&actionlint)
        .arg(".github/workflows/release.yml")
        .current_dir(&project)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("runs actionlint");
    assert!(!out.status.success(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("suffix"),
        "{out:?}"
    );
}
