// Resources and prompts register what a client sees: URIs and template
// variables, arguments with their descriptions and whether they are
// required, and completions from an enum's variants or a named function.
use tackle::prompt::{PromptMessage, linked_prompts};
use tackle::resource::{Blob, linked_resources};

tackle::plugin! {
    id: "served",
}

#[tackle::data]
#[derive(tackle::prelude::Deserialize, tackle::prelude::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Depth {
    Quick,
    Thorough,
}

/// The changelog.
#[tackle::resource("docs://changelog", mime_type = "text/markdown")]
fn changelog() -> String {
    "# 1.0".to_owned()
}

/// One issue.
#[tackle::resource("docs://issues/{number}", complete(number = numbers))]
async fn issue(number: u32) -> Result<String, String> {
    Ok(number.to_string())
}

fn numbers(typed: &str) -> Vec<String> {
    vec![format!("{typed}1"), format!("{typed}2")]
}

/// The logo.
#[tackle::resource("docs://logo.png", mime_type = "image/png")]
fn logo() -> Blob {
    Blob::base64("AAE=")
}

/// Review a file.
#[tackle::prompt(title = "Review")]
fn review(
    /// The file.
    path: String,
    /// How deep.
    depth: Option<Depth>,
) -> Vec<PromptMessage> {
    let deep = matches!(depth, Some(Depth::Thorough));
    vec![PromptMessage::user(format!("{path} {deep}"))]
}

fn main() {
    let issue = linked_resources().find(|r| r.name == "issue").expect("present");
    assert_eq!(issue.variables, ["number"]);
    assert_eq!(issue.matches("docs://issues/7").expect("present")["number"], "7");
    assert_eq!((issue.complete)("number", "4"), ["41", "42"]);
    let changelog = linked_resources().find(|r| r.name == "changelog").expect("present");
    assert!(!changelog.is_template());
    assert_eq!(changelog.mime_type, Some("text/markdown"));
    assert_eq!(linked_resources().count(), 3);

    let review = linked_prompts().find(|p| p.name == "review").expect("present");
    let arguments = (review.arguments)();
    assert_eq!(arguments[0].name, "path");
    assert_eq!(arguments[0].description, "The file.");
    assert!(arguments[0].required);
    assert!(!arguments[1].required);
    assert_eq!((review.complete)("depth", "t"), ["thorough"]);
    assert!((review.complete)("path", "").is_empty());
    assert_eq!(review.title, Some("Review"));
}
