//! Assembling what plugins add to the system prompt: each plugin's context
//! files and the text of its `system_prompt` hooks, under a header per
//! plugin, within a total cap, cut visibly.

use tackle::hook::{Outcome, SessionInfo, SystemPrompt};

use super::{Host, LoadState};

/// The default cap on plugin context, in characters (SuperQode's).
pub const CONTEXT_CAP: usize = 16_000;

/// What plugins add to the system prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemContext {
    /// The text to append, already capped (empty if no plugin adds any).
    pub text: String,
    /// How many characters were cut to fit the cap (0 if none).
    pub omitted: usize,
    /// The `system_prompt` dispatch, with any hook failures.
    pub outcome: Outcome,
}

/// The system prompt: the plugins' context for it.
impl Host {
    /// Builds the plugins' part of the system prompt: for each running
    /// plugin in host order, a `## <plugin name>` header, its context files
    /// (JSON fenced), then the text its `system_prompt` hooks return. The
    /// whole is cut to the host's cap (16,000 characters by default) with a
    /// marker saying how much was left out.
    ///
    /// ```rust,standalone_crate
    /// use tackle::prelude::*;
    ///
    /// tackle::plugin! { id: "house", name: "House rules" }
    ///
    /// /// The rules, and the session's model.
    /// #[hook(system_prompt)]
    /// fn rules(ctx: &HookContext) -> String {
    ///     format!("Run the tests before saying you are done ({}).", ctx.model().unwrap_or("?"))
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// use tackle::hook::{SessionInfo, SystemPrompt};
    /// use tackle_host::{Host, Registry};
    ///
    /// let registry = Registry::global().unwrap().only(&["house"]);
    /// let host = Host::builder().registry(registry).build().await.unwrap();
    /// let session = SessionInfo { model: Some("small-1".into()), ..SessionInfo::default() };
    /// let context = host.system_context(SystemPrompt::default(), &session).await;
    /// assert!(context.text.starts_with("## House rules"), "{}", context.text);
    /// assert!(context.text.contains("Run the tests before saying you are done (small-1)."));
    /// assert_eq!(context.omitted, 0);
    /// # }
    /// ```
    pub async fn system_context(
        &self,
        event: SystemPrompt,
        session: &SessionInfo,
    ) -> SystemContext {
        let mut event = event;
        let outcome = self.dispatch_mut(&mut event, session).await;
        let mut sections = Vec::new();
        for plugin in &self.plugins {
            if !matches!(plugin.state, LoadState::Ready { .. }) {
                continue;
            }
            let mut parts: Vec<String> = plugin
                .def
                .context_files
                .iter()
                .map(|file| {
                    let text = file.text.trim();
                    if file.path.to_ascii_lowercase().ends_with(".json") {
                        format!("```json\n{text}\n```")
                    } else {
                        text.to_owned()
                    }
                })
                .collect();
            parts.extend(
                outcome
                    .context
                    .iter()
                    .filter(|c| c.hook.plugin == plugin.def.id)
                    .map(|c| c.text.trim().to_owned()),
            );
            parts.retain(|p| !p.is_empty());
            if !parts.is_empty() {
                sections.push(format!("## {}\n\n{}", plugin.def.name, parts.join("\n\n")));
            }
        }
        let (text, omitted) = cap(&sections.join("\n\n"), self.context_cap);
        SystemContext {
            text,
            omitted,
            outcome,
        }
    }
}

/// `text` cut to at most `limit` characters, marker included.
fn cap(text: &str, limit: usize) -> (String, usize) {
    let total = text.chars().count();
    if total <= limit {
        return (text.to_owned(), 0);
    }
    // The marker's length depends on the number it shows; size it for the
    // worst case (everything omitted) so the result never exceeds the cap.
    let marker = |omitted: usize| {
        format!("\n\n[plugin context truncated: {omitted} of {total} characters omitted]")
    };
    let room = limit.saturating_sub(marker(total).chars().count());
    let omitted = total - room;
    let mut out: String = text.chars().take(room).collect();
    out.push_str(&marker(omitted));
    (out, omitted)
}

#[cfg(test)]
mod tests {
    use super::cap;

    #[test]
    fn text_under_the_cap_is_untouched() {
        assert_eq!(cap("abc", 10), ("abc".to_owned(), 0));
    }

    #[test]
    fn text_over_the_cap_is_cut_visibly_and_never_exceeds_it() {
        let text = "é".repeat(20_000);
        let (out, omitted) = cap(&text, 16_000);
        assert!(out.chars().count() <= 16_000);
        assert!(out.ends_with(&format!(
            "[plugin context truncated: {omitted} of 20000 characters omitted]"
        )));
        assert_eq!(out.chars().filter(|&c| c == 'é').count() + omitted, 20_000);
    }
}
