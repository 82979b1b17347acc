//! Registry checks of `#[provider]`s: each belongs to a linked plugin, and
//! no two share a name (hosts select them by it).

use tackle::def::ProviderDef;

use super::items::Item;

impl Item for ProviderDef {
    const KIND: &'static str = "provider";
    const FIX: &'static str =
        "hosts select providers by name, so give one `#[provider(name = \"...\")]`";
    type Key = &'static str;

    fn claims(&self) -> Vec<(Self::Key, String)> {
        vec![(self.name, self.name.to_owned())]
    }
}
