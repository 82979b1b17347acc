//! The config files a host reads, in order, and how far each is trusted:
//! the user's `$TACKLE_HOME/tackle.toml`, then the settings the user made
//! in the agent ([`AgentSettings`]: Claude Code's plugin options), then
//! the config the user names
//! (`--config FILE` or `TACKLE_CONFIG`) or, when none is named, the
//! project's `tackle.toml` in the agent folder, then the machine's
//! ([`managed`](super::managed), `/etc/tackle/tackle.toml`). They merge as
//! [`config::merge`](crate::config::merge) says; the project's file is
//! first restricted by [`gate`](super::gate) unless the project is trusted.

use std::path::{Path, PathBuf};

use tackle::Problem;

use super::UserVars;
use super::withheld::Withheld;
use super::{TrustCheck, gate};
use crate::config::{self, ConfigError, HostConfig, merge};

/// Where a config file comes from, which decides its powers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// `$TACKLE_HOME/tackle.toml` (`~/.tackle/tackle.toml`): the user's own.
    User,
    /// Settings the user made in the agent ([`AgentSettings`]): the
    /// user's own, over the user's file.
    Agent,
    /// `--config FILE` or `TACKLE_CONFIG`: the user's own; the project's
    /// file is not read then.
    Named,
    /// `tackle.toml` in the agent folder: full powers once the project is
    /// trusted, before that only tightening.
    Project,
    /// `/etc/tackle/tackle.toml`: the machine's, root's; read last, so it
    /// wins.
    Managed,
}

named! {
    /// How reports name it.
    Layer {
        User => "user",
        Agent => "agent",
        Named => "named",
        Project => "project",
        Managed => "managed",
    }
}

/// A config file the host read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigFile {
    /// The file.
    pub path: PathBuf,
    /// Its layer.
    pub layer: Layer,
    /// Whether it has full powers: `false` for the project's file in a
    /// project that is not trusted.
    pub trusted: bool,
    /// Whether any of it applies: `false` for an untrusted project's file
    /// with problems (they are in [`Host::withheld`](crate::Host::withheld)).
    pub applied: bool,
}

/// Plugin settings the user made in the agent that started the process
/// (Claude Code's plugin options, `userConfig`), as a `tackle.toml` table:
/// a layer with the user's powers, read after the user's own file. The
/// agent keeps them in the user's settings, where no project writes.
#[derive(Debug, Clone, Default)]
pub struct AgentSettings {
    /// How reports name them, in place of a file ("Claude Code's plugin
    /// options").
    pub origin: String,
    /// The settings, as `[plugins.<id>]` tables.
    pub table: toml::Table,
    /// What was set but not taken, and why (a project could have set it).
    pub ignored: Vec<Withheld>,
}

/// The merged config, the files behind it, and what was refused.
#[derive(Debug)]
pub(crate) struct Layered {
    pub config: HostConfig,
    pub files: Vec<ConfigFile>,
    pub refused: Vec<Withheld>,
}

