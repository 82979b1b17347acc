//! Reading a hook function's signature: which parameter is the event and
//! which ones tackle fills.

use quote::ToTokens;
use tackle_spec::hook::PointSpec;

use crate::errors::Errors;
use crate::item;

pub(crate) enum Param {
    /// `&EventType`: the point's event.
    Event { referent: syn::Type },
    /// `&T`: filled through `FromHook` (contexts, the state).
    Inject { referent: syn::Type },
}

pub(crate) struct Signature {
    pub ident: syn::Ident,
    pub is_async: bool,
    /// An `async fn` whose body cannot suspend: no `.await`, no macro call
    /// that could hide one. Its future is ready on its first poll, so the
    /// glue polls it in place, with no allocation and no timer.
    pub never_suspends: bool,
    pub params: Vec<Param>,
    /// The return type as written, or `()`.
    pub output: syn::Type,
}

pub(crate) fn read(
    func: &mut syn::ItemFn,
    point: Option<&PointSpec>,
    errors: &mut Errors,
) -> Signature {
    add_elided_lifetimes(&mut func.sig);
    let sig = &func.sig;
    item::check_fn_shape(
        sig,
        &item::FnShapeMessages {
            noun: "a hook",
            unsafe_fn: "a hook cannot be `unsafe fn`: the runtime calls it on any event",
            generic: "a hook cannot be generic: the runtime calls it with its point's one event type",
            where_clause: None,
        },
        errors,
    );
    let mut params = Vec::new();
    for input in &sig.inputs {
        let Some(typed) = item::typed(input, "hook", errors) else {
            continue;
        };
        if item::contains_impl_trait(&typed.ty) {
            errors.spanned(
                &typed.ty,
                "a hook parameter cannot be `impl Trait` (a hidden generic): the runtime calls a hook with its point's event and what tackle fills; name the type, such as `&BeforeToolCall` or `&HookContext`",
            );
            continue;
        }
        let syn::Type::Reference(reference) = &*typed.ty else {
            let shown = typed.ty.to_token_stream().to_string().replace(' ', "");
            errors.spanned(
                &typed.ty,
                format!("a hook borrows what it is given: take `&{shown}`"),
            );
            continue;
        };
        if let Some(m) = &reference.mutability {
            errors.spanned(
                m,
                "a hook parameter cannot be `&mut`: hooks read the event, and change it by returning `Decision::modify`",
            );
        }
        if let Some(problem) = unfillable(&reference.elem) {
            errors.spanned(&typed.ty, problem);
            continue;
        }
        let referent = (*reference.elem).clone();
        match last_segment(&referent).and_then(|name| PointSpec::by_event(&name).map(|s| (name, s)))
        {
            Some((name, spec)) => {
                if let Some(point) = point
                    && spec.name != point.name
                {
                    errors.spanned(
                        &referent,
                        format!(
                            "`{}` hooks receive `&{}`, not `&{name}` (the event of `{}`)",
                            point.name, point.event, spec.name
                        ),
                    );
                    continue;
                }
                if params.iter().any(|p| matches!(p, Param::Event { .. })) {
                    errors.spanned(&referent, "the event is given once; drop this parameter");
                    continue;
                }
                params.push(Param::Event { referent });
            }
            None => params.push(Param::Inject { referent }),
        }
    }
    let output = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    if borrows(&output) {
        errors.spanned(
            &output,
            "a hook cannot return a borrow: what it returns is kept after the call, and the event it was given is not; return an owned value, such as `String` (`ev.prompt.clone()`), or a `&'static str`",
        );
    }
    Signature {
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        never_suspends: sig.asyncness.is_some() && !may_suspend(func.block.to_token_stream()),
        params,
        output,
    }
}

/// Whether a type borrows for less than `'static`: a `&` without
/// `'static`, or any other lifetime (`&str`, `Option<&'a str>`, `Cow<'_, str>`).
fn borrows(ty: &syn::Type) -> bool {
    fn walk(tokens: proc_macro2::TokenStream) -> bool {
        let tokens: Vec<_> = tokens.into_iter().collect();
        tokens.iter().enumerate().any(|(i, t)| {
            let static_next = |j: usize| {
                matches!(
                    (tokens.get(j), tokens.get(j + 1)),
                    (Some(proc_macro2::TokenTree::Punct(q)), Some(proc_macro2::TokenTree::Ident(l)))
                        if q.as_char() == '\'' && l == "static"
                )
            };
            match t {
                proc_macro2::TokenTree::Group(g) => walk(g.stream()),
                proc_macro2::TokenTree::Punct(p) if p.as_char() == '&' => !static_next(i + 1),
                proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'' => !static_next(i),
                _ => false,
            }
        })
    }
    walk(ty.to_token_stream())
}

