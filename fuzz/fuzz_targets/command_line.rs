//! A slash-command line, run against the linked commands' typed arguments.
#![no_main]

use tackle_fuzz::{EXPECTED_PANICS, host};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let (runtime, host) = host();
    let run = tackle_runtime::fuzzing::command_line(host, line, EXPECTED_PANICS);
    if let Err(e) = runtime.block_on(run) {
        panic!("{e}");
    }
});
