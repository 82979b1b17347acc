//! The cron dialect of tackle, in one place: `#[cron]` and `plugin! {
//! cron_jobs }` check expressions and zones at compile time with these
//! functions, and the scheduler computes fire times with them at run time,
//! so the two can never disagree.
//!
//! **Dialect.** Five fields, `minute hour day-of-month month day-of-week`
//! (Vixie cron), parsed by [`croner`]: no seconds field, no year field;
//! ranges, lists and steps (`1-5`, `1,15`, `*/10`); names (`MON`, `JAN`);
//! croner's `L` (last), `W` (nearest weekday) and `#` (nth weekday);
//! nicknames `@yearly`, `@monthly`, `@weekly`, `@daily`, `@hourly`. When both
//! day fields are restricted, a day matching either runs (Vixie's OR).
//!
//! **Zones.** IANA names (`Europe/Paris`) from [`chrono_tz`]; no zone means
//! UTC. Daylight-saving changes follow croner: a fixed-time job whose time
//! falls in a skipped hour runs at the first valid minute after the gap on
//! that day; in a repeated hour it runs once, at the first occurrence.
//! Wildcard and step jobs skip the minutes that do not exist and run on each
//! repeated one.
//!
//! [`Schedule`] is an expression read in a zone, [`expression_of`] and
//! [`zone`] check the two parts alone, and [`ScheduleError`] says what to
//! write instead:
//!
//! ```
//! use tackle_spec::cron::chrono::{TimeZone, Utc};
//! use tackle_spec::cron::{Schedule, ScheduleError};
//!
//! // 03:00 on weekdays, Paris time (UTC+1 in January).
//! let schedule = Schedule::parse("0 3 * * MON-FRI", Some("Europe/Paris")).unwrap();
//! let friday_noon = Utc.with_ymd_and_hms(2027, 1, 8, 12, 0, 0).unwrap();
//! let next = schedule.next_after(friday_noon).unwrap();
//! assert_eq!(next, Utc.with_ymd_and_hms(2027, 1, 11, 2, 0, 0).unwrap()); // Monday
//! assert_eq!(schedule.local(next), "2027-01-11T03:00:00+01:00");
//!
//! let seconds = Schedule::parse("0 0 3 * * *", None).unwrap_err();
//! assert!(seconds.to_string().contains("no seconds field"), "{seconds}");
//! assert!(matches!(Schedule::parse("0 3 * * *", Some("Europe/Pariss")), Err(ScheduleError::Zone(_))));
//! ```

use std::fmt;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use croner::Cron;
use croner::parser::{CronParser, Seconds, Year};

pub use chrono;
pub use chrono_tz;

/// A checked schedule: an expression and the zone it is read in.
///
/// ```
/// use tackle_spec::cron::Schedule;
/// use tackle_spec::cron::chrono::{TimeZone, Utc};
///
/// let nightly = Schedule::parse("@daily", None).unwrap();
/// assert_eq!(nightly.zone(), tackle_spec::cron::chrono_tz::Tz::UTC);
/// let t = Utc.with_ymd_and_hms(2027, 3, 1, 0, 0, 0).unwrap();
/// // Strictly after: a fire time is never returned twice.
/// assert_eq!(nightly.next_after(t), Some(Utc.with_ymd_and_hms(2027, 3, 2, 0, 0, 0).unwrap()));
/// ```
#[derive(Debug, Clone)]
pub struct Schedule {
    cron: Cron,
    zone: Tz,
}

impl Schedule {
    /// Parses `expression` in zone `timezone` (UTC when `None`).
    pub fn parse(expression: &str, timezone: Option<&str>) -> Result<Schedule, ScheduleError> {
        let cron = expression_of(expression)?;
        let zone = match timezone {
            Some(name) => zone(name)?,
            None => Tz::UTC,
        };
        Ok(Schedule { cron, zone })
    }

    /// The zone the expression is read in.
    pub fn zone(&self) -> Tz {
        self.zone
    }

