#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tackle_runtime::fuzzing::hooks_json(data));
