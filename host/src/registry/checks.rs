//! Registry checks of doctor checks: each belongs to a linked plugin, and
//! names are unique within a plugin (reports name a check `plugin::name`).

use tackle::def::DoctorCheckDef;

use super::items::Item;

impl Item for DoctorCheckDef {
    const KIND: &'static str = "doctor check";
    const FIX: &'static str = "give one of them another `#[doctor_check(name = \"...\")]`";
    type Key = (&'static str, &'static str);

    fn claims(&self) -> Vec<(Self::Key, String)> {
        vec![((self.plugin.id, self.name), self.name.to_owned())]
    }
}
