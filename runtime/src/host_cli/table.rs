//! Plain aligned text tables for terminals.

/// Renders rows under a header, columns padded to their widest cell; the
/// last column is not padded.
pub(crate) fn render(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(cell.chars().count());
            }
        }
    }
    let mut out = String::new();
    let mut line = |cells: Vec<&str>| {
        let last = cells.len().saturating_sub(1);
        let mut text = String::new();
        for (i, cell) in cells.into_iter().enumerate() {
            if i == last {
                text.push_str(cell);
            } else {
                text.push_str(&format!("{cell:<width$}  ", width = widths[i]));
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    };
    line(header.to_vec());
    for row in rows {
        line(row.iter().map(String::as_str).collect());
    }
    out
}

/// Appends a table after a blank line: `rows` under `header`, or nothing
/// where there are none.
pub(crate) fn push_section(out: &mut String, header: &[&str], rows: &[Vec<String>]) {
    if !rows.is_empty() {
        out.push('\n');
        out.push_str(&render(header, rows));
    }
}

/// A cell's text, or `-` for an empty one.
pub(crate) fn or_dash(text: String) -> String {
    if text.is_empty() {
        "-".to_owned()
    } else {
        text
    }
}

/// The first line of a description: the same helper export's manifests
/// and command files use, so a listing and a package show the same line.
pub(crate) use crate::agents::export::first_line;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let text = render(
            &["A", "BB", "C"],
            &[vec!["xxx".into(), "y".into(), "z z".into()]],
        );
        assert_eq!(text, "A    BB  C\nxxx  y   z z\n");
    }
}
