//! Procedural macros of tackle. Use them through the `tackle` crate, which
//! re-exports them and provides everything the generated code refers to.
//!
//! Each macro is a pipeline: parse into our own description of the item,
//! validate it (collecting every error), expand. On error the user's item is
//! still emitted, so one mistake does not cascade into many.

#![warn(missing_docs)]

mod arguments;
mod command;
mod cron;
mod data;
mod doctor;
mod elicit;
mod errors;
mod hook;
mod item;
mod meta;
mod paths;
mod plugin;
mod provider;
mod served;
mod suggest;
mod tokens;
mod tool;
mod unique;

use proc_macro::TokenStream;

/// The code it generates names paths under `::tackle`: depend on `tackle`,
/// which re-exports it as `tackle::plugin`, rather than on `tackle-macros`.
#[proc_macro]
pub fn plugin(input: TokenStream) -> TokenStream {
    plugin::expand(input.into()).into()
}

/// The attribute macros on items, each expanded by its module's function.
macro_rules! item_attributes {
    ($($name:ident => $expand:path;)*) => {$(
        #[doc = concat!(
            "The code it generates names paths under `::tackle`: depend on `tackle`,\n",
            "which re-exports it as `tackle::", stringify!($name), "`, rather than on `tackle-macros`."
        )]
        #[proc_macro_attribute]
        pub fn $name(args: TokenStream, item: TokenStream) -> TokenStream {
            $expand(args.into(), item.into()).into()
        }
    )*};
}

item_attributes! {
    tool => tool::expand;
    resource => served::resource;
    prompt => served::prompt;
    hook => hook::expand;
    command => command::expand;
    cron => cron::expand;
    doctor_check => doctor::expand;
    provider => provider::expand;
}

/// The attributes it adds name paths under `::tackle`: depend on `tackle`,
/// which re-exports it as `tackle::data`, rather than on `tackle-macros`.
#[proc_macro_attribute]
pub fn data(args: TokenStream, item: TokenStream) -> TokenStream {
    data::expand(args.into(), item.into()).into()
}

/// `tackle::prelude::Serialize`: a stand-in that `#[tackle::data]` replaces
/// with serde's derive. Run on its own, it reports the missing attribute.
#[proc_macro_derive(Serialize, attributes(serde))]
pub fn serialize(item: TokenStream) -> TokenStream {
    data::stand_in::expand(data::stand_in::Derive::Serialize, item.into()).into()
}

/// `tackle::prelude::Deserialize`: a stand-in that `#[tackle::data]`
/// replaces with serde's derive. Run on its own, it reports the missing
/// attribute.
#[proc_macro_derive(Deserialize, attributes(serde))]
pub fn deserialize(item: TokenStream) -> TokenStream {
    data::stand_in::expand(data::stand_in::Derive::Deserialize, item.into()).into()
}

/// `tackle::prelude::JsonSchema`: a stand-in that `#[tackle::data]`
/// replaces with schemars' derive. Run on its own, it reports the missing
/// attribute.
#[proc_macro_derive(JsonSchema, attributes(schemars, serde, validate, garde))]
pub fn json_schema(item: TokenStream) -> TokenStream {
    data::stand_in::expand(data::stand_in::Derive::JsonSchema, item.into()).into()
}

/// `tackle::tool::ElicitForm`: on a struct, makes it a form a tool can put
/// to the user (`ctx.elicit::<T>()`), checking at compile time that it is
/// what MCP's elicitation allows; on an enum of unit variants, makes it a
/// choice such a form may hold.
#[proc_macro_derive(ElicitForm, attributes(serde, schemars))]
pub fn elicit_form(item: TokenStream) -> TokenStream {
    elicit::expand(item.into()).into()
}

/// The impls of `tackle::hook::takes`, from the hook catalogue: which
/// decisions each point takes. Not for plugins: `tackle` calls it once.
#[doc(hidden)]
#[proc_macro]
pub fn __decision_points(_input: TokenStream) -> TokenStream {
    hook::decision_points().into()
}
