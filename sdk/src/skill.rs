//! Skills: markdown files with YAML frontmatter, named in
//! `plugin! { skills: [...] }` and read at compile time.
//!
//! (Scaffold for issue 4: the skills work fills this module in.)

/// One skill file from `plugin! { skills: [...] }`, read and validated at
/// compile time.
#[derive(Debug)]
pub struct SkillDef {
    /// The path as written, relative to the plugin crate.
    pub path: &'static str,
    /// `name` from the frontmatter.
    pub name: &'static str,
}
