"""Wire shapes of the svc HTTP API, in the server's snake_case (the same names as the docs
and the audit trail). Replies are plain dicts typed with these TypedDicts."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Dict, List, TypedDict

if TYPE_CHECKING:  # type checkers ship typing_extensions; the runtime needs no extra package
    from typing_extensions import NotRequired
elif sys.version_info >= (3, 11):
    from typing import NotRequired
else:  # pragma: no cover - annotations are postponed, so this only serves get_type_hints()
    NotRequired = Any


class Decision(TypedDict):
    """POST /v1/tool/{tool}."""

    allowed: bool
    decision: str  # allow | deny | watch | ask
    message: str
    eval_duration_us: int
    policy: NotRequired[str]
    suggestions: NotRequired[List[str]]
    enforced: NotRequired[bool]
    policy_decision: NotRequired[str]
    policy_message: NotRequired[str]
    response_policy_decision: NotRequired[str]
    response_policy_message: NotRequired[str]
    action: NotRequired[Dict[str, Any]]
    approval_id: NotRequired[str]
    approval_status: NotRequired[str]
    approval_scope: NotRequired[str]
    approval_resolved_by: NotRequired[str]
    approval_policy_audit_id: NotRequired[str]
    expires_at: NotRequired[str]
    response: NotRequired[str]
    fail_open: NotRequired[bool]
    """Set by the client: the server was away and fail_open allowed the call."""


class PreflightResult(TypedDict):
    """POST /v1/preflight/{tool}."""

    allowed: bool
    decision: str
    message: str
    matched_policies: List[str]
    eval_duration_us: int
    enforced: bool
    enforcement_requested: NotRequired[bool]
    policy_decision: NotRequired[str]
    policy_message: NotRequired[str]
    suggestions: NotRequired[List[str]]
    fail_open: NotRequired[bool]


class Approval(TypedDict):
    id: str
    tool: str
    command: str
    agent: str
    session: str
    message: str
    status: str
    created_at: str
    expires_at: str
    action: NotRequired[Dict[str, Any]]
    redacted: NotRequired[bool]
    credential_owner: NotRequired[str]
    run_id: NotRequired[str]
    resolved_at: NotRequired[str]
    resolved_by: NotRequired[str]


class RunGroup(TypedDict):
    agent: str
    session: str
    run_id: str
    credential_owner: str
    count: int
    earliest_created_at: str
    items: List[Approval]


class ApprovalList(TypedDict):
    approvals: List[Approval]
    run_groups: List[RunGroup]
    run_grant_ttl_ms: int


class CreatedApproval(TypedDict):
    action_version: int
    id: str
    status: str
    expires_at: str
    message: NotRequired[str]


class ResolveResult(TypedDict):
    id: str
    status: str
    approved: bool
    persisted: bool


class BulkResolveResult(TypedDict):
    resolved: int
    ids: List[str]
    reviewed_ids: List[str]
    race_covered_ids: List[str]
    scope: str
    future_calls_authorized: bool
    grant_ttl_ms: NotRequired[int]
    grant_expires_at: NotRequired[str]


class Rule(TypedDict):
    index: int
    tool: str
    name: str
    created: str
    command_pattern: NotRequired[str]
    path_pattern: NotRequired[str]


class LearnResult(TypedDict):
    rule_name: str
    pattern: str
    created: bool


class AuditDecision(TypedDict):
    action: str
    matched_policies: List[str]
    evaluation_time_us: int
    message: str
    suggestions: NotRequired[List[str]]


class AuditEvent(TypedDict):
    id: str
    timestamp: str
    agent: str
    session: str
    tool: str
    request: Dict[str, Any]
    decision: AuditDecision
    prev_hash: str
    hash: str
    run_id: NotRequired[str]


class AuditPage(TypedDict):
    events: List[AuditEvent]
    total_in_file: int
    next_offset: int
    date: str


class AuditDates(TypedDict):
    dates: List[str]
    configured: bool


class AuditStats(TypedDict):
    total_events: int
    by_action: Dict[str, int]
    by_tool: Dict[str, int]
    by_agent: Dict[str, int]
    by_session: Dict[str, int]


class Status(TypedDict):
    config_path: str
    mode: str
    default_action: str
    policy_count: int
    rule_count: int
    call_counts: Dict[str, int]


class PolicyRuleSummary(TypedDict):
    name: str
    action: str
    summary: str


class PolicySummary(TypedDict):
    default_action: str
    rules: List[PolicyRuleSummary]
    summary: str


class Health(TypedDict):
    status: str
    mode: str
    uptime_seconds: int
    version: str


class ReloadResult(TypedDict):
    success: bool
    policies_loaded: int
    rules_total: int
    reload_time_ms: int


class TestResult(TypedDict):
    command: str
    tool: str
    action: str
    message: str
    matched_policies: List[str]
    policy_scope: str


class StreamEvent(TypedDict):
    """One message of the live stream: connected, approvals, audit, audit_batch (or newer)."""

    type: str
    event: NotRequired[AuditEvent]
    run_id: NotRequired[str]
