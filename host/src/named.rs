//! The names listings and reports give the values of a small enum.

/// `as_str` (the name a listing or report gives each variant) and a
/// `Display` that writes it, for an enum of unit variants: the names are
/// written once, beside their variants.
macro_rules! named {
    ($(#[$doc:meta])* $ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            $(#[$doc])*
            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
