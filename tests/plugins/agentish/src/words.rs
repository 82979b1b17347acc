//! Reading the words an event carries and turning them into a decision.

use tackle::prelude::*;
use tackle::serde_json::{self, Value};

/// The words of one event's JSON.
pub(crate) struct Script {
    words: Vec<String>,
    prefix: &'static str,
}

impl Script {
    pub(crate) fn of<E: Serialize>(ev: &E) -> Script {
        let text = serde_json::to_string(ev).unwrap_or_default();
        let words = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.ends_with("-me"))
            .map(str::to_owned)
            .collect();
        Script { words, prefix: "" }
    }

    /// Reads `perm-deny-me` as `deny-me`, and `deny-me` as nothing.
    pub(crate) fn prefixed(mut self, prefix: &'static str) -> Script {
        self.prefix = prefix;
        self
    }

    pub(crate) fn has(&self, word: &str) -> bool {
        let wanted = format!("{}{word}", self.prefix);
        self.words.contains(&wanted)
    }

    /// The first of deny, ask, allow, rewrite the words ask for, with
    /// context when they say `context-me`: a decision with no point, which
    /// each hook makes its point's with `.into()`, so that the host's fold
    /// (not the compiler) meets what a point cannot take.
    pub(crate) fn decide(&self, point: &str, rewrite: impl FnOnce() -> Option<Value>) -> Decision {
        let decision = if self.has("deny-me") {
            Decision::deny(format!(
                "agentish refuses at {point}: the payload says deny-me"
            ))
        } else if self.has("ask-me") {
            Decision::ask_because(format!("agentish asks at {point}: the payload says ask-me"))
        } else if self.has("allow-me") {
            Decision::allow()
        } else if self.has("rewrite-me") {
            rewrite().map_or(Decision::abstain(), Decision::modify)
        } else {
            Decision::abstain()
        };
        if self.has("context-me") {
            decision.with_context(format!("agentish context at {point}"))
        } else {
            decision
        }
    }
}

/// `value` with every `rewrite-me` in its text replaced by `rewritten`.
pub(crate) fn rewritten(value: &Value) -> Option<Value> {
    let text = serde_json::to_string(value).ok()?;
    serde_json::from_str(&text.replace("rewrite-me", "rewritten")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tackle::serde_json::json;

    #[test]
    fn words_are_whole_and_prefixes_keep_points_apart() {
        let ev = json!({"command": "echo perm-deny-me; x=allow-me"});
        let script = Script::of(&ev);
        assert!(script.has("allow-me"));
        assert!(!script.has("deny-me"), "perm-deny-me is another word");
        assert!(Script::of(&ev).prefixed("perm-").has("deny-me"));
    }

    #[test]
    fn rewriting_replaces_the_word_inside_the_value() {
        let v = json!({"command": "echo rewrite-me", "n": 1});
        assert_eq!(
            rewritten(&v),
            Some(json!({"command": "echo rewritten", "n": 1}))
        );
    }
}
