//! The host's skill catalogue, read on first use.

use super::{Host, PluginStatus};

/// Skills: the running plugins' skills and the skill folders'.
impl Host {
    /// The skills of the running plugins merged with the skill folders
    /// (`[skills] dirs` and the project's `.agents/skills/`), with where each
    /// came from and the files that could not be used.
    #[cfg(feature = "skills")]
    pub fn skills(&self) -> &crate::skills::SkillCatalogue {
        self.skills.get_or_init(|| {
            crate::skills::SkillCatalogue::load(
                &self.agent_dir,
                &self.config.skills,
                self.plugins
                    .iter()
                    .filter(|p| p.status() == PluginStatus::Ready)
                    .map(|p| p.def),
            )
        })
    }
}
