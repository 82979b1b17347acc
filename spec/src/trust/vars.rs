//! Every environment variable a tackle binary reads, and who may set it.
//!
//! An agent can hand a project's own settings to the processes it starts
//! as environment variables (see `settings`), so a variable is
//! the user's only when nothing else could have set it. Each variable is
//! in one class; a test (`tests/tests/variables.rs`) scans the product
//! source and fails on a variable read that is not in [`VARS`], or on a
//! [`Class::User`] variable read anywhere but the resolver
//! ([`UserVars`](super::UserVars)), and keeps SECURITY.md's table equal to
//! this one.

/// Who may set a variable, and so what tackle lets it decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Decides what is trusted or where the user's own files are. Read
    /// only through [`UserVars`](super::UserVars), which honours it only
    /// where no project setting could have set it.
    User,
    /// The agent's own: where an agent keeps its files, how programs are
    /// found, how the network is reached. An agent that applies a
    /// project's environment applies it to itself too, so tackle follows
    /// the agent; none of these decides what tackle trusts.
    Agent,
    /// How tackle looks or what it prints, never what it allows.
    Harmless,
    /// A secret under a name the user gives: the variable is named by the
    /// user's config or the command line, never by an untrusted project;
    /// `read_in` is the one file that reads it.
    Named {
        /// The source file that reads it.
        read_in: &'static str,
    },
    /// Read by cargo, build scripts and the `tackle` scaffolding command,
    /// never by a host or hook binary.
    Build,
    /// Read by a library tackle links (the HTTP client), not by tackle's
    /// own code; what the library does with it is in `why`.
    Library,
}

impl Class {
    /// How SECURITY.md's table names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::User => "user-level",
            Class::Agent => "the agent's own",
            Class::Harmless => "harmless",
            Class::Named { .. } => "named by the user",
            Class::Build => "build tools",
            Class::Library => "library",
        }
    }
}

/// One variable (or, for [`Class::Named`], the setting that names one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Var {
    /// The variable, or the setting or option that names it.
    pub name: &'static str,
    /// Who may set it.
    pub class: Class,
    /// What tackle does with it, and why the class fits.
    pub why: &'static str,
}

const fn var(name: &'static str, class: Class, why: &'static str) -> Var {
    Var { name, class, why }
}

/// The user-level variables, in the order reports list them.
pub const USER_LEVEL: [&str; 5] = [
    "TACKLE_TRUST_PROJECT",
    "TACKLE_HOME",
    "TACKLE_CONFIG",
    "TACKLE_AGENT_DIR",
    "HOME",
];

