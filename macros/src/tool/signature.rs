//! Reading a tool function's signature by the rule of
//! [`arguments`](crate::arguments): the model fills the parameters taken by
//! value, tackle the `&` references (`&ToolContext`, `&PluginContext`).

use crate::arguments::{self, Signature};
use crate::errors::Errors;
use crate::item::FnShapeMessages;

const WORDING: arguments::Wording = arguments::Wording {
    attr: "tool",
    shape: FnShapeMessages {
        noun: "a tool",
        unsafe_fn: "a tool cannot be `unsafe fn`: the model calls it with arbitrary arguments",
        generic: "a tool cannot be generic: the runtime calls it with one concrete argument type",
        where_clause: Some(
            "a tool cannot have a `where` clause: the runtime calls it with concrete types only",
        ),
    },
    positional: false,
    contexts: &["ToolContext", "PluginContext"],
    mutable: "a tool parameter cannot be `&mut`: tackle hands tools shared references",
    attribute_on_reference: "this attribute applies to arguments from the model, and a reference parameter is filled by tackle",
    unfillable,
    impl_trait_argument: "a tool argument cannot be `impl Trait`: it is deserialized, so it needs a concrete type",
    borrowed_argument: "a tool argument cannot borrow: it is deserialized from the model's JSON into an owned value (`String` rather than `&str`, `Vec<T>` rather than `&[T]`)",
    unnamed_argument: "a tool argument needs a plain name, which becomes its JSON field: `path: String`",
    conditional: "a tool parameter cannot be conditional: its arguments schema is fixed at compile time",
    impl_trait_output: "a tool cannot return `impl Trait`: name the type, so tackle can check it and derive its schema",
    borrowed_output: "a tool cannot return a borrow: its result outlives the call and its arguments; return an owned value such as `String`",
};

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    arguments::read(func, &WORDING, errors)
}

/// Why tackle can never fill `&referent`, when that is clear from the syntax:
/// it fills sized context types, so `&str`, `&[T]` and `&dyn Trait` are
/// arguments written as borrows (rustc would add unrelated `Sized` errors).
fn unfillable(referent: &syn::Type) -> Option<String> {
    const ONLY: &str = "tackle fills reference parameters itself, and only with contexts (`&ToolContext`, `&PluginContext`)";
    let instead = match referent {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => {
            "; an argument from the model is taken by value: `String`, not `&str`"
        }
        syn::Type::Slice(_) => {
            "; an argument from the model is taken by value: `Vec<T>`, not `&[T]`"
        }
        syn::Type::TraitObject(_) => ", not with a `dyn` trait object",
        _ => return None,
    };
    Some(format!("{ONLY}{instead}"))
}
