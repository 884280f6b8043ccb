"""The synchronous client: one method per call of the svc HTTP API. Tool decisions come back
as values (a deny is an answer, not an exception); guard() turns them into "run it or raise"."""

from __future__ import annotations

import functools
import http.client
import json
import ssl
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, TypeVar, cast
from urllib.parse import urlsplit

from . import _ops
from ._config import DEFAULT_TIMEOUT, MAX_REPLY_BYTES, resolve
from ._guard import ParamsSpec, params_for
from ._ops import Gen, Ops, Params, Reply, Req, Sleep, env_identity, interpret
from ._sse import MAX_EVENT_BYTES, SseParser
from .errors import NetworkError, SvcError, error_from_reply
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

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


def _warn_default(message: str) -> None:
    import warnings

    warnings.warn(message, RuntimeWarning, stacklevel=4)


class _Base:
    """Settings shared by the sync and the asyncio client."""

    def __init__(
        self,
        url: Optional[str] = None,
        token: Optional[str] = None,
        *,
        fail_open: bool = False,
        timeout: float = DEFAULT_TIMEOUT,
        agent: Optional[str] = None,
        session: Optional[str] = None,
        run_id: Optional[str] = None,
        data_dir: Optional[str] = None,
        on_warning: Optional[Callable[[str], None]] = None,
    ) -> None:
        self.url, self._token = resolve(url, token, data_dir)
        parts = urlsplit(self.url)
        self._https = parts.scheme == "https"
        self._host = parts.hostname or "127.0.0.1"
        self._port = parts.port or (443 if self._https else 80)
        self._hostport = parts.netloc
        self.timeout = timeout
        self.fail_open = fail_open
        a, s, r = env_identity(agent, session, run_id)
        self._ops = Ops(fail_open=fail_open, agent=a, session=s, run_id=r, warn=on_warning or _warn_default)

    @property
    def agent(self) -> str:
        return self._ops.agent

    @property
    def session(self) -> str:
        return self._ops.session

    def _headers(self, json_body: bool, accept: str = "application/json") -> Dict[str, str]:
        h = {"Accept": accept}
        if json_body:
            h["Content-Type"] = "application/json"
        if self._token:
            h["Authorization"] = f"Bearer {self._token}"
        return h

    def _unreachable(self, method: str, path: str, err: BaseException) -> NetworkError:
        return NetworkError(f"{method} {path}: svc server unreachable at {self.url} ({err or type(err).__name__})", 0, "network", None, "network")


def _encode(body: Any) -> Optional[bytes]:
    return None if body is None else json.dumps(body, default=str).encode("utf-8")


