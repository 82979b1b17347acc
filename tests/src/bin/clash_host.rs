//! Test host whose plugins clash: `textkit` and `clash` both declare `word_count`.

tackle_runtime::link!(textkit, clash);

fn main() -> std::process::ExitCode {
    tackle_runtime::cli::main()
}
