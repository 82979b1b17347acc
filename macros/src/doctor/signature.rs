//! Reading a check's signature: the parameters tackle fills, and the return type.

use crate::errors::Errors;
use crate::item;

pub(crate) struct Signature {
    pub ident: syn::Ident,
    pub is_async: bool,
    /// The referents of the `&T` parameters, filled through `FromDoctor`.
    pub params: Vec<syn::Type>,
    /// The return type as written.
    pub output: syn::Type,
}

const FILLED: &str = "tackle fills a doctor check's parameters: `&DoctorContext`, `&DoctorContext<Config>` and the plugin's `&State`";

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    let sig = &func.sig;
    item::check_fn_shape(
        sig,
        &item::FnShapeMessages {
            noun: "a doctor check",
            unsafe_fn: "a doctor check cannot be `unsafe fn`",
            generic: "a doctor check cannot be generic: the runtime calls it with the plugin's own context and state",
            where_clause: None,
        },
        errors,
    );
    let by_value =
        |shown: &str| format!("a doctor check borrows what it is given: take `&{shown}`; {FILLED}");
    let unfillable = |referent: &syn::Type| {
        item::unsized_referent(referent).then(|| format!("{FILLED}; it has nothing else to give"))
    };
    let impl_trait = format!("a doctor check parameter cannot be `impl Trait`: {FILLED}");
    let messages = item::ReferenceMessages {
        impl_trait: &impl_trait,
        by_value: &by_value,
        mutable: "a doctor check parameter cannot be `&mut`: checks only look; a change belongs in the `Fix` the check returns",
        mutable_drops: true,
        unfillable: &unfillable,
    };
    let mut params = Vec::new();
    for input in &sig.inputs {
        let Some(typed) = item::typed(input, "doctor_check", errors) else {
            continue;
        };
        if let Some(referent) = item::screen_reference(&typed.ty, &messages, errors) {
            params.push(referent.clone());
        }
    }
    let output = match &sig.output {
        syn::ReturnType::Default => {
            errors.spanned(
                &sig.ident,
                "a doctor check returns what it found: add `-> CheckResult` and return `CheckResult::ok(\"...\")`, `warn(...)` or `fail(...)`",
            );
            syn::parse_quote!(())
        }
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        params,
        output,
    }
}