/// Reads the layers for `agent_dir`; `agent` the settings made in the
/// agent, if any; `named` is `--config`, else
/// `TACKLE_CONFIG` as `vars` honours it; `managed` is the machine's file
/// ([`MANAGED_CONFIG`](super::managed::MANAGED_CONFIG)). A problem in a
/// file with full powers stops the host, naming the file; the file of an
/// untrusted project with a problem is not applied at all, and its
/// problems are recorded as refusals. A machine's file that another user
/// could have written stops the host too.
pub(crate) fn load(
    agent_dir: &Path,
    named: Option<&Path>,
    managed: &Path,
    vars: &UserVars,
    trust: &TrustCheck<'_>,
    agent: Option<&AgentSettings>,
) -> Result<Layered, ConfigError> {
    let user = vars
        .tackle_home()
        .map(|home| home.join("tackle.toml"))
        .filter(|f| f.is_file());
    let mut wanted: Vec<(PathBuf, Layer)> = user.iter().map(|f| (f.clone(), Layer::User)).collect();
    let mut refused = Vec::new();
    if let Some(agent) = agent {
        refused.extend(agent.ignored.iter().cloned());
        if !agent.table.is_empty() {
            wanted.push((PathBuf::from(&agent.origin), Layer::Agent));
        }
    }
    match named.or(vars.config()) {
        Some(file) => wanted.push((file.to_path_buf(), Layer::Named)),
        None => {
            let project = agent_dir.join("tackle.toml");
            // Run in the tackle folder itself, the project's file is the user's.
            let same = |u: &PathBuf| same_file(u, &project);
            if project.is_file() && !user.as_ref().is_some_and(same) {
                wanted.push((project, Layer::Project));
            }
        }
    }

    let mut files = Vec::new();
    // The machine's file has full powers: one that another user could have
    // written stops the host, as a broken file with full powers does.
    if managed.is_file() {
        if let Some(why) = super::managed::refuse(managed) {
            return Err(ConfigError {
                origin: managed.display().to_string(),
                problems: vec![Problem::new(
                    "",
                    format!("the machine's config {why}; fix it or remove it"),
                )],
            });
        }
        wanted.push((managed.to_path_buf(), Layer::Managed));
    }
    let mut merged = toml::Table::new();
    let mut additive = Additive::default();
    let mut only: Option<HostConfig> = None;
    // The file that named the session store, for its messages: the merge
    // below knows only the list of files.
    let mut store_origin = None;
    for (path, layer) in wanted {
        let trusted = layer != Layer::Project || trust.get().is_trusted();
        let origin = path.display().to_string();
        let read = match agent.filter(|_| layer == Layer::Agent) {
            Some(agent) => parse_layer(agent.table.clone(), &origin),
            None => read_layer(&path, &origin),
        };
        let (mut table, mut layer_config) = match read {
            Ok(read) => read,
            Err(e) if trusted => return Err(e),
            Err(e) => {
                refused.extend(e.problems.iter().map(|p| not_read(&path, p)));
                files.push(ConfigFile {
                    path,
                    layer,
                    trusted,
                    applied: false,
                });
                continue;
            }
        };
        let before = refused.len();
        if !trusted {
            // What is left of a valid file is valid.
            let (restricted, gated) = gate::restrict(&mut table, &path, agent_dir)?;
            layer_config = restricted;
            refused.extend(gated);
        }
        additive.add(&path, &mut layer_config);
        if layer_config.sessions.store.is_some() {
            store_origin = Some(origin.clone());
        }
        merge::take_additive(&mut table);
        merge::merge(&mut merged, table);
        only = (files.is_empty() && refused.len() == before).then_some(layer_config);
        files.push(ConfigFile {
            path,
            layer,
            trusted,
            applied: true,
        });
    }

    let origin = match files.as_slice() {
        [] => "<no config>".to_owned(),
        files => files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect::<Vec<_>>()
            .join(" + "),
    };
    // One file read whole is already parsed; otherwise the merge is read.
    let mut config = match only.filter(|_| files.len() == 1) {
        Some(config) => config,
        None => HostConfig::from_table(merged, &origin)?,
    };
    config.origin = origin;
    if store_origin.is_some() {
        config.sessions.store_origin = store_origin;
    }
    additive.apply_to(&mut config);
    Ok(Layered {
        config,
        files,
        refused,
    })
}

/// The file's TOML table and its parse, or every problem in it.
fn read_layer(path: &Path, origin: &str) -> Result<(toml::Table, HostConfig), ConfigError> {
    let text = crate::limits::read_text(path).map_err(|e| ConfigError {
        origin: origin.to_owned(),
        problems: vec![Problem::new("", format!("cannot read the file: {e}"))],
    })?;
    parse_layer(config::table(&text, origin)?, origin)
}

/// The table and its parse, or every problem in it.
fn parse_layer(table: toml::Table, origin: &str) -> Result<(toml::Table, HostConfig), ConfigError> {
    let parsed = HostConfig::from_table(table.clone(), origin)?;
    Ok((table, parsed))
}

fn not_read(file: &Path, problem: &Problem) -> Withheld {
    Withheld::new(
        file,
        problem.path.clone(),
        format!(
            "{}; the file has problems, so none of it applies until they are fixed",
            problem.message
        ),
    )
}

/// The entries that add up over the layers, each resolved against its file.
#[derive(Debug, Default)]
struct Additive {
    rules: Vec<config::ConfigRule>,
    plugin_dirs: Vec<PathBuf>,
    skill_dirs: Vec<PathBuf>,
}

