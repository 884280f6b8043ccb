"""The asyncio client: the same API as Client, awaited. HTTP/1.1 over asyncio streams (the
standard library has no asyncio HTTP client), one connection per request."""

from __future__ import annotations

import asyncio
import functools
import json
import ssl
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, List, Mapping, Optional, Tuple, TypeVar, cast

from . import _ops
from ._config import MAX_REPLY_BYTES
from ._guard import ParamsSpec, params_for
from ._ops import Gen, Params, Reply, Req, Sleep, interpret
from ._sse import MAX_EVENT_BYTES, SseParser
from .client import _Base, _encode
from .errors import SvcError, error_from_reply
from .types import (
    Approval,
    ApprovalList,
    AuditDates,
    AuditPage,
    AuditStats,
    BulkResolveResult,
    CreatedApproval,
    Decision,
    Health,
    LearnResult,
    PolicySummary,
    PreflightResult,
    ReloadResult,
    ResolveResult,
    Rule,
    Status,
    StreamEvent,
    TestResult,
)

AF = TypeVar("AF", bound=Callable[..., Awaitable[Any]])
_MAX_HEADER_BYTES = 64 * 1024


class _Conn:
    """One HTTP/1.1 exchange: request written, status and headers read, body to follow."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, status: int, headers: Dict[str, str]) -> None:
        self.reader, self.writer, self.status, self.headers = reader, writer, status, headers

    async def chunks(self) -> AsyncIterator[bytes]:
        """The body, de-chunked."""
        if "chunked" in self.headers.get("transfer-encoding", "").lower():
            while True:
                size_line = await self.reader.readline()
                if not size_line:
                    raise ConnectionError("connection closed inside a chunked body")
                size = int(size_line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while (await self.reader.readline()) not in (b"\r\n", b"\n", b""):
                        pass
                    return
                data = await self.reader.readexactly(size)
                await self.reader.readexactly(2)
                yield data
        elif "content-length" in self.headers:
            left = int(self.headers["content-length"])
            while left > 0:
                data = await self.reader.read(min(left, 1 << 16))
                if not data:
                    raise ConnectionError("connection closed inside the body")
                left -= len(data)
                yield data
        else:
            while True:
                data = await self.reader.read(1 << 16)
                if not data:
                    return
                yield data

    async def body(self, limit: int) -> bytes:
        out = bytearray()
        async for c in self.chunks():
            out += c
            if len(out) > limit:
                raise SvcError(f"reply larger than {limit} bytes", self.status, "invalid_response", None, "invalid_response")
        return bytes(out)

    def close(self) -> None:
        self.writer.close()


class AsyncClient(_Base):
    """The asyncio twin of Client; every method is awaited, events() is an async iterator."""

    @functools.cached_property
    def approvals(self) -> "_AsyncApprovals":
        return _AsyncApprovals(self)

    @functools.cached_property
    def rules(self) -> "_AsyncRules":
        return _AsyncRules(self)

    @functools.cached_property
    def audit(self) -> "_AsyncAudit":
        return _AsyncAudit(self)

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Nothing is held between requests; kept for the `async with` form."""

    async def _open(self, method: str, path: str, body: Optional[bytes], accept: str) -> _Conn:
        ctx = ssl.create_default_context() if self._https else None
        reader, writer = await asyncio.open_connection(self._host, self._port, ssl=ctx, limit=_MAX_HEADER_BYTES)
        try:
            head = [f"{method} {path} HTTP/1.1", f"Host: {self._hostport}", "Connection: close"]
            head += [f"{k}: {v}" for k, v in self._headers(body is not None, accept).items()]
            head.append(f"Content-Length: {len(body) if body is not None else 0}")
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + (body or b""))
            await writer.drain()
            status_line = await reader.readline()
            parts = status_line.decode("latin-1").split(" ", 2)
            if len(parts) < 2 or not parts[0].startswith("HTTP/"):
                raise ConnectionError(f"not an HTTP reply: {status_line[:80]!r}")
            headers: Dict[str, str] = {}
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b"\n", b""):
                    break
                k, _, v = line.decode("latin-1").partition(":")
                headers[k.strip().lower()] = v.strip()
            return _Conn(reader, writer, int(parts[1]), headers)
        except BaseException:
            writer.close()
            raise

    async def _exchange(self, req: Req) -> Tuple[int, bytes]:
        conn = await self._open(req.method, req.path, _encode(req.body), "application/json")
        try:
            return conn.status, await conn.body(MAX_REPLY_BYTES)
        finally:
            conn.close()

    async def _send(self, req: Req) -> Reply:
        try:
            status, raw = await asyncio.wait_for(self._exchange(req), self.timeout)
        except asyncio.TimeoutError as err:
            raise self._unreachable(req.method, req.path, TimeoutError(f"no reply within {self.timeout}s")) from err
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as err:
            raise self._unreachable(req.method, req.path, err) from err
        return interpret(req, status, raw)

    async def _run(self, gen: Gen) -> Any:
        try:
            op = next(gen)
            while True:
                try:
                    if isinstance(op, Sleep):
                        await asyncio.sleep(op.seconds)
                        result: Any = None
                    else:
                        result = await self._send(op)
                except Exception as err:  # handed to the operation, which may recover
                    op = gen.throw(err)
                    continue
                op = gen.send(result)
        except StopIteration as done:
            return done.value

    async def evaluate(self, tool: str, params: Params, **call: Any) -> Decision:
        """See Client.evaluate."""
        return cast(Decision, await self._run(self._ops.evaluate(tool, params, call)))

    async def preflight(self, tool: str, params: Params, *, enforce: Optional[bool] = None, verification: Optional[bool] = None, **call: Any) -> PreflightResult:
        """See Client.preflight."""
        return cast(PreflightResult, await self._run(self._ops.preflight(tool, params, {**call, "enforce": enforce, "verification": verification})))

    async def check(self, tool: str, params: Params, *, approval_timeout: Optional[float] = None, **call: Any) -> Decision:
        """See Client.check."""
        return cast(Decision, await self._run(self._ops.check(tool, params, call, approval_timeout)))

    def guard(self, tool: str, params: ParamsSpec = None, *, param_map: Optional[Mapping[str, str]] = None, approval_timeout: Optional[float] = None, **call: Any) -> "AsyncGuard":
        """`async with client.guard("exec", {...}):`, or decorate an async function."""
        return AsyncGuard(self, tool, params, param_map, approval_timeout, call)

    async def health(self) -> Health:
        return cast(Health, await self._run(self._ops.get("/healthz")))

    async def status(self) -> Status:
        return cast(Status, await self._run(self._ops.get("/v1/status")))

    async def policy_summary(self) -> PolicySummary:
        return cast(PolicySummary, await self._run(self._ops.get("/v1/policy/summary")))

    async def reload(self) -> ReloadResult:
        return cast(ReloadResult, await self._run(self._ops.post("/v1/policy/reload")))

    async def test(self, command: str, *, tool: Optional[str] = None, agent: Optional[str] = None, session: Optional[str] = None) -> TestResult:
        body = {k: v for k, v in {"command": command, "tool": tool, "agent": agent, "session": session}.items() if v is not None}
        return cast(TestResult, await self._run(self._ops.post("/v1/test", body)))

    async def events(self) -> AsyncIterator[StreamEvent]:
        """`async for ev in client.events():` the live stream; leaving the loop (or cancelling
        the task) closes the connection."""
        path = "/v1/events/stream"
        try:
            conn = await asyncio.wait_for(self._open("GET", path, None, "text/event-stream"), self.timeout)
        except (asyncio.TimeoutError, OSError, ConnectionError, ValueError) as err:
            raise self._unreachable("GET", path, err) from err
        try:
            if conn.status != 200:
                raw = await conn.body(1 << 20)
                try:
                    body: Any = json.loads(raw)
                except ValueError:
                    body = {"error": raw.decode("utf-8", "replace")}
                raise error_from_reply("GET", path, conn.status, body)
            parser = SseParser()
            buf = b""
            async for chunk in conn.chunks():
                buf += chunk
                while True:
                    nl = buf.find(b"\n")
                    if nl < 0:
                        break
                    line, buf = buf[:nl], buf[nl + 1 :]
                    ev = parser.feed(line.decode("utf-8", "replace").rstrip("\r"))
                    if ev is not None:
                        yield cast(StreamEvent, ev)
                if len(buf) > MAX_EVENT_BYTES:
                    raise SvcError(f"line longer than {MAX_EVENT_BYTES} bytes", 200, "invalid_response", None, "invalid_response")
        finally:
            conn.close()


