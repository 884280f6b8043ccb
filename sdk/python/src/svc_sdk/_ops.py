"""The API as sans-I/O generators: each operation yields the requests (and pauses) it needs
and returns its result, so the sync and the asyncio client share one implementation and
differ only in how they carry a request (client.py, aio.py)."""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Generator, List, Mapping, Optional, Tuple, Union, cast
from urllib.parse import quote, urlencode

from .errors import DeniedError, FailClosedError, NetworkError, error_from_reply
from .types import (
    Approval,
    ApprovalList,
    AuditDates,
    AuditPage,
    AuditStats,
    BulkResolveResult,
    CreatedApproval,
    Decision,
    LearnResult,
    PreflightResult,
    ResolveResult,
    Rule,
)

Params = Mapping[str, Any]


@dataclass
class Req:
    """One HTTP request; the carrier answers with a Reply or raises an SvcError."""

    method: str
    path: str
    body: Any = None
    ok: Tuple[int, ...] = (200,)
    text: bool = False


@dataclass
class Reply:
    status: int
    body: Any


@dataclass
class Sleep:
    seconds: float


Op = Union[Req, Sleep]
Gen = Generator[Op, Any, Any]

APPROVAL_POLL_SECONDS = 0.5
# An ask waits until its approval expires; this much longer lets the final status be read.
EXPIRY_SLACK_SECONDS = 5.0
DEFAULT_APPROVAL_WAIT_SECONDS = 125.0


def new_call_id() -> str:
    return "py-" + secrets.token_hex(12)


def interpret(req: Req, status: int, raw: bytes) -> Reply:
    """Turns a raw reply into a Reply, or raises the typed error for its status."""
    import json

    text = raw.decode("utf-8", errors="replace")
    ok = status in req.ok
    if req.text and ok:
        return Reply(status, text)
    try:
        body: Any = json.loads(text) if text else None
    except ValueError:
        if ok:
            from .errors import SvcError

            raise SvcError(f"{req.method} {req.path}: reply is not JSON", status, "invalid_response", text, "invalid_response")
        body = {"error": text[:500]}
    if not ok:
        raise error_from_reply(req.method, req.path, status, body)
    return Reply(status, body)


def _query(path: str, q: Mapping[str, Any]) -> str:
    items = {k: str(v) for k, v in q.items() if v is not None and v != ""}
    return f"{path}?{urlencode(items)}" if items else path


