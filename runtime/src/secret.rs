//! A secret (a token, a key, a password) read from an environment variable
//! the user names, so that it is never on a command line or in a config
//! file. What went wrong is said without the value.

/// Why the variable gave no secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoSecret {
    /// Not set.
    NotSet,
    /// Set, but empty or blank.
    Empty,
    /// Set, but not UTF-8.
    NotUnicode,
}

impl NoSecret {
    /// How a message ends: `$VAR is ...`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            NoSecret::NotSet => "is not set",
            NoSecret::Empty => "is empty",
            NoSecret::NotUnicode => "is not UTF-8",
        }
    }
}

/// The secret in `$var`.
pub(crate) fn from_env(var: &str) -> Result<String, NoSecret> {
    match std::env::var(var) {
        Ok(value) if value.trim().is_empty() => Err(NoSecret::Empty),
        Ok(value) => Ok(value),
        Err(std::env::VarError::NotPresent) => Err(NoSecret::NotSet),
        Err(std::env::VarError::NotUnicode(_)) => Err(NoSecret::NotUnicode),
    }
}
