"""A tackle host's MCP server, driven end to end by the official Python client.

Usage (the venv comes from scripts/install-mcp-client.sh):

    target/mcp-client-venv/bin/python tests/mcp/client_e2e.py SERVER_COMMAND [ARG...]
    target/mcp-client-venv/bin/python tests/mcp/client_e2e.py target/debug/tackle-mcp-host mcp
    target/mcp-client-venv/bin/python tests/mcp/client_e2e.py --http target/debug/tackle-mcp-host mcp --http 127.0.0.1:0

With `--http`, the command is a server over Streamable HTTP: it is started
once, in the project folder, and says where it serves on stderr (`serving
MCP on http://...`); each connection is `streamable_http_client` +
`ClientSession` to that URL, and the checks in `HTTP_CHECKS` run.

The server must link the example plugins `metrics` and `textkit` and the
fixture plugin `mcpish` (tests/src/bin/mcp_host.rs does). Each connection is
`stdio_client` + `ClientSession`, as an MCP client application makes it: the
server runs in a fresh project folder (its cwd) with a few files, and
`MCPISH_LOG` names a file that mcpish's hooks and tools append to.

Every check prints `ok NAME (0.01s)` or `FAIL NAME: why`; the last line is
`N passed, N failed`, and the exit code is 1 when any check failed (the
server's stderr is printed then). Uses only `mcp` and the standard library;
about 3 s in all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp import Client, ClientSession, MCPError, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

# The tools each linked plugin offers.
PLUGIN_TOOLS = {
    "metrics": ["count_lines", "complexity", "tree_stats"],
    "textkit": ["word_count", "search", "head", "write_file"],
    "mcpish": ["add", "echo", "steps", "wait", "stubborn", "shout", "boom", "secret", "events", "chatty", "interview", "touch"],
}
# Tools returning `Json<T>`: they declare an output schema.
STRUCTURED = {"count_lines", "complexity", "tree_stats", "word_count", "add", "echo"}
# The protocol revisions the server speaks, each echoed back to a client asking for it.
PROTOCOL_VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
NEWEST_PROTOCOL = "2025-11-25"
# JSON-RPC error codes.
INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601
# No single check may take longer (a hang fails the check, not the whole run).
CHECK_TIMEOUT = 10.0


class CheckFailed(AssertionError):
    """A check's expectation that did not hold."""


class Abort(Exception):
    """The remaining checks cannot run."""


def expect(condition: object, message: str) -> None:
    """Fails the running check with `message` (`assert` would vanish under -O)."""
    if not condition:
        raise CheckFailed(message)


def text_of(result: types.CallToolResult) -> str:
    """The result's text blocks, one per line."""
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


def show(result: types.CallToolResult) -> str:
    return result.model_dump_json(by_alias=True, exclude_none=True)


def expect_ok(result: types.CallToolResult, what: str) -> str:
    expect(not result.is_error, f"{what}: expected a successful result, got {show(result)}")
    return text_of(result)


def expect_error(result: types.CallToolResult, what: str, *fragments: str) -> str:
    expect(result.is_error, f"{what}: expected isError: true, got {show(result)}")
    text = text_of(result)
    for fragment in fragments:
        expect(fragment in text, f"{what}: the error text should contain {fragment!r}, got {text!r}")
    return text


def expect_structured(result: types.CallToolResult, what: str) -> dict[str, Any]:
    """The structured content, which the text block must repeat as JSON."""
    text = expect_ok(result, what)
    data = result.structured_content
    expect(isinstance(data, dict), f"{what}: no structuredContent in {show(result)}")
    try:
        repeated = json.loads(text)
    except ValueError:
        repeated = None
    expect(repeated == data, f"{what}: the text block {text!r} is not the structured content {data!r} as JSON")
    return data


