//! The inventory of what tackle reads from outside
//! (`tackle_host::trust::vars`, `files`), held to the code and the docs:
//! the product source reads no environment variable the inventory does not
//! classify, reads a user-level one only in the resolver, and the tables of
//! docs/guide/security-guarantees.md are the inventory's.

use std::path::{Path, PathBuf};

use tackle_runtime::trust::files::FILES;
use tackle_runtime::trust::settings::SETTINGS;
use tackle_runtime::trust::vars::{self, Class, VARS};

const SECURITY: &str = include_str!("../../docs/guide/security-guarantees.md");

/// The one file that reads user-level variables.
const RESOLVER: &str = "spec/src/trust/env.rs";

/// The crates whose code ends up in a tackle binary or its build.
const PRODUCT: [&str; 11] = [
    "host",
    "agents",
    "mcp",
    "runtime",
    "sdk",
    "providers",
    "spec",
    "macros",
    "stores",
    "cli",
    "examples",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Every `.rs` file of the product under `dir`: no test files, no test
/// folders.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "tests" | "benches" | "target" | "fuzz" | "node_modules"
            ) {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(path);
        }
    }
}

/// The file's product code: comments and the `#[cfg(test)] mod` that
/// closes a file left out.
fn product_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let next = lines.get(i + 1).map_or("", |l| l.trim_start());
        if code.starts_with("#[cfg(test)]")
            && (next.starts_with("mod ") || next.starts_with("#[path"))
        {
            break;
        }
        if !code.starts_with("//") {
            out.push((i + 1, *line));
        }
    }
    out
}

/// A read of the environment: the variable when it is a string literal.
#[derive(Debug)]
struct Read {
    at: String,
    name: Option<String>,
}

