//! The process's resident memory, and the audit log kept small.

use std::path::Path;

/// A field of `/proc/self/status` in KiB (0 where there is no procfs).
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Resident memory now.
pub fn rss_kib() -> u64 {
    status_kib("VmRSS:")
}

/// The highest resident memory so far.
pub fn peak_kib() -> u64 {
    status_kib("VmHWM:")
}

/// Empties the log (its writer appends, so it goes on at the start) and
/// says how many bytes it held.
pub fn truncate(log: &Path) -> u64 {
    let Ok(file) = std::fs::OpenOptions::new().write(true).open(log) else {
        return 0;
    };
    let len = file.metadata().map_or(0, |m| m.len());
    match file.set_len(0) {
        Ok(()) => len,
        Err(_) => 0,
    }
}
