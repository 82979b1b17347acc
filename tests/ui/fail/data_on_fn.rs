#[tackle::data]
fn point() -> (i32, i32) {
    (0, 0)
}

fn main() {}
