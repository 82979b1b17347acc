//! Reading a check's signature: the parameters tackle fills, and the return type.

use quote::ToTokens;

use crate::errors::Errors;

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
    if let Some(unsafety) = &sig.unsafety {
        errors.spanned(unsafety, "a doctor check cannot be `unsafe fn`");
    }
    if let Some(abi) = &sig.abi {
        errors.spanned(abi, "a doctor check cannot have an `extern` ABI");
    }
    if let Some(variadic) = &sig.variadic {
        errors.spanned(variadic, "a doctor check cannot be variadic");
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        errors.spanned(
            &sig.generics,
            "a doctor check cannot be generic: the runtime calls it with the plugin's own context and state",
        );
    }
    let mut params = Vec::new();
    for input in &sig.inputs {
        let typed = match input {
            syn::FnArg::Receiver(receiver) => {
                errors.spanned(
                    receiver,
                    "`#[doctor_check]` goes on a free function, not a method: there is no `self` to call it on",
                );
                continue;
            }
            syn::FnArg::Typed(typed) => typed,
        };
        if crate::hook::contains_impl_trait(&typed.ty) {
            errors.spanned(
                &typed.ty,
                format!("a doctor check parameter cannot be `impl Trait`: {FILLED}"),
            );
            continue;
        }
        let syn::Type::Reference(reference) = &*typed.ty else {
            let shown = typed.ty.to_token_stream().to_string().replace(' ', "");
            errors.spanned(
                &typed.ty,
                format!("a doctor check borrows what it is given: take `&{shown}`; {FILLED}"),
            );
            continue;
        };
        if let Some(m) = &reference.mutability {
            errors.spanned(
                m,
                "a doctor check parameter cannot be `&mut`: checks only look; a change belongs in the `Fix` the check returns",
            );
            continue;
        }
        if matches!(
            &*reference.elem,
            syn::Type::Slice(_) | syn::Type::TraitObject(_)
        ) || matches!(&*reference.elem, syn::Type::Path(p) if p.path.is_ident("str"))
        {
            errors.spanned(&typed.ty, format!("{FILLED}; it has nothing else to give"));
            continue;
        }
        params.push((*reference.elem).clone());
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
