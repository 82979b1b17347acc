//! Text for the console: wrapping, indenting, section titles.

/// `text` wrapped at word boundaries to `width` columns, indented by `pad`.
pub(crate) fn wrap(text: &str, pad: usize, width: usize) -> String {
    let pad = " ".repeat(pad);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && pad.len() + line.len() + 1 + word.len() > width {
            lines.push(format!("{pad}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(format!("{pad}{line}"));
    }
    lines.join("\n")
}

pub(crate) fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A numbered section title.
pub(crate) fn section(n: u32, title: &str) {
    say!("\n{n}. {title}");
}
