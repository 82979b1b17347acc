//! Cline: `hooks/<Event>`, one small shell script per event the plugins
//! need (`hooks/<Event>.cjs`, run by `node`, exported on Windows), each running the binary copied into the package by its absolute
//! path (Cline runs a hook file in the session's folder, and the user
//! copies or links the files into `<project>/.clinerules/hooks` or
//! `~/.cline/hooks`); and, when the plugins have tools,
//! `cline_mcp_settings.json` with the MCP server's entry.

use std::path::Path;

use crate::Agent;
use crate::export::ExportError;
use crate::export::files::McpServers;
use crate::export::os::Os;
use crate::export::package::Package;
use crate::export::quote;
use crate::export::write::Out;

/// The folder of hook files, in the package.
pub(crate) const HOOKS_DIR: &str = "hooks";

/// The MCP settings file, in the package, named as Cline names its own.
pub(crate) const MCP_FILE: &str = "cline_mcp_settings.json";

/// The hook file for `event`, by name and text, running the binary in
/// `dir` (the package's `bin` folder) on `os`.
///
/// Cline 3.0.65 runs each file of the hooks folder named for an event with
/// no shell, the payload on stdin (`@cline/core`): by its shebang, else by
/// its extension. Elsewhere the file is a `sh` script; `exec` leaves the
/// binary's stdout, which Cline reads, to the binary alone. On Windows,
/// where `#!/bin/sh` needs an `sh` on `PATH`, it is `<Event>.cjs`, which
/// Cline starts with `node` (which runs Cline itself); CommonJS whatever
/// the project's `package.json` says. It starts the binary with the same
/// stdin, stdout and stderr and exits with its code, or 1 (with the reason)
/// when it could not start it.
pub(crate) fn hook_file(
    package: &Package<'_>,
    dir: &Path,
    event: &str,
    os: Os,
) -> (String, String) {
    let agent = Agent::Cline.name();
    let name = &package.bin;
    // Node starts no `.cmd` without a shell, so a package with builds per
    // target (whose Windows entry is the `.cmd` launcher) keeps the script.
    match package.windows_file(os) {
        Some(file) if os == Os::Windows && package.targets.is_empty() => {
            let program = quote::string(&dir.join(file).to_string_lossy());
            let args = serde_json::to_string(&["hook", agent, event]).unwrap_or_default();
            let text = format!(
                "// Cline's `{event}` hook for the tackle plugins of `{name}`.\n\
                 const {{ spawnSync }} = require(\"node:child_process\");\n\
                 const program = {program};\n\
                 const run = spawnSync(program, {args}, {{ stdio: \"inherit\", windowsHide: true }});\n\
                 if (run.error) {{\n  \
                 console.error(`${{program}}: ${{run.error.message}}`);\n  \
                 process.exit(1);\n\
                 }}\n\
                 process.exit(run.status ?? 1);\n"
            );
            (format!("{event}.cjs"), text)
        }
        _ => {
            let program = package.program_in(dir, Os::Unix);
            let text = format!(
                "#!/bin/sh\n\
                 # Cline's `{event}` hook for the tackle plugins of `{name}`.\n\
                 exec {program} hook {agent} {event}\n"
            );
            (event.to_owned(), text)
        }
    }
}

