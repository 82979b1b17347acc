//! Which decisions a point takes, as types: a decision the point cannot
//! take is a compile error where it is built.
//!
//! A [`Decision<P>`](super::Decision) is a decision at the point whose event
//! is `P` (`Decision<Stop>`); `#[hook]` reads a hook's `-> Decision` so.
//! Each constructor asks for the point to take its action,
//! `P: Takes<takes::Deny>` for [`Decision::deny`](super::Decision::deny):
//! the catalogue's `decision[...]` list of each point, made into impls.
//!
//! ```compile_fail
//! use tackle::hook::{Decision, Stop};
//!
//! // `stop` hooks may deny (keep the agent going) or add context, not ask.
//! let ask: Decision<Stop> = Decision::ask();
//! ```
//!
//! A helper that several points share says what it decides, and each
//! point it is used at is checked:
//!
//! ```
//! use tackle::hook::{BeforeToolCall, Decision, PermissionRequest, Takes, takes};
//!
//! fn refuse_secrets<P: Takes<takes::Deny>>(path: &str) -> Option<Decision<P>> {
//!     path.ends_with(".env").then(|| Decision::deny("secrets stay out of the model's context"))
//! }
//!
//! let at_tool: Option<Decision<BeforeToolCall>> = refuse_secrets(".env");
//! let at_permission: Option<Decision<PermissionRequest>> = refuse_secrets("src/lib.rs");
//! assert!(at_tool.is_some_and(|d| d.is_deny()));
//! assert!(at_permission.is_none());
//! ```
//!
//! A [`Decision`](super::Decision) with no point, [`AnyPoint`], takes every
//! action: it is what declarative plugins and hosts build, and what a hook
//! computes from data at run time. It becomes a point's with `.into()`, and
//! the host checks it when it folds the hooks' answers (what the point
//! cannot take is ignored and reported in the outcome's failures).

use super::event::HookEvent;

/// Hooks at this point may take the decision `A` ([`takes::Allow`](Allow),
/// [`Deny`], [`Ask`], [`Modify`] or [`Context`]). Implemented for each
/// decision point's event type from the catalogue, and for [`AnyPoint`].
pub trait Takes<A> {}

/// The event type of a point whose hooks decide (`decision[...]` in the
/// catalogue): what [`Decision<P>`](super::Decision) is built for.
pub trait DecisionPoint: HookEvent {}

/// The point of a [`Decision`](super::Decision) not tied to one: it takes
/// every action, and the host checks it against the point it is folded at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyPoint {}

impl<A> Takes<A> for AnyPoint {}

/// Let it proceed without asking (`Decision::allow`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allow {}
/// Stop it (`Decision::deny`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deny {}
/// Hand it to the user (`Decision::ask`, `Decision::ask_because`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {}
/// Rewrite the point's input (`Decision::modify`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Modify {}
/// Add text for the model (`Decision::context`, `with_context`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {}

// Per decision point: `impl DecisionPoint`, and `impl<A: TakenAt<Point>>
// Takes<A>` with the per-point trait implemented for the actions its
// catalogue entry lists. The per-point trait carries the message that
// names the point and what it takes, which a generic one could not.
tackle_macros::__decision_points!();
