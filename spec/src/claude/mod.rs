//! Claude Code's hook protocol, as far as more than one crate speaks it:
//! its event names ([`EVENTS`]) and the reply a hook prints ([`reply`]).
//! The agent adapters write the reply (`tackle-agents`, for Claude Code and
//! the agents that read its format); the host reads it back from a
//! declarative plugin's command hook. One set of types, so that the two
//! sides cannot drift apart.

pub mod reply;

pub use reply::{Behavior, Output, PermissionDecision, RequestDecision, Specific, TopDecision};

/// Claude Code's hook events (2.1.330). Each is a hook point's alias in the
/// catalogue ([`hook_catalogue!`](crate::hook_catalogue)), so every one
/// names a point of ours.
pub const EVENTS: [&str; 33] = [
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "PermissionRequest",
    "PermissionDenied",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "Stop",
    "StopFailure",
    "Notification",
    "SessionStart",
    "SessionEnd",
    "Setup",
    "SubagentStart",
    "SubagentStop",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "DirectoryAdded",
    "MessageDisplay",
];

#[cfg(test)]
mod tests {
    use super::EVENTS;
    use crate::hook::PointSpec;

    #[test]
    fn every_event_is_the_alias_of_one_point() {
        for event in EVENTS {
            assert!(PointSpec::by_alias(event).is_some(), "{event}");
        }
    }
}
