//! Host tests of providers with hand-made declarations: selection, the
//! default, config problems, and factories that fail or panic.

use std::sync::Arc;

use tackle::def::{AnyConfig, BoxFuture, PluginDef, ProviderDef};
use tackle::provider::{Message, Model, Provider, ProviderError, Reply, Request};
use tackle::{PluginInfo, Problem};

use super::ProviderChoiceError;
use crate::host::{Host, HostError, PluginStatus};
use crate::registry::{Defs, Registry, RegistryProblem};
use crate::testing_defs::{self, at};

/// Answers with the last user message.
struct Echo;

impl Provider for Echo {
    fn models(&self) -> Vec<Model> {
        vec![Model::new("echo-1"), Model::new("echo-2")]
    }

    fn complete(&self, request: Request) -> BoxFuture<Result<Reply, ProviderError>> {
        let text = request.last_user_text().unwrap_or_default().to_owned();
        Box::pin(async move { Ok(Reply::text(request.model, text)) })
    }
}

type Built = BoxFuture<Result<Arc<dyn Provider>, String>>;

fn echo(_: Arc<PluginInfo>, _: AnyConfig) -> Built {
    Box::pin(async { Ok(Arc::new(Echo) as Arc<dyn Provider>) })
}

fn refuses(_: Arc<PluginInfo>, _: AnyConfig) -> Built {
    Box::pin(async { Err("no API key in `[plugins.beta]`".to_owned()) })
}

fn panics(_: Arc<PluginInfo>, _: AnyConfig) -> Built {
    Box::pin(async { panic!("the factory blew up") })
}

const fn plugin(id: &'static str, file: &'static str) -> PluginDef {
    PluginDef {
        location: at(file, 1),
        ..testing_defs::plugin(id)
    }
}

const fn provider(
    plugin: &'static PluginDef,
    name: &'static str,
    line: u32,
    build: tackle::provider::ProviderFactory,
) -> ProviderDef {
    ProviderDef {
        plugin,
        name,
        description: "test provider",
        function: name,
        location: at(plugin.location.file, line),
        build,
    }
}

static ALPHA: PluginDef = plugin("alpha", "alpha/src/lib.rs");
static BETA: PluginDef = plugin("beta", "beta/src/lib.rs");
static GAMMA: PluginDef = plugin("gamma", "gamma/src/lib.rs");
static ECHO: ProviderDef = provider(&ALPHA, "echo", 10, echo);
static ECHO_AGAIN: ProviderDef = provider(&BETA, "echo", 20, echo);
static MIRROR: ProviderDef = provider(&BETA, "mirror", 30, echo);
static BROKEN: ProviderDef = provider(&BETA, "broken", 40, refuses);
static PANICKY: ProviderDef = provider(&GAMMA, "panicky", 50, panics);

fn registry(plugins: &[&'static PluginDef], providers: &[&'static ProviderDef]) -> Registry {
    Registry::from_all(Defs {
        plugins: plugins.to_vec(),
        providers: providers.to_vec(),
        ..Defs::default()
    })
    .expect("valid registry")
}

async fn host(registry: Registry, config: &str) -> Result<Host, HostError> {
    Host::builder()
        .registry(registry)
        .config_toml(config, "t.toml")
        .build()
        .await
}

fn config_problems(result: Result<Host, HostError>) -> Vec<Problem> {
    match result {
        Err(HostError::Config(e)) => e.problems,
        Err(other) => panic!("expected a config error, got {other}"),
        Ok(_) => panic!("expected a config error, the host was built"),
    }
}

#[test]
fn duplicate_names_across_plugins_name_both() {
    let err = Registry::from_all(Defs {
        plugins: vec![&ALPHA, &BETA],
        providers: vec![&ECHO_AGAIN, &ECHO],
        ..Defs::default()
    })
    .expect_err("duplicate");
    assert_eq!(err.problems.len(), 1, "{err}");
    assert!(matches!(
        &err.problems[0],
        RegistryProblem::DuplicateItem { kind: "provider", name, first_plugin: "alpha", second_plugin: "beta", .. } if name == "echo"
    ));
    let text = err.to_string();
    assert!(
        text.contains("provider `echo` is declared twice: by plugin `alpha` at alpha/src/lib.rs:10:1 and by plugin `beta` at beta/src/lib.rs:20:1"),
        "{text}"
    );
    assert!(
        text.contains("give one `#[provider(name = \"...\")]`"),
        "{text}"
    );
}

#[tokio::test]
async fn providers_are_listed_and_selected_by_name() {
    let host = host(registry(&[&ALPHA, &BETA], &[&ECHO, &MIRROR]), "")
        .await
        .expect("host");
    let names: Vec<_> = host
        .providers()
        .iter()
        .map(|p| (p.name(), p.plugin()))
        .collect();
    assert_eq!(names, [("echo", "alpha"), ("mirror", "beta")]);
    let echo = host.provider("echo").expect("offered");
    assert_eq!(echo.description(), "test provider");
    assert_eq!(
        echo.models()
            .iter()
            .map(|m| m.id.as_str())
            .collect::<Vec<_>>(),
        ["echo-1", "echo-2"]
    );
    let reply = echo
        .provider()
        .complete(Request::new("echo-1").with_message(Message::user("ping")))
        .await
        .expect("reply");
    assert_eq!(reply.text, "ping");

    let err = host.provider("ecoh").expect_err("unknown");
    assert_eq!(
        err.to_string(),
        "no provider is named `ecoh`; did you mean `echo`? (providers: `echo`, `mirror`)"
    );
    // Two linked, none configured: no default, and the error says how to pick.
    let err = host.default_provider().expect_err("no default");
    assert!(
        matches!(err, ProviderChoiceError::NoDefault { .. }),
        "{err}"
    );
    assert!(
        err.to_string().contains("set `provider = \"...\"`"),
        "{err}"
    );
    assert_eq!(host.default_model(), None);
}

