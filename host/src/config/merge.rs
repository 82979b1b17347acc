//! How config layers combine, later over earlier: a table merges key by
//! key at every depth (`[plugins.<id>]`, `[roles]`, `[origins]`, `[cron]`,
//! `[provider]`), any other value (a number, a string, a list such as
//! `enabled`) is replaced whole. The lists that add up instead
//! (`[[permission_rules]]`, `plugin_dirs`, `[skills] dirs`) are taken out
//! of each layer before it is merged ([`ADDITIVE`]), because each entry
//! keeps the file it came from.

/// The keys whose entries add up over the layers, as `(table, key)`:
/// `("", "plugin_dirs")` is top-level, `("skills", "dirs")` is in `[skills]`.
pub(crate) const ADDITIVE: [(&str, &str); 3] = [
    ("", "permission_rules"),
    ("", "plugin_dirs"),
    ("skills", "dirs"),
];

/// Takes the [`ADDITIVE`] keys out of `table`.
pub(crate) fn take_additive(table: &mut toml::Table) {
    for (parent, key) in ADDITIVE {
        let holder = if parent.is_empty() {
            Some(&mut *table)
        } else {
            table.get_mut(parent).and_then(toml::Value::as_table_mut)
        };
        if let Some(holder) = holder {
            holder.remove(key);
        }
    }
}

/// Merges `over` into `base`: tables key by key, other values replaced.
pub(crate) fn merge(base: &mut toml::Table, over: toml::Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(base)), toml::Value::Table(over)) => merge(base, over),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        toml::from_str(text).expect("toml")
    }

    #[test]
    fn tables_merge_key_by_key_and_other_values_are_replaced() {
        let mut base = table(
            "enabled = [\"a\", \"b\"]\nhook_timeout_ms = 5\n[plugins.guard]\ndeny = [\"x\"]\nstrict = true\n[cron]\nenabled = false\n",
        );
        merge(
            &mut base,
            table("enabled = [\"c\"]\n[plugins.guard]\ndeny = [\"y\"]\n[plugins.metrics]\nn = 1\n"),
        );
        assert_eq!(
            base,
            table(
                "enabled = [\"c\"]\nhook_timeout_ms = 5\n[plugins.guard]\ndeny = [\"y\"]\nstrict = true\n[plugins.metrics]\nn = 1\n[cron]\nenabled = false\n"
            )
        );
    }

    #[test]
    fn additive_keys_are_taken_out() {
        let mut t = table(
            "plugin_dirs = [\"p\"]\nenabled = []\n[[permission_rules]]\naction = \"deny\"\n[skills]\ndirs = [\"s\"]\n",
        );
        take_additive(&mut t);
        assert_eq!(t, table("enabled = []\n[skills]\n"));
    }
}
