//! Skills: Markdown files with YAML frontmatter that tell an agent how to
//! do something, named in `plugin! { skills: [...] }` and read at compile
//! time.
//!
//! ```markdown
//! ---
//! name: safe-shell
//! description: How to run shell commands in this project without risk.
//! ---
//! Prefer `trash` over `rm`; never run `sudo`.
//! ```
//!
//! `name` (lowercase letters and digits, words joined by single `-`, at
//! most 64 characters) and `description` (at most 1,024 characters) are
//! required; `enabled` (default `true`), `input_schema` and `output_schema`
//! (JSON Schemas, written in YAML) are optional; `license`,
//! `compatibility`, `metadata` and `allowed-tools` (other agents' keys) are
//! accepted and not read; any other key is an error. The host also scans
//! skill folders at run time with the same rules (see `tackle-runtime`).
//!
//! Each file becomes a [`SkillDef`] in its plugin's
//! [`PluginDef::skills`](crate::def::PluginDef::skills).

use std::fmt;

use serde_json::Value;

/// One skill file from `plugin! { skills: [...] }`, read and validated at
/// compile time.
pub struct SkillDef {
    /// The path as written, relative to the plugin crate.
    pub path: &'static str,
    /// `name` from the frontmatter.
    pub name: &'static str,
    /// `description` from the frontmatter.
    pub description: &'static str,
    /// `enabled` from the frontmatter (`true` when absent).
    pub enabled: bool,
    /// `input_schema`, as JSON text (checked to be a JSON Schema).
    pub input_schema: Option<&'static str>,
    /// `output_schema`, as JSON text (checked to be a JSON Schema).
    pub output_schema: Option<&'static str>,
    /// The whole file, embedded with `include_str!`.
    pub source: &'static str,
    /// Where the body starts in `source`, in bytes.
    pub body_start: usize,
}

impl SkillDef {
    /// The Markdown after the frontmatter: what the agent reads.
    pub fn body(&self) -> &'static str {
        self.source.get(self.body_start..).unwrap_or_default()
    }

    /// `input_schema`, parsed.
    pub fn input_schema(&self) -> Option<Value> {
        self.input_schema.and_then(|s| serde_json::from_str(s).ok())
    }

    /// `output_schema`, parsed.
    pub fn output_schema(&self) -> Option<Value> {
        self.output_schema
            .and_then(|s| serde_json::from_str(s).ok())
    }
}

impl fmt::Debug for SkillDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SkillDef")
            .field("path", &self.path)
            .field("name", &self.name)
            .field("enabled", &self.enabled)
            .finish_non_exhaustive()
    }
}
