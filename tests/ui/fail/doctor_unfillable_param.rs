// Tackle fills `&DoctorContext`, `&DoctorContext<Config>` of this plugin and its `&State`; nothing else.
use tackle::prelude::*;

tackle::plugin! { id: "doc", config: DocConfig }

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct DocConfig {
    /// A folder.
    pub folder: String,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct OtherConfig {
    /// Something else.
    pub other: String,
}

/// Wants a string.
#[doctor_check]
fn wants_string(path: &String) -> CheckResult {
    CheckResult::ok(path.clone())
}

/// Wants another plugin's config.
#[doctor_check]
fn wants_other(ctx: &DoctorContext<OtherConfig>) -> CheckResult {
    CheckResult::ok(ctx.config().other.clone())
}

fn main() {}
