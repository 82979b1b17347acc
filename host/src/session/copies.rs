//! A session's values on disk as two copies (`<name>.a`, `<name>.b`), each
//! a header line and the JSON after it, rewritten in place.
//!
//! An update rewrites the older copy and numbers it one past the newer. It
//! writes in place because replacing a file is slow where it matters: on
//! ext4 a rename over a file (or a truncation to zero) makes the kernel
//! write the data out first, about 100 µs per update against 3 µs for an
//! in-place write, and the hook binary updates once per event. A write cut
//! short (the process killed, the machine stopped) leaves that copy failing
//! its length or checksum, and the other copy, the last whole update, is
//! read. Readers keep the newest copy that is whole, without the lock
//! while the copies are at rest ([`Reading::settled`]).
//!
//! The header: `tackle-session <format> <generation> <length> <crc32c>\n`:
//! the JSON's length, and the hex CRC-32C of the header before it and the
//! JSON. A CRC is made to catch a write cut short (it is no defence against
//! a writer that means harm, and needs none: the folder is the user's own);
//! SHA-256 in software was a tenth of a hook call's instructions.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use tackle::session::SessionError;

use super::atomic;

/// The format this tackle writes and reads (1 was a single JSON file, 2
/// the copies with a SHA-256).
const FORMAT: u32 = 3;

const MAGIC: &str = "tackle-session";

/// The checksum's length in hex.
const CHECKSUM_HEX: usize = 8;

/// The longest header: the magic, three numbers, the checksum and spaces.
const HEADER_MAX: usize = MAGIC.len() + 4 * 21 + CHECKSUM_HEX;

/// The two copies of one session.
#[derive(Debug)]
pub(super) struct Copies {
    paths: [PathBuf; 2],
}

/// What reading the copies found, and whether that is surely the latest.
#[derive(Debug)]
pub(super) struct Reading<T> {
    pub(super) found: Found<T>,
    /// Whether the copies were at rest: both whole and one generation
    /// apart, or only the first written, or none. Read without the lock,
    /// copies at rest hold the latest update there was while they were
    /// read (the next would have rewritten the older); otherwise two
    /// updates may have passed the reader by, and only a read under the
    /// lock can tell.
    pub(super) settled: bool,
}

/// What the copies hold.
#[derive(Debug)]
pub(super) enum Found<T> {
    /// Neither copy holds anything.
    Nothing,
    /// The newest whole copy, decoded.
    Whole { value: T, next: Next },
    /// No copy is whole: why the newest is not.
    Broken { path: PathBuf, problem: String },
}

/// Where the next update goes: the copy not read, numbered past it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Next {
    index: usize,
    generation: u64,
}

impl Next {
    /// A session's first update (or the first after its copies broke).
    pub(super) const FIRST: Next = Next {
        index: 0,
        generation: 1,
    };
}

/// A copy whose length and checksum hold.
struct Whole {
    generation: u64,
    json: Vec<u8>,
}

/// One copy's header.
struct Header {
    generation: u64,
    length: usize,
    /// The CRC-32C of the rest of the header and the JSON.
    checksum: u32,
}

impl Copies {
    /// The copies `<stem>.a` and `<stem>.b` in `dir`.
    pub(super) fn new(dir: &Path, stem: &str) -> Copies {
        Copies {
            paths: [dir.join(format!("{stem}.a")), dir.join(format!("{stem}.b"))],
        }
    }

    /// Whether either copy's file exists.
    pub(super) fn exist(&self) -> bool {
        self.paths.iter().any(|path| path.exists())
    }

