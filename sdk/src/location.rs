//! Where an item was declared, captured at compile time for error messages.

use std::fmt;

/// A position in a plugin's source, captured with `file!()`, `line!()` and
/// `column!()` where the item was declared.
///
/// Registry errors name both locations of a clash with it, and items of one
/// plugin are ordered by it so that link order never decides anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourceLocation {
    /// The source file, relative to the crate's package as `file!()` gives it.
    pub file: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}