class AsyncGuard:
    """Returned by AsyncClient.guard(): use with `async with`, or decorate an async function."""

    def __init__(self, client: AsyncClient, tool: str, params: ParamsSpec, param_map: Optional[Mapping[str, str]], approval_timeout: Optional[float], call: Mapping[str, Any]) -> None:
        self._client, self._tool, self._params, self._map = client, tool, params, param_map
        self._timeout, self._call = approval_timeout, dict(call)
        self.decision: Optional[Decision] = None

    async def __aenter__(self) -> Decision:
        if self._params is None or callable(self._params):
            raise TypeError("guard(tool, params) needs the params (a mapping) when used with `async with`")
        self.decision = await self._client.check(self._tool, self._params, approval_timeout=self._timeout, **self._call)
        return self.decision

    async def __aexit__(self, *exc: Any) -> None:
        return None

    def __call__(self, fn: AF) -> AF:
        if not asyncio.iscoroutinefunction(fn):
            raise TypeError("AsyncClient.guard decorates async functions; use Client.guard for plain ones")

        @functools.wraps(fn)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            params = params_for(fn, self._params, self._map, args, kwargs)
            await self._client.check(self._tool, params, approval_timeout=self._timeout, **self._call)
            return await fn(*args, **kwargs)

        return cast(AF, wrapper)