impl Additive {
    /// Takes `config`'s rules and folders; folders are relative to the
    /// file's own folder.
    fn add(&mut self, file: &Path, config: &mut HostConfig) {
        let base = std::path::absolute(file)
            .ok()
            .and_then(|f| f.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        self.rules.append(&mut config.permission_rules);
        self.plugin_dirs
            .extend(config.plugin_dirs.drain(..).map(|d| base.join(d)));
        self.skill_dirs
            .extend(config.skills.dirs.drain(..).map(|d| base.join(d)));
    }

    fn apply_to(self, config: &mut HostConfig) {
        config.permission_rules = self.rules;
        config.plugin_dirs = self.plugin_dirs;
        config.skills.dirs = self.skill_dirs;
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::*;
    use crate::trust::ProjectTrust;

    struct Dirs {
        _tmp: tempfile::TempDir,
        home: PathBuf,
        project: PathBuf,
    }

    fn dirs(user: Option<&str>, project: Option<&str>) -> Dirs {
        let tmp = tempfile::tempdir().expect("tempdir");
        let home = tmp.path().join("home");
        let project_dir = tmp.path().join("project");
        std::fs::create_dir_all(&home).expect("home");
        std::fs::create_dir_all(&project_dir).expect("project");
        if let Some(text) = user {
            std::fs::write(home.join("tackle.toml"), text).expect("writes");
        }
        if let Some(text) = project {
            std::fs::write(project_dir.join("tackle.toml"), text).expect("writes");
        }
        Dirs {
            _tmp: tmp,
            home,
            project: project_dir,
        }
    }

    fn load_as(
        d: &Dirs,
        named: Option<&Path>,
        trust: ProjectTrust,
    ) -> Result<Layered, ConfigError> {
        load_with(d, named, &d.home.join("no-managed-config.toml"), trust)
    }

    fn load_with(
        d: &Dirs,
        named: Option<&Path>,
        managed: &Path,
        trust: ProjectTrust,
    ) -> Result<Layered, ConfigError> {
        let home = OsString::from(d.home.as_os_str());
        let vars = UserVars::from_vars(&d.project, |name| {
            (name == "TACKLE_HOME").then(|| home.clone())
        });
        load(
            &d.project,
            named,
            managed,
            &vars,
            &TrustCheck::given(&d.project, &vars, trust),
            None,
        )
    }

    /// The machine's config at `text`, mode `mode`, beside the dirs.
    #[cfg(unix)]
    fn managed(d: &Dirs, text: &str, mode: u32) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let file = d.home.parent().expect("a parent").join("etc-tackle.toml");
        std::fs::write(&file, text).expect("writes");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).expect("chmod");
        file
    }

    #[cfg(unix)]
    #[test]
    fn the_machine_s_config_wins_over_the_user_s_and_a_trusted_project_s_and_adds_its_rules() {
        let user = "hook_timeout_ms = 500\n[sessions]\nstore = \"redis://mine.example/0\"\n[plugins.guard]\nstrict = false\n";
        let project = "[sessions]\nstore = \"redis://project.example/0\"\n";
        let machine = "[sessions]\nstore = \"redis://team.example/0\"\n[plugins.guard]\nstrict = true\n[[permission_rules]]\ntool = \"Bash\"\npattern = \"curl*\"\naction = \"deny\"\n";
        let d = dirs(Some(user), Some(project));
        let file = managed(&d, machine, 0o644);
        for trust in [ProjectTrust::No, ProjectTrust::Given] {
            let layered = load_with(&d, None, &file, trust).expect("loads");
            let c = &layered.config;
            assert_eq!(c.sessions.store.as_deref(), Some("redis://team.example/0"));
            let origin = file.display().to_string();
            assert_eq!(c.sessions.store_origin.as_deref(), Some(origin.as_str()));
            assert_eq!(c.plugins["guard"], serde_json::json!({"strict": true}));
            assert_eq!(c.hook_timeout_ms, Some(500), "what it leaves is the user's");
            assert!(
                rules(&layered)
                    .iter()
                    .any(|r| r.contains("etc-tackle.toml#0")),
                "{:?}",
                rules(&layered)
            );
            let last = layered.files.last().expect("files");
            assert_eq!((last.layer, last.applied), (Layer::Managed, true));
        }
    }