#[tokio::test]
async fn the_only_provider_is_the_default_and_the_config_picks_among_several() {
    let host1 = host(registry(&[&ALPHA], &[&ECHO]), "").await.expect("host");
    assert_eq!(host1.default_provider().expect("default").name(), "echo");
    assert_eq!(host1.default_model(), Some("echo-1"));

    let host2 = host(
        registry(&[&ALPHA, &BETA], &[&ECHO, &MIRROR]),
        "[provider]\nname = \"mirror\"\nmodel = \"echo-2\"\n",
    )
    .await
    .expect("host");
    assert_eq!(host2.default_provider().expect("default").name(), "mirror");
    assert_eq!(host2.default_model(), Some("echo-2"));

    let none = host(registry(&[&ALPHA], &[]), "").await.expect("host");
    assert_eq!(
        none.default_provider().expect_err("none"),
        ProviderChoiceError::NoneLinked
    );
}

#[tokio::test]
async fn a_bad_default_is_a_config_problem_naming_the_known_providers() {
    let problems = config_problems(
        host(
            registry(&[&ALPHA, &BETA], &[&ECHO, &MIRROR]),
            "provider = \"mirorr\"\n",
        )
        .await,
    );
    assert_eq!(problems.len(), 1);
    assert_eq!(
        problems[0].to_string(),
        "`provider`: no provider is named `mirorr`; did you mean `mirror`? (providers: `echo`, `mirror`); `list` shows them with their plugins"
    );

    let problems = config_problems(
        host(
            registry(&[&ALPHA, &BETA], &[&ECHO, &MIRROR]),
            "enabled = [\"alpha\"]\nprovider = \"mirror\"\n",
        )
        .await,
    );
    assert!(
        problems[0]
            .to_string()
            .contains("provider `mirror` belongs to plugin `beta`, which is not enabled"),
        "{}",
        problems[0]
    );

    let problems = config_problems(
        host(
            registry(&[&ALPHA], &[&ECHO]),
            "[provider]\nname = \"echo\"\nmodel = \"echo-3\"\n",
        )
        .await,
    );
    assert_eq!(
        problems[0].to_string(),
        "`provider.model`: provider `echo` does not serve model `echo-3`; did you mean `echo-2`? (it serves: `echo-1`, `echo-2`)"
    );
}

#[tokio::test]
async fn providers_of_plugins_that_are_off_are_not_offered() {
    let host = host(
        registry(&[&ALPHA, &BETA], &[&ECHO, &MIRROR]),
        "enabled = [\"alpha\"]\n",
    )
    .await
    .expect("host");
    assert_eq!(
        host.providers()
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        ["echo"]
    );
    let err = host.provider("mirror").expect_err("off");
    assert_eq!(
        err.to_string(),
        "provider `mirror` belongs to plugin `beta`, which is not in the config's `enabled` list"
    );
}

#[tokio::test]
async fn a_failing_or_panicking_factory_switches_its_plugin_off() {
    crate::quiet_plugin_panics();
    let host = host(
        registry(
            &[&ALPHA, &BETA, &GAMMA],
            &[&ECHO, &MIRROR, &BROKEN, &PANICKY],
        ),
        "provider = \"echo\"\n",
    )
    .await
    .expect("the others run");
    assert_eq!(
        host.providers()
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        ["echo"],
        "a failed plugin offers none of its providers"
    );
    let failures: Vec<(&str, String)> = host
        .failures()
        .map(|(def, problems)| (def.id, problems[0].to_string()))
        .collect();
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert_eq!(failures[0].0, "beta");
    assert_eq!(
        failures[0].1,
        "`plugins.beta`: its provider `broken` (`broken` at beta/src/lib.rs:40:1) failed to start: no API key in `[plugins.beta]`"
    );
    assert_eq!(failures[1].0, "gamma");
    assert!(
        failures[1]
            .1
            .contains("its provider `panicky` (`panicky` at gamma/src/lib.rs:50:1) panicked while starting: the factory blew up"),
        "{}",
        failures[1].1
    );
    assert!(matches!(
        host.plugin("beta").map(|p| p.status()),
        Some(PluginStatus::Failed(_))
    ));
    let err = host.provider("mirror").expect_err("its plugin failed");
    assert!(
        err.to_string()
            .starts_with("provider `mirror` belongs to plugin `beta`, which failed to load: `plugins.beta`: its provider `broken`"),
        "{err}"
    );

    let strict = Host::builder()
        .registry(registry(&[&ALPHA, &BETA], &[&ECHO, &BROKEN]))
        .strict(true)
        .build()
        .await;
    let problems = config_problems(strict);
    assert!(
        problems[0].to_string().contains("failed to start"),
        "{}",
        problems[0]
    );
}
