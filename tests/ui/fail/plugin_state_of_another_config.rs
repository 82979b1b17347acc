use tackle::prelude::*;

tackle::plugin! {
    id: "stateful",
    config: TallyConfig,
    state: Tally,
}

#[tackle::data]
#[derive(Deserialize, JsonSchema, Default)]
pub struct TallyConfig {
    pub start: u32,
}

pub struct Tally;

impl PluginState for Tally {
    type Config = ();

    async fn init(_plugin: &PluginContext) -> Result<Self, BoxError> {
        Ok(Tally)
    }
}

fn main() {}