class Client(_Base):
    """Talks to one svc server. Safe to share between threads (one connection per request).

    url: default $SERVICE_URL, else http://127.0.0.1:9090 (or data_dir's `url` file).
    token: default $SERVICE_TOKEN, else the data dir's `token` file (loopback or https only).
    fail_open: when the server cannot be reached, evaluate/preflight allow with a warning and
    guard runs the call. Off by default: an unreachable policy server should not quietly
    mean "anything goes".
    """

    @functools.cached_property
    def approvals(self) -> "_Approvals":
        """Pending approvals: list, get, create, resolve, bulk_resolve, wait."""
        return _Approvals(self)

    @functools.cached_property
    def rules(self) -> "_Rules":
        """Auto-allowed rules: list, learn, delete."""
        return _Rules(self)

    @functools.cached_property
    def audit(self) -> "_Audit":
        """The audit trail: events, dates, export, stats."""
        return _Audit(self)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Nothing is held between requests; kept for symmetry with AsyncClient."""

    def _connection(self, timeout: Optional[float]) -> http.client.HTTPConnection:
        if self._https:
            return http.client.HTTPSConnection(self._host, self._port, timeout=timeout, context=ssl.create_default_context())
        return http.client.HTTPConnection(self._host, self._port, timeout=timeout)

    def _send(self, req: Req) -> Reply:
        body = _encode(req.body)
        conn = self._connection(self.timeout)
        try:
            conn.request(req.method, req.path, body=body, headers=self._headers(body is not None))
            res = conn.getresponse()
            raw = res.read(MAX_REPLY_BYTES + 1)
        except (OSError, http.client.HTTPException) as err:
            raise self._unreachable(req.method, req.path, err) from err
        finally:
            conn.close()
        if len(raw) > MAX_REPLY_BYTES:
            raise SvcError(f"{req.method} {req.path}: reply larger than {MAX_REPLY_BYTES} bytes", res.status, "invalid_response", None, "invalid_response")
        return interpret(req, res.status, raw)

    def _run(self, gen: Gen) -> Any:
        """Drives one operation: carries its requests, sleeps its pauses."""
        import time

        try:
            op = next(gen)
            while True:
                try:
                    if isinstance(op, Sleep):
                        time.sleep(op.seconds)
                        result: Any = None
                    else:
                        result = self._send(op)
                except Exception as err:  # handed to the operation, which may recover
                    op = gen.throw(err)
                    continue
                op = gen.send(result)
        except StopIteration as done:
            return done.value

    # --- tool decisions -------------------------------------------------------------------

    def evaluate(self, tool: str, params: Params, **call: Any) -> Decision:
        """POST /v1/tool/{tool}: evaluate (and audit) one call. allow/watch, a queued ask
        (with approval_id) and a deny all come back as a Decision.
        call: agent, session, run_id, tool_call_id, cwd, workdir, input, response, agent_depth."""
        return cast(Decision, self._run(self._ops.evaluate(tool, params, call)))

    def preflight(self, tool: str, params: Params, *, enforce: Optional[bool] = None, verification: Optional[bool] = None, **call: Any) -> PreflightResult:
        """POST /v1/preflight/{tool}: a preview, or with enforce=True the real execution boundary."""
        return cast(PreflightResult, self._run(self._ops.preflight(tool, params, {**call, "enforce": enforce, "verification": verification})))

    def check(self, tool: str, params: Params, *, approval_timeout: Optional[float] = None, **call: Any) -> Decision:
        """What guard does before running anything: returns the allowing Decision (after
        waiting for a human on ask), or raises DeniedError (FailClosedError with the server
        away and fail_open off)."""
        return cast(Decision, self._run(self._ops.check(tool, params, call, approval_timeout)))

    def guard(self, tool: str, params: ParamsSpec = None, *, param_map: Optional[Mapping[str, str]] = None, approval_timeout: Optional[float] = None, **call: Any) -> "Guard":
        """A context manager and a decorator that let code run only when svc allows the call.

            with client.guard("exec", {"command": cmd}):
                subprocess.run(cmd, shell=True)

            @client.guard("exec", param_map={"cmd": "command"})
            def run(cmd: str) -> str: ...

        An ask waits for the approval (until it expires, or approval_timeout seconds; 0
        refuses at once). A refusal raises DeniedError and the code does not run."""
        return Guard(self, tool, params, param_map, approval_timeout, call)

    # --- status ---------------------------------------------------------------------------

    def health(self) -> Health:
        return cast(Health, self._run(self._ops.get("/healthz")))

    def status(self) -> Status:
        return cast(Status, self._run(self._ops.get("/v1/status")))

    def policy_summary(self) -> PolicySummary:
        return cast(PolicySummary, self._run(self._ops.get("/v1/policy/summary")))

    def reload(self) -> ReloadResult:
        return cast(ReloadResult, self._run(self._ops.post("/v1/policy/reload")))

    def test(self, command: str, *, tool: Optional[str] = None, agent: Optional[str] = None, session: Optional[str] = None) -> TestResult:
        """POST /v1/test: evaluates a hypothetical command without auditing it."""
        body = {k: v for k, v in {"command": command, "tool": tool, "agent": agent, "session": session}.items() if v is not None}
        return cast(TestResult, self._run(self._ops.post("/v1/test", body)))

    def events(self, *, read_timeout: Optional[float] = None) -> "EventStream":
        """The live event stream (GET /v1/events/stream) as an iterator of dicts:

            with client.events() as stream:
                for ev in stream: ...

        read_timeout: raise NetworkError when no byte arrives for that long (default: wait)."""
        return EventStream(self, read_timeout)


class Guard:
    """Returned by Client.guard(): use with `with`, or as a decorator."""

    def __init__(self, client: Client, tool: str, params: ParamsSpec, param_map: Optional[Mapping[str, str]], approval_timeout: Optional[float], call: Mapping[str, Any]) -> None:
        self._client, self._tool, self._params, self._map = client, tool, params, param_map
        self._timeout, self._call = approval_timeout, dict(call)
        self.decision: Optional[Decision] = None

    def __enter__(self) -> Decision:
        if self._params is None or callable(self._params):
            raise TypeError("guard(tool, params) needs the params (a mapping) when used with `with`")
        self.decision = self._client.check(self._tool, self._params, approval_timeout=self._timeout, **self._call)
        return self.decision

    def __exit__(self, *exc: Any) -> None:
        return None

    def __call__(self, fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            params = params_for(fn, self._params, self._map, args, kwargs)
            self._client.check(self._tool, params, approval_timeout=self._timeout, **self._call)
            return fn(*args, **kwargs)

        return cast(F, wrapper)


class EventStream:
    """One open GET /v1/events/stream; iterate it, close it (or use `with`)."""

    def __init__(self, client: Client, read_timeout: Optional[float]) -> None:
        path = "/v1/events/stream"
        self._conn = client._connection(client.timeout)
        try:
            self._conn.request("GET", path, headers=client._headers(False, "text/event-stream"))
            self._res = self._conn.getresponse()
        except (OSError, http.client.HTTPException) as err:
            self._conn.close()
            raise client._unreachable("GET", path, err) from err
        if self._res.status != 200:
            raw = self._res.read(1 << 20)
            self._conn.close()
            try:
                body: Any = json.loads(raw)
            except ValueError:
                body = {"error": raw.decode("utf-8", "replace")}
            raise error_from_reply("GET", path, self._res.status, body)
        if self._conn.sock is not None:
            self._conn.sock.settimeout(read_timeout)
        self._client = client
        self._parser = SseParser()

    def __iter__(self) -> Iterator[StreamEvent]:
        while True:
            try:
                line = self._res.readline(MAX_EVENT_BYTES + 2)
            except (OSError, http.client.HTTPException, ValueError) as err:
                if self._conn.sock is None:  # closed by close()
                    return
                raise self._client._unreachable("GET", "/v1/events/stream", err) from err
            if not line:
                return
            if len(line) > MAX_EVENT_BYTES and not line.endswith(b"\n"):
                raise SvcError(f"GET /v1/events/stream: line longer than {MAX_EVENT_BYTES} bytes", 200, "invalid_response", None, "invalid_response")
            ev = self._parser.feed(line.decode("utf-8", "replace").rstrip("\r\n"))
            if ev is not None:
                yield cast(StreamEvent, ev)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "EventStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class _Approvals:
    def __init__(self, c: Client) -> None:
        self._c = c

    def list(self) -> ApprovalList:
        """Pending approvals and run groups."""
        return cast(ApprovalList, self._c._run(self._c._ops.approvals_list()))

    def get(self, approval_id: str) -> Approval:
        return cast(Approval, self._c._run(self._c._ops.approval_get(approval_id)))

    def create(self, tool: str, params: Params, *, agent: Optional[str] = None, **fields: Any) -> CreatedApproval:
        """POST /v1/approvals (action_version 1). Status "approved" at once means a live run
        grant covered it. fields: session, run_id, tool_call_id, workdir, input, message,
        event_id, agent_depth."""
        body = {"tool": tool, "agent": agent or self._c.agent, "params": dict(params), **{k: v for k, v in fields.items() if v is not None}}
        return cast(CreatedApproval, self._c._run(self._c._ops.approval_create(body)))

    def resolve(self, approval_id: str, approved: bool, *, resolved_by: Optional[str] = None, persist: Optional[bool] = None) -> ResolveResult:
        return cast(ResolveResult, self._c._run(self._c._ops.approval_resolve(approval_id, approved, resolved_by, persist)))

    def bulk_resolve(self, *, agent: str, session: str, run_id: str, action: str, scope: str, ids: List[str], resolved_by: Optional[str] = None) -> BulkResolveResult:
        """Approve or deny the reviewed approvals of one run (scope "pending"), or approve them
        and grant the run's later calls for a while (scope "run")."""
        body: Dict[str, Any] = {"agent": agent, "session": session, "run_id": run_id, "action": action, "scope": scope, "ids": list(ids)}
        if resolved_by is not None:
            body["resolved_by"] = resolved_by
        return cast(BulkResolveResult, self._c._run(self._c._ops.approvals_bulk(body)))

    def wait(self, approval_id: str, timeout: float = 120.0, poll: float = _ops.APPROVAL_POLL_SECONDS) -> Approval:
        """Polls until the approval leaves pending or timeout seconds pass; returns the last seen."""
        return cast(Approval, self._c._run(self._c._ops.wait_approval(approval_id, timeout, poll)))