async def wait_until(condition: Callable[[], bool], seconds: float = 2.0) -> bool:
    """Polls `condition` until it holds or `seconds` pass."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await anyio.sleep(0.02)
    return True


class Run:
    """The server command, the project folder, and the checks' outcomes."""

    def __init__(self, command: list[str], tmp: Path) -> None:
        self.command = command
        self.project = tmp / "project"
        self.log = tmp / "mcpish.log"
        self.stderr_path = tmp / "server-stderr.txt"
        self.stderr = open(self.stderr_path, "w+", encoding="utf-8")  # noqa: SIM115
        self.passed: list[str] = []
        self.failed: list[str] = []
        make_project(self.project)
        # Over HTTP: the server process and its URL.
        self.server: subprocess.Popen[bytes] | None = None
        self.url: str | None = None

    def start_http(self) -> None:
        """Starts the server command and waits until it says where it serves."""
        # What stdio_client passes on, as over stdio.
        env = {k: os.environ[k] for k in ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER") if k in os.environ}
        env.update({"MCPISH_LOG": str(self.log), "RUST_BACKTRACE": "0"})
        self.server = subprocess.Popen(  # noqa: S603 - the command is the caller's
            self.command, cwd=self.project, env=env, stdin=subprocess.DEVNULL, stdout=self.stderr, stderr=self.stderr
        )
        deadline = time.monotonic() + CHECK_TIMEOUT
        while time.monotonic() < deadline:
            for line in self.server_stderr().splitlines():
                if line.startswith("serving MCP on "):
                    self.url = line.removeprefix("serving MCP on ").strip()
                    return
            if self.server.poll() is not None:
                break
            time.sleep(0.05)
        raise Abort(f"the server did not say where it serves; stderr:\n{self.server_stderr()}")

    def stop_http(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=CHECK_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.server.kill()

    def log_lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines() if self.log.exists() else []

    def server_stderr(self) -> str:
        self.stderr.flush()
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")

    @asynccontextmanager
    async def connect(self, *, initialize: bool = True, **session_args: Any):
        """A new server process and a session with it (over HTTP, a new session with the server)."""
        if self.url is not None:
            async with streamable_http_client(self.url) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=CHECK_TIMEOUT, **session_args) as session:
                    if initialize:
                        await session.initialize()
                    yield session
            return
        params = StdioServerParameters(
            command=self.command[0],
            args=self.command[1:],
            cwd=str(self.project),
            # The client passes only a few variables (HOME, PATH, ...) on.
            env={"MCPISH_LOG": str(self.log), "RUST_BACKTRACE": "0"},
        )
        async with stdio_client(params, errlog=self.stderr) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=CHECK_TIMEOUT, **session_args) as session:
                if initialize:
                    await session.initialize()
                yield session

    async def check(self, name: str, body: Callable[..., Awaitable[None]], *args: Any) -> None:
        start = time.monotonic()
        try:
            with anyio.fail_after(CHECK_TIMEOUT):
                await body(*args)
        except Exception as e:  # noqa: BLE001 - any surprise fails the check, loudly
            self.fail(name, e)
        else:
            self.passed.append(name)
            print(f"ok {name} ({time.monotonic() - start:.2f}s)", flush=True)

    def fail(self, name: str, error: BaseException) -> None:
        self.failed.append(name)
        error = leaf(error)
        if isinstance(error, CheckFailed):
            print(f"FAIL {name}: {error}", flush=True)
            return
        # Where in this script: the innermost of its own frames.
        here = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == __file__]
        at = f" (at line {here[-1].lineno}: {here[-1].line})" if here else ""
        if isinstance(error, MCPError):
            print(f"FAIL {name}: JSON-RPC error {error.code}: {error.message}{at}", flush=True)
        elif isinstance(error, TimeoutError):
            print(f"FAIL {name}: no answer within {CHECK_TIMEOUT}s{at}", flush=True)
        else:
            print(f"FAIL {name}: {type(error).__name__}: {error}{at}", flush=True)
            traceback.print_exception(error, file=sys.stdout)


def leaf(error: BaseException) -> BaseException:
    """The one error inside the task groups' exception groups, if there is one."""
    while isinstance(getattr(error, "exceptions", None), tuple) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


# --- The project the server works in -------------------------------------------

MAIN_RS = """// entry point
fn main() {

    let x = 1; // TODO tidy
}
"""
NOTES_TXT = "alpha beta\nGamma alpha\n"
README_MD = "# Project\n\nSee notes.txt.\n"


def make_project(root: Path) -> None:
    (root / "src").mkdir(parents=True)
    (root / "src" / "main.rs").write_text(MAIN_RS, encoding="utf-8")
    (root / "notes.txt").write_text(NOTES_TXT, encoding="utf-8")
    (root / "README.md").write_text(README_MD, encoding="utf-8")
    # Skipped by tree_stats (metrics' default skip_dirs).
    (root / "target").mkdir()
    (root / "target" / "built.rs").write_text("fn built() {}\n", encoding="utf-8")


# --- Checks ----------------------------------------------------------------------


async def check_initialize(run: Run) -> None:
    async with run.connect(initialize=False) as session:
        result = await session.initialize()
        expect(
            result.protocol_version == NEWEST_PROTOCOL,
            f"protocolVersion: expected {NEWEST_PROTOCOL}, got {result.protocol_version}",
        )
        name = Path(run.command[0]).name
        expect(result.server_info.name == name, f"serverInfo.name: expected {name!r}, got {result.server_info.name!r}")
        expect(result.server_info.version, "serverInfo.version is empty")
        expect(result.capabilities.tools is not None, f"no tools capability in {result.capabilities}")
        instructions = result.instructions or ""
        for plugin in PLUGIN_TOOLS:
            expect(
                f"- {plugin}" in instructions, f"the instructions do not name the plugin {plugin!r}: {instructions!r}"
            )
        pong = await session.send_ping()
        expect(pong is not None, "ping got no answer")


