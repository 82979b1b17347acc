// Turns "1 + 2*3" into tokens.

#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    Number(f64),
    Op(char),
}

pub fn tokenize(input: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut number = String::new();
    for c in input.chars() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            tokens.push(Token::Number(number.parse().map_err(|_| format!("bad number {number}"))?));
            number.clear();
        }
        match c {
            '+' | '-' | '*' | '/' => tokens.push(Token::Op(c)),
            ' ' => {}
            other => return Err(format!("unexpected {other:?}")),
        }
    }
    if !number.is_empty() {
        tokens.push(Token::Number(number.parse().map_err(|_| format!("bad number {number}"))?));
    }
    Ok(tokens)
}