    /// The newest copy whose length and checksum hold and that `decode`
    /// takes (JSON of at most `cap` bytes), and whether it is surely the
    /// latest update without the lock ([`Reading::settled`]).
    pub(super) fn read<T>(
        &self,
        cap: usize,
        decode: impl Fn(&[u8]) -> Result<T, String>,
    ) -> Result<Reading<T>, SessionError> {
        let mut whole = Vec::with_capacity(2);
        let (mut missing, mut torn) = (0, None);
        for (index, path) in self.paths.iter().enumerate() {
            let Some(bytes) = read_capped(path, HEADER_MAX + cap + 1)? else {
                missing += 1;
                continue;
            };
            match parse_header(&bytes, cap).and_then(|(h, start)| checked(bytes, start, &h)) {
                Ok(copy) => whole.push((index, copy)),
                Err(problem) => {
                    torn.get_or_insert((index, problem));
                }
            }
        }
        let settled = match (whole.as_slice(), missing) {
            ([(_, a), (_, b)], _) => a.generation.abs_diff(b.generation) == 1,
            ([(_, a)], 1) => a.generation == 1,
            (_, missing) => missing == 2,
        };
        whole.sort_by_key(|(_, copy)| std::cmp::Reverse(copy.generation));
        let mut foreign = None;
        for (index, copy) in whole {
            match decode(&copy.json) {
                Ok(value) => {
                    let next = Next {
                        index: 1 - index,
                        // A planted copy may claim the last generation.
                        generation: copy.generation.saturating_add(1),
                    };
                    let found = Found::Whole { value, next };
                    return Ok(Reading { found, settled });
                }
                Err(problem) => {
                    foreign.get_or_insert((index, problem));
                }
            }
        }
        Ok(match foreign.or(torn) {
            // Told only under the lock: an update may be under way.
            Some((index, problem)) => Reading {
                found: Found::Broken {
                    path: self.paths[index].clone(),
                    problem,
                },
                settled: false,
            },
            None => Reading {
                found: Found::Nothing,
                settled,
            },
        })
    }

    /// Rewrites the copy `next` names with `json`, in place. The caller
    /// holds the session's lock.
    pub(super) fn write(&self, next: Next, json: &[u8]) -> Result<(), SessionError> {
        let path = &self.paths[next.index];
        let mut bytes = Vec::with_capacity(HEADER_MAX + json.len());
        write_header(&mut bytes, next.generation, json);
        bytes.extend_from_slice(json);
        let written = atomic::open_private(path).and_then(|mut file| {
            file.write_all(&bytes)?;
            // Never to zero: that is the truncation ext4 flushes for.
            file.set_len(bytes.len() as u64)
        });
        written.map_err(|e| atomic::io_error("write", path, e))
    }

    /// Removes both copies; ones already gone are fine.
    pub(super) fn remove(&self) -> Result<(), SessionError> {
        self.paths.iter().try_for_each(|path| atomic::remove(path))
    }
}

/// The file's first `limit` bytes; `None` when it is missing or empty (a
/// copy created but not yet written).
fn read_capped(path: &Path, limit: usize) -> Result<Option<Vec<u8>>, SessionError> {
    let file = match atomic::open_in_store(std::fs::OpenOptions::new().read(true), path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(atomic::io_error("read", path, e)),
    };
    // Room for a usual session at once: one read, not a doubling series.
    let mut bytes = Vec::with_capacity(limit.min(8 * 1024));
    file.take(limit as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| atomic::io_error("read", path, e))?;
    Ok((!bytes.is_empty()).then_some(bytes))
}

/// The header and where the JSON starts.
fn parse_header(bytes: &[u8], cap: usize) -> Result<(Header, usize), String> {
    let not_ours = || "is not a session file of this store".to_owned();
    let end = bytes[..bytes.len().min(HEADER_MAX)]
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(not_ours)?;
    let line = std::str::from_utf8(&bytes[..end]).map_err(|_| not_ours())?;
    let mut fields = line.split(' ');
    if fields.next() != Some(MAGIC) {
        return Err(not_ours());
    }
    let format: u32 = number(fields.next())?;
    if format != FORMAT {
        return Err(format!(
            "has format {format} where this tackle reads {FORMAT}"
        ));
    }
    let generation = number(fields.next())?;
    let length = number(fields.next())?;
    let checksum = fields
        .next()
        .filter(|hex| hex.len() == CHECKSUM_HEX && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or_else(|| "has a damaged header".to_owned())?;
    if fields.next().is_some() {
        return Err("has a damaged header".to_owned());
    }
    if length > cap {
        return Err(format!("is over the cap of {cap} bytes"));
    }
    let header = Header {
        generation,
        length,
        checksum,
    };
    Ok((header, end + 1))
}

fn number<N: std::str::FromStr>(field: Option<&str>) -> Result<N, String> {
    field
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| "has a damaged header".to_owned())
}

/// The copy, if its JSON (from `start`) is as long as the header says and
/// the checksum holds.
fn checked(mut bytes: Vec<u8>, start: usize, header: &Header) -> Result<Whole, String> {
    let json = &bytes[start..];
    if json.len() != header.length {
        return Err(format!(
            "was cut short or overrun ({} bytes where its header says {})",
            json.len(),
            header.length
        ));
    }
    if checksum(header.generation, json) != header.checksum {
        return Err("fails its checksum (a write was cut short)".to_owned());
    }
    bytes.drain(..start);
    Ok(Whole {
        generation: header.generation,
        json: bytes,
    })
}

