// A job returns `()` or `Result<(), E: Display>`.
use tackle::prelude::*;

tackle::plugin! { id: "jobs" }

#[cron("0 3 * * *")]
fn report() -> String {
    String::new()
}

#[cron("0 3 * * *")]
async fn counted() -> Result<u32, String> {
    Ok(1)
}

struct Opaque;

#[cron("0 3 * * *")]
fn opaque_error() -> Result<(), Opaque> {
    Ok(())
}

fn main() {}
