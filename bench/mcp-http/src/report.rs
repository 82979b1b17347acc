//! The driver's table: every server at every concurrency, rounds side by
//! side, and the first server's ratios to the others within each round.

use std::fmt::Write;
use std::time::Duration;

use crate::stats::Summary;

/// One measurement: a server at a concurrency in a round.
#[derive(Debug, Clone)]
pub struct Cell {
    pub server: String,
    pub clients: usize,
    pub round: usize,
    pub summary: Summary,
    pub peak_rss_kib: u64,
    /// The server's CPU time over the window per call timed in it (every
    /// thread's: the server's own and any it hands calls to).
    pub cpu_per_call: Option<Duration>,
}

fn find<'a>(cells: &'a [Cell], server: &str, clients: usize, round: usize) -> Option<&'a Cell> {
    cells
        .iter()
        .find(|c| c.server == server && c.clients == clients && c.round == round)
}

fn micros(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us >= 10_000.0 {
        format!("{:.1} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

/// Values of the rounds joined with ` / `.
fn rounds<T>(values: impl Iterator<Item = Option<T>>, show: impl Fn(T) -> String) -> String {
    values
        .map(|v| v.map_or_else(|| "–".to_owned(), &show))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The Markdown tables: figures, then ratios of `servers[0]` to the others.
pub fn table(cells: &[Cell], servers: &[String], clients: &[usize], rounds_run: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| server | clients | median | p99 | requests/s | server CPU per call | peak RSS |\n| --- | --- | --- | --- | --- | --- | --- |"
    );
    for &n in clients {
        for server in servers {
            let of = |r| find(cells, server, n, r);
            let _ = writeln!(
                out,
                "| {server} | {n} | {} | {} | {} | {} | {} |",
                rounds(
                    (0..rounds_run).map(|r| of(r).map(|c| c.summary.median)),
                    micros
                ),
                rounds(
                    (0..rounds_run).map(|r| of(r).map(|c| c.summary.p99)),
                    micros
                ),
                rounds(
                    (0..rounds_run).map(|r| of(r).map(|c| c.summary.per_second)),
                    |v| { format!("{v:.0}") }
                ),
                rounds(
                    (0..rounds_run).map(|r| of(r).and_then(|c| c.cpu_per_call)),
                    |d| { format!("{:.1} µs", d.as_secs_f64() * 1e6) }
                ),
                rounds(
                    (0..rounds_run).map(|r| of(r).map(|c| c.peak_rss_kib)),
                    |k| { format!("{:.1} MiB", k as f64 / 1024.0) }
                ),
            );
        }
    }
    let Some((first, others)) = servers.split_first() else {
        return out;
    };
    if others.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "\n| {first} ÷ | clients | requests/s | median | p99 | server CPU per call |\n| --- | --- | --- | --- | --- | --- |"
    );
    for &n in clients {
        for other in others {
            let ratio = |f: fn(&Cell) -> Option<f64>| {
                rounds(
                    (0..rounds_run).map(|r| {
                        Some(f(find(cells, first, n, r)?)? / f(find(cells, other, n, r)?)?)
                    }),
                    |v| format!("{v:.2}"),
                )
            };
            let _ = writeln!(
                out,
                "| {other} | {n} | {} | {} | {} | {} |",
                ratio(|c| Some(c.summary.per_second)),
                ratio(|c| Some(c.summary.median.as_secs_f64())),
                ratio(|c| Some(c.summary.p99.as_secs_f64())),
                ratio(|c| Some(c.cpu_per_call?.as_secs_f64())),
            );
        }
    }
    out
}
