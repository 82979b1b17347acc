//! `complexity`: a cyclomatic complexity estimate of a snippet.

use tackle::prelude::*;

/// A complexity estimate.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Complexity {
    /// 1 + the number of branch points.
    pub cyclomatic: usize,
    /// Branch points found, by keyword or operator.
    pub branches: Vec<Branch>,
    /// A one-word verdict: `simple`, `moderate`, `complex`.
    pub verdict: String,
}

/// How often one branching construct occurs.
#[tackle::data]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Branch {
    /// The keyword or operator.
    pub token: String,
    /// How many times it occurs.
    pub count: usize,
}

/// Estimate the cyclomatic complexity of a code snippet.
///
/// Counts branch points (`if`, `for`, `while`, `match` arms, `&&`, `||`,
/// `?`, `case`, `catch`) outside comments; a rough guide, not a parser.
#[tool(read_only, idempotent, title = "Complexity estimate")]
fn complexity(
    /// The source code.
    code: String,
) -> Json<Complexity> {
    Json(estimate(&code))
}

const KEYWORDS: &[&str] = &["if", "for", "while", "case", "catch", "elif", "except"];
const OPERATORS: &[&str] = &["&&", "||", "=>", "?"];

/// Estimates the complexity of `code`.
pub fn estimate(code: &str) -> Complexity {
    let mut counts: Vec<(&str, usize)> =
        KEYWORDS.iter().chain(OPERATORS).map(|t| (*t, 0)).collect();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        for word in line.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if let Some(entry) = counts.iter_mut().find(|(t, _)| *t == word) {
                entry.1 += 1;
            }
        }
        for op in OPERATORS {
            if let Some(entry) = counts.iter_mut().find(|(t, _)| t == op) {
                entry.1 += line.matches(op).count();
            }
        }
    }
    let branches: Vec<Branch> = counts
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(token, count)| Branch {
            token: token.to_owned(),
            count,
        })
        .collect();
    let cyclomatic = 1 + branches.iter().map(|b| b.count).sum::<usize>();
    let verdict = match cyclomatic {
        0..=5 => "simple",
        6..=10 => "moderate",
        _ => "complex",
    };
    Complexity {
        cyclomatic,
        branches,
        verdict: verdict.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_code_is_one() {
        assert_eq!(estimate("let x = 1;\nprintln!(\"{x}\");").cyclomatic, 1);
    }

    #[test]
    fn counts_branches_but_not_comments() {
        let c = estimate("if a && b { }\nfor x in y { } // if if if\nlet z = f()?;");
        assert_eq!(c.cyclomatic, 5);
        assert_eq!(c.verdict, "simple");
        assert!(c.branches.iter().any(|b| b.token == "&&" && b.count == 1));
    }
}
