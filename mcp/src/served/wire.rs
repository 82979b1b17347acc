//! The MCP shapes of what `resources/list`, `resources/templates/list` and
//! `prompts/list` return, built from the registry's definitions.

use serde::Serialize;
use tackle::command::CommandDef;
use tackle::prompt::PromptDef;
use tackle::resource::ResourceDef;

use super::skills::Skill;

/// A fixed resource (`resources/list`).
#[derive(Serialize)]
pub(crate) struct Resource<'a> {
    uri: std::borrow::Cow<'a, str>,
    #[serde(flatten)]
    about: About<'a>,
}

impl<'a> Resource<'a> {
    pub(crate) fn of(def: &'a ResourceDef) -> Self {
        Resource {
            uri: def.uri.into(),
            about: About::of(def),
        }
    }

    /// A skill's file.
    pub(crate) fn skill(skill: &Skill) -> Self {
        Resource {
            uri: skill.uri().into(),
            about: About {
                name: skill.def.name,
                title: None,
                description: skill.def.description,
                mime_type: Some(MARKDOWN),
            },
        }
    }
}

/// The MIME type of a skill's file.
pub(crate) const MARKDOWN: &str = "text/markdown";

/// A resource template (`resources/templates/list`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResourceTemplate<'a> {
    uri_template: &'a str,
    #[serde(flatten)]
    about: About<'a>,
}

impl<'a> ResourceTemplate<'a> {
    pub(crate) fn of(def: &'a ResourceDef) -> Self {
        ResourceTemplate {
            uri_template: def.uri,
            about: About::of(def),
        }
    }
}

/// What a resource and a resource template say of themselves, beside
/// their URI.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct About<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    description: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    mime_type: Option<&'a str>,
}

impl<'a> About<'a> {
    fn of(def: &'a ResourceDef) -> Self {
        About {
            name: def.name,
            title: def.title,
            description: def.description,
            mime_type: def.mime_type,
        }
    }
}

/// A prompt (`prompts/list`).
#[derive(Serialize)]
pub(crate) struct Prompt<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    description: &'a str,
    arguments: Vec<PromptArgument<'a>>,
}

#[derive(Serialize)]
struct PromptArgument<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    description: &'a str,
    required: bool,
}

impl<'a> Prompt<'a> {
    /// A slash command, as a prompt with one optional argument: the rest
    /// of its command line.
    pub(crate) fn command(def: &'a CommandDef) -> Self {
        Prompt {
            name: def.name,
            title: None,
            description: def.description,
            arguments: vec![PromptArgument {
                name: super::commands::ARGUMENTS,
                description: "What follows the command's name on its command line (`--help` lists its options).",
                required: false,
            }],
        }
    }

    /// A skill, as a prompt without arguments.
    pub(crate) fn skill(skill: &Skill) -> Self {
        Prompt {
            name: skill.def.name,
            title: None,
            description: skill.def.description,
            arguments: Vec::new(),
        }
    }

    pub(crate) fn of(def: &'a PromptDef) -> Self {
        Prompt {
            name: def.name,
            title: def.title,
            description: def.description,
            arguments: (def.arguments)()
                .iter()
                .map(|a| PromptArgument {
                    name: a.name,
                    description: a.description,
                    required: a.required,
                })
                .collect(),
        }
    }
}

/// What `resources/read` returns.
#[derive(Serialize)]
pub(crate) struct ReadResult {
    pub(crate) contents: Vec<tackle::resource::ResourceContents>,
}

/// What `prompts/get` returns.
#[derive(Serialize)]
pub(crate) struct GetResult<'a> {
    pub(crate) description: &'a str,
    pub(crate) messages: Vec<tackle::prompt::PromptMessage>,
}
