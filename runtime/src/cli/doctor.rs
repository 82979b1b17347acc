//! `doctor [--fix] [--json]`: every check, and validation (issue 4 doctor). (Scaffold: filled in by that work.)

use super::{exit, output};
use crate::host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {}

pub(super) async fn run(_host: &Host, _args: Args) -> u8 {
    output::err(format_args!("error: not built yet"));
    exit::USAGE
}
