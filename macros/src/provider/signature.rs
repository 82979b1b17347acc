//! Reading a provider factory's signature: at most one parameter, a
//! reference that tackle fills (its plugin's context), and the provider it
//! returns.

use crate::errors::Errors;
use crate::item;

pub(crate) struct Signature {
    pub ident: syn::Ident,
    pub is_async: bool,
    /// `T` of the `&T` parameter, if there is one.
    pub context: Option<syn::Type>,
    pub output: syn::Type,
    /// Whether the return type is `impl Trait` (then it is inferred, not named).
    pub output_is_impl: bool,
}

const TAKES: &str = "a provider factory takes no parameter, or one: `ctx: &PluginContext<Config>` (the plugin's context, typed by the type in `plugin! { config: ... }`)";

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    let sig = &func.sig;
    item::check_fn_shape(
        sig,
        &item::FnShapeMessages {
            noun: "a provider factory",
            unsafe_fn: "a provider factory cannot be `unsafe fn`: the host calls it when it starts",
            generic: "a provider factory cannot be generic: the host calls it once, with nothing to choose its types",
            where_clause: Some(
                "a provider factory cannot have a `where` clause: the host calls it with concrete types only",
            ),
        },
        errors,
    );

    let mut context = None;
    for (i, input) in sig.inputs.iter().enumerate() {
        let Some(typed) = item::typed(input, "provider", errors) else {
            continue;
        };
        if i > 0 {
            errors.spanned(typed, format!("one parameter too many: {TAKES}"));
            continue;
        }
        match &*typed.ty {
            syn::Type::Reference(reference) => {
                if let Some(m) = &reference.mutability {
                    errors.spanned(
                        m,
                        "a provider factory's context is shared: take `&PluginContext<Config>`, not `&mut`",
                    );
                }
                context = Some((*reference.elem).clone());
            }
            other => errors.spanned(
                other,
                format!("tackle fills this parameter and lends it: take it by reference; {TAKES}"),
            ),
        }
    }

    let output = match &sig.output {
        syn::ReturnType::Default => {
            errors.spanned(
                &sig.ident,
                format!(
                    "`{}` returns nothing, and a provider factory returns the provider it builds: `-> MyProvider` (a type that implements `tackle::provider::Provider`), or `-> Result<MyProvider, E>`",
                    sig.ident
                ),
            );
            syn::parse_quote!(())
        }
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    let output_is_impl = matches!(output, syn::Type::ImplTrait(_));

    Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        context,
        output,
        output_is_impl,
    }
}
