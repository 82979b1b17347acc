//! Caps on what the runtime reads from files it finds at run time
//! (`tackle.toml`, `plugin.json`, `hooks.json`, skills): a file the size of a
//! disk is refused before it is read, not loaded and then parsed. The
//! capped read is the one the trust resolver uses too, in `tackle-spec`.

pub use tackle_spec::trust::capped::MAX_FILE_BYTES;
pub(crate) use tackle_spec::trust::capped::read_text;
