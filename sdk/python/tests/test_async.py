"""The asyncio client against a real server: the same behaviour as the sync one."""

from __future__ import annotations

import asyncio
from typing import Any, List

import pytest

from conftest import DEAD_URL, Server
from svc_sdk import AsyncClient, DeniedError, FailClosedError, NetworkError, UnauthorizedError


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def pending_for(c: AsyncClient, agent: str) -> str:
    for _ in range(1500):
        for a in (await c.approvals.list())["approvals"]:
            if a["agent"] == agent and a["status"] == "pending":
                return a["id"]
        await asyncio.sleep(0.02)
    raise AssertionError(f"no pending approval for {agent}")


def test_async_decisions_and_reads(server: Server) -> None:
    async def main() -> None:
        async with AsyncClient(server.url, server.token, agent="py-async", session="s") as c:
            assert (await c.health())["status"] == "ok"
            assert (await c.status())["mode"] == "enforce"
            assert (await c.evaluate("exec", {"command": "ls"}))["decision"] == "allow"
            deny = await c.evaluate("exec", {"command": "rm -rf /"})
            assert deny["decision"] == "deny" and deny["allowed"] is False
            pf = await c.preflight("exec", {"command": "rm -rf /"})
            assert pf["decision"] == "deny" and pf["matched_policies"] == ["no-root-delete"]
            page = await c.audit.events(agent="py-async")
            assert [e["decision"]["action"] for e in page["events"]][:2] == ["deny", "allow"]
            assert "rm -rf /" in await c.audit.export(page["date"])
            assert (await c.test("git push"))["action"] == "ask"
            assert isinstance(await c.rules.list(), list)

    run(main())


def test_async_guard_allow_deny_and_decorator(server: Server) -> None:
    async def main() -> None:
        c = AsyncClient(server.url, server.token, agent="py-async-guard", session="s")
        ran: List[str] = []
        async with c.guard("exec", {"command": "echo hi"}):
            ran.append("allowed")
        with pytest.raises(DeniedError) as info:
            async with c.guard("exec", {"command": "rm -rf /"}):
                ran.append("denied")
        assert info.value.policy == "no-root-delete"

        @c.guard("exec", lambda command: {"command": command})
        async def shell(command: str) -> str:
            ran.append(command)
            return "done"

        assert await shell("ls") == "done"
        with pytest.raises(DeniedError):
            await shell("rm -rf /")
        assert ran == ["allowed", "ls"]

    run(main())


def test_async_guard_ask_approved_and_refused(server: Server) -> None:
    async def main() -> None:
        c = AsyncClient(server.url, server.token, agent="py-async-ask", session="s", run_id="py-async-run")
        ran: List[str] = []

        async def guarded(cmd: str) -> None:
            async with c.guard("exec", {"command": cmd}):
                ran.append(cmd)

        task = asyncio.create_task(guarded("git push origin"))
        await c.approvals.resolve(await pending_for(c, "py-async-ask"), True, resolved_by="pytest")
        await task
        assert ran == ["git push origin"]

        task = asyncio.create_task(guarded("git push --force"))
        await c.approvals.resolve(await pending_for(c, "py-async-ask"), False, resolved_by="pytest")
        with pytest.raises(DeniedError) as info:
            await task
        assert info.value.decision == "ask" and ran == ["git push origin"]

    run(main())


def test_async_events_iterator(server: Server) -> None:
    async def main() -> List[str]:
        c = AsyncClient(server.url, server.token, agent="py-async-sse", session="s")
        seen: List[str] = []
        asked = None
        async for ev in c.events():
            seen.append(ev["type"])
            if ev["type"] == "connected":
                asked = await c.evaluate("exec", {"command": "git push sse"})
            if ev["type"] == "approvals":
                break
        assert asked is not None
        await c.approvals.resolve(asked["approval_id"], False)
        return seen

    seen = run(main())
    assert seen[0] == "connected" and "approvals" in seen


def test_async_errors_and_server_away(server: Server) -> None:
    async def main() -> None:
        with pytest.raises(UnauthorizedError):
            await AsyncClient(server.url, "nope").status()
        strict = AsyncClient(DEAD_URL, "t")
        with pytest.raises(NetworkError):
            await strict.evaluate("exec", {"command": "ls"})
        with pytest.raises(FailClosedError):
            async with strict.guard("exec", {"command": "ls"}):
                raise AssertionError("must not run")
        warned: List[str] = []
        lax = AsyncClient(DEAD_URL, "t", fail_open=True, on_warning=warned.append)
        async with lax.guard("exec", {"command": "ls"}) as d:
            assert d.get("fail_open") is True
        assert len(warned) == 1

    run(main())
