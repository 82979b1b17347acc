//! The hooks of each point, in order, with their matchers compiled on the
//! point's first dispatch.

use std::sync::OnceLock;
use std::time::Duration;

use tackle::hook::{HookDef, HookPoint};

use super::matcher::{ArgsGlob, Matcher};

/// A hook ready to run at its point: where its plugin is, and its compiled
/// matcher and glob (or why they did not compile).
#[derive(Debug)]
pub(crate) struct Slot {
    pub(crate) def: &'static HookDef,
    pub(crate) plugin: usize,
    pub(crate) filter: Result<(Matcher, Option<ArgsGlob>), String>,
}

/// Per point, its slots in order, built on the point's first dispatch (a
/// hook binary that serves one event compiles one point's matchers).
#[derive(Debug)]
pub(crate) struct HookTable {
    hooks: Vec<(&'static HookDef, usize)>,
    points: Box<[OnceLock<Box<[Slot]>>]>,
    pub(crate) timeout: Duration,
}

impl HookTable {
    /// `hooks`: every hook of a ready plugin (and every fail-closed hook
    /// of a plugin that failed to load), in host order, with the plugin's
    /// index.
    pub(crate) fn new(hooks: Vec<(&'static HookDef, usize)>, timeout: Duration) -> HookTable {
        HookTable {
            hooks,
            points: HookPoint::ALL.iter().map(|_| OnceLock::new()).collect(),
            timeout,
        }
    }

    pub(crate) fn slots(&self, point: HookPoint) -> &[Slot] {
        self.points[point.index()].get_or_init(|| {
            self.hooks
                .iter()
                .filter(|(def, _)| def.point == point)
                .map(|&(def, plugin)| Slot {
                    def,
                    plugin,
                    filter: Matcher::compile(def.matcher)
                        .and_then(|m| Ok((m, ArgsGlob::compile(def.args)?))),
                })
                .collect()
        })
    }

    /// Every hook, in host order, with its plugin's index.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&'static HookDef, usize)> + '_ {
        self.hooks.iter().copied()
    }
}
