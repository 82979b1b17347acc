//! Copilot CLI: `.github/hooks/<name>.json` (`version` 1, camelCase events,
//! `bash` commands, `timeoutSec`), the binary in `.github/hooks/bin/`.

use serde_json::{Map, Value, json};

use super::ExportError;
use super::package::Package;
use super::quote;
use super::write::Out;

pub(super) fn write(package: &Package<'_>, out: &mut Out) -> Result<(), ExportError> {
    let bin = format!(".github/hooks/bin/{}", package.bin);
    out.executable(&bin, package.binary)?;
    let mut events = Map::new();
    for r in &package.plan.registrations {
        // Repository hooks run in the repository's root, which is where
        // the package is meant to be written: the path is relative to it.
        let mut entry = json!({
            "type": "command",
            "bash": format!("./{bin} hook copilot {}", r.event),
            "timeoutSec": r.timeout_secs(),
        });
        // On the entry itself: a key Copilot did not read would only cost
        // a process start; a group shape it did not accept would drop the
        // hook.
        if let Some(matcher) = r.filter.matcher(package.plan.agent) {
            entry["matcher"] = json!(matcher);
        }
        events.insert(r.event.to_owned(), Value::Array(vec![entry]));
    }
    let file = json!({"version": 1, "hooks": events});
    out.text(
        &format!(".github/hooks/{}.json", package.name),
        &quote::json(&file),
    )
}
