// Cron expressions the scheduler's parser refuses, caught at compile time.
use tackle::prelude::*;

tackle::plugin! { id: "jobs" }

#[cron("0 25 * * *")]
fn hour_out_of_range() {}

#[cron("0 0 3 * * *")]
fn with_seconds() {}

#[cron("every day")]
fn words() {}

#[cron("0 0 30 2 *")]
fn never() {}

fn main() {}
