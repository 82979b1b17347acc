#[tackle::data]
#[derive(Debug, Clone)]
pub struct Point {
    pub x: i32,
}

fn main() {}
