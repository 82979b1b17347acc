#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tackle_runtime::fuzzing::mcp_line(data));
