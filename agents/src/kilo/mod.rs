//! Kilo Code: a fork of OpenCode that loads the same generated JS plugin
//! (OpenCode's `shim.js`, its events and its tools' names), from its own
//! folders, `.kilo/` and `~/.config/kilo/`, not OpenCode's (read in
//! `@kilocode/cli` 7.7.7's executable: its config sources are the global
//! folder and each `.kilo`/`.kilocode` from the project up, and it loads
//! `{plugin,plugins}/*.{ts,js}` of each).

pub(crate) mod export;
pub(crate) mod install;

use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::hook::shim_reply;
use super::native_event::NativeEvent;
use super::protocol::{Card, Protocol};

/// Who Kilo Code is: OpenCode but for its name, its folders and its
/// managed config. Its plugin events and built-in tools are OpenCode's
/// (7.7.7 triggers the same plugin hooks, and never `permission.ask`).
const CARD: Card = Card {
    name: "kilo",
    title: "Kilo Code",
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its managed config (/etc/kilo) can list plugins, but `kilo --pure` loads no plugin of any config (7.7.7)",
    ),
    ..super::opencode::CARD
};

/// Kilo Code's protocol.
pub(crate) struct Kilo;

impl Protocol for Kilo {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn uses_shim(&self) -> bool {
        true
    }

    fn reply(&self, _event: NativeEvent, answer: &Answer, reply: &mut NativeReply) {
        shim_reply::encode(answer, reply);
    }

    // No matcher: the shim filters in JavaScript, by the tools' native
    // names.
    fn how_to_load(&self, _dir: &str, _name: &str) -> String {
        "Kilo Code loads .kilo/plugins/ from the project it runs in: export into the project's root"
            .to_owned()
    }
}
