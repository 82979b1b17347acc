//! The key a `--hooks-via mcp` package's hook entries and its MCP server
//! share ([`HookKey`]): fresh for each export, from the OS's generator.

use tackle_host::served_hooks::HookKey;

/// A new key: 128 random bits as hex.
pub(crate) fn fresh() -> Result<HookKey, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        format!(
            "cannot make the hook key of `--hooks-via mcp`: the OS's random generator failed: {e}"
        )
    })?;
    let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    HookKey::new(&text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_key_is_new() {
        let (a, b) = (
            super::fresh().expect("a key"),
            super::fresh().expect("a key"),
        );
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 32);
    }
}