/// Every variable any tackle binary reads.
pub const VARS: &[Var] = &[
    var(
        "TACKLE_TRUST_PROJECT",
        Class::User,
        "`1` trusts the project for one run of a command you start; never in a process an agent starts (`hook`, `mcp`, `command`), whose environment a project's settings can fill",
    ),
    var(
        "TACKLE_HOME",
        Class::User,
        "the user's tackle folder: config, plugin folders, trusted projects, sessions",
    ),
    var(
        "TACKLE_CONFIG",
        Class::User,
        "a config with full powers, read instead of the project's `tackle.toml`",
    ),
    var(
        "TACKLE_AGENT_DIR",
        Class::User,
        "the project folder, when `--agent-dir` is not given; it chooses whose files are read",
    ),
    var(
        "HOME",
        Class::User,
        "the user's home: `~/.tackle`, `~/.superqode/plugins`, where `install` writes; when not honoured, the account's home from the system's user database",
    ),
    var(
        "CODEX_HOME",
        Class::Agent,
        "`install codex` writes where Codex reads (absolute paths only)",
    ),
    var(
        "COPILOT_HOME",
        Class::Agent,
        "`install copilot` writes where Copilot CLI reads (absolute paths only)",
    ),
    var(
        "KIMI_CODE_HOME",
        Class::Agent,
        "`install kimi` writes where Kimi Code reads (absolute paths only)",
    ),
    var(
        "KIMI_SHARE_DIR",
        Class::Agent,
        "`install kimi` writes where the archived Python Kimi CLI reads, when Kimi Code's folder is not there (absolute paths only)",
    ),
    var(
        "XDG_DATA_HOME",
        Class::Agent,
        "where `install` keeps user-scope packages (absolute paths only)",
    ),
    var(
        "XDG_CONFIG_HOME",
        Class::Agent,
        "`install opencode` and `install kilo` write where OpenCode and Kilo Code read (absolute paths only)",
    ),
    var(
        "LOCALAPPDATA",
        Class::Agent,
        "where `install` keeps user-scope packages on Windows",
    ),
    var(
        "PATH",
        Class::Agent,
        "`doctor` checks that a command hook's program is on it; an exec-form hook's program is found on it, as the agent finds its own",
    ),
    var(
        "TMPDIR",
        Class::Agent,
        "scratch folders (`install`'s trial export), removed after use",
    ),
    var(
        "TACKLE_LOG",
        Class::Harmless,
        "log filter for stderr; logging shows, it never decides",
    ),
    var("NO_COLOR", Class::Harmless, "`replay` without colours"),
    var("COLUMNS", Class::Harmless, "`replay`'s line width"),
    var(
        "TERM",
        Class::Harmless,
        "the demo's colours (`examples/demo`)",
    ),
    var(
        "api_key_env",
        Class::Named {
            read_in: "providers/src/provider.rs",
        },
        "`[provider] api_key_env` names the variable holding the model API's key; an untrusted project's `[provider]` is not applied",
    ),
    var(
        "--bearer-token-env",
        Class::Named {
            read_in: "runtime/src/secret.rs",
        },
        "`mcp --http --bearer-token-env VAR` names the variable holding the token",
    ),
    var(
        "--state-key-env",
        Class::Named {
            read_in: "runtime/src/secret.rs",
        },
        "`mcp --state-key-env VAR` names the variable holding the key that seals `requestState`",
    ),
    var(
        "--previous-state-key-env",
        Class::Named {
            read_in: "runtime/src/secret.rs",
        },
        "`mcp --previous-state-key-env VAR` names the variable holding the key being rotated out",
    ),
    var(
        "password_env",
        Class::Named {
            read_in: "runtime/src/secret.rs",
        },
        "`[sessions] password_env` names the variable holding the session store's password; an untrusted project's `[sessions]` is not applied",
    ),
    var(
        "--session-store-password-env",
        Class::Named {
            read_in: "runtime/src/secret.rs",
        },
        "`mcp --session-store URL --session-store-password-env VAR` names the variable holding the session store's password",
    ),
    var(
        "CLAUDE_PLUGIN_OPTION_<KEY>",
        Class::Named {
            read_in: "agents/src/claude/options.rs",
        },
        "Claude Code hands each plugin option the user set (the `userConfig` of the exported `plugin.json`, kept in the user's Claude Code settings) to the plugin's command hooks; the hook binary reads the options of its plugins' settings at Claude Code's events as a config layer with the user's powers, and not one that a project settings file names",
    ),
    var(
        "CARGO_MANIFEST_DIR",
        Class::Build,
        "`plugin!` finds a plugin's files at compile time",
    ),
    var(
        "CARGO_CFG_TARGET_OS",
        Class::Build,
        "the examples' build scripts",
    ),
    var(
        "CARGO_CFG_TARGET_FEATURE",
        Class::Build,
        "the examples' build scripts",
    ),
    var(
        "CARGO_TARGET_DIR",
        Class::Build,
        "`tackle new` says whether builds share a target folder",
    ),
    var(
        "RUSTFMT",
        Class::Build,
        "`tackle new` and `tackle add` format the files they write",
    ),
    var(
        "HTTPS_PROXY",
        Class::Library,
        "reqwest sends model API requests through it (also `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`, in either case); TLS is still checked end to end",
    ),
    var(
        "SSL_CERT_FILE",
        Class::Library,
        "rustls-platform-verifier trusts the certificates it names (also `SSL_CERT_DIR`), as the agent's own HTTP client does; rustls-native-certs too, for a `rediss://` session store",
    ),
];

/// The variable `name`, if the inventory has it.
pub fn find(name: &str) -> Option<&'static Var> {
    VARS.iter().find(|v| v.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_user_level_list_is_the_inventory_s() {
        let user: Vec<&str> = VARS
            .iter()
            .filter(|v| v.class == Class::User)
            .map(|v| v.name)
            .collect();
        assert_eq!(user, USER_LEVEL);
        let mut names: Vec<&str> = VARS.iter().map(|v| v.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), VARS.len(), "each variable once");
    }
}