    /// Claude Code's plugin options are the user's: they apply over the
    /// user's file where an untrusted project's setting does not, and
    /// what was not taken is reported.
    #[test]
    fn the_agent_s_settings_are_the_user_s_over_the_user_s_file() {
        let d = dirs(
            Some("[plugins.doomloop]\nthreshold = 5\n[plugins.guard]\nstrict = true\n"),
            Some("[plugins.doomloop]\nthreshold = 9\n"),
        );
        let table: toml::Table =
            toml::from_str("[plugins.doomloop]\nthreshold = 2\n").expect("TOML");
        let agent = AgentSettings {
            origin: "Claude Code's plugin options".into(),
            table,
            ignored: vec![Withheld::new(
                Path::new(".claude/settings.json"),
                "env.CLAUDE_PLUGIN_OPTION_GUARD_STRICT",
                "named by the project",
            )],
        };
        let home = OsString::from(d.home.as_os_str());
        let vars = UserVars::from_vars(&d.project, |name| {
            (name == "TACKLE_HOME").then(|| home.clone())
        });
        let check = TrustCheck::given(&d.project, &vars, ProjectTrust::No);
        let none = d.home.join("none.toml");
        let layered = load(&d.project, None, &none, &vars, &check, Some(&agent)).expect("loads");
        let c = &layered.config;
        assert_eq!(
            c.plugins["doomloop"],
            serde_json::json!({"threshold": 2}),
            "the agent's over the user's, the untrusted project's withheld"
        );
        assert_eq!(c.plugins["guard"], serde_json::json!({"strict": true}));
        let layers: Vec<Layer> = layered.files.iter().map(|f| f.layer).collect();
        assert_eq!(layers, [Layer::User, Layer::Agent, Layer::Project]);
        assert!(
            layered
                .refused
                .iter()
                .any(|w| w.to_string().contains("CLAUDE_PLUGIN_OPTION_GUARD_STRICT")),
            "{:?}",
            layered.refused
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_machine_s_config_others_may_write_stops_the_host_naming_it() {
        let d = dirs(
            Some("[sessions]\nstore = \"redis://mine.example/0\"\n"),
            None,
        );
        let file = managed(
            &d,
            "[sessions]\nstore = \"redis://planted.example/0\"\n",
            0o666,
        );
        let error = load_with(&d, None, &file, ProjectTrust::No).expect_err("refused");
        assert_eq!(error.origin, file.display().to_string());
        let said = error.to_string();
        assert!(
            said.contains("written by others") && said.contains("666"),
            "{said}"
        );
    }
    const USER: &str = r#"
        enabled = ["guard", "metrics"]
        hook_timeout_ms = 500
        plugin_dirs = ["mine"]
        [[permission_rules]]
        tool = "Bash"
        pattern = "sudo*"
        action = "deny"
        [plugins.guard]
        deny = ["rm"]
        strict = true
    "#;

    const PROJECT: &str = r#"
        enabled = ["metrics"]
        plugin_dirs = ["tools"]
        [[permission_rules]]
        tool = "*"
        action = "allow"
        [[permission_rules]]
        tool = "Bash"
        pattern = "npm publish*"
        action = "deny"
        [plugins.guard]
        deny = []
    "#;

    fn rules(layered: &Layered) -> Vec<String> {
        layered
            .config
            .permission_rules
            .iter()
            .map(|r| {
                format!(
                    "{}#{} {}",
                    Path::new(&r.origin)
                        .file_name()
                        .map(|n| n.to_string_lossy())
                        .unwrap_or_default(),
                    r.index,
                    r
                )
            })
            .collect()
    }

    #[test]
    fn the_session_store_is_the_user_s_and_named_by_its_file_until_the_project_is_trusted() {
        let user = "[sessions]\nstore = \"redis://10.0.0.5/0\"\nmax_sessions = 9\n";
        let project = "[sessions]\nstore = \"redis://planted.example/0\"\n";
        let d = dirs(Some(user), Some(project));
        let layered = load_as(&d, None, ProjectTrust::No).expect("loads");
        let sessions = &layered.config.sessions;
        assert_eq!(sessions.store.as_deref(), Some("redis://10.0.0.5/0"));
        let user_file = d.home.join("tackle.toml").display().to_string();
        assert_eq!(sessions.store_origin.as_deref(), Some(user_file.as_str()));
        assert!(
            layered.refused.iter().any(|r| r.item == "sessions"),
            "{:?}",
            layered.refused
        );
        // Trusted, the project's store is the one, named by its file.
        let layered = load_as(&d, None, ProjectTrust::Given).expect("loads");
        let sessions = &layered.config.sessions;
        assert_eq!(sessions.store.as_deref(), Some("redis://planted.example/0"));
        assert_eq!(sessions.max_sessions, Some(9), "the user's limit stays");
        let project_file = d.project.join("tackle.toml").display().to_string();
        assert_eq!(
            sessions.store_origin.as_deref(),
            Some(project_file.as_str())
        );
    }

    #[test]
    fn an_untrusted_project_adds_its_denies_and_nothing_else() {
        let d = dirs(Some(USER), Some(PROJECT));
        let layered = load_as(&d, None, ProjectTrust::No).expect("loads");
        let c = &layered.config;
        assert_eq!(
            c.enabled,
            Some(vec!["guard".to_owned(), "metrics".to_owned()])
        );
        assert_eq!(c.hook_timeout_ms, Some(500));
        assert_eq!(
            c.plugin_dirs,
            [d.home.join("mine")],
            "relative to the user's file"
        );
        assert_eq!(
            c.plugins["guard"],
            serde_json::json!({"deny": ["rm"], "strict": true})
        );
        assert_eq!(
            rules(&layered),
            [
                "tackle.toml#0 deny Bash \"sudo*\"",
                "tackle.toml#1 deny Bash \"npm publish*\""
            ]
        );
        let refused: Vec<&str> = layered.refused.iter().map(|r| r.item.as_str()).collect();
        assert_eq!(
            refused,
            [
                "enabled",
                "plugin_dirs",
                "plugins.guard",
                "permission_rules[0]"
            ]
        );
        let layers: Vec<(Layer, bool)> =
            layered.files.iter().map(|f| (f.layer, f.trusted)).collect();
        assert_eq!(layers, [(Layer::User, true), (Layer::Project, false)]);
        assert_eq!(
            c.origin,
            format!(
                "{} + {}",
                d.home.join("tackle.toml").display(),
                d.project.join("tackle.toml").display()
            )
        );
    }

    #[test]
    fn a_trusted_project_merges_over_the_user() {
        let d = dirs(Some(USER), Some(PROJECT));
        let layered = load_as(&d, None, ProjectTrust::Given).expect("loads");
        let c = &layered.config;
        assert!(layered.refused.is_empty(), "{:?}", layered.refused);
        assert_eq!(
            c.enabled,
            Some(vec!["metrics".to_owned()]),
            "the later list, whole"
        );
        assert_eq!(
            c.hook_timeout_ms,
            Some(500),
            "kept: the project does not set it"
        );
        assert_eq!(
            c.plugin_dirs,
            [d.home.join("mine"), d.project.join("tools")]
        );
        assert_eq!(
            c.plugins["guard"],
            serde_json::json!({"deny": [], "strict": true}),
            "key by key"
        );
        assert_eq!(rules(&layered).len(), 3);
    }

    #[test]
    fn a_named_config_replaces_the_project_s_and_has_full_powers() {
        let d = dirs(None, Some(PROJECT));
        let named = d.home.join("named.toml");
        std::fs::write(&named, "enabled = [\"textkit\"]\n").expect("writes");
        let layered = load_as(&d, Some(&named), ProjectTrust::No).expect("loads");
        assert_eq!(layered.config.enabled, Some(vec!["textkit".to_owned()]));
        assert!(layered.refused.is_empty() && layered.config.permission_rules.is_empty());
        assert_eq!(layered.files[0].layer, Layer::Named);
        assert_eq!(layered.config.origin, named.display().to_string());
    }

    #[test]
    fn a_broken_file_stops_the_host_unless_it_is_an_untrusted_project_s() {
        let broken = "enabled = [1]\n[[permission_rules]]\ntool = \"Bash\"\naction = \"deny\"\n";
        let d = dirs(
            Some("[[permission_rules]]\ntool = \"Read\"\naction = \"ask\"\n"),
            Some(broken),
        );
        let layered = load_as(&d, None, ProjectTrust::No).expect("the user's config still loads");
        assert_eq!(rules(&layered), ["tackle.toml#0 ask Read"]);
        assert_eq!(layered.refused.len(), 1);
        assert!(
            layered.refused[0]
                .to_string()
                .ends_with("`enabled[0]` is not applied: expected a plugin id, found 1; the file has problems, so none of it applies until they are fixed"),
            "{}",
            layered.refused[0]
        );
        let applied: Vec<bool> = layered.files.iter().map(|f| f.applied).collect();
        assert_eq!(applied, [true, false]);
        let e = load_as(&d, None, ProjectTrust::Given).expect_err("trusted: an error");
        assert_eq!(
            e.origin,
            d.project.join("tackle.toml").display().to_string()
        );

        let d = dirs(Some(broken), None);
        let e = load_as(&d, None, ProjectTrust::No).expect_err("the user's own: an error");
        assert!(e.to_string().contains("`enabled[0]`"), "{e}");
    }

    #[test]
    fn run_in_the_tackle_folder_the_file_is_read_once_as_the_user_s() {
        let d = dirs(None, Some("enabled = [\"metrics\"]\n"));
        let home = OsString::from(d.project.as_os_str());
        let vars = UserVars::from_vars(&d.project, |name| {
            (name == "TACKLE_HOME").then(|| home.clone())
        });
        let check = TrustCheck::given(&d.project, &vars, ProjectTrust::No);
        let none = d.home.join("none.toml");
        let layered = load(&d.project, None, &none, &vars, &check, None).expect("loads");
        assert_eq!(layered.files.len(), 1);
        assert_eq!(
            (layered.files[0].layer, layered.files[0].trusted),
            (Layer::User, true)
        );
        assert_eq!(layered.config.enabled, Some(vec!["metrics".to_owned()]));
    }
}
