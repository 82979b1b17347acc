use std::path::PathBuf;

use serde_json::json;

use super::*;

/// The doom-loop breaker's and the guard's settings, as their schemas say.
fn config() -> UserConfig {
    let mut config = UserConfig::default();
    config.add(
        ("doom-loop", "Doom-loop breaker"),
        &json!({"type": "object", "properties": {
            "threshold": {"type": "integer", "default": 3, "minimum": 2,
                "description": "The identical call, in a row,\nthat is denied."},
        }}),
        false,
    );
    config.add(
        ("guard", "Shell guard"),
        &json!({"type": "object", "properties": {
            "deny_prefixes": {"type": "array", "items": {"type": "string"}},
            "mode": {"type": "string", "enum": ["warn", "deny"], "default": "deny"},
            "strict": {"type": "boolean"},
        }}),
        false,
    );
    config.add(
        ("metrics", "Code metrics"),
        &json!({"type": "object", "properties": {"max_file_bytes": {"type": "integer"}}}),
        true,
    );
    config
}

#[test]
fn scalar_settings_become_options_and_the_rest_is_said() {
    let config = config();
    assert_eq!(
        serde_json::to_value(&config).expect("JSON"),
        json!({
            "doom_loop_threshold": {
                "type": "number", "title": "Doom-loop breaker: threshold",
                "description": "The identical call, in a row, that is denied.",
                "default": 3, "min": 2.0,
            },
            "guard_mode": {
                "type": "string", "title": "Shell guard: mode", "description": "",
                "default": "deny", "options": ["warn", "deny"],
            },
            "guard_strict": {"type": "boolean", "title": "Shell guard: strict", "description": ""},
        })
    );
    assert_eq!(
        config.left_out,
        [
            "deny_prefixes (guard): Claude Code has no option type for a setting of type array",
            "max_file_bytes (metrics): its tools run in the package's MCP server, which Claude Code gives no plugin options",
        ]
    );
}

#[test]
fn the_values_claude_code_hands_the_hook_are_typed_and_a_project_s_are_not_taken() {
    let config = config();
    let vars: Vec<String> = config.options.iter().map(PluginOption::var).collect();
    assert_eq!(
        vars,
        [
            "CLAUDE_PLUGIN_OPTION_DOOM_LOOP_THRESHOLD",
            "CLAUDE_PLUGIN_OPTION_GUARD_MODE",
            "CLAUDE_PLUGIN_OPTION_GUARD_STRICT",
        ]
    );
    let env = |name: &str| match name {
        "CLAUDE_PLUGIN_OPTION_DOOM_LOOP_THRESHOLD" => Some("2".to_owned()),
        "CLAUDE_PLUGIN_OPTION_GUARD_MODE" => Some("warn".to_owned()),
        "CLAUDE_PLUGIN_OPTION_GUARD_STRICT" => Some("true".to_owned()),
        _ => None,
    };
    let file = PathBuf::from("/p/.claude/settings.json");
    let settings = config.read(env, |names| {
        assert_eq!(names.len(), 3, "each set variable is looked for");
        vec![(names[1].to_owned(), file.clone())]
    });
    assert_eq!(
        settings.table,
        toml::from_str::<toml::Table>(
            "[plugins.doom-loop]\nthreshold = 2\n[plugins.guard]\nstrict = true\n"
        )
        .expect("TOML")
    );
    assert_eq!(settings.ignored.len(), 1);
    let said = settings.ignored[0].to_string();
    assert!(
        said.contains("env.CLAUDE_PLUGIN_OPTION_GUARD_MODE") && said.contains("settings.json"),
        "{said}"
    );
}

#[test]
fn a_value_that_is_not_of_its_type_stays_text_for_the_config_check_to_name() {
    assert_eq!(Kind::Integer.read("3"), toml::Value::Integer(3));
    assert_eq!(Kind::Integer.read(" 4 "), toml::Value::Integer(4));
    assert_eq!(Kind::Integer.read("2.5"), toml::Value::String("2.5".into()));
    assert_eq!(Kind::Number.read("2.5"), toml::Value::Float(2.5));
    assert_eq!(Kind::Boolean.read("false"), toml::Value::Boolean(false));
    assert_eq!(Kind::Boolean.read("yes"), toml::Value::String("yes".into()));
    assert_eq!(
        Kind::String.read(" a,b "),
        toml::Value::String(" a,b ".into())
    );
}
