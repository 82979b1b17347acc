// The names a `#[command]` (or one of its aliases) cannot take: the host
// binary's own subcommands, present and planned (`<bin> list`,
// `<bin> command ...`). This file is data, the one list: `tackle-macros`
// includes it to refuse them at compile time, `tackle` includes it as
// `tackle::command::RESERVED_NAMES`, and a test in `tackle-runtime` fails
// when the CLI gains a subcommand missing from it.
&[
    "adapters", "call", "command", "complete", "doctor", "export", "help", "hook", "list",
    "manifest", "mcp", "new", "plugins", "replay", "run", "serve", "version",
]
