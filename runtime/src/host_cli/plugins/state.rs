//! `plugins enable|disable` (the project's state file) and `plugins trust`.

use std::path::Path;

use super::super::{exit, output};
use crate::declarative::{self, FoundStatus};
use tackle_host::Host;

pub(super) fn set(host: &Host, id: &str, disable: bool) -> u8 {
    let linked = host.plugin(id).is_some();
    let found = host.declared().iter().any(|f| f.plugin.id == id);
    if !linked && !found {
        let mut ids: Vec<&str> = host.plugins().iter().map(|p| p.def().id).collect();
        ids.extend(host.declared().iter().map(|f| f.plugin.id.as_str()));
        ids.sort_unstable();
        ids.dedup();
        let searched = host.plugin_folders().map_or_else(
            || "no plugin folders".into(),
            declarative::PluginFolders::describe,
        );
        output::err(format_args!(
            "error: no plugin `{id}`: it is not linked into this binary and no plugin folder has it (searched: {searched}){}; plugins: {}",
            crate::suggest::did_you_mean(id, &ids),
            crate::suggest::listing(&ids),
        ));
        return exit::USAGE;
    }
    let file = declarative::state::state_file(host.agent_dir());
    // The file is the project's: obeyed only once the project is trusted,
    // so an edit here would say something it does not do.
    if !host.project_trust().is_trusted() {
        output::err(format_args!(
            "error: this project is not trusted, so tackle does not obey its state file ({}): a cloned project could ship one that switches your guard off. Trust the project first (`{}`), or choose the plugins in your own config ({}'s `enabled` list)",
            file.display(),
            crate::trust::TRUST_COMMAND,
            user_config(host),
        ));
        return exit::USAGE;
    }
    match declarative::state::set_disabled(host.agent_dir(), id, disable) {
        Ok(changed) => {
            let now = if disable { "disabled" } else { "enabled" };
            if changed {
                output::write(&format!(
                    "`{id}` is now {now} in this project ({}).\n",
                    file.display()
                ));
            } else {
                output::write(&format!("`{id}` was already {now} in this project.\n"));
            }
            if !disable {
                note_why_still_off(host, id);
            }
            exit::OK
        }
        Err(why) => {
            output::err(format_args!("error: {why}"));
            exit::WRITE_FAILED
        }
    }
}

/// Where the user's own config is, as messages name it.
fn user_config(host: &Host) -> String {
    host.user_vars().tackle_home().map_or_else(
        || "`$TACKLE_HOME/tackle.toml`".to_owned(),
        |home| format!("`{}`", home.join("tackle.toml").display()),
    )
}

/// After `enable`, what else keeps the plugin off, if anything.
fn note_why_still_off(host: &Host, id: &str) {
    if let Some(list) = &host.config().enabled {
        let listed = list.iter().any(|entry| {
            entry == id
                || (declarative::select::is_pattern(entry)
                    && declarative::select::pattern(entry).is_ok_and(|r| r.is_match(id)))
        });
        if !listed {
            output::write(&format!(
                "note: `{id}` is not in the `enabled` list of {}, so it stays off until it is added there.\n",
                host.config().origin
            ));
        }
    }
    for found in host.declared().iter().filter(|f| f.plugin.id == id) {
        match &found.status {
            FoundStatus::Untrusted => output::write(&format!(
                "note: `{id}` is in this project's plugin folder, which loads only once the project is trusted (`plugins trust`).\n"
            )),
            FoundStatus::ShadowedBy(by) => output::write(&format!(
                "note: {} is shadowed by {}.\n",
                found.plugin.manifest.display(),
                by.display()
            )),
            FoundStatus::Active if !found.plugin.is_valid() => output::write(&format!(
                "note: `{id}` has problems and stays off until they are fixed (`plugins doctor`).\n"
            )),
            FoundStatus::Active => {}
        }
    }
}

pub(super) fn trust(agent_dir: &Path, trusted: bool) -> u8 {
    match crate::trust::set_trusted(agent_dir, trusted) {
        Ok(file) => {
            let what = if trusted {
                "trusted"
            } else {
                "no longer trusted"
            };
            output::write(&format!(
                "{} is {what} ({}).\n",
                agent_dir.display(),
                file.display()
            ));
            exit::OK
        }
        Err(why) => {
            output::err(format_args!("error: {why}"));
            exit::WRITE_FAILED
        }
    }
}
