//! A tool call: the first line names the tool, the rest is its JSON
//! arguments (see `tackle_runtime::fuzzing::tool_call`).
#![no_main]

use tackle_fuzz::{TOOLS, host};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (runtime, host) = host();
    if let Err(e) = runtime.block_on(tackle_runtime::fuzzing::tool_call(host, TOOLS, data)) {
        panic!("{e}");
    }
});