/// Writes the binary, the hook files and the MCP entry; returns how to
/// install them.
pub(crate) fn write(package: &Package<'_>, out: &mut Out) -> Result<Vec<String>, ExportError> {
    let rel = format!("bin/{}", package.bin);
    crate::export::binary::write_binary(package, out, &rel)?;
    let program = out.root().join("bin");
    let runs = package.for_hooks();
    for r in &package.plan.registrations {
        let (file, text) = hook_file(&runs, &program, r.event, package.os);
        out.text(&format!("{HOOKS_DIR}/{file}"), &text)?;
    }
    let hooks = quote::shell(&out.root().join(HOOKS_DIR).to_string_lossy());
    let mut notes = vec![
        format!(
            "Cline runs every hook file in <project>/.clinerules/hooks (or ~/.cline/hooks): copy the files of {hooks} there (`cp {hooks}/* .clinerules/hooks/`); they run the binary by its absolute path, so export again if you move it"
        ),
        "Cline's hooks cannot refuse a single tool call: a refusal ends the task, with the reason; prompts and the task's events cannot be refused or added to".to_owned(),
    ];
    // Cline reads MCP servers from `~/.cline/data/settings/cline_mcp_settings.json`
    // (`$CLINE_MCP_SETTINGS_PATH`, or under `$CLINE_DATA_DIR`), `{"mcpServers":
    // {NAME: {command, args}}}`, and from no project file (`cline@3.0.65`).
    if let Some(server) = package.mcp_server(&out.root().join(&rel).to_string_lossy()) {
        let servers = McpServers::one(&package.name, server);
        out.text(MCP_FILE, &quote::json(&servers))?;
        let file = quote::shell(&out.root().join(MCP_FILE).to_string_lossy());
        notes.push(package.mcp_note(&format!(
            "registered in {MCP_FILE}: add its entry to ~/.cline/data/settings/{MCP_FILE} (`install cline` does), or run Cline with CLINE_MCP_SETTINGS_PATH={file}"
        )));
    }
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    use super::*;
    use crate::export::plan::Plan;

    /// Runs the Windows hook file under `node` (here, on Linux: it uses
    /// nothing of Windows but the `.exe` name), its stand-in binary
    /// printing its arguments and stdin and exiting 3: the payload goes
    /// in, the answer and the exit code come out unchanged.
    #[cfg(unix)]
    #[test]
    fn the_windows_hook_file_passes_the_call_through_node() {
        use std::os::unix::fs::PermissionsExt as _;
        if std::env::var_os("TACKLE_SKIP_AGENT_CLIS").is_some_and(|v| v == "1") {
            eprintln!("TACKLE_SKIP_AGENT_CLIS=1: node is not required; skipped");
            return;
        }
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("it's a \"bin\"");
        std::fs::create_dir_all(&dir).expect("mkdir");
        let binary = dir.join("my-host.exe");
        std::fs::write(
            &binary,
            "#!/bin/sh\nprintf '%s|' \"$@\"; cat; echo refused >&2; exit 3\n",
        )
        .expect("writes");
        std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let plan = Plan::empty(Agent::Cline);
        let package = Package::for_tests(&plan, "my-host.exe", &[]);
        let (name, text) = hook_file(&package, &dir, "PreToolUse", Os::Windows);
        assert_eq!(name, "PreToolUse.cjs");
        let file = tmp.path().join(&name);
        std::fs::write(&file, &text).expect("writes");
        let run = |file: &Path| {
            let mut child = Command::new("node")
                .arg(file)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("runs node");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(br#"{"hook_event_name":"PreToolUse"}"#)
                .expect("writes the payload");
            child.wait_with_output().expect("waits")
        };
        let out = run(&file);
        assert_eq!(out.status.code(), Some(3), "{out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            r#"hook|cline|PreToolUse|{"hook_event_name":"PreToolUse"}"#
        );
        assert_eq!(String::from_utf8_lossy(&out.stderr), "refused\n");

        // No binary: exit 1, naming it, so Cline logs why.
        std::fs::remove_file(&binary).expect("removes");
        let out = run(&file);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("my-host.exe: spawnSync"),
            "{out:?}"
        );
    }

    /// Elsewhere the file is the `sh` script, the path single-quoted; so it
    /// is on Windows for a package with builds per target, whose Windows
    /// entry, the `.cmd` launcher, Node cannot start without a shell.
    #[test]
    fn elsewhere_the_hook_file_is_a_sh_script() {
        let plan = Plan::empty(Agent::Cline);
        let alone = Package::for_tests(&plan, "my-host", &[]);
        let targets = Package::for_tests(&plan, "my-host", &["x86_64-pc-windows-msvc"]);
        for (package, os) in [(&alone, Os::Unix), (&targets, Os::Windows)] {
            let (name, text) = hook_file(package, Path::new("/p 'a'/bin"), "PreToolUse", os);
            assert_eq!(name, "PreToolUse");
            assert!(text.starts_with("#!/bin/sh\n"), "{text}");
            assert!(
                text.ends_with("exec '/p '\\''a'\\''/bin/my-host' hook cline PreToolUse\n"),
                "{text}"
            );
        }
    }
}
