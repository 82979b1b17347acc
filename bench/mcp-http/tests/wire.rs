//! Reading a server's answer: JSON or an event stream, the response with
//! the call's id found among notifications and priming events, and a wrong
//! answer refused.

use bench_mcp_http::server::{ServerSpec, stat_cpu, status_kib};
use bench_mcp_http::wire::{CallResult, find_response};

const ANSWER: &str = r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"12"}],"structuredContent":{"result":12},"isError":false}}"#;

#[test]
fn a_json_answer_is_read_and_checked() {
    let result: CallResult = find_response(ANSWER.as_bytes(), false, 7).expect("the response");
    assert_eq!(result.check(12), Ok(()));
    let wrong = result.check(13).expect_err("12 is not 13");
    assert!(wrong.contains("expected the text 13"), "{wrong}");
}

#[test]
fn an_event_stream_answer_skips_priming_events_and_notifications() {
    let stream = format!(
        "id: 0\r\nretry: 3000\r\ndata:\r\n\r\n\
         event: message\r\ndata: {{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{}}}}\r\n\r\n\
         id: 1\r\nevent: message\r\ndata: {ANSWER}\r\n\r\n"
    );
    let result: CallResult = find_response(stream.as_bytes(), true, 7).expect("the response");
    assert_eq!(result.check(12), Ok(()));
    let other: Result<CallResult, _> = find_response(stream.as_bytes(), true, 8);
    assert!(other.expect_err("no id 8").contains("no response 8"));
}

#[test]
fn an_error_response_and_a_wrong_structured_result_are_errors() {
    let error = r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"bad a"}}"#;
    let read: Result<CallResult, _> = find_response(error.as_bytes(), false, 2);
    assert_eq!(read.expect_err("an error"), "error -32602: bad a");

    let half = r#"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"5"}],"structuredContent":{"result":6}}}"#;
    let result: CallResult = find_response(half.as_bytes(), false, 3).expect("a result");
    let why = result.check(5).expect_err("structured 6 is not 5");
    assert!(why.contains("structured"), "{why}");

    let failed = r#"{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"boom"}],"isError":true}}"#;
    let result: CallResult = find_response(failed.as_bytes(), false, 4).expect("a result");
    assert!(
        result
            .check(5)
            .expect_err("a tool error")
            .contains("the tool failed")
    );
}

#[test]
fn server_specs_need_a_label_and_a_port_placeholder() {
    let spec = ServerSpec::parse("tackle=bin mcp --http 127.0.0.1:{port}").expect("a spec");
    assert_eq!(spec.label, "tackle");
    assert_eq!(spec.command, "bin mcp --http 127.0.0.1:{port}");
    assert!(ServerSpec::parse("tackle=bin mcp").is_err());
    assert!(ServerSpec::parse("=bin {port}").is_err());
    assert!(ServerSpec::parse("bin {port}").is_err());
}

#[test]
fn peak_memory_is_read_from_proc_status_lines() {
    let status = "Name:\tnode\nVmPeak:\t  900 kB\nVmHWM:\t   81234 kB\nVmRSS:\t   80000 kB\n";
    assert_eq!(status_kib(status, "VmHWM"), Some(81234));
    assert_eq!(status_kib(status, "VmRSS"), Some(80000));
    assert_eq!(status_kib(status, "VmSwap"), None);
}

#[test]
fn cpu_time_is_user_plus_system_ticks_after_the_command_name() {
    // A command name with a space and a parenthesis, as a process may set.
    let stat =
        "4242 (mcp (x) srv) S 1 4242 4242 0 -1 4194304 512 0 0 0 150 27 0 0 20 0 3 0 100 1000 200";
    assert_eq!(stat_cpu(stat), Some(std::time::Duration::from_millis(1770)));
    assert_eq!(stat_cpu("4242 (srv) S 1 2"), None);
    assert_eq!(stat_cpu("no parenthesis here"), None);
}
