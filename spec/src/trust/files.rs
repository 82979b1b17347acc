//! Every file any tackle binary reads, and who may write it: the files the
//! user's powers come from, and the project's, which may only tighten
//! until the user trusts the project. SECURITY.md's table of files is kept
//! equal to [`FILES`] by a test (`tests/tests/variables.rs`).

/// Who may write a file, and so what its content may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    /// Only the user (or the system's administrator): full powers.
    User,
    /// The project: only tightens until the user trusts the project.
    Project,
    /// Whoever runs the command that names it: read as data, never as
    /// powers.
    Caller,
    /// The system.
    System,
}

impl Writer {
    /// How SECURITY.md's table names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Writer::User => "the user",
            Writer::Project => "the project",
            Writer::Caller => "whoever runs the command",
            Writer::System => "the system",
        }
    }
}

/// One file or folder tackle reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    /// Where it is.
    pub path: &'static str,
    /// Who may write it.
    pub writer: Writer,
    /// What tackle does with it.
    pub why: &'static str,
}

const fn file(path: &'static str, writer: Writer, why: &'static str) -> File {
    File { path, writer, why }
}

/// Every file and folder any tackle binary reads.
pub const FILES: &[File] = &[
    file(
        "`$TACKLE_HOME/tackle.toml` (`~/.tackle/tackle.toml`)",
        Writer::User,
        "the user's config, full powers",
    ),
    file(
        "`--config FILE`, `$TACKLE_CONFIG`",
        Writer::User,
        "a config of the user's, full powers, read instead of the project's `tackle.toml`",
    ),
    file(
        "`/etc/tackle/tackle.toml`",
        Writer::System,
        "the machine's config (an organisation's policy), read last so that it wins, full powers; stops the host when a user but root (or the account running tackle) owns it or others may write it",
    ),
    file(
        "`$TACKLE_HOME/trusted-projects.json`",
        Writer::User,
        "the projects the user trusts; written by `plugins trust`",
    ),
    file(
        "`$TACKLE_HOME/plugins/`, `~/.superqode/plugins/`",
        Writer::User,
        "the user's plugin folders: their command hooks run",
    ),
    file(
        "`plugin_dirs`, `[skills] dirs` of the user's config",
        Writer::User,
        "folders the user adds",
    ),
    file(
        "`$TACKLE_HOME/sessions/`",
        Writer::User,
        "session values the hooks keep; folder 0700, files 0600, named by the SHA-256 of the session id",
    ),
    file(
        "`/etc/passwd`",
        Writer::System,
        "the account's home, when `HOME` is not honoured",
    ),
    file(
        "`tackle.toml` in the agent folder",
        Writer::Project,
        "the project's config: only tightens until trusted",
    ),
    file(
        "`.tackle/plugins.json`",
        Writer::Project,
        "the project's state file (`disabled`): obeyed once trusted",
    ),
    file(
        "`.agents/plugins/`, `.superqode/plugins/`, `.tackle/plugins/`",
        Writer::Project,
        "the project's plugin folders: loaded once trusted",
    ),
    file(
        "`plugin_dirs`, `[skills] dirs` of the project's `tackle.toml`",
        Writer::Project,
        "loaded once trusted; skill folders inside the project before that",
    ),
    file(
        "`.agents/skills/`",
        Writer::Project,
        "the project's skills: context for the model",
    ),
    file(
        "the agents' project settings (`settings::SETTINGS`)",
        Writer::Project,
        "read only for the names of user-level variables, which are then not honoured; their values are never used",
    ),
    file(
        "`replay FILE`, `export DIR`'s `.tackle-export.json`, the agents' configs `install` merges into",
        Writer::Caller,
        "data for the command that names them",
    ),
];
