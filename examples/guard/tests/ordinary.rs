//! The guard's corpus of ordinary commands: none of them is refused,
//! whether the agent starts them in a project folder or says nothing of
//! where.

use guard::{Folders, GuardConfig, check_line, check_line_in};

const CORPUS: &str = include_str!("ordinary_commands.txt");

fn commands() -> impl Iterator<Item = &'static str> {
    CORPUS
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with("# "))
}

#[test]
fn no_ordinary_command_is_refused() {
    let config = GuardConfig::default();
    let in_project = Folders {
        home: Some("/home/me".into()),
        start: Some("/home/me/src/app".into()),
    };
    let mut count = 0;
    for line in commands() {
        assert_eq!(check_line(line, &config), None, "refused: {line}");
        assert_eq!(
            check_line_in(line, &config, &in_project),
            None,
            "refused in a project: {line}"
        );
        count += 1;
    }
    assert!(count > 150, "the corpus holds {count} commands");
}
