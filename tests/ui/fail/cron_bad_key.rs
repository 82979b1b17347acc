// Job keys become ids `__plugin_<plugin>_<key>`: `^[a-z0-9][a-z0-9_-]*$`,
// whether given or taken from the function's name.
use tackle::prelude::*;

tackle::plugin! { id: "jobs" }

#[cron("0 3 * * *", key = "Nightly Report")]
fn report() {}

#[allow(non_snake_case)]
#[cron("0 3 * * *")]
fn NightlyCleanup() {}

fn main() {}
