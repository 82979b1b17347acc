//! The capped read of a file tackle finds at run time: a file the size of
//! a disk is refused before it is read, not loaded and then parsed.

use std::io::{self, Read};
use std::path::Path;

/// The largest config, manifest, hooks, skill or state file read: far
/// above any real one, far below what would hurt a host to hold.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The file's text, or an error naming the cap when it is larger; the
/// caller says which file.
pub fn read_text(path: &Path) -> io::Result<String> {
    let file = std::fs::File::open(path)?;
    // The length on disk is a hint (the file may grow): the read is capped too.
    let too_big = |size: u64| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the file is {size} bytes or more, over the {} MiB tackle reads (MAX_FILE_BYTES)",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        )
    };
    let size = file.metadata()?.len();
    if size > MAX_FILE_BYTES {
        return Err(too_big(size));
    }
    let mut text = String::new();
    file.take(MAX_FILE_BYTES + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(text.len() as u64));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_cap_is_refused_naming_the_cap() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let small = tmp.path().join("small.json");
        std::fs::write(&small, "{}").expect("writes");
        assert_eq!(read_text(&small).expect("reads"), "{}");
        let big = tmp.path().join("big.json");
        let file = std::fs::File::create(&big).expect("creates");
        file.set_len(MAX_FILE_BYTES + 1).expect("sparse file");
        let e = read_text(&big).expect_err("refused");
        assert!(e.to_string().contains("over the 4 MiB"), "{e}");
    }
}
