//! Registry checks of `command`s: every name and alias is unique across
//! plugins (compared lowercase, as they are matched), and each command's
//! plugin is present.

use tackle::def::CommandDef;

use super::items::Item;

impl Item for CommandDef {
    const KIND: &'static str = "command";
    const FIX: &'static str = "a name or alias runs one command, so rename one command (`#[command(name = \"...\")]`) or drop the alias";
    /// Lowercase, as names are matched.
    type Key = String;

    fn order(&self) -> i32 {
        self.order
    }

    fn claims(&self) -> Vec<(Self::Key, String)> {
        self.names()
            .map(|name| (name.to_ascii_lowercase(), name.to_owned()))
            .collect()
    }
}

#[cfg(test)]
mod tests {

    use tackle::command::{CommandCall, CommandHandler, CommandReturn, CommandSurface};

    use tackle::{HandlerError, SourceLocation};

    use tackle::def::{CommandDef, PluginDef};

    use super::super::{Defs, Registry, RegistryProblem};
    use crate::testing_defs::{plugin, schema};

    fn handler(_: CommandCall) -> Result<CommandReturn, HandlerError> {
        Ok(Ok(Default::default()))
    }

    const fn command(
        plugin: &'static PluginDef,
        name: &'static str,
        aliases: &'static [&'static str],
        order: i32,
        line: u32,
    ) -> CommandDef {
        CommandDef {
            plugin,
            name,
            aliases,
            function: name,
            description: "d",
            category: None,
            surface: CommandSurface::Either,
            order,
            location: SourceLocation {
                file: plugin.crate_name,
                line,
                column: 1,
            },
            args_schema: schema,
            handler: CommandHandler::Sync(handler),
        }
    }

    static ALPHA: PluginDef = plugin("alpha");
    static BETA: PluginDef = plugin("beta");
    static REVIEW: CommandDef = command(&ALPHA, "review", &["r", "rev"], 0, 10);
    static LATE: CommandDef = command(&ALPHA, "late", &[], 0, 30);
    static FIRST: CommandDef = command(&ALPHA, "first", &[], -1, 50);
    static AUDIT: CommandDef = command(&BETA, "audit", &["review"], 0, 5);
    static R: CommandDef = command(&BETA, "r", &[], 0, 7);
    static SHIP: CommandDef = command(&BETA, "ship", &["REV"], 0, 9);
    static DEPLOY: CommandDef = command(&BETA, "deploy", &["d"], 0, 3);

    fn registry(commands: Vec<&'static CommandDef>) -> Result<Registry, Vec<RegistryProblem>> {
        Registry::from_all(Defs {
            plugins: vec![&ALPHA, &BETA],
            commands,
            ..Defs::default()
        })
        .map_err(|e| e.problems)
    }

    #[test]
    fn commands_sort_by_plugin_order_then_location() {
        let forward = registry(vec![&DEPLOY, &LATE, &REVIEW, &FIRST]).expect("valid");
        let backward = registry(vec![&FIRST, &REVIEW, &LATE, &DEPLOY]).expect("valid");
        let names = |r: &Registry| r.commands().iter().map(|c| c.name).collect::<Vec<_>>();
        assert_eq!(names(&forward), ["first", "review", "late", "deploy"]);
        assert_eq!(names(&forward), names(&backward));
    }

    #[test]
    fn an_alias_equal_to_another_commands_name_names_both() {
        let problems = registry(vec![&REVIEW, &AUDIT]).expect_err("clash");
        assert_eq!(problems.len(), 1, "{problems:?}");
        let text = problems[0].to_string();
        assert!(
            text.starts_with("command `review` is declared twice: by plugin `alpha` at alpha:10:1 and by plugin `beta` at beta:5:1;"),
            "{text}"
        );
        assert!(text.contains("drop the alias"), "{text}");
    }

    #[test]
    fn a_name_equal_to_an_alias_and_aliases_in_another_case_clash() {
        let problems = registry(vec![&REVIEW, &R, &SHIP]).expect_err("clashes");
        let names: Vec<String> = problems
            .iter()
            .map(|p| match p {
                RegistryProblem::DuplicateItem {
                    kind: "command",
                    name,
                    ..
                } => name.clone(),
                other => panic!("unexpected {other}"),
            })
            .collect();
        assert_eq!(names, ["r", "REV"]);
    }
}
