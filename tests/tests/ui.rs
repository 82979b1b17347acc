//! Compile-time behaviour of the macros: every rule `plugin!`, `#[tool]` and
//! `#[tackle::data]` enforce has a case in `ui/fail/` whose `.stderr` is the
//! reviewed message a plugin author sees; `ui/pass/` holds plugins that must
//! compile and whose `main` checks what they registered.
//!
//! Regenerate the expected output after a deliberate change with
//! `TRYBUILD=overwrite cargo test -p tackle-tests --test ui`, then read every
//! changed `.stderr` before keeping it.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
    t.compile_fail("ui/fail/*.rs");
}
