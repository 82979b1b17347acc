//! A resource as `#[resource]` registers it.

use serde_json::{Map, Value};

use super::{ResourceContents, UriTemplate};
use crate::future::BoxFuture;
use crate::location::SourceLocation;
use crate::plugin::PluginDef;

/// What reading a resource gives: its contents, or why it could not be read.
pub type ReadResult = Result<Vec<ResourceContents>, String>;

/// Reads a resource: the URI asked for and the template's variables taken
/// from it (as JSON strings); an error names the variable that did not
/// parse.
pub type ReadHandler = fn(&str, Map<String, Value>) -> Result<BoxFuture<ReadResult>, String>;

/// One `#[resource]`.
pub struct ResourceDef {
    /// The plugin whose crate declared it.
    pub plugin: &'static PluginDef,
    /// Its URI, or URI template when it has `{variables}`.
    pub uri: &'static str,
    /// Its name (`name = "..."`, or the function's).
    pub name: &'static str,
    /// Optional human title.
    pub title: Option<&'static str>,
    /// From the doc comment or `description = "..."`.
    pub description: &'static str,
    /// The MIME type of its contents, when declared.
    pub mime_type: Option<&'static str>,
    /// The template's variables, in the URI's order (empty: a fixed resource).
    pub variables: &'static [&'static str],
    /// Where the function was written.
    pub location: SourceLocation,
    /// Reads it.
    pub read: ReadHandler,
    /// Completion candidates for a template variable, given its name and
    /// the value typed so far.
    pub complete: fn(&str, &str) -> Vec<String>,
}

impl ResourceDef {
    /// Whether it is a template (its URI has `{variables}`).
    pub fn is_template(&self) -> bool {
        !self.variables.is_empty()
    }

    /// The variables of `uri` if this resource answers it: equal to a
    /// fixed URI, or matching the template.
    pub fn matches(&self, uri: &str) -> Option<Map<String, Value>> {
        if self.is_template() {
            UriTemplate::new(self.uri).matches(uri)
        } else {
            (self.uri == uri).then(Map::new)
        }
    }
}

impl std::fmt::Debug for ResourceDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourceDef")
            .field("plugin", &self.plugin.id)
            .field("uri", &self.uri)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every `#[resource]` linked into the binary.
pub fn linked_resources() -> impl Iterator<Item = &'static ResourceDef> {
    crate::__private::linked::<crate::__private::ResourceRegistration>()
}
