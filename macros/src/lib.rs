//! Procedural macros of tackle. Use them through the `tackle` crate, which
//! re-exports them and provides everything the generated code refers to.
//!
//! Each macro is a pipeline: parse into our own description of the item,
//! validate it (collecting every error), expand. On error the user's item is
//! still emitted, so one mistake does not cascade into many.

#![warn(missing_docs)]

mod command;
mod cron;
mod data;
mod doctor;
mod errors;
mod hook;
mod item;
mod meta;
mod names;
mod paths;
mod plugin;
mod provider;
mod tool;

use proc_macro::TokenStream;

/// (The expansion is `tackle-macros`' `plugin`; it refers to `::tackle::__private` only.)
#[proc_macro]
pub fn plugin(input: TokenStream) -> TokenStream {
    plugin::expand(input.into()).into()
}

/// (The expansion is `tackle-macros`' `tool`; it refers to `::tackle::__private` only.)
#[proc_macro_attribute]
pub fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    tool::expand(args.into(), item.into()).into()
}

/// (The expansion is `tackle-macros`' `hook`; it refers to `::tackle::__private` only.)
#[proc_macro_attribute]
pub fn hook(args: TokenStream, item: TokenStream) -> TokenStream {
    hook::expand(args.into(), item.into()).into()
}

/// (The expansion is `tackle-macros`' `command`; it refers to `::tackle::__private` only.)
#[proc_macro_attribute]
pub fn command(args: TokenStream, item: TokenStream) -> TokenStream {
    command::expand(args.into(), item.into()).into()
}

/// (The expansion is `tackle-macros`' `cron`; it refers to `::tackle::__private` only.)
#[proc_macro_attribute]
pub fn cron(args: TokenStream, item: TokenStream) -> TokenStream {
    cron::expand(args.into(), item.into()).into()
}

/// (The expansion is `tackle-macros`' `doctor_check`; it refers to `::tackle::__private` only.)
#[proc_macro_attribute]
pub fn doctor_check(args: TokenStream, item: TokenStream) -> TokenStream {
    doctor::expand(args.into(), item.into()).into()
}

/// (The expansion is `tackle-macros`' `provider`; it refers to `::tackle::__private` only.)
#[proc_macro_attribute]
pub fn provider(args: TokenStream, item: TokenStream) -> TokenStream {
    provider::expand(args.into(), item.into()).into()
}

/// (The expansion is `tackle-macros`' `data`; it adds `crate = ...` attributes only.)
#[proc_macro_attribute]
pub fn data(args: TokenStream, item: TokenStream) -> TokenStream {
    data::expand(args.into(), item.into()).into()
}
