//! Reading a cron job's signature: every parameter is filled by tackle.

use crate::errors::Errors;
use crate::item::{self, FilledSignature, FilledWording};

pub(crate) type Signature = FilledSignature;

const FILLED: &str = "a cron job takes `&CronContext`, `&CronContext<Config>` (`Config`: the type in `plugin! { config: ... }`) and the plugin's `&State`, each optional";

pub(crate) fn read(func: &syn::ItemFn, errors: &mut Errors) -> Signature {
    let by_value = |shown: &str| {
        format!(
            "a cron job has no arguments; it borrows what tackle fills: `&{shown}`, if that is one of them ({FILLED})"
        )
    };
    let unfillable = |referent: &syn::Type| {
        item::unsized_referent(referent)
            .then(|| format!("tackle has nothing of this type to give; {FILLED}"))
    };
    let impl_trait = format!("a cron job parameter cannot be `impl Trait`; {FILLED}");
    let wording = FilledWording {
        attr: "cron",
        shape: item::FnShapeMessages {
            noun: "a cron job",
            unsafe_fn: "a cron job cannot be `unsafe fn`: the scheduler calls it on its own",
            generic: "a cron job cannot be generic: the scheduler calls it with what tackle fills",
            where_clause: None,
        },
        references: item::ReferenceMessages {
            impl_trait: &impl_trait,
            by_value: &by_value,
            mutable: "a cron job parameter cannot be `&mut`: the state is shared with every other call, so use interior mutability (`Mutex`, atomics) inside it",
            mutable_drops: true,
            unfillable: &unfillable,
        },
    };
    item::read_filled(&func.sig, &wording, |_| {}, errors)
}
