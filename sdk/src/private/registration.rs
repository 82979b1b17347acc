//! What the macros submit to `inventory`, one type per kind of item, and
//! the collections the host reads back (through each module's `linked_*`).

use crate::command::CommandDef;
use crate::cron::CronDef;
use crate::def::ToolDef;
use crate::doctor::DoctorCheckDef;
use crate::hook::HookDef;
use crate::plugin::PluginDef;
use crate::prompt::PromptDef;
use crate::provider::ProviderDef;
use crate::resource::ResourceDef;

/// One `inventory` entry: a reference to one item's static description.
pub(crate) trait Registration: inventory::Collect {
    /// The description's type.
    type Def: 'static;
    /// The description.
    fn def(&self) -> &'static Self::Def;
}

/// Every item of one kind linked into this binary, in link order (the
/// runtime sorts them).
pub(crate) fn linked<R: Registration>() -> impl Iterator<Item = &'static R::Def> {
    inventory::iter::<R>.into_iter().map(R::def)
}

/// Declares the entry of each kind of item and collects it.
macro_rules! registrations {
    ($($(#[doc = $doc:literal])* $Registration:ident(&'static $Def:ty);)*) => {$(
        $(#[doc = $doc])*
        #[derive(Debug)]
        pub struct $Registration(pub &'static $Def);

        inventory::collect!($Registration);

        impl Registration for $Registration {
            type Def = $Def;

            fn def(&self) -> &'static $Def {
                self.0
            }
        }
    )*};
}

registrations! {
    /// What `plugin!` submits to `inventory`.
    PluginRegistration(&'static PluginDef);
    /// What `#[tool]` submits to `inventory`.
    ToolRegistration(&'static ToolDef);
    /// What `#[hook]` submits to `inventory`.
    HookRegistration(&'static HookDef);
    /// What `#[command]` submits to `inventory`.
    CommandRegistration(&'static CommandDef);
    /// What `#[cron]` submits to `inventory`.
    CronRegistration(&'static CronDef);
    /// What `#[doctor_check]` submits to `inventory`.
    DoctorCheckRegistration(&'static DoctorCheckDef);
    /// What `#[provider]` submits to `inventory`.
    ProviderRegistration(&'static ProviderDef);
    /// What `#[resource]` submits to `inventory`.
    ResourceRegistration(&'static ResourceDef);
    /// What `#[prompt]` submits to `inventory`.
    PromptRegistration(&'static PromptDef);
}
