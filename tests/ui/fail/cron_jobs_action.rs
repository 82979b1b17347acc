// A declarative job does one thing: `prompt` or `exec`; `subagent` and
// `payload` go with `prompt`, and a payload needs a subagent.
tackle::plugin! {
    id: "jobs",
    cron_jobs: [
        { key: "both", schedule: "0 3 * * *", prompt: "Hi", exec: ["true"] },
        { key: "neither", schedule: "0 3 * * *" },
        { key: "exec-subagent", schedule: "0 3 * * *", exec: ["true"], subagent: "reviewer" },
        { key: "no-subagent", schedule: "0 3 * * *", prompt: "Review", payload: { "depth": 2 } },
    ],
}

fn main() {}