fn write_header(out: &mut Vec<u8>, generation: u64, json: &[u8]) {
    let line = format!(
        "{} {:08x}\n",
        numbers(generation, json.len()),
        checksum(generation, json)
    );
    out.extend_from_slice(line.as_bytes());
}

/// The header up to its checksum.
fn numbers(generation: u64, length: usize) -> String {
    format!("{MAGIC} {FORMAT} {generation} {length}")
}

/// The CRC-32C of the header's numbers and the JSON: a write torn between
/// the old header and the new fails it, whichever bytes landed.
fn checksum(generation: u64, json: &[u8]) -> u32 {
    const CRC: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI);
    let mut digest = CRC.digest();
    digest.update(numbers(generation, json.len()).as_bytes());
    digest.update(json);
    digest.finalize()
}

/// The hex SHA-256 of `bytes`.
pub(super) fn sha256_hex(bytes: &[u8]) -> String {
    hex(&hmac_sha256::Hash::hash(bytes))
}

/// Lower-case hex, by table: `format!` per byte costs a hook process more
/// than the hash itself.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut hex = String::with_capacity(2 * bytes.len());
    for &byte in bytes {
        hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
        hex.push(char::from(DIGITS[usize::from(byte & 0xf)]));
    }
    hex
}

/// A whole copy's bytes, for tests that plant or tear one.
#[cfg(test)]
pub(super) fn encode(generation: u64, json: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_header(&mut bytes, generation, json);
    bytes.extend_from_slice(json);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8]) -> Result<String, String> {
        String::from_utf8(bytes.to_vec()).map_err(|e| e.to_string())
    }

    /// The copies' value and where the next update goes, if one is whole,
    /// and whether they were at rest.
    fn read(copies: &Copies) -> (Option<(String, Next)>, bool) {
        let read = copies.read(100, text).expect("reads");
        let found = match read.found {
            Found::Whole { value, next } => Some((value, next)),
            Found::Nothing => None,
            Found::Broken { problem, .. } => panic!("broken: {problem}"),
        };
        (found, read.settled)
    }

    #[test]
    fn sha256_hex_is_the_standard_digest_in_lower_case() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(hex(&[0x00, 0x0f, 0xa0, 0xff]), "000fa0ff");
    }

    #[test]
    fn writes_alternate_and_the_newest_whole_copy_is_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let copies = Copies::new(dir.path(), "s");
        assert_eq!(read(&copies), (None, true));
        let mut next = Next::FIRST;
        for (n, value) in ["one", "two", "three"].into_iter().enumerate() {
            copies.write(next, value.as_bytes()).expect("writes");
            let (Some((read, after)), settled) = read(&copies) else {
                panic!("reads {value}");
            };
            assert_eq!(read, value);
            assert!(settled, "{value}: at rest");
            assert_eq!(after.index, (n + 1) % 2, "the other copy next");
            assert_eq!(after.generation, n as u64 + 2);
            next = after;
        }
        // `a` holds `three` (generation 3), `b` holds `two`.
        let a = std::fs::read(&copies.paths[0]).expect("reads");
        assert_eq!(a, encode(3, b"three"));
    }

    #[test]
    fn a_shorter_value_leaves_no_tail_of_the_longer() {
        let dir = tempfile::tempdir().expect("tempdir");
        let copies = Copies::new(dir.path(), "s");
        copies
            .write(Next::FIRST, b"a long first value")
            .expect("writes");
        copies.write(Next::FIRST, b"short").expect("writes");
        let a = std::fs::read(&copies.paths[0]).expect("reads");
        assert_eq!(a, encode(1, b"short"));
    }

    #[test]
    fn every_cut_of_a_write_leaves_the_last_whole_copy_and_unsettled() {
        let dir = tempfile::tempdir().expect("tempdir");
        let copies = Copies::new(dir.path(), "s");
        copies.write(Next::FIRST, b"old old").expect("writes");
        let (Some((_, next)), _) = read(&copies) else {
            panic!("reads");
        };
        copies.write(next, b"newer").expect("writes");
        // The third update goes to `a` (generation 3): cut it at every
        // byte, over what `a` held (the write is in place).
        let third = encode(3, b"the third value");
        let held = std::fs::read(&copies.paths[0]).expect("reads");
        for cut in 1..third.len() {
            let mut torn = held.clone();
            torn.resize(cut.max(held.len()), 0);
            torn[..cut].copy_from_slice(&third[..cut]);
            std::fs::write(&copies.paths[0], &torn).expect("tears");
            let (Some((value, next)), settled) = read(&copies) else {
                panic!("cut at {cut}: no whole copy");
            };
            assert_eq!(value, "newer", "cut at {cut}");
            assert_eq!(next.index, 0, "cut at {cut}: the torn copy is rewritten");
            // Unless the bytes cut in are the ones there were, a reader
            // cannot tell the copy from one being written.
            assert_eq!(settled, torn == held, "cut at {cut}");
        }
        std::fs::write(&copies.paths[0], &third).expect("the whole write");
        assert_eq!(
            read(&copies).0.map(|(value, _)| value).as_deref(),
            Some("the third value")
        );
    }

    #[test]
    fn copies_two_generations_apart_are_not_at_rest() {
        // A reader that read `a` (1), then `b` after updates 2 and 3 and
        // while 4 was under way, could miss 3: it must ask under the lock.
        let dir = tempfile::tempdir().expect("tempdir");
        let copies = Copies::new(dir.path(), "s");
        std::fs::write(&copies.paths[0], encode(1, b"one")).expect("writes");
        std::fs::write(&copies.paths[1], encode(3, b"three")).expect("writes");
        assert!(!read(&copies).1);
        std::fs::remove_file(&copies.paths[0]).expect("removes");
        assert!(!read(&copies).1, "a lone copy past the first");
    }

    #[test]
    fn a_copy_claiming_the_last_generation_is_read_and_written_after() {
        let dir = tempfile::tempdir().expect("tempdir");
        let copies = Copies::new(dir.path(), "s");
        std::fs::write(&copies.paths[0], encode(u64::MAX, b"last")).expect("plants");
        let (Some((value, next)), _) = read(&copies) else {
            panic!("reads");
        };
        assert_eq!(value, "last");
        copies.write(next, b"after").expect("writes");
        // Two copies of the same generation: either may be read, and the
        // next update goes on from it.
        assert!(read(&copies).0.is_some());
    }

    #[test]
    fn a_copy_that_is_not_whole_or_not_ours_says_why() {
        let dir = tempfile::tempdir().expect("tempdir");
        let copies = Copies::new(dir.path(), "s");
        let checksum = "0".repeat(8);
        let cases = [
            (b"{\"json\": true}".to_vec(), "is not a session file"),
            (b"tackle-session 9 1 2 ab\n{}".to_vec(), "has format 9"),
            (
                format!("tackle-session 2 1 2 {}\n{{}}", "0".repeat(64)).into_bytes(),
                "has format 2 where this tackle reads 3",
            ),
            (b"tackle-session 3 x 2 ab\n{}".to_vec(), "damaged header"),
            (
                format!("tackle-session 3 1 2 {checksum} more\n{{}}").into_bytes(),
                "damaged header",
            ),
            (
                b"tackle-session 3 1 2 0000000g\n{}".to_vec(),
                "damaged header",
            ),
            (
                b"tackle-session 3 1 2 +0000000\n{}".to_vec(),
                "damaged header",
            ),
            (
                format!("tackle-session 3 1 500 {checksum}\n").into_bytes(),
                "over the cap of 100 bytes",
            ),
            (
                format!("tackle-session 3 1 2 {checksum}\n{{}}").into_bytes(),
                "checksum",
            ),
            (
                encode(1, b"{}").into_iter().chain(*b"tail").collect(),
                "overrun",
            ),
            (encode(1, b"not text \xff"), "invalid utf-8"),
        ];
        for (bytes, why) in cases {
            std::fs::write(&copies.paths[1], &bytes).expect("plants");
            let read = copies.read(100, text).expect("reads");
            match read.found {
                Found::Broken { path, problem } => {
                    assert!(problem.contains(why), "{why}: {problem}");
                    assert_eq!(path, copies.paths[1]);
                }
                other => panic!("{why}: {other:?}"),
            }
            assert!(!read.settled, "{why}");
        }
        // Beside a whole copy, a broken one is passed over.
        copies.write(Next::FIRST, b"kept").expect("writes");
        assert_eq!(
            read(&copies).0.map(|(value, _)| value).as_deref(),
            Some("kept")
        );
    }
}
