"""The framework adapters through a real server: deny, allow, ask approved, ask refused, and
the server away with fail_open off and on. LangChain and the OpenAI Agents SDK come from PyPI,
which is not reachable here; without them the tests use the stand-ins in standins/."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, List

import pytest

from conftest import DEAD_URL, HERE, Server, pending_for
from svc_sdk import AsyncClient, Client

from langchain_core.tools import tool  # noqa: E402  (stand-in unless installed)

import agents  # noqa: E402  (stand-in unless installed)
from svc_sdk.adapters.langchain import guard_tool
from svc_sdk.adapters.openai_agents import svc_guardrail


# --- LangChain ------------------------------------------------------------------------------


def lc_tool(ran: List[str]) -> Any:
    @tool
    def shell(command: str) -> str:
        """Run a shell command."""
        ran.append(command)
        return f"ran: {command}"

    return shell


def test_langchain_allow_and_deny(server: Server) -> None:
    ran: List[str] = []
    safe = guard_tool(lc_tool(ran), Client(server.url, server.token, agent="lc-agent"), "exec")
    assert safe.name == "shell"
    assert safe.invoke({"command": "ls"}) == "ran: ls"
    refusal = safe.invoke({"command": "rm -rf /"})
    assert refusal.startswith("svc refused this exec call (deny)") and "filesystem root" in refusal
    assert ran == ["ls"]
    assert asyncio.run(safe.ainvoke({"command": "pwd"})) == "ran: pwd"
    assert "refused" in asyncio.run(safe.ainvoke({"command": "rm -rf /"})) and ran == ["ls", "pwd"]


@pytest.mark.parametrize("approve", [True, False])
def test_langchain_ask_waits_for_the_approval(server: Server, approve: bool) -> None:
    agent = f"lc-ask-{approve}"
    c = Client(server.url, server.token, agent=agent)
    ran: List[str] = []
    safe = guard_tool(lc_tool(ran), c, "exec")
    with ThreadPoolExecutor(1) as pool:
        fut = pool.submit(safe.invoke, {"command": "git push"})
        c.approvals.resolve(pending_for(c, agent), approve, resolved_by="pytest")
        out = fut.result(30)
    if approve:
        assert out == "ran: git push" and ran == ["git push"]
    else:
        assert out.startswith("svc refused this exec call (ask)") and ran == []


def test_langchain_server_away(server: Server) -> None:
    ran: List[str] = []
    closed = guard_tool(lc_tool(ran), Client(DEAD_URL, "t"), "exec")
    assert closed.invoke({"command": "ls"}).startswith("svc refused this exec call (unavailable)")
    assert ran == []
    warned: List[str] = []
    opened = guard_tool(lc_tool(ran), Client(DEAD_URL, "t", fail_open=True, on_warning=warned.append), "exec")
    assert opened.invoke({"command": "ls"}) == "ran: ls" and len(warned) == 1


def test_langchain_example_runs(server: Server) -> None:
    env = {**os.environ, "SERVICE_URL": server.url, "SERVICE_TOKEN": server.token, "PYTHONPATH": os.pathsep.join([str(HERE.parent / "src"), str(HERE / "standins")])}
    r = subprocess.run([sys.executable, str(HERE.parent / "examples" / "langchain_tool.py"), "ls -la", "rm -rf /"], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["ran: ls -la", "svc refused this exec call (deny): Deleting the filesystem root is blocked"]


# --- OpenAI Agents SDK ----------------------------------------------------------------------


def agents_tool(guard: Any, ran: List[str]) -> Any:
    @agents.function_tool(tool_input_guardrails=[guard])
    def run_shell(command: str) -> str:
        ran.append(command)
        return f"ran: {command}"

    return run_shell


def call(agent_name: str, t: Any, command: str, call_id: str) -> Any:
    return agents.run_tool_call(agents.Agent(name=agent_name), t, json.dumps({"command": command}), call_id)


def test_openai_agents_allow_and_deny(server: Server) -> None:
    ran: List[str] = []
    t = agents_tool(svc_guardrail(AsyncClient(server.url, server.token), {"run_shell": "exec"}), ran)

    async def main() -> None:
        assert await call("oa-agent", t, "ls", "call-1") == "ran: ls"
        out = await call("oa-agent", t, "rm -rf /", "call-2")
        assert out.startswith("svc refused this run_shell call (deny)") and "filesystem root" in out

    asyncio.run(main())
    assert ran == ["ls"]
    # The agent's name and the framework's call id are what the audit log records.
    events = Client(server.url, server.token).audit.events(agent="oa-agent")["events"]
    assert [(e["decision"]["action"], e["request"].get("tool_call_id")) for e in events] == [("deny", "call-2"), ("allow", "call-1")]


@pytest.mark.parametrize("approve", [True, False])
def test_openai_agents_ask_waits_for_the_approval(server: Server, approve: bool) -> None:
    agent = f"oa-ask-{approve}"
    admin = AsyncClient(server.url, server.token)
    ran: List[str] = []
    t = agents_tool(svc_guardrail(AsyncClient(server.url, server.token, run_id=f"oa-run-{approve}"), "exec"), ran)

    async def main() -> Any:
        task = asyncio.create_task(call(agent, t, "git push", f"ask-{approve}"))
        for _ in range(1500):
            pending = [a for a in (await admin.approvals.list())["approvals"] if a["agent"] == agent]
            if pending:
                break
            await asyncio.sleep(0.02)
        await admin.approvals.resolve(pending[0]["id"], approve, resolved_by="pytest")
        return await asyncio.wait_for(task, 30)

    out = asyncio.run(main())
    if approve:
        assert out == "ran: git push" and ran == ["git push"]
    else:
        assert out.startswith("svc refused this run_shell call (ask)") and ran == []


def test_openai_agents_server_away() -> None:
    ran: List[str] = []
    closed = agents_tool(svc_guardrail(Client(DEAD_URL, "t"), "exec"), ran)
    out = asyncio.run(call("oa-away", closed, "ls", "c1"))
    assert out.startswith("svc refused this run_shell call (unavailable)") and ran == []
    warned: List[str] = []
    opened = agents_tool(svc_guardrail(AsyncClient(DEAD_URL, "t", fail_open=True, on_warning=warned.append), "exec"), ran)
    assert asyncio.run(call("oa-away", opened, "ls", "c2")) == "ran: ls" and len(warned) == 1
