// A prompt has a description, a name a client accepts, only by-value
// arguments, and completions only for its arguments.
tackle::plugin! {
    id: "review",
}

#[tackle::prompt]
fn undocumented() -> String {
    String::new()
}

/// A name with a space.
#[tackle::prompt(name = "review file")]
fn spaced() -> String {
    String::new()
}

/// A borrowed argument.
#[tackle::prompt]
fn borrowed(path: &str) -> String {
    path.to_owned()
}

/// A completion for an argument it does not have.
#[tackle::prompt(complete(depth = depths))]
fn review(path: String) -> String {
    path
}

fn depths(_typed: &str) -> Vec<String> {
    Vec::new()
}

fn main() {}
