// Unknown options (with suggestions), values of the wrong kind, an option
// set twice, the schedule named or misplaced.
use tackle::prelude::*;

tackle::plugin! { id: "jobs" }

#[cron("0 3 * * *", tz = "UTC", enable = false)]
fn unknown() {}

#[cron("0 3 * * *", enabled = "no", timezone = 1)]
fn wrong_kinds() {}

#[cron("0 3 * * *", key = "a", key = "b")]
fn twice() {}

#[cron(schedule = "0 3 * * *")]
fn named_schedule() {}

#[cron("0 3 * * *", "0 4 * * *")]
fn two_schedules() {}

fn main() {}
