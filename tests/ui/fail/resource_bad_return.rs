// A resource returns its contents: text, a Blob, ResourceContents, or a Result of one.
tackle::plugin! {
    id: "docs",
}

/// A count is not contents.
#[tackle::resource("docs://count")]
fn count() -> u32 {
    3
}

fn main() {}
