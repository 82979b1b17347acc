//! What tackle's macros (at compile time), its plugin crate `tackle` and
//! its host (at run time) must agree on, each in one place so that the
//! sides can never disagree:
//!
//! - [`hook`]: the catalogue of hook points ([`hook_catalogue!`]), from which
//!   `tackle` generates its event types and against which `#[hook]` checks;
//! - [`cron`]: the cron dialect of `#[cron]` and the scheduler (feature `cron`);
//! - [`skill`]: the rules of a skill file, for `plugin! { skills }` and the
//!   skill folders the host scans (feature `skills`);
//! - [`schema`]: how a JSON Schema in a plugin's files that does not compile
//!   is reported (feature `skills`);
//! - [`listing`]: how messages list names;
//! - [`names`]: what a valid name is, for each kind of name (plugin id,
//!   tool, command, provider, permission, ...);
//! - [`command`]: the names no command may take;
//! - [`subagent`]: the built-in tools a subagent may name;
//! - [`claude`]: Claude Code's hook protocol, which the agent adapters write
//!   and the host reads back (feature `claude`);
//! - [`trust`]: who the user is and which projects they trust, which the
//!   host's trust gate and `tackle new` read alike (feature `trust`).
//!
//! It is an implementation detail of tackle: plugin authors use `tackle`.

#![warn(missing_docs)]

#[cfg(feature = "claude")]
pub mod claude;
pub mod command;
#[cfg(feature = "cron")]
pub mod cron;
pub mod hook;
pub mod listing;
pub mod names;
#[cfg(feature = "skills")]
pub mod schema;
#[cfg(feature = "skills")]
pub mod skill;
pub mod subagent;
#[cfg(feature = "trust")]
pub mod trust;
