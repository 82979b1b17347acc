//! How tackle's messages list names: each in backticks, comma-separated,
//! the same in the macros' errors and in the host's.

/// `` `a`, `b`, `c` `` (empty for no names).
///
/// ```
/// assert_eq!(tackle_spec::listing::backticked(["read", "grep"]), "`read`, `grep`");
/// ```
pub fn backticked<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> String {
    names
        .into_iter()
        .map(|name| format!("`{}`", name.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}
