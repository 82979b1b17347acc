#!/usr/bin/env python3
"""An MCP stdio server under many pipelined calls, read late.

usage: bench/mcp_pipelined.py [--calls N] [--late SECONDS] -- SERVER_CMD...

Starts the server with pipes, and from one thread writes `initialize` and
N `tools/call add` requests without waiting for answers, then closes the
server's stdin. Another thread starts reading the answers only SECONDS
after the start. Prints how many requests were answered, how long the
whole took and the server's peak resident memory (its ru_maxrss, read
when it exits), and exits 1 when an answer is missing.

A server that reads every request at once holds them all (its memory
grows with N); one that exits soon after its input closes loses the
answers nobody has read yet. Standard library only.
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--late", type=float, default=10.0)
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()

    started = time.monotonic()
    server = subprocess.Popen(
        args.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )

    def write() -> None:
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "pipelined", "version": "1"}}}
        lines = [json.dumps(init), '{"jsonrpc":"2.0","method":"notifications/initialized"}']
        lines += (
            '{"jsonrpc":"2.0","id":%d,"method":"tools/call",'
            '"params":{"name":"add","arguments":{"a":%d,"b":1}}}' % (i, i)
            for i in range(1, args.calls + 1)
        )
        try:
            for line in lines:
                server.stdin.write(line.encode() + b"\n")
            server.stdin.close()
        except BrokenPipeError:
            pass

    answered = set()

    def read() -> None:
        time.sleep(args.late)
        for line in server.stdout:
            message = json.loads(line)
            if "id" in message and "method" not in message:
                answered.add(message["id"])

    threads = [threading.Thread(target=write), threading.Thread(target=read)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    _, status, usage = os.wait4(server.pid, 0)
    took = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    expected = args.calls + 1
    print(
        f"answered {len(answered)} of {expected} requests; exit {code}; "
        f"{took:.1f} s (reading from {args.late:g} s); "
        f"peak RSS {usage.ru_maxrss / 1024:.1f} MiB"
    )
    return 0 if len(answered) == expected and code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
