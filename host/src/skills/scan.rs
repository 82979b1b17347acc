//! Reading one skill folder: `<slug>/SKILL.md` and flat `<name>.md` files.

use std::path::Path;

use tackle_spec::skill;

use super::{Skill, SkillOrigin, SkillProblem};

/// The skills of one folder, by file name; problems are added to `problems`.
/// A folder that does not exist is a problem only when it was asked for
/// (`required`: the config names it).
pub(super) fn folder(dir: &Path, required: bool, problems: &mut Vec<SkillProblem>) -> Vec<Skill> {
    let mut problem = |path: &Path, line: Option<usize>, message: String| {
        problems.push(SkillProblem {
            path: path.to_path_buf(),
            line,
            plugin: None,
            message,
        });
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => return Vec::new(),
        Err(e) => {
            problem(dir, None, format!("cannot read this skill folder: {e}"));
            return Vec::new();
        }
    };
    let mut paths: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    let mut skills: Vec<Skill> = Vec::new();
    for path in paths {
        let hidden = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        let file = if path.is_dir() {
            let file = path.join("SKILL.md");
            if !file.is_file() {
                problem(
                    &path,
                    None,
                    "a skill folder holds its skill in `SKILL.md`, and this one has none; add it, or move the folder out of the skills folder".into(),
                );
                continue;
            }
            file
        } else if path.extension().is_some_and(|e| e == "md") {
            path
        } else {
            continue;
        };
        // The folder's own files only: a symlink out of it is not read.
        if !crate::declarative::paths::stays_inside(dir, &file) {
            problem(
                &file,
                None,
                "this skill leads outside its skill folder through a symbolic link, and is not read; copy the file into the folder".into(),
            );
            continue;
        }
        let text = match crate::limits::read_text(&file) {
            Ok(text) => text,
            Err(e) => {
                problem(&file, None, format!("cannot read the skill as text: {e}"));
                continue;
            }
        };
        match skill::parse(&text) {
            Ok(parsed) => {
                if let Some(first) = skills.iter().find(|s| s.name == parsed.name) {
                    problem(
                        &file,
                        None,
                        format!(
                            "skill `{}` is also defined by {} in the same folder, which is used; rename one",
                            parsed.name, first.origin
                        ),
                    );
                    continue;
                }
                skills.push(Skill {
                    name: parsed.name,
                    description: parsed.description,
                    enabled: parsed.enabled,
                    input_schema: parsed.input_schema,
                    output_schema: parsed.output_schema,
                    body: parsed.body.to_owned(),
                    origin: SkillOrigin::Folder { path: file },
                    shadowed: Vec::new(),
                });
            }
            Err(issues) => {
                for issue in issues {
                    problem(&file, issue.line, issue.message);
                }
            }
        }
    }
    skills
}
