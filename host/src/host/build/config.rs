//! The first step of a build: the host's config, from the source the
//! builder was given, with what the trust gate refused of it.

use std::path::{Path, PathBuf};

use crate::config::HostConfig;
use crate::host::HostError;
use crate::trust::{self, AgentSettings, ConfigFile, TrustCheck, UserVars, Withheld};

/// Where the config comes from.
#[derive(Debug)]
pub(super) enum ConfigSource {
    File(PathBuf),
    Text {
        text: String,
        origin: String,
    },
    Parsed(Box<HostConfig>),
    /// The command line's layers (see [`trust`](crate::trust)).
    Standard {
        named: Option<PathBuf>,
        /// The settings made in the agent that started the process.
        agent: Option<AgentSettings>,
    },
}

/// The config the host runs with, and the files it was read from (only
/// the layered config has several).
pub(super) struct Settled {
    pub(super) config: HostConfig,
    pub(super) files: Vec<ConfigFile>,
}

/// Reads the config; what the trust gate did not apply goes to `refused`.
pub(super) fn settle(
    source: Option<ConfigSource>,
    agent_dir: &Path,
    vars: &UserVars,
    trust: &TrustCheck<'_>,
    refused: &mut Vec<Withheld>,
) -> Result<Settled, HostError> {
    let config = match source {
        None => HostConfig {
            origin: "<no config>".into(),
            ..HostConfig::default()
        },
        Some(ConfigSource::File(path)) => HostConfig::load(&path)?,
        Some(ConfigSource::Text { text, origin }) => HostConfig::parse(&text, &origin)?,
        Some(ConfigSource::Parsed(config)) => *config,
        Some(ConfigSource::Standard { named, agent }) => {
            let managed = Path::new(trust::managed::MANAGED_CONFIG);
            let layered = trust::load(
                agent_dir,
                named.as_deref(),
                managed,
                vars,
                trust,
                agent.as_ref(),
            )?;
            refused.extend(layered.refused);
            return Ok(Settled {
                config: layered.config,
                files: layered.files,
            });
        }
    };
    Ok(Settled {
        config,
        files: Vec::new(),
    })
}
