//! The example host's hook binary: the plugins of `example-host` as the
//! agents' hook handler, and nothing else, laid out as `tackle new` lays
//! out a project's `NAME-hook`. Built alone (`-p example-host-hook`), it
//! leaves out what a hook call never runs.
//!
//! ```text
//! echo '{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "sudo ls"}}' \
//!   | cargo run -p example-host-hook -- hook claude PreToolUse
//! ```

#![warn(missing_docs)]

// The same plugins as `examples/host/src/main.rs` links.
tackle_runtime::link!(
    metrics,
    textkit,
    guard,
    doomloop,
    read_before_edit,
    reviewer,
    scripted
);

fn main() -> std::process::ExitCode {
    tackle_runtime::hook::main()
}
