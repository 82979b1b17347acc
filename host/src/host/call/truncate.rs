//! Capping a tool's text output, visibly.

use tackle::{Content, ToolResult};

/// Cuts the text parts of `result` so that together they hold at most
/// `max_bytes` bytes (at a character boundary), and appends a marker saying
/// how much was cut. Structured content is the same data as the text, so a
/// result that is cut loses it too (the marker says so) rather than smuggle
/// the whole output past the cap; images are left alone.
pub fn truncate_output(result: &mut ToolResult, max_bytes: usize) {
    let total: usize = result
        .content
        .iter()
        .map(|c| match c {
            Content::Text { text } => text.len(),
            Content::Image { .. }
            | Content::Audio { .. }
            | Content::Resource { .. }
            | Content::ResourceLink { .. } => 0,
        })
        .sum();
    if total <= max_bytes {
        return;
    }
    let dropped_structured = result.structured_content.take().is_some();
    let mut budget = max_bytes;
    let mut marked = false;
    result.content.retain_mut(|part| {
        let Content::Text { text } = part else {
            return true;
        };
        if marked {
            return false;
        }
        if text.len() <= budget {
            budget -= text.len();
            return true;
        }
        let cut = text.floor_char_boundary(budget);
        text.truncate(cut);
        text.push_str(&format!(
            "\n[output truncated by tackle: {} of {total} bytes shown{}]",
            max_bytes - budget + cut,
            if dropped_structured {
                "; structured content omitted"
            } else {
                ""
            }
        ));
        marked = true;
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_output_is_untouched() {
        let mut r = ToolResult::text("hello");
        truncate_output(&mut r, 5);
        assert_eq!(r.text_content(), "hello");
    }

    #[test]
    fn long_output_is_cut_with_a_marker() {
        let mut r = ToolResult::text("abcdefghij");
        truncate_output(&mut r, 4);
        assert_eq!(
            r.text_content(),
            "abcd\n[output truncated by tackle: 4 of 10 bytes shown]"
        );
    }

    #[test]
    fn cuts_at_a_char_boundary() {
        let mut r = ToolResult::text("ééé");
        truncate_output(&mut r, 3);
        assert_eq!(
            r.text_content(),
            "é\n[output truncated by tackle: 2 of 6 bytes shown]"
        );
    }

    #[test]
    fn structured_content_goes_with_a_cut() {
        let mut big = ToolResult::text("{\"a\":\"xxxxxxxx\"}")
            .with_structured(serde_json::json!({"a": "xxxxxxxx"}));
        truncate_output(&mut big, 5);
        assert_eq!(big.structured_content, None);
        assert_eq!(
            big.text_content(),
            "{\"a\":\n[output truncated by tackle: 5 of 16 bytes shown; structured content omitted]"
        );
        let mut small = ToolResult::text("{}").with_structured(serde_json::json!({}));
        truncate_output(&mut small, 5);
        assert_eq!(small.structured_content, Some(serde_json::json!({})));
    }

    #[test]
    fn later_parts_are_dropped_after_the_cut() {
        let mut r = ToolResult::text("aaaa").with_text("bbbb").with_text("cccc");
        truncate_output(&mut r, 6);
        assert_eq!(r.content.len(), 2);
        assert_eq!(
            r.text_content(),
            "aaaa\nbb\n[output truncated by tackle: 6 of 12 bytes shown]"
        );
    }
}
