//! `tackle_macros::__decision_points!()`: the catalogue's `decision[...]`
//! lists as the impls `tackle::hook::takes` is made of. It is written by
//! a macro because each point's trait carries its own message, naming the
//! point and what it takes, and messages are literals.
//!
//! For `stop: Stop { kind: decision[deny, context] }`:
//!
//! ```text
//! #[diagnostic::on_unimplemented(message = "...`stop`...", ...)]
//! pub trait TakenAtStop {}
//! impl TakenAtStop for Deny {}
//! impl TakenAtStop for Context {}
//! impl<A: TakenAtStop> Takes<A> for crate::hook::events::Stop {}
//! impl DecisionPoint for crate::hook::events::Stop {}
//! ```
//!
//! A decision `stop` cannot take fails on `Ask: TakenAtStop`, whose type
//! differs from the bound's (`Stop: Takes<Ask>`), so rustc reports that
//! trait's message. Only the `tackle` crate calls it, inside `hook::takes`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use tackle_spec::hook::{POINTS, PointSpec};

pub(crate) fn expand() -> TokenStream {
    POINTS
        .iter()
        .filter(|p| p.kind == "decision")
        .map(point)
        .collect()
}

fn point(spec: &PointSpec) -> TokenStream {
    let event = syn::Ident::new(spec.event, Span::call_site());
    let trait_ident = format_ident!("TakenAt{}", spec.event);
    let message = format!("`{{Self}}` is not a decision `{}` hooks take", spec.name);
    let label = format!("at `{}` a hook may {}", spec.name, may(spec.actions));
    let note = "a hook may always abstain: `Decision::abstain()`, `None` or `()`";
    let doc = format!(
        "The decisions `{}` hooks take: {}.",
        spec.name,
        spec.actions.join(", ")
    );
    let actions = spec.actions.iter().map(|a| marker(a));
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #trait_ident {}
        #(impl #trait_ident for #actions {})*
        impl<A: #trait_ident> Takes<A> for crate::hook::events::#event {}
        impl DecisionPoint for crate::hook::events::#event {}
    }
}

/// The marker type of an action in `hook::takes`.
fn marker(action: &str) -> syn::Ident {
    let name = match action {
        "allow" => "Allow",
        "deny" => "Deny",
        "ask" => "Ask",
        "modify" => "Modify",
        _ => "Context",
    };
    syn::Ident::new(name, Span::call_site())
}

/// `deny or add context`, `allow, deny, ask or modify`.
fn may(actions: &[&str]) -> String {
    let verbs: Vec<&str> = actions
        .iter()
        .map(|a| match *a {
            "context" => "add context",
            other => other,
        })
        .collect();
    match verbs.split_last() {
        None => "only abstain".to_owned(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_of_the_catalogue_has_a_marker() {
        for spec in POINTS {
            for action in spec.actions {
                assert_eq!(
                    marker(action).to_string().to_lowercase(),
                    *action,
                    "`{}` lists `{action}`",
                    spec.name
                );
            }
        }
    }

    #[test]
    fn labels_list_what_a_point_takes() {
        assert_eq!(may(&["deny", "context"]), "deny or add context");
        assert_eq!(
            may(&["allow", "deny", "ask", "modify"]),
            "allow, deny, ask or modify"
        );
        assert_eq!(may(&["modify"]), "modify");
    }
}