@dataclass
class Ops:
    """Everything a client knows besides how to carry a request."""

    fail_open: bool
    agent: str
    session: str
    run_id: str
    warn: Callable[[str], None]

    # --- tool decisions -------------------------------------------------------------------

    def tool_body(self, params: Params, call: Mapping[str, Any]) -> Dict[str, Any]:
        body: Dict[str, Any] = {
            "agent": call.get("agent") or self.agent,
            "session": call.get("session") if call.get("session") is not None else self.session,
            "params": dict(params),
        }
        run_id = call.get("run_id") or self.run_id
        if run_id:
            body["run_id"] = run_id
        for key in ("tool_call_id", "cwd", "workdir", "input", "response", "agent_depth"):
            if call.get(key) is not None:
                body[key] = call[key]
        return body

    def _fail_open(self, err: NetworkError) -> Decision:
        self.warn(f"svc: {err.message}; allowing because fail_open is on")
        return cast(Decision, {"allowed": True, "decision": "allow", "message": f"fail-open: {err.message}", "eval_duration_us": 0, "fail_open": True})

    def evaluate(self, tool: str, params: Params, call: Mapping[str, Any]) -> Gen:
        path = f"/v1/tool/{quote(tool, safe='')}"
        try:
            r: Reply = yield Req("POST", path, self.tool_body(params, call), ok=(200, 202, 403))
        except NetworkError as err:
            if self.fail_open:
                return self._fail_open(err)
            raise
        if r.status == 403 and not (isinstance(r.body, dict) and isinstance(r.body.get("decision"), str)):
            raise error_from_reply("POST", path, 403, r.body)
        return cast(Decision, r.body)

    def preflight(self, tool: str, params: Params, call: Mapping[str, Any]) -> Gen:
        body = self.tool_body(params, call)
        for key in ("enforce", "verification"):
            if call.get(key) is not None:
                body[key] = call[key]
        try:
            r: Reply = yield Req("POST", f"/v1/preflight/{quote(tool, safe='')}", body)
        except NetworkError as err:
            if self.fail_open:
                d = dict(self._fail_open(err))
                d.update(matched_policies=[], enforced=False)
                return cast(PreflightResult, d)
            raise
        return cast(PreflightResult, r.body)

    def check(self, tool: str, params: Params, call: Mapping[str, Any], approval_timeout: Optional[float]) -> Gen:
        """Decides whether a guarded call may run: returns the allowing Decision, or raises
        DeniedError (FailClosedError when the server could not be asked)."""
        call = dict(call)
        # A call id ties the ask and the approved retry together in the audit log, and (with a
        # run id) makes the approval a once-only grant for exactly this call.
        call.setdefault("tool_call_id", new_call_id())
        try:
            d: Decision = yield from self.evaluate(tool, params, call)
        except NetworkError as err:
            raise FailClosedError(f"{tool}: the svc server could not be asked, so the call is refused (fail closed): {err.message}", tool) from err
        if d["allowed"]:
            return d
        approval_id = d.get("approval_id")
        if d["decision"] != "ask" or not approval_id:
            raise DeniedError(f"{tool}: denied: {d['message']}", tool, d["decision"], d.get("policy"), approval_id, d, d["message"])
        wait = self.approval_wait(d.get("expires_at"), approval_timeout)
        final: Approval = yield from self.wait_approval(approval_id, wait)
        if final["status"] != "approved":
            raise DeniedError(f"{tool}: approval {final['status']}: {d['message']}", tool, "ask", d.get("policy"), approval_id, final, f"approval {final['status']}: {d['message']}")
        if call.get("run_id") or self.run_id:
            # Spend the once-only grant so the audit log shows the approved call being made.
            d = yield from self.evaluate(tool, params, call)
            if not d["allowed"]:
                raise DeniedError(f"{tool}: {d['decision']}: {d['message']}", tool, d["decision"], d.get("policy"), d.get("approval_id"), d, d["message"])
            return d
        allowed = dict(d)
        allowed.update(allowed=True, decision="allow", message=f"approved by {final.get('resolved_by') or 'an operator'}")
        return cast(Decision, allowed)

    @staticmethod
    def approval_wait(expires_at: Optional[str], cap: Optional[float]) -> float:
        wait = DEFAULT_APPROVAL_WAIT_SECONDS
        if expires_at:
            try:
                exp = datetime.fromisoformat(expires_at.replace("Z", "+00:00"))
                wait = (exp - datetime.now(timezone.utc)).total_seconds() + EXPIRY_SLACK_SECONDS
            except ValueError:
                pass
        if cap is not None:
            wait = min(wait, cap)
        return max(wait, 0.0)

    # --- approvals ------------------------------------------------------------------------

    def approvals_list(self) -> Gen:
        r: Reply = yield Req("GET", "/v1/approvals")
        return cast(ApprovalList, r.body)

    def approval_get(self, approval_id: str) -> Gen:
        r: Reply = yield Req("GET", f"/v1/approvals/{quote(approval_id, safe='')}")
        return cast(Approval, r.body)

    def approval_create(self, body: Dict[str, Any]) -> Gen:
        r: Reply = yield Req("POST", "/v1/approvals", {"action_version": 1, **body}, ok=(200, 201))
        return cast(CreatedApproval, r.body)

    def approval_resolve(self, approval_id: str, approved: bool, resolved_by: Optional[str], persist: Optional[bool]) -> Gen:
        body: Dict[str, Any] = {"approved": approved}
        if resolved_by is not None:
            body["resolved_by"] = resolved_by
        if persist is not None:
            body["persist"] = persist
        r: Reply = yield Req("POST", f"/v1/approvals/{quote(approval_id, safe='')}/resolve", body)
        return cast(ResolveResult, r.body)

    def approvals_bulk(self, body: Dict[str, Any]) -> Gen:
        r: Reply = yield Req("POST", "/v1/approvals/bulk-resolve", body)
        return cast(BulkResolveResult, r.body)

    def wait_approval(self, approval_id: str, timeout: float, poll: float = APPROVAL_POLL_SECONDS) -> Gen:
        """Polls one approval until it leaves pending or timeout passes; returns what it last
        saw. Network errors are retried within the timeout."""
        deadline = time.monotonic() + timeout
        last: Optional[Approval] = None
        while True:
            try:
                last = yield from self.approval_get(approval_id)
                assert last is not None
                if last["status"] != "pending":
                    return last
            except NetworkError:
                pass
            left = deadline - time.monotonic()
            if left <= 0:
                if last is not None:
                    return last
                raise NetworkError(f"approval {approval_id}: server unreachable while waiting", 0, "network", None, "network")
            yield Sleep(min(poll, left))

    # --- rules, audit, status -------------------------------------------------------------

    def rules_list(self) -> Gen:
        r: Reply = yield Req("GET", "/v1/rules/auto-allowed")
        return cast(List[Rule], r.body["rules"])

    def rules_learn(self, tool: str, args: str, source: Optional[str]) -> Gen:
        body: Dict[str, Any] = {"tool": tool, "args": args, "decision": "allow"}
        if source is not None:
            body["source"] = source
        r: Reply = yield Req("POST", "/v1/rules/learn", body, ok=(200, 201, 409))
        return cast(LearnResult, r.body)

    def rules_delete(self, name: str) -> Gen:
        r: Reply = yield Req("DELETE", f"/v1/rules/auto-allowed/{quote(name, safe='')}")
        return r.body

    def audit_events(self, q: Mapping[str, Any]) -> Gen:
        r: Reply = yield Req("GET", _query("/v1/audit/events", q))
        return cast(AuditPage, r.body)

    def audit_dates(self) -> Gen:
        r: Reply = yield Req("GET", "/v1/audit/dates")
        return cast(AuditDates, r.body)

    def audit_export(self, date: str) -> Gen:
        r: Reply = yield Req("GET", _query("/v1/audit/export", {"date": date}), text=True)
        return cast(str, r.body)

    def audit_stats(self, from_: Optional[str], to: Optional[str]) -> Gen:
        r: Reply = yield Req("GET", _query("/v1/audit/stats", {"from": from_, "to": to}))
        return cast(AuditStats, r.body)

    def get(self, path: str) -> Gen:
        r: Reply = yield Req("GET", path)
        return r.body

    def post(self, path: str, body: Any = None) -> Gen:
        r: Reply = yield Req("POST", path, body)
        return r.body


def env_identity(agent: Optional[str], session: Optional[str], run_id: Optional[str]) -> Tuple[str, str, str]:
    return (
        agent or os.environ.get("SERVICE_AGENT") or "sdk-python",
        session if session is not None else os.environ.get("SERVICE_SESSION", ""),
        run_id if run_id is not None else os.environ.get("SERVICE_RUN", ""),
    )
