//! Claude Code's JSON reply on a command hook's stdout, read through its
//! wire types ([`tackle_spec::claude`], which the agent adapters write) and
//! turned into a [`Decision`].

use serde::Serialize;
use serde_json::Value;
use tackle::Problem;
use tackle::hook::{Action, Actions, Decision, HookPoint, Kind};
use tackle_spec::claude::{
    Behavior, Output, PermissionDecision, RequestDecision, Specific, TopDecision,
};

use super::CommandHook;
use super::input::event_name;

/// Points where a refusal keeps the agent going: `continue: false` there
/// lets it stop, which it is about to do anyway.
const REFUSAL_KEEPS_GOING: &[HookPoint] = &[
    HookPoint::Stop,
    HookPoint::SubagentStop,
    HookPoint::TeammateIdle,
];

/// The reply's fields that hold an object.
const OBJECTS: [&str; 2] = ["hookSpecificOutput", "hookSpecificOutput.decision"];

/// The reply's fields that hold one of a few strings.
const ENUMS: [&str; 3] = [
    "decision",
    "hookSpecificOutput.permissionDecision",
    "hookSpecificOutput.decision.behavior",
];

/// Claude Code's JSON reply, checked.
#[derive(Debug)]
pub(super) struct Reply(Output);

impl Reply {
    pub(super) fn read(value: &Value, point: HookPoint) -> Result<Reply, String> {
        // serde reads a struct from an array and an enum from a one-key
        // object; Claude Code reads neither.
        let shape = |path: &str, ok: fn(&Value) -> bool| {
            let found = value.pointer(&pointer(path))?;
            (!(ok(found) || found.is_null())).then(|| wrong(value, path))
        };
        let misshapen = OBJECTS
            .iter()
            .find_map(|path| shape(path, Value::is_object))
            .or_else(|| ENUMS.iter().find_map(|path| shape(path, Value::is_string)));
        if let Some(message) = misshapen {
            return Err(message);
        }
        let out: Output = serde_path_to_error::deserialize(value)
            .map_err(|e| wrong(value, &e.path().to_string()))?;
        if let Some(specific) = &out.hook_specific_output {
            let name = specific.hook_event_name.as_ref();
            if !name.is_empty()
                && HookPoint::from_name(name) != Some(point)
                && name != event_name(point)
            {
                return Err(format!(
                    "`hookSpecificOutput.hookEventName` is \"{name}\", but the event is {}",
                    event_name(point)
                ));
            }
            arguments(
                "hookSpecificOutput.updatedInput",
                specific.updated_input.as_ref(),
            )?;
            if let Some(request) = &specific.decision {
                arguments(
                    "hookSpecificOutput.decision.updatedInput",
                    request.updated_input.as_ref(),
                )?;
            }
        }
        Ok(Reply(out))
    }

    fn specific(&self) -> Option<&Specific> {
        self.0.hook_specific_output.as_ref()
    }

    fn permission(&self) -> Option<PermissionDecision> {
        self.specific().and_then(|s| s.permission_decision)
    }

    fn permission_reason(&self) -> Option<&str> {
        self.specific()
            .and_then(|s| s.permission_decision_reason.as_deref())
    }

    /// `PermissionRequest`'s `hookSpecificOutput.decision`.
    fn request(&self) -> Option<&RequestDecision> {
        self.specific().and_then(|s| s.decision.as_ref())
    }

