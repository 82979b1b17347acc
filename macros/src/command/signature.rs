//! Reading a command function's signature by the rule of
//! [`arguments`](crate::arguments), as `#[tool]` does: the command line
//! fills the parameters taken by value, tackle the `&` references (a
//! context, the state). `#[positional]` marks an argument given without its
//! `--name`.

use crate::arguments::{self, Signature};
use crate::errors::Errors;
use crate::item::FnShapeMessages;

const WORDING: arguments::Wording = arguments::Wording {
    attr: "command",
    shape: FnShapeMessages {
        noun: "a command",
        unsafe_fn: "a command cannot be `unsafe fn`: anyone can run it with any arguments",
        generic: "a command cannot be generic: the runtime calls it with one concrete argument type",
        where_clause: None,
    },
    positional: true,
    contexts: &["CommandContext", "PluginContext"],
    mutable: "a command parameter cannot be `&mut`: tackle lends commands shared references",
    attribute_on_reference: "this attribute applies to arguments from the command line, and a reference parameter is filled by tackle",
    unfillable,
    impl_trait_argument: "a command argument cannot be `impl Trait`: it is parsed from the command line, so it needs a concrete type",
    borrowed_argument: "a command argument cannot borrow: it is parsed from the command line into an owned value (`String` rather than `&str`, `Vec<T>` rather than `&[T]`)",
    unnamed_argument: "a command argument needs a plain name, which becomes its `--option`: `depth: u32`",
    conditional: "a command parameter cannot be conditional: its arguments are fixed at compile time",
    impl_trait_output: "a command cannot return `impl Trait`: name the type, so tackle can check it",
    borrowed_output: "a command cannot return a borrow: its output outlives the call; return an owned value such as `String`, or a `&'static str`",
};

pub(crate) fn read(func: &mut syn::ItemFn, errors: &mut Errors) -> Signature {
    arguments::read(func, &WORDING, errors)
}

/// Why tackle can never fill `&referent`, when the syntax says so.
fn unfillable(referent: &syn::Type) -> Option<String> {
    let (what, instead) = match referent {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => (
            "`str`",
            "; an argument from the command line is taken by value: `String`, not `&str`",
        ),
        syn::Type::Slice(_) => (
            "slice",
            "; an argument from the command line is taken by value: `Vec<T>`, not `&[T]`",
        ),
        syn::Type::TraitObject(_) => ("`dyn` trait object", ""),
        _ => return None,
    };
    Some(format!(
        "tackle has no {what} to give a command: it fills `&CommandContext`, `&CommandContext<Config>`, `&PluginContext<Config>` and the plugin's `&State`{instead}"
    ))
}
