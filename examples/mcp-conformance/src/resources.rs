//! The resources: text, binary, a template, and one to subscribe to.

use tackle::resource::Blob;

use crate::PNG;

/// A static text resource for testing.
#[tackle::resource(
    "test://static-text",
    title = "Static Text Resource",
    mime_type = "text/plain"
)]
fn static_text() -> &'static str {
    "This is the content of the static text resource."
}

/// A static binary resource (image) for testing.
#[tackle::resource(
    "test://static-binary",
    title = "Static Binary Resource",
    mime_type = "image/png"
)]
fn static_binary() -> Blob {
    Blob::base64(PNG)
}

/// A resource template with parameter substitution.
#[tackle::resource(
    "test://template/{id}/data",
    name = "template",
    title = "Resource Template",
    mime_type = "application/json"
)]
fn template(id: String) -> String {
    format!(r#"{{"id":"{id}","templateTest":true,"data":"Data for ID: {id}"}}"#)
}

/// A resource a client subscribes to.
#[tackle::resource(
    "test://watched-resource",
    title = "Watched Resource",
    mime_type = "text/plain"
)]
fn watched_resource() -> &'static str {
    "Watched resource content"
}