    /// The one decision the reply makes: deny, else ask, else a rewrite,
    /// else allow; with its added context.
    pub(super) fn decision(&self, hook: &CommandHook, point: HookPoint) -> Decision {
        let origin = &hook.origin;
        if let Some(message) = &self.0.system_message {
            tracing::info!(hook = %origin, %point, "{message}");
        }
        if point.kind() == Kind::Observer {
            if self.denial(origin, point).is_some() || self.0.keep_going == Some(false) {
                tracing::info!(hook = %origin, %point, "a refusal at an observer point; ignored");
            }
            return Decision::abstain();
        }
        let rewrite = self.rewrite(origin, point);
        let mut decision = if let Some(reason) = self.denial(origin, point) {
            Decision::deny(reason)
        } else if self.permission() == Some(PermissionDecision::Ask) {
            if rewrite.is_some() {
                tracing::warn!(
                    hook = %origin,
                    %point,
                    "`ask` with `updatedInput`: the user is asked about the call as it was; the rewrite is dropped"
                );
            }
            Decision::from(Action::Ask {
                reason: text(self.permission_reason()),
            })
        } else if let Some(input) = rewrite {
            Decision::modify(input.clone())
        } else if self.allows(point) {
            Decision::allow()
        } else {
            Decision::abstain()
        };
        let context = self
            .specific()
            .and_then(|s| s.additional_context.as_deref());
        if let Some(context) = context.filter(|c| !c.trim().is_empty()) {
            decision = decision.with_context(context);
        }
        decision
    }

    /// The reason of a refusal, if the reply refuses.
    fn denial(&self, origin: &str, point: HookPoint) -> Option<String> {
        let out = &self.0;
        let reason = out.reason.as_deref();
        if out.keep_going == Some(false) && !REFUSAL_KEEPS_GOING.contains(&point) {
            return Some(
                text(out.stop_reason.as_deref())
                    .or_else(|| text(reason))
                    .unwrap_or_else(|| format!("stopped by `{origin}`")),
            );
        }
        if out.decision == Some(TopDecision::Block) {
            return Some(text(reason).unwrap_or_else(|| format!("blocked by `{origin}`")));
        }
        if self.permission() == Some(PermissionDecision::Deny) {
            return Some(
                text(self.permission_reason())
                    .or_else(|| text(reason))
                    .unwrap_or_else(|| format!("denied by `{origin}`")),
            );
        }
        match self.request() {
            Some(request) if request.behavior == Behavior::Deny => Some(
                text(request.message.as_deref()).unwrap_or_else(|| format!("denied by `{origin}`")),
            ),
            _ => None,
        }
    }

    /// The new input: a tool's arguments where the point's input is them,
    /// a tool's result after it ran.
    fn rewrite(&self, origin: &str, point: HookPoint) -> Option<&Value> {
        let specific = self.specific()?;
        let granted = self
            .request()
            .filter(|r| r.behavior == Behavior::Allow)
            .and_then(|r| r.updated_input.as_ref());
        let arguments = specific.updated_input.as_ref().or(granted);
        let takes_arguments = point.input_field() == Some("arguments");
        let takes_output = point == HookPoint::AfterToolCall;
        let (kept, dropped) = match (arguments, specific.updated_tool_output.as_ref()) {
            (Some(input), _) if takes_arguments => (Some(input), None),
            (_, Some(output)) if takes_output => (Some(output), None),
            (Some(_), _) => (None, Some("updatedInput")),
            (_, Some(_)) => (None, Some("updatedToolOutput")),
            (None, None) => (None, None),
        };
        if let Some(field) = dropped {
            tracing::warn!(hook = %origin, %point, "`{field}` means nothing at `{point}`; ignored");
        }
        kept
    }

    /// Whether the reply allows, where allowing means something (Claude
    /// Code's `approve` at `Stop` only says "no objection").
    fn allows(&self, point: HookPoint) -> bool {
        let allow = self.permission() == Some(PermissionDecision::Allow)
            || self.0.decision == Some(TopDecision::Approve)
            || self
                .request()
                .is_some_and(|r| r.behavior == Behavior::Allow);
        allow && point.kind().actions().contains(Actions::ALLOW)
    }
}

/// A reason that says something.
fn text(reason: Option<&str>) -> Option<String> {
    reason.filter(|r| !r.trim().is_empty()).map(str::to_owned)
}

/// A tool's new arguments are the arguments, whole: an object.
fn arguments(path: &str, value: Option<&Value>) -> Result<(), String> {
    match value {
        None | Some(Value::Object(_)) => Ok(()),
        Some(other) => Err(format!(
            "`{path}` must be an object (the tool's arguments, whole), found {}",
            Problem::show_value(other)
        )),
    }
}

