//! The release workflow `tackle new` writes, checked by actionlint
//! (`scripts/install-actionlint.sh`): it parses, every expression and
//! matrix value it uses is defined, and it builds, exports and publishes
//! what docs/guide/shipping.md says. Its runs on GitHub cannot be made here.

mod support;

use std::path::PathBuf;
use std::process::{Command, Stdio};

use support::{assert_ok, build_hook_rustc_flags, scratch, tackle};

/// The platforms the release workflow builds, one matrix entry each.
const TARGETS: [&str; 6] = [
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "x86_64-unknown-linux-musl",
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
    "x86_64-pc-windows-msvc",
];

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
    for target in TARGETS {
        assert!(
            text.contains(&format!("          - target: {target}\n")),
            "{target} missing:\n{text}"
        );
    }
    for line in [
        "TARGET: ${{ matrix.target }}",
        "cargo build -p ship_it-host --profile hook --target \"$TARGET\"",
        "cargo build -p ship_it-hook --profile hook --target \"$TARGET\"",
        "cp \"target/${{ matrix.target }}/hook/ship_it${{ matrix.exe }}\" staged/",
        "cp \"target/${{ matrix.target }}/hook/ship_it-hook${{ matrix.exe }}\" staged/",
        "\"$host\" export npm dist/npm --bins builds --package-version \"$version\"",
        "\"$host\" export claude dist/claude --bins builds",
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

/// The `run:` script of the step named `name`, as bash gets it.
fn step_script(workflow: &str, name: &str) -> String {
    let start = workflow
        .find(&format!("      - name: {name}\n"))
        .unwrap_or_else(|| panic!("no step {name}:\n{workflow}"));
    let rest = &workflow[start..];
    let body = &rest[rest.find("        run: |\n").expect("a run block") + 15..];
    body.lines()
        .take_while(|l| l.is_empty() || l.starts_with("          "))
        .map(|l| l.get(10..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_export_step_exports_the_builds_folder_at_the_tag_s_version() {
    use std::os::unix::fs::PermissionsExt;

    let dir = scratch("release", "export-step");
    assert_ok(&tackle(&dir, &["new", "ship_it", "--crates-io"]));
    let workflow = std::fs::read_to_string(dir.join("ship_it/.github/workflows/release.yml"))
        .expect("the workflow");
    let script = step_script(&workflow, "Export");

    // The builds as download-artifact lays them out: one folder per
    // artifact, named by its triple, without the executable bit. The Linux
    // "build" records how it is run and writes what an export would.
    let run = dir.join("run");
    let triples = [
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
        "x86_64-unknown-linux-gnu",
    ];
    for triple in triples {
        let folder = run.join("builds").join(triple);
        std::fs::create_dir_all(&folder).expect("mkdir");
        let file = if triple.contains("windows") {
            "ship_it.exe"
        } else {
            "ship_it"
        };
        let text = "#!/bin/sh\nprintf '%s\\n' \"$@\" >> calls\nmkdir -p \"$3\"\n";
        std::fs::write(folder.join(file), text).expect("writes");
        std::fs::set_permissions(folder.join(file), std::fs::Permissions::from_mode(0o644))
            .expect("chmod");
    }
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script])
        .current_dir(&run)
        .env("GITHUB_REF_NAME", "v1.2.3")
        .env("GITHUB_REF_TYPE", "tag")
        .env("GITHUB_RUN_NUMBER", "7")
        .stdin(Stdio::null())
        .output()
        .expect("runs the step");
    assert!(out.status.success(), "{script}\n{out:?}");
    let calls = std::fs::read_to_string(run.join("calls")).expect("the host ran");
    assert_eq!(
        calls.lines().collect::<Vec<_>>(),
        [
            "export",
            "npm",
            "dist/npm",
            "--bins",
            "builds",
            "--package-version",
            "1.2.3",
            "export",
            "claude",
            "dist/claude",
            "--bins",
            "builds"
        ],
        "{calls}"
    );
    for asset in [
        "ship_it-claude-plugin-1.2.3.tar.gz",
        "ship_it-x86_64-unknown-linux-gnu-1.2.3.tar.gz",
        "ship_it-x86_64-pc-windows-msvc-1.2.3.tar.gz",
    ] {
        assert!(run.join("dist/release").join(asset).is_file(), "{asset}");
    }
}

#[test]
fn the_build_step_links_the_hook_binary_static_on_linux_as_the_alias_does() {
    use std::os::unix::fs::PermissionsExt;

    let dir = scratch("release", "build-step");
    assert_ok(&tackle(&dir, &["new", "ship_it", "--crates-io"]));
    let project = dir.join("ship_it");
    let workflow =
        std::fs::read_to_string(project.join(".github/workflows/release.yml")).expect("read");
    let script = step_script(&workflow, "Build");
    let flags = build_hook_rustc_flags(&project);
    assert_eq!(
        flags,
        [
            "-C",
            "target-feature=+crt-static",
            "-C",
            "relocation-model=static"
        ]
    );

    // A `cargo` that records its arguments, one call a line.
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    std::fs::write(bin.join("cargo"), "#!/bin/sh\necho \"$*\" >> calls\n").expect("writes");
    std::fs::set_permissions(bin.join("cargo"), std::fs::Permissions::from_mode(0o755))
        .expect("chmod");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let host = |t: &str| format!("build -p ship_it-host --profile hook --target {t}");
    let dynamic = |t: &str| format!("build -p ship_it-hook --profile hook --target {t}");
    let static_ = |t: &str| {
        format!(
            "rustc -p ship_it-hook --bin ship_it-hook --profile hook --target {t} -- {}",
            flags.join(" ")
        )
    };
    for target in TARGETS {
        let run = dir.join(target);
        std::fs::create_dir_all(&run).expect("mkdir");
        let out = Command::new("bash")
            .args(["-euo", "pipefail", "-c", &script])
            .current_dir(&run)
            .env("PATH", &path)
            .env("TARGET", target)
            .stdin(Stdio::null())
            .output()
            .expect("runs the step");
        assert!(out.status.success(), "{script}\n{out:?}");
        let calls = std::fs::read_to_string(run.join("calls")).expect("cargo ran");
        let hook = if target.contains("-linux-") {
            static_(target)
        } else {
            dynamic(target)
        };
        assert_eq!(
            calls.lines().collect::<Vec<_>>(),
            [host(target), hook],
            "{target}"
        );
    }
}
