"""Loads exported tackle packages with SuperQode's own plugin machinery and
reports what it saw, as JSON on stdout (tests/tests/export_superqode.rs
asserts on it).

    python drive.py PROJECT BROKEN_PROJECT INSTALL_DIR

PROJECT is a SuperQode project whose `.superqode/plugins/` already holds
one exported package; INSTALL_DIR is another, which this script installs
there as `superqode plugins add` does (`install_plugin`). BROKEN_PROJECT
holds a tackle.toml the plugins refuse. SUPERQODE_TRUST_STORE and HOME
must point into a scratch folder.

Everything goes through what SuperQode's agent uses: `load_extension_runtime`
(discovery, trust, `_extension_from_manifest`), `ExtensionRuntime.apply_tools`
into a `ToolRegistry`, `Tool.execute` with a `ToolContext`,
`ExtensionRuntime.build_hooks` and `HookRegistry.fire_decision` / `fire`
with a `LifecycleContext` (as `AgentLoop` calls them) or keywords only (as
PiPy does), `context_text` and `invoke_command`.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

from superqode.agent.hooks import HookRegistry, LifecycleContext
from superqode.extensions import ExtensionContext, load_extension_runtime
from superqode.plugins import install_plugin, validate_plugin_manifest
from superqode.project_trust import set_project_trust
from superqode.tools.base import ToolContext, ToolRegistry, ToolResult


def outcome(o: Any) -> dict[str, Any]:
    return {
        "action": o.action,
        "message": o.message,
        "reason": o.reason,
        "arguments": o.arguments,
        "decided_by": o.decided_by,
    }


def result(r: ToolResult) -> dict[str, Any]:
    return {
        "success": r.success,
        "output": r.output,
        "error": r.error,
        "structured": (r.metadata or {}).get("structured_content"),
    }


def errors(runtime: Any) -> list[str]:
    return [f"{e.extension_id} [{e.capability}] {e.message}" for e in runtime.errors]


async def drive(project: Path, broken: Path, runtime: Any, report: dict[str, Any]) -> None:
    registry = ToolRegistry()
    runtime.apply_tools(registry)
    report["errors"] = errors(runtime)
    report["tools"] = {
        tool.name: {
            "class": type(tool).__name__,
            "description": tool.description,
            "parameters": tool.parameters,
            "read_only": tool.read_only,
        }
        for tool in registry.list()
    }

    progress: list[list[Any]] = []
    streamed: list[str] = []

    async def on_progress(fraction: float, message: str) -> None:
        progress.append([fraction, message])

    def on_output(text: str) -> None:
        streamed.append(text)

    ctx = ToolContext(
        session_id="sq-session",
        working_directory=project,
        on_output=on_output,
        on_progress=on_progress,
        max_output_bytes=100_000,
    )

    async def call(name: str, args: dict[str, Any]) -> dict[str, Any]:
        tool = registry.get(name)
        if tool is None:
            return {"missing": True}
        return result(await tool.execute(args, ctx))

    calls = {
        "add": await call("add", {"a": 2, "b": 40}),
        "count_lines": await call("count_lines", {"path": "probe.rs"}),
        "steps": await call("steps", {"n": 3}),
        "boom": await call("boom", {}),
        "echo_bad": await call("echo", {"text": 42}),
        "shout": await call("shout", {"text": "hi"}),
    }
    skill = registry.get("skill")
    if skill is not None:
        calls["skill_list"] = result(await skill.execute({"action": "list"}, ctx))
    report["calls"] = calls
    report["progress"] = progress
    report["streamed"] = streamed

    # Cancelling a call stops the binary.
    started = time.monotonic()
    task = asyncio.create_task(registry.get("wait").execute({}, ctx))
    await asyncio.sleep(0.5)
    task.cancel()
    try:
        await task
        report["cancel"] = {"cancelled": False}
    except asyncio.CancelledError:
        report["cancel"] = {"cancelled": True, "seconds": time.monotonic() - started}

    hooks = runtime.build_hooks(HookRegistry())
    report["errors"] = errors(runtime)
    lc = LifecycleContext(
        session_id="sq-session",
        provider="test-provider",
        model="test-model",
        working_directory=project,
        iteration=1,
        metadata={"harness_id": "core"},
    )

    async def decide(point: str, *args: Any, context: Any = lc) -> dict[str, Any]:
        return outcome(await hooks.fire_decision(point, context, *args))

    decisions = {
        "forbidden": await decide("before_tool_call", "echo", {"text": "forbidden"}),
        "plain": await decide("before_tool_call", "echo", {"text": "hello"}),
        "ask_me": await decide("before_tool_call", "echo", {"text": "ask-me"}),
        "rm_rf": await decide("before_tool_call", "bash", {"command": "rm -rf /"}),
        "ls": await decide("before_tool_call", "bash", {"command": "ls"}),
        "stamp": await decide("before_tool_call", "write", {"path": "a.txt", "content": "x"}),
        "npm_publish": await decide("permission_request", "bash", {"command": "npm publish"}),
        "git_push": await decide("permission_request", "bash", {"command": "git push"}),
        "pipy_forbidden": outcome(
            await hooks.fire_decision(
                "before_tool_call",
                tool_name="echo",
                arguments={"text": "forbidden"},
                session_id="pipy-session",
                harness_id="pipy",
            )
        ),
    }
    broken_lc = LifecycleContext(
        session_id="sq-broken",
        provider="test-provider",
        model="test-model",
        working_directory=broken,
    )
    decisions["broken_ls"] = await decide(
        "before_tool_call", "bash", {"command": "ls"}, context=broken_lc
    )
    report["decisions"] = decisions

    # Observers: a failed result reaches mcpish's `tool_error` hook (it
    # logs to MCPISH_LOG); the rest must simply run.
    await hooks.fire(
        "after_tool_call",
        lc,
        "boom",
        {},
        ToolResult(success=False, output="", error="boom went the tool"),
    )
    await hooks.fire(
        "after_tool_call", lc, "secret", {}, ToolResult(success=True, output="token=hunter2")
    )
    await hooks.fire("before_llm_call", lc, [{"role": "user", "content": "hi"}], [])
    report["hooks"] = {
        point: hooks.list_hooks(point)
        for point in (
            "before_tool_call",
            "after_tool_call",
            "permission_request",
            "before_llm_call",
            "before_compact",
            "stop",
        )
    }

    report["context"] = runtime.context_text(ExtensionContext(root=project))
    report["commands"] = sorted(runtime.commands)
    report["shout"] = await runtime.invoke_command(
        "shout", "hello world", context=ExtensionContext(root=project)
    )


def main() -> None:
    project, broken, install = (Path(a).resolve() for a in sys.argv[1:4])
    report: dict[str, Any] = {}
    report["validate"] = validate_plugin_manifest(install / "plugin.json")
    report["installed"] = install_plugin(install, project).id
    untrusted = load_extension_runtime(project, include_entry_points=False)
    report["untrusted"] = {
        "extensions": [e.id for e in untrusted.extensions],
        "skipped": untrusted.skipped,
    }
    set_project_trust(project, True)
    runtime = load_extension_runtime(project, include_entry_points=False)
    report["extensions"] = {e.id: list(e.capabilities) for e in runtime.extensions}
    asyncio.run(drive(project, broken, runtime, report))
    json.dump(report, sys.stdout, indent=2, default=str)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
