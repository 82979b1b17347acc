// A misspelt IANA zone gets the nearest name; a made-up one gets examples.
use tackle::prelude::*;

tackle::plugin! { id: "jobs" }

#[cron("0 3 * * *", timezone = "Europe/Pariss")]
fn nightly() {}

#[cron("0 3 * * *", timezone = "Mars/Olympus")]
fn martian() {}

fn main() {}
