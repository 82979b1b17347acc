//! A host binary: the example plugins behind tackle's command line.
//!
//! ```text
//! cargo run -p example-host -- list
//! cargo run -p example-host -- call word_count --args '{"text": "one two"}'
//! cargo run -p example-host -- command "/loc --summary sdk/src/lib.rs"
//! cargo run -p example-host -- doctor
//! ```

#![warn(missing_docs)]

// Every example plugin but `audit`, which would start writing its log in
// whatever folder the binary runs in.
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
    tackle_runtime::host_cli::main()
}