class _AsyncApprovals:
    def __init__(self, c: AsyncClient) -> None:
        self._c = c

    async def list(self) -> ApprovalList:
        return cast(ApprovalList, await self._c._run(self._c._ops.approvals_list()))

    async def get(self, approval_id: str) -> Approval:
        return cast(Approval, await self._c._run(self._c._ops.approval_get(approval_id)))

    async def create(self, tool: str, params: Params, *, agent: Optional[str] = None, **fields: Any) -> CreatedApproval:
        body = {"tool": tool, "agent": agent or self._c.agent, "params": dict(params), **{k: v for k, v in fields.items() if v is not None}}
        return cast(CreatedApproval, await self._c._run(self._c._ops.approval_create(body)))

    async def resolve(self, approval_id: str, approved: bool, *, resolved_by: Optional[str] = None, persist: Optional[bool] = None) -> ResolveResult:
        return cast(ResolveResult, await self._c._run(self._c._ops.approval_resolve(approval_id, approved, resolved_by, persist)))

    async def bulk_resolve(self, *, agent: str, session: str, run_id: str, action: str, scope: str, ids: List[str], resolved_by: Optional[str] = None) -> BulkResolveResult:
        body: Dict[str, Any] = {"agent": agent, "session": session, "run_id": run_id, "action": action, "scope": scope, "ids": list(ids)}
        if resolved_by is not None:
            body["resolved_by"] = resolved_by
        return cast(BulkResolveResult, await self._c._run(self._c._ops.approvals_bulk(body)))

    async def wait(self, approval_id: str, timeout: float = 120.0, poll: float = _ops.APPROVAL_POLL_SECONDS) -> Approval:
        return cast(Approval, await self._c._run(self._c._ops.wait_approval(approval_id, timeout, poll)))


class _AsyncRules:
    def __init__(self, c: AsyncClient) -> None:
        self._c = c

    async def list(self) -> List[Rule]:
        return cast(List[Rule], await self._c._run(self._c._ops.rules_list()))

    async def learn(self, tool: str, args: str, *, source: Optional[str] = None) -> LearnResult:
        return cast(LearnResult, await self._c._run(self._c._ops.rules_learn(tool, args, source)))

    async def delete(self, name: str) -> Any:
        return await self._c._run(self._c._ops.rules_delete(name))


class _AsyncAudit:
    def __init__(self, c: AsyncClient) -> None:
        self._c = c

    async def events(self, *, date: Optional[str] = None, limit: Optional[int] = None, offset: Optional[int] = None, tool: Optional[str] = None, action: Optional[str] = None, agent: Optional[str] = None, session: Optional[str] = None) -> AuditPage:
        q = {"date": date, "limit": limit, "offset": offset, "tool": tool, "action": action, "agent": agent, "session": session}
        return cast(AuditPage, await self._c._run(self._c._ops.audit_events(q)))

    async def dates(self) -> AuditDates:
        return cast(AuditDates, await self._c._run(self._c._ops.audit_dates()))

    async def export(self, date: str) -> str:
        return cast(str, await self._c._run(self._c._ops.audit_export(date)))

    async def stats(self, *, from_: Optional[str] = None, to: Optional[str] = None) -> AuditStats:
        return cast(AuditStats, await self._c._run(self._c._ops.audit_stats(from_, to)))