async def check_protocol_versions(run: Run) -> None:
    """Each revision the client asks for is echoed, and calls work in it."""
    for version in [*PROTOCOL_VERSIONS, "1999-01-01"]:
        async with run.connect(initialize=False) as session:
            request = types.InitializeRequest(
                params=types.InitializeRequestParams(
                    protocol_version=version,
                    capabilities=types.ClientCapabilities(),
                    client_info=types.Implementation(name="client_e2e", version="1"),
                )
            )
            result = await session.send_request(request, types.InitializeResult)
            if version == "1999-01-01":
                expect(
                    result.protocol_version == NEWEST_PROTOCOL,
                    f"an unknown revision should get {NEWEST_PROTOCOL} back, got {result.protocol_version}",
                )
                continue
            expect(
                result.protocol_version == version,
                f"asked for {version}, the server answered {result.protocol_version}",
            )
            session.adopt(result)
            await session.send_notification(types.InitializedNotification())
            sum_ = await session.call_tool("add", {"a": 40, "b": 2})
            expect(sum_.structured_content == {"result": 42}, f"add at {version}: {show(sum_)}")


async def check_discovery_and_unknown_methods(run: Run) -> None:
    """`server/discover` (2026-07-28) is served and names every revision; a client of an
    older one initializes; any unknown method is -32601."""
    async with run.connect(initialize=False) as session:
        found = await session.discover()
        expect(
            {"2026-07-28", NEWEST_PROTOCOL} <= set(found.supported_versions),
            f"server/discover: {found.supported_versions}",
        )
        expect(session.protocol_version == "2026-07-28", f"adopted {session.protocol_version}")
        sum_ = await session.call_tool("add", {"a": 40, "b": 2})
        expect(sum_.structured_content == {"result": 42}, f"add on 2026-07-28: {show(sum_)}")
    async with run.connect(initialize=False) as session:
        result = await session.initialize()
        expect(result.protocol_version == NEWEST_PROTOCOL, f"initialize: {result.protocol_version}")
        try:
            await session.send_request(types.Request(method="tackle/nonsense", params=None), types.EmptyResult)
        except MCPError as e:
            expect(e.code == METHOD_NOT_FOUND, f"tackle/nonsense: expected {METHOD_NOT_FOUND}, got {e.code}: {e}")
            expect("tackle/nonsense" in e.message, f"the error should name the method: {e.message!r}")
        else:
            raise CheckFailed("an unknown method succeeded; expected -32601")
        await session.send_ping()


async def check_tools_list(session: ClientSession) -> None:
    listed = (await session.list_tools()).tools
    names = [t.name for t in listed]
    expect(len(names) == len(set(names)), f"a tool is listed twice: {names}")
    by_name = {t.name: t for t in listed}
    for plugin, tools in PLUGIN_TOOLS.items():
        missing = [t for t in tools if t not in by_name]
        expect(not missing, f"tools of {plugin} missing from tools/list: {missing} (listed: {names})")

    for tool in listed:
        expect(tool.description, f"{tool.name}: no description")
        schema = tool.input_schema
        expect(schema.get("type") == "object", f"{tool.name}: inputSchema's root type is {schema.get('type')!r}")
        dumped = json.dumps(schema)
        expect("$ref" not in dumped and "$defs" not in dumped, f"{tool.name}: inputSchema is not inlined: {dumped}")
        if tool.name in STRUCTURED:
            out = tool.output_schema
            expect(out is not None, f"{tool.name}: returns Json<T> but has no outputSchema")
            expect(out.get("type") == "object", f"{tool.name}: outputSchema's root type is {out.get('type')!r}")
        elif tool.name in {
            "head", "search", "write_file", "steps", "wait", "stubborn", "shout", "boom", "secret", "events", "chatty", "interview", "touch"
        }:
            expect(tool.output_schema is None, f"{tool.name}: returns text, yet has outputSchema {tool.output_schema}")

    add = by_name["add"]
    expect(add.input_schema.get("required") == ["a", "b"], f"add: required {add.input_schema.get('required')}")
    expect(
        add.output_schema["properties"]["result"]["type"] == "integer",
        f"add: outputSchema {add.output_schema}",
    )

    def hints(name: str) -> types.ToolAnnotations:
        annotations = by_name[name].annotations
        expect(annotations is not None, f"{name}: no annotations")
        return annotations

    for name in ["word_count", "search", "head", "count_lines", "complexity", "tree_stats", "add", "echo"]:
        a = hints(name)
        expect(a.read_only_hint is True, f"{name}: readOnlyHint is {a.read_only_hint}, expected true")
        expect(a.idempotent_hint is True, f"{name}: idempotentHint is {a.idempotent_hint}, expected true")
        expect(a.destructive_hint is not True, f"{name}: a read-only tool with destructiveHint true")
    write = hints("write_file")
    expect(write.destructive_hint is True, f"write_file: destructiveHint is {write.destructive_hint}")
    expect(write.idempotent_hint is True, f"write_file: idempotentHint is {write.idempotent_hint}")
    expect(write.read_only_hint is not True, "write_file: readOnlyHint true on a tool that writes")
    expect(hints("events").read_only_hint is True, "events: readOnlyHint should be true")
    for name in ["wait", "boom", "shout"]:
        expect(by_name[name].annotations is None, f"{name}: unexpected annotations {by_name[name].annotations}")

    expect(by_name["steps"].title == "Count in steps", f"steps: title is {by_name['steps'].title!r}")
    expect(by_name["complexity"].title == "Complexity estimate", f"complexity: title {by_name['complexity'].title!r}")
    expect(by_name["add"].title is None, f"add: title {by_name['add'].title!r}, expected none")