class _Rules:
    def __init__(self, c: Client) -> None:
        self._c = c

    def list(self) -> List[Rule]:
        return cast(List[Rule], self._c._run(self._c._ops.rules_list()))

    def learn(self, tool: str, args: str, *, source: Optional[str] = None) -> LearnResult:
        """A permanent allow rule for a literal command or path; an existing one is returned."""
        return cast(LearnResult, self._c._run(self._c._ops.rules_learn(tool, args, source)))

    def delete(self, name: str) -> Any:
        return self._c._run(self._c._ops.rules_delete(name))


class _Audit:
    def __init__(self, c: Client) -> None:
        self._c = c

    def events(self, *, date: Optional[str] = None, limit: Optional[int] = None, offset: Optional[int] = None, tool: Optional[str] = None, action: Optional[str] = None, agent: Optional[str] = None, session: Optional[str] = None) -> AuditPage:
        """One page of one UTC day's audit events, newest first."""
        q = {"date": date, "limit": limit, "offset": offset, "tool": tool, "action": action, "agent": agent, "session": session}
        return cast(AuditPage, self._c._run(self._c._ops.audit_events(q)))

    def dates(self) -> AuditDates:
        return cast(AuditDates, self._c._run(self._c._ops.audit_dates()))

    def export(self, date: str) -> str:
        """One UTC day (YYYY-MM-DD) as raw JSONL."""
        return cast(str, self._c._run(self._c._ops.audit_export(date)))

    def stats(self, *, from_: Optional[str] = None, to: Optional[str] = None) -> AuditStats:
        return cast(AuditStats, self._c._run(self._c._ops.audit_stats(from_, to)))