/// Why tackle can never fill `&referent`, when that is clear from the
/// syntax: it fills sized types (the event, contexts, the state), so `&str`,
/// `&[T]` and `&dyn Trait` cannot be given (rustc would add unrelated
/// `Sized` errors).
fn unfillable(referent: &syn::Type) -> Option<String> {
    let what = match referent {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => "`str`",
        syn::Type::Slice(_) => "slice",
        syn::Type::TraitObject(_) => "`dyn` trait object",
        _ => return None,
    };
    Some(format!(
        "tackle has no {what} to give a hook: it fills the point's event (`ev: &BeforeToolCall`), `&HookContext`, `&HookContext<Config>` and the plugin's `&State`; what the agent sent is in the event's fields (`ev.tool_name`, `ev.arguments`)"
    ))
}

/// The last path segment of a type (`BeforeToolCall` in `tackle::hook::BeforeToolCall`).
fn last_segment(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            path.path.segments.last().map(|s| s.ident.to_string())
        }
        _ => None,
    }
}

/// Types that borrow for the call (`HookContext<'a, C>`, `AnyEvent<'a>`)
/// are written without their lifetime, `&HookContext<Config>`; an `async fn`
/// does not allow that, so the lifetime is filled in as `'_`.
fn add_elided_lifetimes(sig: &mut syn::Signature) {
    for input in &mut sig.inputs {
        let syn::FnArg::Typed(typed) = input else {
            continue;
        };
        let syn::Type::Reference(reference) = &mut *typed.ty else {
            continue;
        };
        let syn::Type::Path(path) = &mut *reference.elem else {
            continue;
        };
        let Some(last) = path.path.segments.last_mut() else {
            continue;
        };
        if last.ident != "HookContext" && last.ident != "AnyEvent" {
            continue;
        }
        let lifetime: syn::GenericArgument = syn::parse_quote!('_);
        match &mut last.arguments {
            syn::PathArguments::None => {
                last.arguments = syn::PathArguments::AngleBracketed(syn::parse_quote!(<'_>));
            }
            syn::PathArguments::AngleBracketed(args) => {
                if !args
                    .args
                    .iter()
                    .any(|a| matches!(a, syn::GenericArgument::Lifetime(_)))
                {
                    args.args.insert(0, lifetime);
                }
            }
            syn::PathArguments::Parenthesized(_) => {}
        }
    }
}

/// Whether a body may suspend: it has an `await`, or a macro call (which
/// could expand to one, as `tokio::join!` does).
fn may_suspend(tokens: proc_macro2::TokenStream) -> bool {
    let tokens: Vec<_> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, token)| match token {
        proc_macro2::TokenTree::Ident(ident) => ident == "await",
        proc_macro2::TokenTree::Punct(p) if p.as_char() == '!' => {
            matches!(tokens.get(i + 1), Some(proc_macro2::TokenTree::Group(_)))
                && matches!(
                    i.checked_sub(1).and_then(|j| tokens.get(j)),
                    Some(proc_macro2::TokenTree::Ident(_))
                )
        }
        proc_macro2::TokenTree::Group(group) => may_suspend(group.stream()),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::{borrows, may_suspend};

    #[test]
    fn borrowed_return_types() {
        let ty = |t: proc_macro2::TokenStream| syn::parse2::<syn::Type>(t).expect("a type");
        assert!(borrows(&ty(quote!(&str))));
        assert!(borrows(&ty(quote!(&'a str))));
        assert!(borrows(&ty(quote!(Option<&str>))));
        assert!(borrows(&ty(quote!(Cow<'_, str>))));
        assert!(!borrows(&ty(quote!(&'static str))));
        assert!(!borrows(&ty(quote!(Result<&'static str, String>))));
        assert!(!borrows(&ty(quote!(Option<Decision>))));
    }

    #[test]
    fn bodies_that_may_suspend() {
        assert!(may_suspend(quote!({
            let x = f().await;
        })));
        assert!(may_suspend(quote!({
            if a {
                g(x.await)
            }
        })));
        assert!(may_suspend(quote!({
            tokio::join!(a, b);
        })));
        assert!(
            may_suspend(quote!({ println!("x") })),
            "a macro may hide an await"
        );
        assert!(!may_suspend(quote!({
            let a = b != c;
            Decision::abstain()
        })));
        assert!(!may_suspend(quote!({ ctx.session_id().len() > 3 })));
    }
}