async def check_metrics_tools(session: ClientSession, run: Run) -> None:
    lines = expect_structured(await session.call_tool("count_lines", {"path": "src/main.rs"}), "count_lines")
    expected = {"path": "src/main.rs", "total": 5, "code": 3, "comment": 1, "blank": 1}
    expect(lines == expected, f"count_lines src/main.rs: expected {expected}, got {lines}")
    expect_error(
        await session.call_tool("count_lines", {"path": "/etc/passwd"}),
        "count_lines outside the project",
        "outside the working directory",
    )

    code = "if a && b { }\nfor x in y { } // if if if\nlet z = f()?;"
    estimate = expect_structured(await session.call_tool("complexity", {"code": code}), "complexity")
    expect(estimate["cyclomatic"] == 5, f"complexity: cyclomatic {estimate['cyclomatic']}, expected 5 ({estimate})")
    expect(estimate["verdict"] == "simple", f"complexity: verdict {estimate['verdict']!r}")
    branches = {b["token"]: b["count"] for b in estimate["branches"]}
    expect(branches == {"if": 1, "for": 1, "&&": 1, "?": 1}, f"complexity: branches {branches}")

    reports: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        reports.append((progress, total, message))

    stats = expect_structured(await session.call_tool("tree_stats", {}, progress_callback=on_progress), "tree_stats")
    expect(stats["files"] == 3, f"tree_stats: {stats['files']} files, expected 3 (target/ is skipped): {stats}")
    expect(stats["lines"] == 5 + 2 + 3, f"tree_stats: {stats['lines']} lines, expected 10: {stats}")
    expect(
        stats["by_extension"]
        == {"rs": {"files": 1, "lines": 5}, "txt": {"files": 1, "lines": 2}, "md": {"files": 1, "lines": 3}},
        f"tree_stats: by_extension {stats['by_extension']}",
    )
    expect(stats["truncated"] is False, f"tree_stats: truncated {stats['truncated']}")
    await wait_until(lambda: any(r[0] == 1.0 for r in reports))
    expect((1.0, 1.0, "3 files") in reports, f"tree_stats: no final progress (1.0, '3 files') in {reports}")

    only_rs = expect_structured(await session.call_tool("tree_stats", {"extensions": ["rs"]}), "tree_stats rs")
    expect(only_rs["files"] == 1 and list(only_rs["by_extension"]) == ["rs"], f"tree_stats rs: {only_rs}")
    expect_error(
        await session.call_tool("tree_stats", {"max_files": 0}),
        "tree_stats max_files 0",
        "`max_files`",
        "at least 1",
    )


async def check_textkit_tools(session: ClientSession, run: Run) -> None:
    counts = expect_structured(await session.call_tool("word_count", {"text": "héllo wörld\nthree  words here"}), "wc")
    expected = {"words": 5, "lines": 2, "chars": 29, "bytes": 31}
    expect(counts == expected, f"word_count: expected {expected}, got {counts}")

    found = expect_ok(await session.call_tool("search", {"needle": "alpha"}), "search")
    expect(found == "notes.txt:1: alpha beta\nnotes.txt:2: Gamma alpha", f"search alpha: {found!r}")
    found = expect_ok(await session.call_tool("search", {"needle": "gamma", "ignore_case": True}), "search -i")
    expect(found == "notes.txt:2: Gamma alpha", f"search gamma (ignoring case): {found!r}")
    found = expect_ok(await session.call_tool("search", {"needle": "TODO", "path": "src"}), "search src")
    expect(found == "src/main.rs:4:     let x = 1; // TODO tidy", f"search TODO in src: {found!r}")
    found = expect_ok(await session.call_tool("search", {"needle": "zebra"}), "search zebra")
    expect(found.startswith("no line contains"), f"search zebra: {found!r}")

    shown = expect_ok(await session.call_tool("head", {"path": "README.md", "lines": 1}), "head")
    expect(shown == "   1  # Project", f"head README.md 1: {shown!r}")
    shown = expect_ok(await session.call_tool("head", {"path": "notes.txt"}), "head")
    expect(shown == "   1  alpha beta\n   2  Gamma alpha", f"head notes.txt: {shown!r}")

    target = run.project / "out" / "new.txt"
    said = expect_ok(
        await session.call_tool("write_file", {"path": "out/new.txt", "content": "hello\n"}),
        "write_file",
    )
    expect(said == "wrote 6 bytes to out/new.txt", f"write_file: {said!r}")
    expect(target.read_text(encoding="utf-8") == "hello\n", f"write_file: {target} holds {target.read_bytes()!r}")
    expect_error(
        await session.call_tool("write_file", {"path": "out/new.txt", "content": "again\n"}),
        "write_file over an existing file",
        "exists",
        "overwrite",
    )
    expect_ok(
        await session.call_tool("write_file", {"path": "out/new.txt", "content": "again\n", "overwrite": True}),
        "write_file overwrite",
    )
    expect(target.read_text(encoding="utf-8") == "again\n", f"write_file overwrite: {target.read_bytes()!r}")
    shown = expect_ok(await session.call_tool("head", {"path": "out/new.txt"}), "head out/new.txt")
    expect(shown == "   1  again", f"head of the written file: {shown!r}")

    # Confined to the working directory.
    escape = run.project.parent / "escape.txt"
    expect_error(
        await session.call_tool("write_file", {"path": "../escape.txt", "content": "x"}),
        "write_file outside the project",
        "outside the working directory",
    )
    expect(not escape.exists(), f"write_file wrote {escape}, outside the project")


