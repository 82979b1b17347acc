//! `command "/name args"`: run a plugin's slash command (issue 4 commands). (Scaffold: filled in by that work.)

use super::{exit, output};
use crate::host::Host;

#[derive(Debug, clap::Args)]
pub(super) struct Args {}

pub(super) async fn run(_host: &Host, _args: Args) -> u8 {
    output::err(format_args!("error: not built yet"));
    exit::USAGE
}
