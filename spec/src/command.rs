//! The names no `#[command]` may take.

/// Names a command or alias cannot take, because the host binary's own
/// subcommands use them, present and planned (`<bin> list`,
/// `<bin> command ...`). `#[command]` refuses them at compile time, `tackle`
/// offers them as `tackle::command::RESERVED_NAMES`, and a test in
/// `tackle-runtime` fails when the CLI gains a subcommand missing here.
pub const RESERVED_NAMES: &[&str] = &[
    "adapters", "call", "command", "complete", "doctor", "export", "help", "hook", "install",
    "list", "manifest", "mcp", "new", "plugins", "replay", "run", "serve", "version",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_list_is_sorted_and_unique() {
        let mut sorted = RESERVED_NAMES.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, RESERVED_NAMES);
    }
}