/// The environment reads on one line of code.
fn reads(line: &str, at: &str, out: &mut Vec<Read>) {
    // (what to look for, the variable it reads when the call names none)
    const CALLS: [(&str, Option<&str>); 7] = [
        ("env::var(", None),
        ("env::var_os(", None),
        ("env::vars(", Some("*")),
        ("env::vars_os(", Some("*")),
        ("env::home_dir(", Some("HOME")),
        ("env::temp_dir(", Some("TMPDIR")),
        ("env = \"", None),
    ];
    for (call, implied) in CALLS {
        let mut rest = line;
        while let Some(i) = rest.find(call) {
            let after = &rest[i + call.len()..];
            // `target_env = "musl"` in a `cfg` is not clap's `env = "..."`.
            let word_before = rest[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            if call.starts_with("env =") && word_before {
                rest = after;
                continue;
            }
            let name = match implied {
                Some(name) => Some(name.to_owned()),
                None if call.ends_with('"') => after.split('"').next().map(str::to_owned),
                None => after
                    .strip_prefix('"')
                    .and_then(|s| s.split('"').next())
                    .map(str::to_owned),
            };
            out.push(Read {
                at: at.to_owned(),
                name,
            });
            rest = after;
        }
    }
}

#[test]
fn every_variable_the_product_reads_is_classified_and_user_level_ones_only_by_the_resolver() {
    let root = root();
    let mut files = Vec::new();
    for dir in PRODUCT {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 100, "the source was found: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("reads");
        let relative = file
            .strip_prefix(&root)
            .expect("inside")
            .to_string_lossy()
            .replace('\\', "/");
        for (n, line) in product_lines(&text) {
            reads(line, &format!("{relative}:{n}"), &mut found);
        }
    }
    let mut problems = Vec::new();
    for read in &found {
        let file = read.at.split(':').next().unwrap_or_default();
        // A scan of the whole environment is a read by a pattern: its file
        // is a `Class::Named` variable's, as a computed name's is.
        let name = read.name.as_ref().filter(|name| *name != "*");
        match name {
            Some(name) => match vars::find(name) {
                None => problems.push(format!(
                    "{}: reads `{name}`, which `trust::vars::VARS` does not classify",
                    read.at
                )),
                Some(var) if var.class == Class::User && file != RESOLVER => problems.push(
                    format!(
                        "{}: reads the user-level `{name}`; only `trust::UserVars` may ({RESOLVER})",
                        read.at
                    ),
                ),
                Some(_) => {}
            },
            // A name computed at run time: the resolver's loop over the
            // user-level names, or a secret the user names.
            None => {
                let named = VARS
                    .iter()
                    .any(|v| matches!(v.class, Class::Named { read_in } if read_in == file));
                if file != RESOLVER && !named {
                    problems.push(format!(
                        "{}: reads a variable whose name is not a literal; name it, or list the file as a `Class::Named` variable's `read_in`",
                        read.at
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The scan sees what it must: the resolver, the named secrets, clap.
    for file in [
        RESOLVER,
        "providers/src/provider.rs",
        "runtime/src/secret.rs",
    ] {
        assert!(
            found.iter().any(|r| r.at.starts_with(&format!("{file}:"))),
            "no read found in {file}"
        );
    }
    for var in VARS {
        if let Class::Named { read_in } = var.class {
            assert!(
                root.join(read_in).is_file(),
                "{}: {read_in} does not exist",
                var.name
            );
        }
    }
}

#[test]
fn the_scan_finds_each_form_of_read() {
    let mut found = Vec::new();
    for line in [
        r#"let x = std::env::var_os("TACKLE_HOME");"#,
        r#"std::env::var("A").ok(); std::env::var(name)"#,
        r#"#[arg(long, env = "TACKLE_AGENT_DIR")]"#,
        r#"#[cfg(target_env = "musl")]"#,
        "let h = std::env::home_dir();",
    ] {
        reads(line, "f.rs:1", &mut found);
    }
    let names: Vec<Option<&str>> = found.iter().map(|r| r.name.as_deref()).collect();
    assert_eq!(
        names,
        [
            Some("TACKLE_HOME"),
            Some("A"),
            None,
            Some("TACKLE_AGENT_DIR"),
            Some("HOME")
        ]
    );
    let text = "fn a() { std::env::var_os(\"X\"); }\n// std::env::var(\"Y\")\n#[cfg(test)]\nmod tests {\n std::env::var(\"Z\");\n}\n";
    let kept: Vec<usize> = product_lines(text).iter().map(|(n, _)| *n).collect();
    assert_eq!(kept, [1]);
}

/// The rows of the Markdown table that follows the line `heading`, each
/// cell trimmed.
fn table_after(heading: &str) -> Vec<Vec<String>> {
    let start = SECURITY
        .find(heading)
        .unwrap_or_else(|| panic!("docs/guide/security-guarantees.md has the line {heading:?}"));
    SECURITY[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn security_md_lists_every_variable_with_its_class() {
    let rows = table_after("### Every environment variable tackle reads");
    let expected: Vec<Vec<String>> = VARS
        .iter()
        .map(|v| {
            vec![
                format!("`{}`", v.name),
                v.class.as_str().to_owned(),
                v.why.to_owned(),
            ]
        })
        .collect();
    assert_eq!(
        rows, expected,
        "docs/guide/security-guarantees.md's table of variables must be `trust::vars::VARS`, row for row"
    );
}

#[test]
fn security_md_lists_every_file_with_who_may_write_it() {
    let rows = table_after("### Every file tackle reads");
    let expected: Vec<Vec<String>> = FILES
        .iter()
        .map(|f| {
            vec![
                f.path.to_owned(),
                f.writer.as_str().to_owned(),
                f.why.to_owned(),
            ]
        })
        .collect();
    assert_eq!(
        rows, expected,
        "docs/guide/security-guarantees.md's table of files must be `trust::files::FILES`, row for row"
    );
    // The agents' settings files are listed by name beside it.
    let settings = table_after("### The agents' project settings tackle reads");
    let expected: Vec<Vec<String>> = SETTINGS
        .iter()
        .map(|s| vec![format!("`{}`", s.path), s.agents.to_owned()])
        .collect();
    assert_eq!(
        settings, expected,
        "`trust::settings::SETTINGS`, row for row"
    );
}
