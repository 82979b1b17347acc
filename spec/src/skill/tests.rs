use super::{Issue, parse};

fn issues(text: &str) -> Vec<Issue> {
    parse(text).expect_err("invalid")
}

#[test]
fn a_valid_file_with_schemas_and_foreign_keys() {
    let text = "---\nname: review\ndescription: Review a diff.\nenabled: false\nlicense: MIT\ninput_schema:\n  type: object\n  properties:\n    path: { type: string }\n---\n# Review\nRead it all.\n";
    let skill = parse(text).expect("valid");
    assert_eq!(skill.name, "review");
    assert_eq!(skill.description, "Review a diff.");
    assert!(!skill.enabled);
    assert_eq!(
        skill.input_schema,
        Some(serde_json::json!({"type": "object", "properties": {"path": {"type": "string"}}}))
    );
    assert_eq!(skill.output_schema, None);
    assert_eq!(skill.body, "# Review\nRead it all.\n");
    assert_eq!(&text[skill.body_start..], skill.body);
}

#[test]
fn bad_yaml_is_reported_with_its_line() {
    let found = issues("---\nname: a\ndescription: [unclosed\n---\nbody\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .message
            .starts_with("the frontmatter is not valid YAML"),
        "{found:?}"
    );
    assert!(
        !found[0].message.contains("line"),
        "the YAML's own line is not shown: {found:?}"
    );
    assert!(found[0].line.is_some_and(|l| l >= 3), "{found:?}");
}

#[test]
fn every_field_problem_at_once_with_lines() {
    let found = issues(
        "---\nname: Safe_Shell\nenabled: maybe\nenabeld: true\noutput_schema:\n  type: nonsense\n---\n",
    );
    let messages: Vec<String> = found
        .iter()
        .map(|i| format!("{:?}: {}", i.line, i.message))
        .collect();
    let all = messages.join("\n");
    assert_eq!(found.len(), 5, "{all}");
    assert!(
        all.contains("Some(1): the frontmatter has no `description`"),
        "{all}"
    );
    assert!(
        all.contains("Some(2): `Safe_Shell` is not a valid skill name"),
        "{all}"
    );
    assert!(
        all.contains("Some(3): `enabled` must be `true` or `false`, not a string"),
        "{all}"
    );
    assert!(
        all.contains("Some(4): unknown key `enabeld`; did you mean `enabled`?"),
        "{all}"
    );
    assert!(
        all.contains("Some(5): `output_schema` is not a valid JSON Schema"),
        "{all}"
    );
}

#[test]
fn structure_problems() {
    assert!(
        issues("no frontmatter\n")[0]
            .message
            .contains("starts with YAML frontmatter")
    );
    assert!(issues("---\nname: a\n")[0].message.contains("never closed"));
    assert!(issues("---\n---\n")[0].message.contains("is empty"));
    assert!(
        issues("---\n- a\n---\n")[0]
            .message
            .contains("mapping of keys")
    );
    assert!(
        issues("---\nname: 3\ndescription: x\n---\n")[0]
            .message
            .contains("must be a string, not a number")
    );
    assert!(
        issues("---\nname: a\ndescription: x\ninput_schema: 3\n---\n")[0]
            .message
            .contains("written as a mapping")
    );
}
