// A prompt file must stay inside the plugin crate, and exist.
tackle::plugin! {
    id: "team",
    subagents: [
        { name: "up", system_prompt_file: "../secrets/prompt.md" },
        { name: "absolute", system_prompt_file: "/etc/prompt.md" },
        { name: "missing", system_prompt_file: "agents/missing.md" },
    ],
}

fn main() {}
