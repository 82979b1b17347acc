#!/usr/bin/env python3
"""Where an MCP stdio server's memory goes: starts BINARY mcp as a client
does (pipes, an empty agent folder), initializes, calls `add` and `echo`
(4 KiB) 200 times each, then prints its /proc status (peak RSS, and how
much of the resident memory is file-backed code against what it
allocated) and its largest resident mappings.

    python3 bench/mcp_rss.py target/hook/tackle-mcp-only
"""
import json
import os
import subprocess
import sys
import tempfile


def main(binary: str) -> None:
    home = tempfile.mkdtemp()
    env = dict(os.environ, TACKLE_AGENT_DIR=home, HOME=home)
    server = subprocess.Popen([os.path.abspath(binary), "mcp"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, env=env, cwd=home)

    def call(n: int, method: str, params: dict) -> dict:
        line = json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params})
        server.stdin.write((line + "\n").encode())
        server.stdin.flush()
        return json.loads(server.stdout.readline())

    call(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "mcp_rss", "version": "1"}})
    server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    for i in range(200):
        call(10 + i, "tools/call", {"name": "add", "arguments": {"a": 1, "b": 2}})
        call(1000 + i, "tools/call", {"name": "echo", "arguments": {"text": "x" * 4096}})
    status = open(f"/proc/{server.pid}/status").read().splitlines()
    for key in ("VmHWM", "VmRSS", "RssAnon", "RssFile", "Threads"):
        print(next(line for line in status if line.startswith(key)))
    mappings, current = [], None
    for line in open(f"/proc/{server.pid}/smaps"):
        fields = line.split()
        if "-" in fields[0] and ":" not in fields[0]:
            current = [0, " ".join(fields[5:]) or fields[0]]
            mappings.append(current)
        elif fields[0] == "Rss:":
            current[0] += int(fields[1])
    for rss, name in sorted(mappings, reverse=True)[:8]:
        print(f"{rss:6d} KiB  {name}")
    server.stdin.close()
    server.wait()


if __name__ == "__main__":
    main(sys.argv[1])
