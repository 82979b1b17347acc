//! OpenCode: a generated JS plugin (`shim.js` on the shared core) that
//! runs the binary at OpenCode's plugin events and reads tackle's own
//! reply.

pub(crate) mod export;
pub(crate) mod install;

use super::coverage::PERMISSION_AT_TOOL;
use super::hook::answer::Answer;
use super::hook::reply::NativeReply;
use super::hook::shim_reply;
use super::native_event::{NativeEvent, native_events};
use super::protocol::{Card, Protocol};
use super::tools::Tool;

native_events! {
    /// The OpenCode plugin events the shim forwards.
    pub(crate) enum Event {
        SessionCreated = "session.created" => [SessionStart],
        SessionDeleted = "session.deleted" => [SessionEnd],
        SessionIdle = "session.idle" => [SessionIdle],
        SessionError = "session.error" => [StopFailure],
        SessionCompacted = "session.compacted" => [AfterCompact],
        ToolExecuteBefore = "tool.execute.before" => [BeforeToolCall, PermissionRequest ~ PERMISSION_AT_TOOL],
        ToolExecuteAfter = "tool.execute.after" => [AfterToolCall],
        FileEdited = "file.edited" => [FileChanged],
        ChatSystemTransform = "experimental.chat.system.transform" => [SystemPrompt],
    }
}

/// OpenCode's built-in tools (its forks keep the names).
const TOOLS: &[(Tool, &str)] = &[
    (Tool::Bash, "bash"),
    (Tool::Read, "read"),
    (Tool::Write, "write"),
    (Tool::Edit, "edit"),
    (Tool::Glob, "glob"),
    (Tool::Grep, "grep"),
    (Tool::WebFetch, "webfetch"),
    (Tool::WebSearch, "websearch"),
    (Tool::LS, "list"),
];

/// Who OpenCode is; its forks' cards start from it.
pub(crate) const CARD: Card = Card {
    name: "opencode",
    title: "OpenCode",
    events: Event::EVENTS,
    tools: TOOLS,
    aliases: &[],
    renames: &[],
    export: export::write,
    install: Ok(install::INSTALL),
    managed: Err(
        "its managed config (/etc/opencode) can list plugins, but `opencode --pure` loads no plugin of any config (1.18.33)",
    ),
};

/// OpenCode's protocol.
pub(crate) struct OpenCode;

impl Protocol for OpenCode {
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
        "OpenCode loads .opencode/plugins/ from the project it runs in: export into the project's root".to_owned()
    }
}