async def check_structured_output(session: ClientSession) -> None:
    result = await session.call_tool("add", {"a": 2, "b": 3})
    data = expect_structured(result, "add")
    expect(data == {"result": 5}, f"add 2 3: structuredContent {data}, expected {{'result': 5}}")
    data = expect_structured(await session.call_tool("echo", {"text": "héllo"}), "echo")
    expect(data == {"result": "héllo"}, f"echo: {data}")
    # A hook that replaces a structured tool's result with text only: an
    # error, rather than a result the client would reject.
    expect_error(
        await session.call_tool("echo", {"text": "replace-me"}),
        "echo replaced by a hook",
        "without `structuredContent`",
    )


async def check_unknown_tool(session: ClientSession) -> None:
    for name, hint in [("no_such_tool", None), ("ad", "did you mean `add`?")]:
        try:
            result = await session.call_tool(name, {})
        except MCPError as e:
            expect(e.code == INVALID_PARAMS, f"{name}: expected JSON-RPC error {INVALID_PARAMS}, got {e.code}: {e}")
            expect(f"unknown tool `{name}`" in e.message, f"{name}: the error should name the tool: {e.message!r}")
            expect("`count_lines`" in e.message, f"{name}: the error should list the tools: {e.message!r}")
            if hint:
                expect(hint in e.message, f"{name}: expected {hint!r} in {e.message!r}")
        else:
            raise CheckFailed(
                f"calling the unknown tool {name!r} gave a result, not error {INVALID_PARAMS}: {show(result)}"
            )
    await session.send_ping()


async def check_denied(session: ClientSession) -> None:
    result = await session.call_tool("echo", {"text": "forbidden"})
    expect_error(result, "echo forbidden", "refused", "mcpish::gate", "mcpish forbids `forbidden`")
    expect(result.structured_content is None, f"a denied call has structured content: {show(result)}")


async def check_ask_without_elicitation(session: ClientSession) -> None:
    expect_error(
        await session.call_tool("echo", {"text": "ask-me"}),
        "ask-me without elicitation",
        "refused",
        "mcpish wants a person to approve `ask-me`",
    )


