//! A plugin's skills, served as what an MCP client can use: each skill a
//! prompt of its name with no arguments (its body, as one message from the
//! user), and its file a resource `skill://<plugin>/<skill>`.

use tackle::def::linked_plugins;
use tackle::skill::SkillDef;
use tackle_host::Host;

/// One enabled skill of a ready plugin, with its plugin's id.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Skill {
    pub(crate) plugin: &'static str,
    pub(crate) def: &'static SkillDef,
}

impl Skill {
    /// The URI of its file.
    pub(crate) fn uri(&self) -> String {
        format!("skill://{}/{}", self.plugin, self.def.name)
    }
}

/// The enabled skills of ready plugins, in link order.
pub(crate) fn served(host: &Host) -> impl Iterator<Item = Skill> + '_ {
    linked_plugins().filter(|p| host.is_ready(p)).flat_map(|p| {
        p.skills
            .iter()
            .filter(|s| s.enabled)
            .map(move |def| Skill { plugin: p.id, def })
    })
}
