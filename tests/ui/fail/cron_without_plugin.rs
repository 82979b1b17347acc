// A job in a crate without `plugin!`.
use tackle::prelude::*;

#[cron("0 3 * * *")]
fn nightly() {}

fn main() {}
