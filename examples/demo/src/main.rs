//! The tackle demo: the example plugins linked into this binary and run
//! in-process, the way a Rust agent embeds tackle, on a small project
//! embedded in the binary. Offline; no keys.
//!
//! `cargo run -p demo` replays a recorded Claude Code session through the
//! plugins' hooks, calls their tools, runs a slash command and a cron tick,
//! then exports the plugins as a Claude Code plugin and checks that the
//! exported hook answers as Claude Code expects. On a terminal it shows
//! progress as it goes; piped, it prints plain text.
//!
//! `cargo run -p demo -- --tour` walks through every capability, one
//! numbered section each. Any other arguments make this binary the
//! command line every tackle host gets (`cargo run -p demo -- list`,
//! `... -- replay SESSION.jsonl`): that is what the exported plugin runs.

use std::process::ExitCode;
use std::sync::Arc;

use tackle_runtime::Host;

tackle_runtime::link!(
    metrics,
    textkit,
    guard,
    doomloop,
    read_before_edit,
    audit,
    reviewer,
    scripted
);

/// `println!` that ends the demo quietly when the reader goes away
/// (`cargo run -p demo | head`) instead of panicking on the closed pipe.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod project;
mod story;
mod terminal;
mod text;
mod tour;

/// What the demo was asked for.
enum Mode {
    /// The session replay, a command, a cron tick and the export.
    Story { fast: bool },
    /// Every capability, one section each.
    Tour,
}

const USAGE: &str = "\
usage: demo [--tour] [--fast] [--plain]
       demo <command> ...    the host command line (try `demo --help-cli`)

  (none)    replay a recorded session, run a command and a cron tick, export a Claude Code plugin
  --tour    every capability in its own section (longer)
  --fast    no pauses between the replayed events on a terminal
  --plain   plain text even on a terminal: no progress display, no colours";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let demo_flags = ["--tour", "--fast", "--plain", "-h", "--help", "--help-cli"];
    if !args.is_empty() && !args.iter().all(|a| demo_flags.contains(&a.as_str())) {
        // `demo hook claude PreToolUse`, `demo replay FILE`, ...: the
        // exported plugin runs this binary as its hook handler.
        return tackle_runtime::host_cli::main();
    }
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if has("--help-cli") {
        return tackle_runtime::host_cli::run(["demo", "--help"]);
    }
    if has("-h") || has("--help") {
        say!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mode = if has("--tour") {
        Mode::Tour
    } else {
        Mode::Story {
            fast: has("--fast"),
        }
    };
    let screen = terminal::Screen::detect(has("--plain"));
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(demo(mode, screen)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            screen.clear();
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn demo(mode: Mode, screen: terminal::Screen) -> Result<(), Box<dyn std::error::Error>> {
    let project = tempfile::tempdir()?;
    let root = project.path();
    project::write(root)?;
    let host = Host::builder()
        .agent_dir(root)
        .config_file(root.join("tackle.toml"))
        .subagent_bridge(Arc::new(tour::subagents::OfflineBridge))
        .build()
        .await?;
    say!(
        "{}",
        screen.bold("tackle demo: eight plugin crates, linked into this binary, run in-process")
    );
    say!(
        "project: an embedded calculator written to {} (offline, no keys)",
        root.display()
    );
    let result = match mode {
        Mode::Story { fast } => story::run(&host, root, screen, fast).await,
        Mode::Tour => tour::run(&host, root).await,
    };
    host.shutdown().await;
    result
}
