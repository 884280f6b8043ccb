"""svc client SDK for Python agents: sync (Client) and asyncio (AsyncClient) clients for the
whole svc HTTP API, with guard() to run code only when svc allows it. Standard library only.

    from svc_sdk import Client, DeniedError

    svc = Client(agent="my-agent")          # $SERVICE_URL, $SERVICE_TOKEN or ~/.svc/token
    with svc.guard("exec", {"command": "make deploy"}):
        subprocess.run(["make", "deploy"])   # runs only when allowed (an ask waits for a human)
"""

from .aio import AsyncClient, AsyncGuard
from .client import Client, EventStream, Guard
from .errors import DeniedError, FailClosedError, ForbiddenError, NetworkError, SvcError, UnauthorizedError
from .types import Approval, AuditEvent, Decision, PreflightResult, StreamEvent

__version__ = "0.1.0"

__all__ = [
    "Client",
    "AsyncClient",
    "Guard",
    "AsyncGuard",
    "EventStream",
    "SvcError",
    "DeniedError",
    "FailClosedError",
    "NetworkError",
    "UnauthorizedError",
    "ForbiddenError",
    "Decision",
    "PreflightResult",
    "Approval",
    "AuditEvent",
    "StreamEvent",
]
