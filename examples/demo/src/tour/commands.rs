//! Slash commands as a person types them: parsed by a clap parser built
//! from the command's typed arguments, with generated help and suggestions.

use tackle::Origin;
use tackle::command::Surface;
use tackle_runtime::Host;

use crate::text::indent;

/// Runs a few command lines and prints what each gives.
pub(crate) async fn tour(host: &Host) {
    for line in [
        "/loc src/main.rs src/parser.rs",
        "/lines --summary src/parser.rs",
        "/loc --sumary src/main.rs",
        "/largest --help",
    ] {
        show(host, line, Surface::Agent).await;
    }
    say!("   ... and one that runs only on the host's command line:");
    show(host, "/metrics-config", Surface::Agent).await;
}

async fn show(host: &Host, line: &str, on: Surface) {
    say!("   {line}");
    match host.run_command_on(line, on, Origin::new("agent")).await {
        Ok(output) => say!("{}", indent(output.text.trim_end(), 6)),
        // Usage errors carry clap's own text, which starts with `error:`.
        Err(e) => {
            let text = e.to_string();
            let text = if text.starts_with("error:") {
                text
            } else {
                format!("error: {text}")
            };
            say!("{}", indent(text.trim_end(), 6));
        }
    }
}
