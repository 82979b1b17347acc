//! Reading a cron job's signature: every parameter is filled by tackle.

use quote::ToTokens;

use crate::errors::Errors;

pub(crate) struct Signature {
    pub ident: syn::Ident,
    pub is_async: bool,
    /// The referents of the `&T` parameters, in order.
    pub params: Vec<syn::Type>,
    /// The return type as written, or `()`.
    pub output: syn::Type,
}

const FILLED: &str = "a cron job takes `&CronContext`, `&CronContext<Config>` (`Config`: the type in `plugin! { config: ... }`) and the plugin's `&State`, each optional";

pub(crate) fn read(func: &syn::ItemFn, errors: &mut Errors) -> Signature {
    let sig = &func.sig;
    if let Some(unsafety) = &sig.unsafety {
        errors.spanned(
            unsafety,
            "a cron job cannot be `unsafe fn`: the scheduler calls it on its own",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.spanned(abi, "a cron job cannot have an `extern` ABI");
    }
    if let Some(variadic) = &sig.variadic {
        errors.spanned(variadic, "a cron job cannot be variadic");
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        errors.spanned(
            &sig.generics,
            "a cron job cannot be generic: the scheduler calls it with what tackle fills",
        );
    }
    let mut params = Vec::new();
    for input in &sig.inputs {
        let typed = match input {
            syn::FnArg::Receiver(receiver) => {
                errors.spanned(
                    receiver,
                    "`#[cron]` goes on a free function, not a method: there is no `self` to call it on",
                );
                continue;
            }
            syn::FnArg::Typed(typed) => typed,
        };
        if contains_impl_trait(&typed.ty) {
            errors.spanned(
                &typed.ty,
                format!("a cron job parameter cannot be `impl Trait`; {FILLED}"),
            );
            continue;
        }
        let syn::Type::Reference(reference) = &*typed.ty else {
            let shown = typed.ty.to_token_stream().to_string().replace(' ', "");
            errors.spanned(
                &typed.ty,
                format!("a cron job has no arguments; it borrows what tackle fills: `&{shown}`, if that is one of them ({FILLED})"),
            );
            continue;
        };
        if let Some(m) = &reference.mutability {
            errors.spanned(
                m,
                "a cron job parameter cannot be `&mut`: the state is shared with every other call, so use interior mutability (`Mutex`, atomics) inside it",
            );
            continue;
        }
        if matches!(
            &*reference.elem,
            syn::Type::Slice(_) | syn::Type::TraitObject(_)
        ) || matches!(&*reference.elem, syn::Type::Path(p) if p.path.is_ident("str"))
        {
            errors.spanned(
                &typed.ty,
                format!("tackle has nothing of this type to give; {FILLED}"),
            );
            continue;
        }
        params.push((*reference.elem).clone());
    }
    let output = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        params,
        output,
    }
}

/// Whether a type has an `impl Trait` anywhere (`impl Debug`, `&impl Debug`).
fn contains_impl_trait(ty: &syn::Type) -> bool {
    fn walk(tokens: proc_macro2::TokenStream) -> bool {
        tokens.into_iter().any(|t| match &t {
            proc_macro2::TokenTree::Group(g) => walk(g.stream()),
            proc_macro2::TokenTree::Ident(i) => i == "impl",
            _ => false,
        })
    }
    walk(ty.to_token_stream())
}
