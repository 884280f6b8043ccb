"""Typed errors. Every failure is an SvcError carrying the HTTP status (0 when no reply
arrived), the server's error code and the raw body; the subclasses are the cases callers
handle differently: credentials, scope, a policy "no", the server being away."""

from __future__ import annotations

from typing import Any, Optional

_KIND_BY_STATUS = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    410: "gone",
    429: "rate_limited",
    503: "unavailable",
}


class SvcError(Exception):
    """A failed request."""

    def __init__(self, message: str, status: int = 0, code: str = "", body: Any = None, kind: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code or kind
        self.body = body
        self.kind = kind


class UnauthorizedError(SvcError):
    """401: missing, unknown, revoked or expired token."""


class ForbiddenError(SvcError):
    """403 outside a tool decision: the token lacks the scope."""


class NetworkError(SvcError):
    """No reply at all: connection refused, reset, or timed out."""


class DeniedError(SvcError):
    """svc did not let a guarded call run: a deny, or an ask that was refused or expired."""

    def __init__(
        self,
        message: str,
        tool: str,
        decision: str,
        policy: Optional[str] = None,
        approval_id: Optional[str] = None,
        body: Any = None,
        reason: Optional[str] = None,
    ) -> None:
        super().__init__(message, 403, "denied", body, "denied")
        self.reason = reason if reason is not None else message
        """The policy's own words (the rule's message, or why the approval failed)."""
        self.tool = tool
        self.decision = decision
        self.policy = policy
        self.approval_id = approval_id


class FailClosedError(DeniedError, NetworkError):
    """The server could not be asked and fail-open is off, so the guarded call is refused.
    It is both a DeniedError (the call did not run) and a NetworkError (why)."""

    def __init__(self, message: str, tool: str) -> None:
        DeniedError.__init__(self, message, tool, "unavailable", reason="the svc server could not be reached (fail closed)")
        self.status = 0
        self.kind = "network"
        self.code = "network"


def error_from_reply(method: str, path: str, status: int, body: Any) -> SvcError:
    b = body if isinstance(body, dict) else {}
    kind = _KIND_BY_STATUS.get(status, "server" if status >= 500 else "bad_request")
    raw_code, raw_text = b.get("code"), b.get("error")
    code: str = raw_code if isinstance(raw_code, str) else kind
    text: str = raw_text if isinstance(raw_text, str) else f"HTTP {status}"
    message = f"{method} {path}: {text}"
    if status == 401:
        return UnauthorizedError(message, status, code, body, kind)
    if status == 403:
        return ForbiddenError(message, status, code, body, kind)
    return SvcError(message, status, code, body, kind)
