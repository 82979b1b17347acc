// A tiny calculator, the demo's embedded project.
mod parser;

use parser::{Token, tokenize};

fn main() {
    let input = std::env::args().nth(1).unwrap_or_else(|| "1 + 2 * 3".to_owned());
    match evaluate(&input) {
        Ok(value) => println!("{input} = {value}"),
        Err(e) => eprintln!("error: {e}"),
    }
}

/// Evaluates left to right, with `*` and `/` binding tighter.
fn evaluate(input: &str) -> Result<f64, String> {
    let tokens = tokenize(input)?;
    let mut sum = 0.0;
    let mut term = 1.0;
    let mut op = '*';
    for token in tokens {
        match token {
            Token::Number(n) => {
                term = if op == '*' { term * n } else if op == '/' && n != 0.0 { term / n } else { return Err("division by zero".into()) };
            }
            Token::Op(c) if c == '+' || c == '-' => {
                sum += term;
                term = if c == '-' { -1.0 } else { 1.0 };
                op = '*';
            }
            Token::Op(c) => op = c,
        }
    }
    Ok(sum + term)
}
