//! `link!`: makes a host binary name its plugin crates.

/// Links plugin crates into a host binary.
///
/// rustc does not link a dependency that no code names, and then the
/// plugin's `inventory` registrations are silently lost. Name every plugin
/// crate once, in the binary's root:
///
/// ```rust,standalone_crate
/// tackle_host::link!(metrics, textkit);
///
/// let registry = tackle_host::Registry::global().unwrap();
/// assert!(registry.plugin("metrics").is_some());
/// assert!(registry.plugin("textkit").is_some());
/// // `hooky` is a dependency of this crate too, but nothing names it.
/// assert!(registry.plugin("hooky").is_none());
/// ```
///
/// A plugin that is a dependency but missing here does not appear in `list`;
/// a config that enables it fails with a message pointing back here.
#[macro_export]
macro_rules! link {
    ($($krate:ident),+ $(,)?) => {
        $(
            #[allow(unused_imports)]
            use $krate as _;
        )+
    };
}
