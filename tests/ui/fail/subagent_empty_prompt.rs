// An empty prompt, inline or in a file, is refused.
tackle::plugin! {
    id: "team",
    subagents: [
        { name: "inline", system_prompt: "   " },
        { name: "file", system_prompt_file: "ui/context/blank.md" },
    ],
}

fn main() {}
