//! What the items' handler enums (`ToolHandler`, `HookHandler`, ...) share.

/// `Debug` for an item's handler enum (`Sync` or `Async`): which kind it
/// is, not the function's address.
macro_rules! impl_debug {
    ($Handler:ident) => {
        impl std::fmt::Debug for $Handler {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self {
                    $Handler::Sync(_) => concat!(stringify!($Handler), "::Sync"),
                    $Handler::Async(_) => concat!(stringify!($Handler), "::Async"),
                })
            }
        }
    };
}
pub(crate) use impl_debug;
