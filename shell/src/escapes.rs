//! Backslash escapes as bash reads them in `$'...'` (and as `echo -e` and
//! `printf` read them in their text): `\n`, `\x2f`, `\057`, `\u00e9`, `\cA`.

/// What `$'...'` means for the escape after a backslash, read from `chars`
/// (the backslash already taken). An unknown escape is kept as written,
/// backslash and all, as bash keeps it.
pub(super) fn escape(chars: &mut std::iter::Peekable<impl Iterator<Item = char>>) -> String {
    let Some(c) = chars.next() else {
        return "\\".to_owned();
    };
    let simple = match c {
        'a' => Some('\x07'),
        'b' => Some('\x08'),
        'e' | 'E' => Some('\x1b'),
        'f' => Some('\x0c'),
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        'v' => Some('\x0b'),
        '\\' | '\'' | '"' | '?' => Some(c),
        _ => None,
    };
    if let Some(simple) = simple {
        return simple.to_string();
    }
    let code = match c {
        '0'..='7' => number(chars, 8, 2, c.to_digit(8)),
        'x' => number(chars, 16, 2, None),
        'u' => number(chars, 16, 4, None),
        'U' => number(chars, 16, 8, None),
        'c' => match chars.next() {
            // `\cA` is the control character of the letter: A & 0x1f.
            Some(letter) => Some(u32::from(letter) & 0x1f),
            None => return "\\c".to_owned(),
        },
        _ => return format!("\\{c}"),
    };
    match code.and_then(char::from_u32) {
        Some(decoded) => decoded.to_string(),
        // `\x` with no digit, or a code that is no character: as written.
        None => format!("\\{c}"),
    }
}

/// Up to `max` more digits of `radix` (after `first`, if the escape began
/// with one), as a number.
fn number(
    chars: &mut std::iter::Peekable<impl Iterator<Item = char>>,
    radix: u32,
    max: usize,
    first: Option<u32>,
) -> Option<u32> {
    let mut value = first;
    for _ in 0..max {
        let Some(digit) = chars.peek().and_then(|c| c.to_digit(radix)) else {
            break;
        };
        chars.next();
        value = Some(
            value
                .unwrap_or(0)
                .saturating_mul(radix)
                .saturating_add(digit),
        );
    }
    value
}

/// `text` with every backslash escape decoded, as `echo -e` and `printf`'s
/// format read it.
pub(super) fn decode(text: &str) -> String {
    let mut chars = text.chars().peekable();
    let mut out = String::with_capacity(text.len());
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.push_str(&escape(&mut chars));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_escape_decodes() {
        for (written, meant) in [
            (r"\x2f", "/"),
            (r"\057", "/"),
            (r"\0", "\0"),
            (r"\u002f", "/"),
            (r"\U0000002F", "/"),
            (r"\n\t\\\'", "\n\t\\'"),
            (r"\cA", "\x01"),
            (r"\x2fetc", "/etc"),
            (r"\q", r"\q"),
            (r"\x", r"\x"),
            (r"\UFFFFFFFF", r"\U"),
            ("end\\", "end\\"),
        ] {
            assert_eq!(decode(written), meant, "{written}");
        }
    }
}
