//! An `ask` from the hooks, put to the client's user through MCP
//! elicitation when the client offers it.

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{ClientCapabilities, ElicitRequestParams, ElicitationAction, ElicitationSchema};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::client::Via;
use super::served::input::QuestionFrom;
use tackle_host::{Approval, Approver};

/// Asks the client's user to approve a call.
#[derive(Debug)]
pub(crate) struct Elicit {
    via: Via,
    /// Cancelled when the client closes its input: no answer can come.
    input_closed: CancellationToken,
}

impl Elicit {
    /// An approver, if the client offers elicitation (at `initialize`, or
    /// on 2026-07-28 in the request's `_meta`); without one an ask refuses
    /// the call.
    pub(crate) fn for_client(
        via: &Via,
        capabilities: Option<&ClientCapabilities>,
        input_closed: &CancellationToken,
    ) -> Option<Elicit> {
        capabilities?.elicitation.as_ref()?;
        Some(Elicit {
            via: via.clone(),
            input_closed: input_closed.clone(),
        })
    }
}

impl Approver for Elicit {
    fn approve<'a>(
        &'a self,
        tool: &'a str,
        arguments: &'a Value,
        reason: Option<&'a str>,
    ) -> Pin<Box<dyn Future<Output = Approval> + Send + 'a>> {
        Box::pin(async move {
            let mut message = format!(
                "Allow the tool `{tool}` to run with {}?",
                shortened(&arguments.to_string())
            );
            if let Some(reason) = reason {
                message.push_str("\n\n");
                message.push_str(reason);
            }
            let origin = QuestionFrom::Approval {
                arguments: arguments.clone(),
                question: message.clone(),
            };
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message,
                requested_schema: ElicitationSchema::builder().build_unchecked(),
            };
            let answer = tokio::select! {
                answer = self.via.elicit(params, origin, None) => answer,
                () = self.input_closed.cancelled() => {
                    return Approval::Refused(
                        "the client closed its input before the user answered".to_owned(),
                    );
                }
            };
            match answer {
                Ok(answer) => match answer.action {
                    ElicitationAction::Accept => Approval::Approved,
                    ElicitationAction::Decline => Approval::Refused("the user declined".to_owned()),
                    _ => Approval::Refused("the user cancelled".to_owned()),
                },
                Err(e) => Approval::Refused(e),
            }
        })
    }
}

/// The most of the arguments a question shows.
const SHOWN: usize = 1_000;

/// `text`, cut at a character boundary near [`SHOWN`] bytes, with a marker.
fn shortened(text: &str) -> String {
    if text.len() <= SHOWN {
        return text.to_owned();
    }
    let mut end = SHOWN;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes in all)", &text[..end], text.len())
}

#[cfg(test)]
mod tests {
    use super::shortened;

    #[test]
    fn long_arguments_are_cut_at_a_character() {
        assert_eq!(shortened("{\"a\":1}"), "{\"a\":1}");
        let long = "é".repeat(700);
        let cut = shortened(&long);
        assert!(cut.ends_with("… (1400 bytes in all)"), "{cut}");
        assert_eq!(cut.chars().filter(|&c| c == 'é').count(), 500);
    }
}
