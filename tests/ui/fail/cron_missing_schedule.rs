// `#[cron]` without a schedule.
use tackle::prelude::*;

tackle::plugin! { id: "jobs" }

#[cron]
fn bare() {}

#[cron(timezone = "UTC")]
fn zone_only() {}

fn main() {}
