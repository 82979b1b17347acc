// A resource's URI has a scheme; its template's `{variables}` and the
// function's parameters are the same names; a completion names a variable.
tackle::plugin! {
    id: "docs",
}

/// No scheme.
#[tackle::resource("changelog")]
fn changelog() -> String {
    String::new()
}

/// `{number}` has no parameter, and `page` is not in the template.
#[tackle::resource("docs://issues/{number}")]
fn issue(page: u32) -> String {
    page.to_string()
}

/// An unclosed `{`.
#[tackle::resource("docs://files/{path")]
fn file() -> String {
    String::new()
}

/// A completion for a variable the template does not have.
#[tackle::resource("docs://tags/{tag}", complete(name = names))]
fn tag(tag: String) -> String {
    tag
}

fn names(_typed: &str) -> Vec<String> {
    Vec::new()
}

/// Tackle fills no reference parameter of a resource.
#[tackle::resource("docs://context")]
fn context(ctx: &tackle::ToolContext) -> String {
    ctx.tool_name().to_owned()
}

fn main() {}