async def check_ask_with_elicitation(run: Run) -> None:
    answers: list[str] = []
    asked: list[str] = []

    async def elicit(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        action = answers.pop(0)
        # The server's form has no fields: an empty one when accepting.
        return types.ElicitResult(action=action, content={} if action == "accept" else None)

    async with run.connect(elicitation_callback=elicit) as session:
        answers.append("accept")
        result = await session.call_tool("echo", {"text": "ask-me"})
        data = expect_structured(result, "ask-me accepted")
        expect(data == {"result": "ask-me"}, f"ask-me accepted: {data}")
        expect(len(asked) == 1, f"expected one elicitation request, got {asked}")
        expect("`echo`" in asked[0] and "ask-me" in asked[0], f"the question should name the call: {asked[0]!r}")
        expect("mcpish wants a person to approve" in asked[0], f"the question should give the reason: {asked[0]!r}")

        answers.append("decline")
        expect_error(await session.call_tool("echo", {"text": "ask-me"}), "ask-me declined", "refused", "declined")
        answers.append("cancel")
        expect_error(await session.call_tool("echo", {"text": "ask-me"}), "ask-me cancelled", "refused", "cancelled")
        expect(len(asked) == 3, f"expected three elicitation requests, got {len(asked)}")

        # No hook asks: no question.
        expect_structured(await session.call_tool("add", {"a": 1, "b": 1}), "add with elicitation")
        expect(len(asked) == 3, f"a call no hook asks about was put to the user: {asked[3:]}")


async def check_input_round_trips(run: Run) -> None:
    """On 2026-07-28 (the high-level `Client` probes `server/discover`), a call that puts a
    form to the user and asks the client's model, and a hook's ask, are answered with
    `InputRequiredResult`; the client's retries carry the answers to the waiting call."""
    asked: list[str] = []

    async def elicit(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        if params.message.startswith("Allow the tool"):
            return types.ElicitResult(action="accept", content={})
        return types.ElicitResult(action="accept", content={"name": "Ada"})

    async def sample(context: Any, params: types.CreateMessageRequestParams) -> types.CreateMessageResult:
        prompt = params.messages[0].content.text
        asked.append(prompt)
        reply = types.TextContent(type="text", text=prompt.replace("Greet", "Hello,"))
        return types.CreateMessageResult(role="assistant", content=reply, model="python-model")

    server: Any = run.url
    if server is None:
        server = StdioServerParameters(
            command=run.command[0],
            args=run.command[1:],
            cwd=str(run.project),
            env={"MCPISH_LOG": str(run.log), "RUST_BACKTRACE": "0"},
        )
    async with Client(server, elicitation_callback=elicit, sampling_callback=sample) as client:
        expect(client.protocol_version == "2026-07-28", f"the client speaks {client.protocol_version}")
        result = await client.call_tool("interview", {})
        expect(not result.is_error, f"interview: {show(result)}")
        said = [c.text for c in result.content if isinstance(c, types.TextContent)]
        expect(said == ["Ada: Hello, Ada"], f"interview: {said}")
        expect(asked == ["What is your name?", "Greet Ada"], f"asked: {asked}")
        echoed = expect_structured(await client.call_tool("echo", {"text": "ask-me"}), "ask-me on 2026-07-28")
        expect(echoed == {"result": "ask-me"}, f"ask-me on 2026-07-28: {echoed}")
        expect(len(asked) == 3 and "`echo`" in asked[2], f"the hook's ask was not put: {asked}")


async def check_progress(session: ClientSession) -> None:
    reports: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        reports.append((progress, total, message))

    result = await session.call_tool("steps", {"n": 3}, progress_callback=on_progress)
    said = expect_ok(result, "steps")
    expect(said == "counted to 3", f"steps: {said!r}")
    # The client runs each progress callback in a task of its own.
    await wait_until(lambda: len(reports) >= 6, 1.0)
    messages = [m for _, _, m in reports]
    expected = ["step 1 of 3", "chunk 1", "step 2 of 3", "chunk 2", "step 3 of 3", "chunk 3"]
    expect(sorted(messages) == sorted(expected), f"steps: progress messages {messages}, expected {expected}")
    expect(all(total == 1.0 for _, total, _ in reports), f"steps: every total should be 1.0: {reports}")
    by_message = {m: p for p, _, m in reports}
    for i in (1, 2, 3):
        expect(
            abs(by_message[f"step {i} of 3"] - i / 3) < 1e-9 and abs(by_message[f"chunk {i}"] - i / 3) < 1e-9,
            f"steps: step and chunk {i} should be at {i}/3: {reports}",
        )
    # Without a progress token, the same call just answers.
    expect(expect_ok(await session.call_tool("steps", {"n": 2}), "steps") == "counted to 2", "steps 2")


async def check_resources(session: ClientSession) -> None:
    listed = (await session.list_resources()).resources
    uris = [str(r.uri) for r in listed]
    expect(uris == ["mcpish://readme"], f"resources/list: {uris}")
    expect(listed[0].mime_type == "text/markdown", f"readme's MIME type: {listed[0]}")
    templates = (await session.list_resource_templates()).resource_templates
    expect(
        [t.uri_template for t in templates] == ["mcpish://notes/{name}", "mcpish://slow/{seconds}"],
        f"resources/templates/list: {templates}",
    )
    readme = (await session.read_resource("mcpish://readme")).contents
    expect(readme[0].text.startswith("# mcpish"), f"readme: {readme}")
    note = (await session.read_resource("mcpish://notes/todo")).contents
    expect(note[0].text == "note todo" and str(note[0].uri) == "mcpish://notes/todo", f"note: {note}")
    try:
        await session.read_resource("mcpish://nothing")
    except MCPError as e:
        expect("mcpish://readme" in e.message, f"an unknown URI should name what is served: {e.message!r}")
    else:
        raise CheckFailed("reading an unknown URI succeeded")


async def check_resource_notifications(run: Run) -> None:
    """`touch` tells of a note's change (and with `new`, of the list's): a session subscribed
    to the note's URI is told it was updated, one that is not is not; every session is told
    that the list changed. Over HTTP a second session on the same server makes the change."""
    seen: dict[str, list[str]] = {"a": [], "b": []}

    def recorder(name: str) -> Callable[[Any], Awaitable[None]]:
        async def on_message(message: Any) -> None:
            if isinstance(message, types.ResourceUpdatedNotification):
                seen[name].append(f"updated {message.params.uri}")
            elif isinstance(message, types.ResourceListChangedNotification):
                seen[name].append("list changed")

        return on_message

    async with run.connect(message_handler=recorder("a")) as a:
        await a.subscribe_resource("mcpish://notes/todo")
        expect_ok(await a.call_tool("touch", {"name": "other"}), "touch other")
        said = expect_ok(await a.call_tool("touch", {"name": "todo", "new": True}), "touch todo")
        expect(said == "touched todo", f"touch: {said!r}")
        await wait_until(lambda: len(seen["a"]) >= 2)
        expect(
            seen["a"] == ["updated mcpish://notes/todo", "list changed"],
            f"subscribed to todo, then other and todo changed: {seen['a']}",
        )
        if run.url is not None:
            async with run.connect(message_handler=recorder("b")) as b:
                expect_ok(await b.call_tool("touch", {"name": "todo", "new": True}), "touch todo from b")
                await wait_until(lambda: len(seen["a"]) >= 4 and seen["b"])
                expect(
                    seen["a"][2:] == ["updated mcpish://notes/todo", "list changed"],
                    f"another session changed todo: {seen['a']}",
                )
                # B subscribed to nothing: the list changed, no update.
                await anyio.sleep(0.2)
                expect(seen["b"] == ["list changed"], f"the unsubscribed session was told: {seen['b']}")
        seen["a"].clear()
        await a.unsubscribe_resource("mcpish://notes/todo")
        await a.subscribe_resource("mcpish://notes/next")
        expect_ok(await a.call_tool("touch", {"name": "todo"}), "touch todo unsubscribed")
        expect_ok(await a.call_tool("touch", {"name": "next"}), "touch next")
        await wait_until(lambda: bool(seen["a"]))
        await anyio.sleep(0.2)
        expect(seen["a"] == ["updated mcpish://notes/next"], f"unsubscribed from todo: {seen['a']}")


async def check_prompts(session: ClientSession) -> None:
    listed = (await session.list_prompts()).prompts
    summarize = next((p for p in listed if p.name == "summarize"), None)
    expect(summarize is not None, f"prompts/list: {listed}")
    args = {a.name: (a.required, a.description) for a in summarize.arguments or []}
    expect(
        args == {"path": (True, "The file to summarize."), "style": (False, "How the summary reads (default: brief).")},
        f"summarize's arguments: {args}",
    )
    got = await session.get_prompt("summarize", {"path": "src/lib.rs", "style": "detailed"})
    said = got.messages[0].content.text
    expect(said == "Summarize src/lib.rs in detail.", f"prompts/get: {said!r}")
    completed = await session.complete(
        types.PromptReference(type="ref/prompt", name="summarize"), {"name": "style", "value": "d"}
    )
    expect(completed.completion.values == ["detailed"], f"completion of style: {completed.completion}")
    try:
        await session.get_prompt("summarize", {"style": "brief"})
    except MCPError as e:
        expect("`path` is required" in e.message, f"a missing argument should be named: {e.message!r}")
    else:
        raise CheckFailed("a prompt without its required argument succeeded")


async def check_logging(run: Run) -> None:
    """`ctx.log` reaches the client as log messages, filtered by `logging/setLevel`."""
    logs: list[tuple[str, Any]] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logs.append((params.level, params.data))

    async with run.connect(logging_callback=on_log) as session:
        await session.set_logging_level("info")
        said = expect_ok(await session.call_tool("chatty", {}), "chatty")
        expect(said == "chatted", f"chatty: {said!r}")
        await wait_until(lambda: len(logs) >= 2, 1.0)
        expect(logs == [("info", "started"), ("warning", "careful")], f"logs at info and above: {logs}")


async def check_cancellation(session: ClientSession, run: Run) -> None:
    with anyio.move_on_after(0.5) as scope:
        result = await session.call_tool("wait", {})
        raise CheckFailed(f"wait answered before it was cancelled: {show(result)}")
    expect(scope.cancelled_caught, "wait: the call was not cancelled")

    # Leaving the scope sent notifications/cancelled for the call: the tool
    # saw its cancellation and stopped, and the tool_error hook saw the call.
    def recorded() -> bool:
        lines = run.log_lines()
        return "wait: cancelled" in lines and any(line.startswith("tool_error wait:") for line in lines)

    arrived = await wait_until(recorded, 3.0)
    expect(
        arrived,
        f"MCPISH_LOG should have 'wait: cancelled' (the tool saw its cancellation) and a "
        f"'tool_error wait: ...' line (the hook saw the failure): {run.log_lines()}",
    )
    lines = run.log_lines()
    expect(
        lines.index("wait: cancelled") < next(i for i, line in enumerate(lines) if line.startswith("tool_error wait:")),
        f"the tool_error hook ran before the tool stopped: {lines}",
    )
    # The plugin's own record agrees, and the session goes on.
    events = expect_ok(await session.call_tool("events", {}), "events").splitlines()
    expect("wait: cancelled" in events, f"events: {events}")
    expect_structured(await session.call_tool("add", {"a": 1, "b": 2}), "add after a cancellation")


async def check_stdout_protection(session: ClientSession, run: Run) -> None:
    said = expect_ok(await session.call_tool("shout", {"text": "hi"}), "shout")
    expect(said == "shouted hi", f"shout: {said!r}")
    # The tool's println! went to the server's stderr, not into the protocol.
    printed = await wait_until(lambda: "SHOUTED hi" in run.server_stderr() and '"id":999' in run.server_stderr())
    expect(printed, f"shout's prints are not on the server's stderr: {run.server_stderr()[-2000:]!r}")
    # And the session goes on.
    await session.send_ping()
    data = expect_structured(await session.call_tool("add", {"a": 20, "b": 22}), "add after shout")
    expect(data == {"result": 42}, f"add after shout: {data}")
    await session.list_tools()


async def check_panic(session: ClientSession, run: Run) -> None:
    expect_error(await session.call_tool("boom", {}), "boom", "panicked", "boom went the tool")
    arrived = await wait_until(lambda: any(line.startswith("tool_error boom:") for line in run.log_lines()))
    expect(arrived, f"no tool_error line for boom in MCPISH_LOG: {run.log_lines()}")
    expect_structured(await session.call_tool("add", {"a": 1, "b": 2}), "add after a panic")


async def check_redaction(session: ClientSession) -> None:
    result = await session.call_tool("secret", {})
    said = expect_ok(result, "secret")
    expect(said == "token=[redacted]", f"secret: {said!r}")
    expect("hunter2" not in show(result), f"secret: the token leaked: {show(result)}")


async def check_invalid_arguments(session: ClientSession) -> None:
    expect_error(
        await session.call_tool("add", {"a": "x"}),
        "add a='x'",
        "invalid arguments for tool `add`",
        '`a`: expected an integer, found "x"',
        "`b`: required, but missing",
    )
    expect_error(
        await session.call_tool("add", {"a": 1, "b": 2, "c": 3}),
        "add with c",
        "`c`: unknown key",
    )
    expect_error(
        await session.call_tool("head", {"path": "notes.txt", "lines": 0}),
        "head lines=0",
        "`lines`: expected at least 1, found 0",
    )


async def main_session_checks(run: Run) -> None:
    async with run.connect() as session:
        await run.check("tools/list", check_tools_list, session)
        await run.check("metrics tools", check_metrics_tools, session, run)
        await run.check("textkit tools", check_textkit_tools, session, run)
        await run.check("structured output", check_structured_output, session)
        await run.check("unknown tool is -32602", check_unknown_tool, session)
        await run.check("denied call", check_denied, session)
        await run.check("ask without elicitation is refused", check_ask_without_elicitation, session)
        await run.check("progress", check_progress, session)
        await run.check("cancellation", check_cancellation, session, run)
        await run.check("stdout protection", check_stdout_protection, session, run)
        await run.check("panic", check_panic, session, run)
        await run.check("redaction", check_redaction, session)
        await run.check("invalid arguments", check_invalid_arguments, session)
        await run.check("resources", check_resources, session)
        await run.check("prompts and completions", check_prompts, session)
    await run.check("logging", check_logging, run)
    await run.check("resource notifications", check_resource_notifications, run)


async def stdio_checks(run: Run) -> None:
    await run.check("initialize", check_initialize, run)
    if run.failed:
        raise Abort("the server does not complete initialize: the other checks are not run")
    await run.check("protocol versions", check_protocol_versions, run)
    await run.check("discovery and unknown methods", check_discovery_and_unknown_methods, run)
    await run.check("2026-07-28 input round trips", check_input_round_trips, run)
    try:
        await main_session_checks(run)
    except Exception as e:  # noqa: BLE001 - the connection itself failed
        run.fail("session", e)
    await run.check("ask with elicitation", check_ask_with_elicitation, run)


async def http_checks(run: Run) -> None:
    """What runs over HTTP: a session's lists and calls, hooks and progress."""
    try:
        run.start_http()
    except Abort as e:
        run.fail("server start", CheckFailed(str(e)))
        raise
    await run.check("initialize", check_initialize, run)
    if run.failed:
        raise Abort("the server does not complete initialize: the other checks are not run")
    async with run.connect() as session:
        await run.check("tools/list", check_tools_list, session)
        await run.check("structured output", check_structured_output, session)
        await run.check("unknown tool is -32602", check_unknown_tool, session)
        await run.check("denied call", check_denied, session)
        await run.check("ask without elicitation is refused", check_ask_without_elicitation, session)
        await run.check("progress", check_progress, session)
        await run.check("redaction", check_redaction, session)
        await run.check("invalid arguments", check_invalid_arguments, session)
        await run.check("resources", check_resources, session)
        await run.check("prompts and completions", check_prompts, session)
    await run.check("logging", check_logging, run)
    await run.check("resource notifications", check_resource_notifications, run)
    await run.check("ask with elicitation", check_ask_with_elicitation, run)
    await run.check("2026-07-28 input round trips", check_input_round_trips, run)


async def main(command: list[str], http: bool) -> int:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tackle-mcp-e2e-") as tmp:
        run = Run(command, Path(tmp))
        try:
            if http:
                try:
                    await http_checks(run)
                finally:
                    run.stop_http()
            else:
                await stdio_checks(run)
        except Abort as e:
            print(f"stopped: {e}", flush=True)
        finally:
            stderr = run.server_stderr()
            run.stderr.close()
        if run.failed:
            print("\n--- the server's stderr (last 4000 characters) ---")
            print(stderr[-4000:])
            print("---")
            print(f"failed: {', '.join(run.failed)}")
        print(f"took {time.monotonic() - started:.1f}s")
        print(f"{len(run.passed)} passed, {len(run.failed)} failed")
        return 1 if run.failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    # The server runs in a temporary folder: make a relative command absolute.
    server = sys.argv[1:]
    over_http = server[0] == "--http"
    if over_http:
        server = server[1:]
    if os.sep in server[0] and not os.path.isabs(server[0]):
        server[0] = os.path.abspath(server[0])
    sys.exit(anyio.run(main, server, over_http))
