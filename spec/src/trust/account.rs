//! The account's own home folder, from the system's user database, for
//! when `HOME` is not honoured: a project's settings can set `HOME`, but
//! not `/etc/passwd`.
//!
//! Read as a file rather than through `getpwuid` (which needs `unsafe`
//! libc calls, denied in the workspace): an account that only a directory
//! service knows (LDAP, sssd) has no line there, and then there is no home
//! (no user folder), the safe reading.

use std::path::PathBuf;

/// The home folder of the account this process runs as, if
/// `/etc/passwd` lists it as an absolute path.
pub(crate) fn home() -> Option<PathBuf> {
    #[cfg(unix)]
    {
        let uid = rustix::process::getuid().as_raw();
        let text = super::capped::read_text(std::path::Path::new("/etc/passwd")).ok()?;
        home_of(&text, uid)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The home of `uid` in passwd-format `text` (`name:pw:uid:gid:gecos:home:shell`).
#[cfg_attr(not(unix), allow(dead_code))]
fn home_of(text: &str, uid: u32) -> Option<PathBuf> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split(':').collect::<Vec<_>>())
        .find(|fields| fields.len() >= 7 && fields[2].parse::<u32>() == Ok(uid))
        .map(|fields| PathBuf::from(fields[5]))
        .filter(|home| home.is_absolute())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_is_the_line_of_the_uid() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\n# a comment\nbad line\nu:x:1000:1000:U, room 1:/home/u:/bin/sh\nrel:x:1001:1:r:home/rel:/bin/sh\n";
        assert_eq!(home_of(passwd, 1000), Some(PathBuf::from("/home/u")));
        assert_eq!(home_of(passwd, 0), Some(PathBuf::from("/root")));
        assert_eq!(home_of(passwd, 1001), None, "a relative home is no home");
        assert_eq!(home_of(passwd, 7), None);
    }
}
