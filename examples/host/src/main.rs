//! A host binary: the example plugins behind tackle's command line.
//!
//! ```text
//! cargo run -p example-host -- list
//! cargo run -p example-host -- call word_count --args '{"text": "one two"}'
//! ```

tackle_runtime::link!(metrics, textkit);

fn main() -> std::process::ExitCode {
    tackle_runtime::cli::main()
}
