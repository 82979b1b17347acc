//! `adapters`: the coverage table, for people (a table), for the README
//! (`--markdown`) and for tools (`--json`).

use serde_json::{Value, json};
use tackle::hook::HookPoint;

use super::{exit, output};
use crate::agents::Agent;
use crate::agents::coverage::{self, Delivery};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Print the Markdown table the README shows.
    #[arg(long, conflicts_with = "json")]
    markdown: bool,
    /// Print JSON: for each point, each agent's delivery.
    #[arg(long)]
    json: bool,
}

pub(super) fn run(args: &Args) -> u8 {
    if args.markdown {
        output::write(&coverage::markdown());
    } else if args.json {
        output::write(&format!("{:#}\n", json()));
    } else {
        output::write(&text());
    }
    exit::OK
}

fn json() -> Value {
    let points: Vec<Value> = HookPoint::ALL
        .iter()
        .map(|&point| {
            let agents: serde_json::Map<String, Value> = Agent::ALL
                .iter()
                .map(|&agent| {
                    let mut cell = match coverage::delivery(point, agent) {
                        Delivery::Native(event) => json!({"native": event}),
                        Delivery::Emulated(e) => json!({
                            "emulated": e.event,
                            "when": e.when.map(|(field, value)| json!({field: value})),
                            "how": e.how,
                        }),
                        Delivery::Every => json!("every"),
                        Delivery::Unsupported => Value::Null,
                    };
                    if let (Some(limit), Value::Object(fields)) =
                        (coverage::limit(point, agent), &mut cell)
                    {
                        fields.insert("limit".into(), limit.into());
                    }
                    (agent.name().to_owned(), cell)
                })
                .collect();
            json!({"point": point.name(), "agents": agents})
        })
        .collect();
    json!({ "points": points })
}

fn text() -> String {
    let names: Vec<String> = Agent::ALL.iter().map(|a| a.name().to_uppercase()).collect();
    let mut header = vec!["POINT"];
    header.extend(names.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = HookPoint::ALL
        .iter()
        .map(|&point| {
            let mut row = vec![point.name().to_owned()];
            row.extend(Agent::ALL.iter().map(|&agent| {
                let cell = match coverage::delivery(point, agent) {
                    Delivery::Native(event) => event.to_owned(),
                    Delivery::Emulated(e) => format!("~{}", e.event),
                    Delivery::Every => "*".to_owned(),
                    Delivery::Unsupported => "-".to_owned(),
                };
                match coverage::limit(point, agent) {
                    Some(_) => format!("{cell}!"),
                    None => cell,
                }
            }));
            row
        })
        .collect();
    let mut out = super::table::render(&header, &rows);
    out.push_str(
        "\n~EVENT: emulated at that native event; *: every event; -: not delivered;\n\
         EVENT!: delivered, but not all a hook may answer is taken there.\n\
         `adapters --markdown` explains each emulation and each limit.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_is_in_the_json_and_marked_in_the_text() {
        let table = json();
        let cell = table["points"]
            .as_array()
            .and_then(|points| points.iter().find(|p| p["point"] == "before_tool_call"))
            .map(|point| &point["agents"])
            .expect("the before_tool_call row");
        assert_eq!(cell["cline"]["native"], "PreToolUse");
        assert!(
            cell["cline"]["limit"]
                .as_str()
                .is_some_and(|l| l.contains("ends the whole task")),
            "{cell:#}"
        );
        assert_eq!(cell["claude"], json!({"native": "PreToolUse"}));
        assert!(text().contains("PreToolUse!"));
    }
}
