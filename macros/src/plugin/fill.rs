//! The impls `plugin!` adds so that its items' functions may take, as `&T`
//! parameters, the contexts tackle builds for a call (for `()` and the
//! plugin's config type) and the plugin's state: one `From*` trait per kind
//! of item, each implemented the same way.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, format_ident, quote};

use crate::paths;

/// How the glue holds what an item borrows.
#[derive(Clone, Copy)]
enum Holder {
    /// Owned calls (tools, commands): `Held`, the state shared.
    Held,
    /// Borrowed calls (hooks, cron jobs, doctor checks): `Lent` for `'a`,
    /// the state borrowed.
    Lent,
}

/// One kind of item's `From*` trait, as the impls of it are written.
struct Kind {
    /// `impl<'a> FromHook<'a, Plugin>`, up to `for`.
    head: TokenStream,
    /// The method's signature; the call it reads is `call`.
    method: TokenStream,
    /// How a context built for the call is held (`Held::Owned`).
    owned: TokenStream,
    /// How the state is held (`Held::Shared`, `Lent::Borrowed`).
    state: TokenStream,
}

impl Kind {
    /// The trait `name` (`FromHook`, whose method is `from_hook`) of the
    /// plugin `plugin_ty`, its method reading a `call` of this type.
    fn new(plugin_ty: &Ident, holder: Holder, name: &str, call: TokenStream) -> Self {
        let private = paths::private();
        let name = format_ident!("{name}");
        let method = format_ident!("from_{}", name.to_string()["From".len()..].to_lowercase());
        let (head, output, owned, state) = match holder {
            Holder::Held => (
                quote!(impl #private::#name<#plugin_ty>),
                quote!(::core::result::Result<#private::Held<Self>, #private::HandlerError>),
                quote!(#private::Held::Owned),
                quote!(#private::Held::Shared),
            ),
            Holder::Lent => (
                quote!(impl<'a> #private::#name<'a, #plugin_ty>),
                quote!(::core::result::Result<#private::Lent<'a, Self>, ::std::string::String>),
                quote!(#private::Lent::Owned),
                quote!(#private::Lent::Borrowed),
            ),
        };
        Kind {
            head,
            method: quote!(fn #method(call: #call) -> #output),
            owned,
            state,
        }
    }

    /// A trait of an owned call: [`Holder::Held`].
    fn held(plugin_ty: &Ident, name: &str, call: TokenStream) -> Self {
        Kind::new(plugin_ty, Holder::Held, name, call)
    }

    /// A trait of a borrowed call: [`Holder::Lent`].
    fn lent(plugin_ty: &Ident, name: &str, call: TokenStream) -> Self {
        Kind::new(plugin_ty, Holder::Lent, name, call)
    }

    /// `ty` built for each call by `call.#build` (`context::<C>()`).
    fn built(&self, ty: impl ToTokens, build: TokenStream) -> TokenStream {
        let owned = &self.owned;
        self.impl_for(TokenStream::new(), ty, quote!(call.#build.map(#owned)))
    }

    /// The plugin's state type `ty`.
    fn state(&self, ty: &syn::Type) -> TokenStream {
        let state = &self.state;
        self.impl_for(
            TokenStream::new(),
            ty,
            quote!(call.state::<Self>().map(#state)),
        )
    }

    /// The impl for `ty`, whose method returns `value`; `consts` go before it.
    fn impl_for(&self, consts: TokenStream, ty: impl ToTokens, value: TokenStream) -> TokenStream {
        let Kind { head, method, .. } = self;
        quote! {
            #head for #ty {
                #consts
                #method {
                    #value
                }
            }
        }
    }
}

/// Every impl for the plugin type `plugin_ty`: the contexts for each config
/// type of `configs` (`()` and, if the plugin has one, its own), and the
/// state if it has one.
pub(crate) fn impls(
    plugin_ty: &Ident,
    configs: &[TokenStream],
    state: Option<&syn::Type>,
) -> TokenStream {
    let private = paths::private();
    let public = paths::public();
    let tool = Kind::held(plugin_ty, "FromInvocation", quote!(&#private::Invocation));
    let hook = Kind::lent(plugin_ty, "FromHook", quote!(&#private::HookCall<'a>));
    let command = Kind::held(plugin_ty, "FromCommand", quote!(&#private::CommandCall));
    let doctor = Kind::lent(plugin_ty, "FromDoctor", quote!(&#private::DoctorCall<'a>));
    let cron = Kind::lent(plugin_ty, "FromCron", quote!(&'a #private::CronCall));
    let mut impls = TokenStream::new();
    for c in configs {
        // `ToolContext` reaches the call itself (`ToolDef::reads_call`).
        let reads_call = quote!(
            const READS_CALL: bool = true;
        );
        impls.extend([
            tool.impl_for(
                reads_call,
                quote!(#public::ToolContext<#c>),
                quote!(call.tool_context::<#c>().map(#private::Held::Owned)),
            ),
            tool.built(
                quote!(#public::PluginContext<#c>),
                quote!(plugin_context::<#c>()),
            ),
            hook.built(
                quote!(#public::hook::HookContext<'a, #c>),
                quote!(context::<#c>()),
            ),
        ]);
    }
    impls.extend(
        state
            .into_iter()
            .flat_map(|ty| [tool.state(ty), hook.state(ty)]),
    );
    for c in configs {
        impls.extend([
            command.built(
                quote!(#public::command::CommandContext<#c>),
                quote!(context::<#c>()),
            ),
            command.built(
                quote!(#public::PluginContext<#c>),
                quote!(plugin_context::<#c>()),
            ),
        ]);
    }
    impls.extend(state.map(|ty| command.state(ty)));
    for (kind, context) in [
        (&doctor, quote!(#public::doctor::DoctorContext)),
        (&cron, quote!(#public::cron::CronContext)),
    ] {
        let contexts = configs
            .iter()
            .map(|c| kind.built(quote!(#context<#c>), quote!(context::<#c>())));
        impls.extend(contexts);
        impls.extend(state.map(|ty| kind.state(ty)));
    }
    impls
}
