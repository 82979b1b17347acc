//! The driver's statistics on samples whose answers are known by hand.

use std::time::Duration;

use bench_mcp_http::stats::{Summary, percentile};

fn us(values: impl IntoIterator<Item = u64>) -> Vec<Duration> {
    values.into_iter().map(Duration::from_micros).collect()
}

#[test]
fn nearest_rank_percentiles_of_one_to_a_hundred() {
    let samples = us(1..=100);
    assert_eq!(percentile(&samples, 50.0), Some(Duration::from_micros(50)));
    assert_eq!(percentile(&samples, 99.0), Some(Duration::from_micros(99)));
    assert_eq!(
        percentile(&samples, 100.0),
        Some(Duration::from_micros(100))
    );
    assert_eq!(percentile(&samples, 1.0), Some(Duration::from_micros(1)));
    assert_eq!(percentile(&samples, 0.5), Some(Duration::from_micros(1)));
}

#[test]
fn the_p99_of_a_thousand_is_the_990th() {
    let samples = us(1..=1000);
    assert_eq!(percentile(&samples, 99.0), Some(Duration::from_micros(990)));
    // 99.9 % of 1000 is 999 exactly, not rounded up to 1000.
    assert_eq!(percentile(&samples, 99.9), Some(Duration::from_micros(999)));
}

#[test]
fn the_median_of_an_even_count_is_the_lower_middle_sample() {
    assert_eq!(
        percentile(&us([10, 20, 30, 40]), 50.0),
        Some(Duration::from_micros(20))
    );
    assert_eq!(
        percentile(&us([10, 20, 30]), 50.0),
        Some(Duration::from_micros(20))
    );
    assert_eq!(percentile(&us([7]), 99.0), Some(Duration::from_micros(7)));
}

#[test]
fn no_samples_or_a_percent_out_of_range_has_no_percentile() {
    assert_eq!(percentile(&[], 50.0), None);
    let samples = us([1, 2, 3]);
    assert_eq!(percentile(&samples, 0.0), None);
    assert_eq!(percentile(&samples, 100.5), None);
    assert_eq!(percentile(&samples, f64::NAN), None);
}

#[test]
fn a_summary_sorts_its_samples_and_rates_them_over_the_window() {
    // 200 samples, shuffled: 100 of 1 ms, 98 of 2 ms, 2 of 50 ms.
    let mut samples = Vec::new();
    for i in 0..100 {
        samples.push(1000);
        if i < 98 {
            samples.push(2000);
        }
        if i % 50 == 0 {
            samples.push(50_000);
        }
    }
    let summary = Summary::of(us(samples), 3, Duration::from_millis(500)).expect("samples");
    assert_eq!(summary.requests, 200);
    assert_eq!(summary.errors, 3);
    assert_eq!(summary.median, Duration::from_millis(1));
    // Rank 198 of 200 is the last 2 ms sample; the two outliers are above it.
    assert_eq!(summary.p99, Duration::from_millis(2));
    assert_eq!(summary.per_second, 400.0);
    assert_eq!(Summary::of(Vec::new(), 1, Duration::from_secs(1)), None);
}