    /// The first fire time strictly after `after`, if there is one before
    /// the year 5000 (croner's limit).
    pub fn next_after(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let local = after.with_timezone(&self.zone);
        self.cron
            .find_next_occurrence(&local, false)
            .ok()
            .map(|t| t.with_timezone(&Utc))
    }

    /// `t` as a wall-clock time in the schedule's zone (RFC 3339, with offset).
    pub fn local(&self, t: DateTime<Utc>) -> String {
        t.with_timezone(&self.zone).to_rfc3339()
    }
}

/// Why an expression or a zone is refused; the message says what to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScheduleError {
    /// The expression does not parse in the dialect.
    Expression(String),
    /// The zone is not an IANA name.
    Zone(String),
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleError::Expression(m) | ScheduleError::Zone(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ScheduleError {}

/// The parser of the dialect: five fields, no seconds, no year.
fn parser() -> CronParser {
    CronParser::builder()
        .seconds(Seconds::Disallowed)
        .year(Year::Disallowed)
        .build()
}

/// Checks an expression alone.
///
/// ```
/// use tackle_spec::cron::expression_of;
///
/// assert!(expression_of("*/15 9-17 * * 1-5").is_ok());
/// let never = expression_of("0 0 30 2 *").unwrap_err(); // 30 February
/// assert!(never.to_string().contains("never fires"), "{never}");
/// let hour = expression_of("0 25 * * *").unwrap_err();
/// assert!(hour.to_string().contains("the hour field `25` is not valid"), "{hour}");
/// ```
pub fn expression_of(expression: &str) -> Result<Cron, ScheduleError> {
    let fields = expression.split_whitespace().count();
    if !expression.trim_start().starts_with('@') && fields != 5 {
        let hint = if fields == 6 {
            "; tackle's cron has no seconds field: drop the first one"
        } else {
            ""
        };
        return Err(ScheduleError::Expression(format!(
            "`{expression}` has {fields} field{}, and a cron expression has five: `minute hour day-of-month month day-of-week`, such as `0 3 * * *` (03:00 every day){hint}",
            if fields == 1 { "" } else { "s" }
        )));
    }
    let cron = parser().parse(expression).map_err(|e| {
        let why = bad_field(expression).unwrap_or_else(|| e.to_string());
        ScheduleError::Expression(format!(
            "`{expression}` is not a valid cron expression ({why}); the fields are `minute hour day-of-month month day-of-week`, such as `30 9 * * 1-5` (09:30 on weekdays)"
        ))
    })?;
    // A pattern that can never fire (`0 0 30 2 *`) parses; refuse it too.
    if cron
        .find_next_occurrence(&DateTime::<Utc>::UNIX_EPOCH, false)
        .is_err()
    {
        return Err(ScheduleError::Expression(format!(
            "`{expression}` never fires (no date matches it)"
        )));
    }
    Ok(cron)
}

/// The first field that fails alone (the others `*`), named with its range.
fn bad_field(expression: &str) -> Option<String> {
    const FIELDS: [(&str, &str); 5] = [
        ("minute", "0-59"),
        ("hour", "0-23"),
        ("day of month", "1-31, L, W"),
        ("month", "1-12 or JAN-DEC"),
        ("day of week", "0-7 or SUN-SAT, L, #"),
    ];
    let fields: Vec<&str> = expression.split_whitespace().collect();
    if fields.len() != 5 {
        return None;
    }
    (0..5).find_map(|i| {
        let mut probe = ["*"; 5];
        probe[i] = fields[i];
        parser().parse(&probe.join(" ")).err().map(|_| {
            let (name, range) = FIELDS[i];
            format!(
                "the {name} field `{}` is not valid: it takes {range}",
                fields[i]
            )
        })
    })
}

/// Checks an IANA zone name, suggesting the nearest one when misspelt.
///
/// ```
/// assert_eq!(tackle_spec::cron::zone("Asia/Tokyo").unwrap().name(), "Asia/Tokyo");
/// let typo = tackle_spec::cron::zone("Europe/Pariss").unwrap_err();
/// assert!(typo.to_string().contains("did you mean `Europe/Paris`?"), "{typo}");
/// ```
pub fn zone(name: &str) -> Result<Tz, ScheduleError> {
    if let Ok(tz) = name.parse::<Tz>() {
        return Ok(tz);
    }
    let near = chrono_tz::TZ_VARIANTS
        .iter()
        .map(|tz| {
            (
                strsim::jaro_winkler(&name.to_lowercase(), &tz.name().to_lowercase()),
                tz.name(),
            )
        })
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n);
    Err(ScheduleError::Zone(match near {
        Some(near) => format!("unknown time zone `{name}`; did you mean `{near}`?"),
        None => format!(
            "unknown time zone `{name}`; use an IANA name such as `Europe/Paris`, `America/New_York` or `UTC`"
        ),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("a time")
            .with_timezone(&Utc)
    }

    #[test]
    fn five_fields_only() {
        assert!(expression_of("0 3 * * *").is_ok());
        assert!(expression_of("@daily").is_ok());
        let six = expression_of("0 0 3 * * *").expect_err("six fields");
        assert!(six.to_string().contains("no seconds field"), "{six}");
        assert!(expression_of("0 3 * *").is_err());
        let e = expression_of("61 3 * * *").expect_err("minute 61");
        assert!(
            e.to_string()
                .contains("the minute field `61` is not valid: it takes 0-59"),
            "{e}"
        );
        assert!(expression_of("0 0 30 2 *").is_err(), "never fires");
    }

    #[test]
    fn zones_with_suggestions() {
        assert!(zone("Europe/Paris").is_ok());
        let e = zone("Europe/Pariss").expect_err("misspelt");
        assert_eq!(
            e.to_string(),
            "unknown time zone `Europe/Pariss`; did you mean `Europe/Paris`?"
        );
    }

    #[test]
    fn next_in_zone() {
        let s = Schedule::parse("0 3 * * *", Some("Europe/Paris")).expect("valid");
        // 03:00 Paris in January is 02:00 UTC.
        assert_eq!(
            s.next_after(at("2026-01-10T12:00:00Z")),
            Some(at("2026-01-11T02:00:00Z"))
        );
    }

    fn run_times(expr: &str, zone: &str, from: &str, n: usize) -> Vec<String> {
        let s = Schedule::parse(expr, Some(zone)).expect("valid");
        let mut t = at(from);
        (0..n)
            .map(|_| {
                t = s.next_after(t).expect("a next time");
                s.local(t)
            })
            .collect()
    }

    #[test]
    fn wildcard_jobs_skip_the_missing_hour_and_repeat_the_doubled_one() {
        // 2026-03-29, Paris: 02:00 CET jumps to 03:00 CEST.
        assert_eq!(
            run_times("*/30 * * * *", "Europe/Paris", "2026-03-29T00:00:00Z", 3),
            [
                "2026-03-29T01:30:00+01:00",
                "2026-03-29T03:00:00+02:00",
                "2026-03-29T03:30:00+02:00"
            ]
        );
        // 2026-10-25, Paris: 03:00 CEST falls back to 02:00 CET.
        assert_eq!(
            run_times("*/30 * * * *", "Europe/Paris", "2026-10-24T23:45:00Z", 5),
            [
                "2026-10-25T02:00:00+02:00",
                "2026-10-25T02:30:00+02:00",
                "2026-10-25T02:00:00+01:00",
                "2026-10-25T02:30:00+01:00",
                "2026-10-25T03:00:00+01:00",
            ]
        );
    }

    #[test]
    fn fixed_time_jobs_run_once_across_both_changes() {
        assert_eq!(
            run_times("30 2 * * *", "Europe/Paris", "2026-03-28T12:00:00Z", 2),
            ["2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00"]
        );
        assert_eq!(
            run_times("30 2 * * *", "Europe/Paris", "2026-10-24T12:00:00Z", 2),
            ["2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"]
        );
    }
}
