//! The machine's config, `/etc/tackle/tackle.toml`: an organisation's
//! policy for every user of the machine (a session store, rules, plugin
//! settings), written by root, as the agents' own managed settings are. It
//! is read last, so what it sets wins over the user's file and the
//! project's; rules and folders add up with theirs as every layer's do.
//!
//! Only a file that nobody but root (or the account running tackle, which
//! could change its own config anyway) owns, and that no one else may
//! write, is read: on a machine where another user could write it, it
//! would be that user's policy over everyone's, so the host stops instead,
//! naming it.

use std::path::Path;

/// Where the machine's config is.
pub const MANAGED_CONFIG: &str = "/etc/tackle/tackle.toml";

/// Why the file at `path` may not be read as the machine's config, if it
/// may not: owned by another user, or writable by its group or by all.
pub(crate) fn refuse(path: &Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = match std::fs::metadata(path) {
            Ok(meta) => meta,
            Err(e) => return Some(format!("cannot be read: {e}")),
        };
        let me = rustix::process::geteuid().as_raw();
        if meta.uid() != 0 && meta.uid() != me {
            return Some(format!(
                "is owned by uid {}, neither root nor this account: another user's policy",
                meta.uid()
            ));
        }
        if meta.mode() & 0o022 != 0 {
            return Some(format!(
                "may be written by others (mode {:o}): `chmod go-w` it",
                meta.mode() & 0o777
            ));
        }
        None
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn a_file_others_may_write_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("tackle.toml");
        std::fs::write(&file, "").expect("writes");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        assert_eq!(refuse(&file), None);
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).expect("chmod");
        let why = refuse(&file).expect("refused");
        assert!(
            why.contains("written by others") && why.contains("666"),
            "{why}"
        );
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o664)).expect("chmod");
        assert!(refuse(&file).is_some(), "its group may write it");
    }
}
