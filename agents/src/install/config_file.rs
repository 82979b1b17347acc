//! What install asks of every config file it edits, whatever its format
//! (a JSON [`merge::Doc`](super::merge::Doc), a TOML
//! [`TomlFile`](super::toml_file::TomlFile)): the file as read, and its
//! text once edited.

/// A config file install edits, read and changed in memory.
pub(crate) trait ConfigFile {
    /// Whether it holds nothing of anyone's now: an empty document, or
    /// the skeleton install starts a new file from.
    fn holds_nothing(&self) -> bool;

    /// The document as the file's text.
    fn render(&self) -> String;

    /// The file's text after the edit: none where `created` (there was
    /// no file, or install created it) and it holds nothing now, so that
    /// the file goes rather than stays empty.
    fn text_after(&self, created: bool) -> Option<String> {
        (!(created && self.holds_nothing())).then(|| self.render())
    }
}
