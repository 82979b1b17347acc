//! Reading a check's signature: the parameters tackle fills, and the return type.

use crate::errors::Errors;
use crate::item::{self, FilledSignature, FilledWording};

/// The referents of its `&T` parameters are filled through `FromDoctor`.
pub(crate) type Signature = FilledSignature;

const FILLED: &str = "tackle fills a doctor check's parameters: `&DoctorContext`, `&DoctorContext<Config>` and the plugin's `&State`";

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    let sig = &func.sig;
    let by_value =
        |shown: &str| format!("a doctor check borrows what it is given: take `&{shown}`; {FILLED}");
    let unfillable = |referent: &syn::Type| {
        item::unsized_referent(referent).then(|| format!("{FILLED}; it has nothing else to give"))
    };
    let impl_trait = format!("a doctor check parameter cannot be `impl Trait`: {FILLED}");
    let wording = FilledWording {
        attr: "doctor_check",
        shape: item::FnShapeMessages {
            noun: "a doctor check",
            unsafe_fn: "a doctor check cannot be `unsafe fn`",
            generic: "a doctor check cannot be generic: the runtime calls it with the plugin's own context and state",
            where_clause: None,
        },
        references: item::ReferenceMessages {
            impl_trait: &impl_trait,
            by_value: &by_value,
            mutable: "a doctor check parameter cannot be `&mut`: checks only look; a change belongs in the `Fix` the check returns",
            mutable_drops: true,
            unfillable: &unfillable,
        },
    };
    item::read_filled(
        sig,
        &wording,
        |errors| {
            errors.spanned(
                &sig.ident,
                "a doctor check returns what it found: add `-> CheckResult` and return `CheckResult::ok(\"...\")`, `warn(...)` or `fail(...)`",
            );
        },
        errors,
    )
}
