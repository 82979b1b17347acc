// Bad keys, duplicates, schedules, zones, payloads and argv in `cron_jobs`.
tackle::plugin! {
    id: "jobs",
    cron_jobs: [
        { key: "Digest", schedule: "0 9 * * 1-5", prompt: "Hi" },
        { key: "gc", schedule: "0 4 * * 0", exec: ["git", "gc"] },
        { key: "gc", schedule: "0 5 * * 0", exec: ["git", "prune"] },
        { key: "late", schedule: "0 24 * * *", timezone: "Europe/Lodnon", prompt: "Hi" },
        { key: "json", schedule: "0 3 * * *", prompt: "Hi", subagent: "r", payload: { depth: 2 } },
        { key: "argv", schedule: "0 3 * * *", exec: "git gc" },
        { key: "empty", schedule: "0 3 * * *", exec: [] },
        { key: "flag", schedule: "0 3 * * *", exec: ["true"], enabled: "no" },
        { schedul: "0 3 * * *", prompt: "Hi" },
        "not a job",
    ],
}

fn main() {}
