//! Capping a tool's text output, visibly.

use tackle::{Content, ToolResult};

/// Cuts the text parts of `result` so that together they hold at most
/// `max_bytes` bytes (at a character boundary), and appends a marker saying
/// how much was cut. Images and structured content are left alone.
pub fn truncate_output(result: &mut ToolResult, max_bytes: usize) {
    let total: usize = result
        .content
        .iter()
        .map(|c| match c {
            Content::Text { text } => text.len(),
            Content::Image { .. } => 0,
        })
        .sum();
    if total <= max_bytes {
        return;
    }
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
            "\n[output truncated by tackle: {} of {total} bytes shown]",
            max_bytes - budget + cut
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