/// The message for a reply that does not read as [`Output`]: the value at
/// `path` (dotted, as serde names it) is not what the field takes.
fn wrong(reply: &Value, path: &str) -> String {
    let found = reply.pointer(&pointer(path)).filter(|v| !v.is_null());
    match (path, found) {
        ("decision", Some(Value::Object(_))) => {
            "`decision` must be \"approve\" or \"block\", found an object (PermissionRequest's `decision` object goes in `hookSpecificOutput`)"
                .to_owned()
        }
        // The object itself is fine, so a key it needs is missing.
        ("hookSpecificOutput.decision", Some(Value::Object(_)))
        | ("hookSpecificOutput.decision.behavior", None) => format!(
            "`hookSpecificOutput.decision.behavior` is missing; it is {}",
            one_of(Behavior::ALL, " or ")
        ),
        (_, found) => {
            let expected = match path {
                "continue" | "suppressOutput" => "true or false".to_owned(),
                "decision" => format!("one of {}", one_of(TopDecision::ALL, ", ")),
                "hookSpecificOutput.permissionDecision" => {
                    format!("one of {}", one_of(PermissionDecision::ALL, ", "))
                }
                "hookSpecificOutput.decision.behavior" => {
                    format!("one of {}", one_of(Behavior::ALL, ", "))
                }
                "hookSpecificOutput" | "hookSpecificOutput.decision" => "an object".to_owned(),
                _ => "a string".to_owned(),
            };
            let found = found.map_or_else(|| "nothing".to_owned(), Problem::show_value);
            format!("`{path}` must be {expected}, found {found}")
        }
    }
}

/// The JSON pointer of a dotted path.
fn pointer(path: &str) -> String {
    path.split('.').map(|key| format!("/{key}")).collect()
}

/// The wire spellings of `values`, quoted, joined by `sep`.
fn one_of<T: Serialize>(values: &[T], sep: &str) -> String {
    let quoted: Vec<String> = values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap_or_default())
        .collect();
    quoted.join(sep)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;
    use tackle::hook::HookPoint;

    use super::Reply;

    /// Replies before a tool, each with the message it must get
    /// (`reply => message`).
    const WRONG: &str = r#"
        {"stopReason": 3} => `stopReason` must be a string, found 3
        {"suppressOutput": "yes"} => `suppressOutput` must be true or false, found "yes"
        {"hookSpecificOutput": [1]} => `hookSpecificOutput` must be an object, found an array
        {"decision": {"block": null}} => `decision` must be "approve" or "block", found an object (PermissionRequest's `decision` object goes in `hookSpecificOutput`)
        {"hookSpecificOutput": {"permissionDecision": {"deny": null}}} => `hookSpecificOutput.permissionDecision` must be one of "allow", "deny", "ask", "defer", found an object
        {"hookSpecificOutput": {"decision": {"behavior": null}}} => `hookSpecificOutput.decision.behavior` is missing; it is "allow" or "deny"
        {"hookSpecificOutput": {"decision": {"message": "no"}}} => `hookSpecificOutput.decision.behavior` is missing; it is "allow" or "deny"
        {"hookSpecificOutput": {"decision": {"behavior": "yes"}}} => `hookSpecificOutput.decision.behavior` must be one of "allow", "deny", found "yes"
        {"hookSpecificOutput": {"decision": {"behavior": "allow", "updatedInput": 1}}} => `hookSpecificOutput.decision.updatedInput` must be an object (the tool's arguments, whole), found 1
    "#;

    #[test]
    fn a_value_of_the_wrong_shape_is_named_with_what_its_field_takes() {
        for line in WRONG.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (reply, expected) = line.split_once(" => ").expect("reply => message");
            let value: Value = serde_json::from_str(reply).expect(reply);
            let read = Reply::read(&value, HookPoint::BeforeToolCall);
            assert_eq!(read.map(|_| ()), Err(expected.to_owned()), "{reply}");
        }
    }

    #[test]
    fn null_is_absent_and_unknown_keys_are_ignored() {
        let value = serde_json::json!({
            "decision": null,
            "extra": [1],
            "hookSpecificOutput": {"hookEventName": null, "permissionDecision": null}
        });
        assert!(Reply::read(&value, HookPoint::BeforeToolCall).is_ok());
    }
}
