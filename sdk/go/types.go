package svc

import "encoding/json"

// ToolCall is one call to evaluate. Agent and Session default to the client's.
type ToolCall struct {
	Params     map[string]any
	Agent      string
	Session    string
	RunID      string
	ToolCallID string
	Cwd        string
	Workdir    string
	Input      map[string]any
	// Response is tool output for the response rules (sent when non-empty).
	Response   string
	AgentDepth *int
}

// Decision is the reply of POST /v1/tool (SPEC 2.2).
type Decision struct {
	Allowed                bool            `json:"allowed"`
	Decision               string          `json:"decision"`
	Message                string          `json:"message"`
	EvalDurationUs         int64           `json:"eval_duration_us"`
	Policy                 string          `json:"policy,omitempty"`
	Suggestions            []string        `json:"suggestions,omitempty"`
	Enforced               *bool           `json:"enforced,omitempty"`
	PolicyDecision         string          `json:"policy_decision,omitempty"`
	PolicyMessage          string          `json:"policy_message,omitempty"`
	ResponsePolicyDecision string          `json:"response_policy_decision,omitempty"`
	ResponsePolicyMessage  string          `json:"response_policy_message,omitempty"`
	Action                 json.RawMessage `json:"action,omitempty"`
	ApprovalID             string          `json:"approval_id,omitempty"`
	ApprovalStatus         string          `json:"approval_status,omitempty"`
	ApprovalScope          string          `json:"approval_scope,omitempty"`
	ApprovalResolvedBy     string          `json:"approval_resolved_by,omitempty"`
	ApprovalPolicyAuditID  string          `json:"approval_policy_audit_id,omitempty"`
	ExpiresAt              string          `json:"expires_at,omitempty"`
	Response               *string         `json:"response,omitempty"`
	// FailOpen is set by the client when the server was unreachable and FailOpen allowed the call.
	FailOpen bool `json:"-"`
}

// PreflightResult is the reply of POST /v1/preflight (SPEC 2.3).
type PreflightResult struct {
	Allowed              bool     `json:"allowed"`
	Decision             string   `json:"decision"`
	Message              string   `json:"message"`
	MatchedPolicies      []string `json:"matched_policies"`
	EvalDurationUs       int64    `json:"eval_duration_us"`
	Enforced             bool     `json:"enforced"`
	EnforcementRequested bool     `json:"enforcement_requested,omitempty"`
	PolicyDecision       string   `json:"policy_decision,omitempty"`
	PolicyMessage        string   `json:"policy_message,omitempty"`
	Suggestions          []string `json:"suggestions,omitempty"`
	FailOpen             bool     `json:"-"`
}

// Approval is one queued approval (SPEC 2.5).
type Approval struct {
	ID              string          `json:"id"`
	Tool            string          `json:"tool"`
	Command         string          `json:"command"`
	Action          json.RawMessage `json:"action,omitempty"`
	Redacted        bool            `json:"redacted,omitempty"`
	Agent           string          `json:"agent"`
	Session         string          `json:"session"`
	CredentialOwner string          `json:"credential_owner,omitempty"`
	Message         string          `json:"message"`
	Status          string          `json:"status"`
	RunID           string          `json:"run_id,omitempty"`
	CreatedAt       string          `json:"created_at"`
	ExpiresAt       string          `json:"expires_at"`
	ResolvedAt      string          `json:"resolved_at,omitempty"`
	ResolvedBy      string          `json:"resolved_by,omitempty"`
}

// RunGroup gathers pending approvals of one run (SPEC 2.6).
type RunGroup struct {
	Agent             string     `json:"agent"`
	Session           string     `json:"session"`
	RunID             string     `json:"run_id"`
	CredentialOwner   string     `json:"credential_owner"`
	Count             int        `json:"count"`
	EarliestCreatedAt string     `json:"earliest_created_at"`
	Items             []Approval `json:"items"`
}

// ApprovalList is the reply of GET /v1/approvals.
type ApprovalList struct {
	Approvals     []Approval `json:"approvals"`
	RunGroups     []RunGroup `json:"run_groups"`
	RunGrantTTLMs int64      `json:"run_grant_ttl_ms"`
}

// CreateApproval is the body of POST /v1/approvals (action_version 1 is added by the client).
type CreateApproval struct {
	Tool       string         `json:"tool"`
	Agent      string         `json:"agent"`
	Params     map[string]any `json:"params"`
	EventID    string         `json:"event_id,omitempty"`
	AgentDepth *int           `json:"agent_depth,omitempty"`
	Session    string         `json:"session,omitempty"`
	Workdir    string         `json:"workdir,omitempty"`
	Input      map[string]any `json:"input,omitempty"`
	Message    string         `json:"message,omitempty"`
	RunID      string         `json:"run_id,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

// CreatedApproval is the reply of POST /v1/approvals.
type CreatedApproval struct {
	ActionVersion int    `json:"action_version"`
	ID            string `json:"id"`
	Status        string `json:"status"`
	ExpiresAt     string `json:"expires_at"`
	Message       string `json:"message,omitempty"`
}

// Resolution is the body of POST /v1/approvals/{id}/resolve.
type Resolution struct {
	Approved   bool   `json:"approved"`
	ResolvedBy string `json:"resolved_by,omitempty"`
	Persist    bool   `json:"persist,omitempty"`
}

// ResolveResult is its reply.
type ResolveResult struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Approved  bool   `json:"approved"`
	Persisted bool   `json:"persisted"`
}

// BulkResolve is the body of POST /v1/approvals/bulk-resolve.
type BulkResolve struct {
	Agent      string   `json:"agent"`
	Session    string   `json:"session"`
	RunID      string   `json:"run_id"`
	Action     string   `json:"action"`
	Scope      string   `json:"scope"`
	IDs        []string `json:"ids"`
	ResolvedBy string   `json:"resolved_by,omitempty"`
}

// BulkResolveResult is its reply.
type BulkResolveResult struct {
	Resolved              int      `json:"resolved"`
	IDs                   []string `json:"ids"`
	ReviewedIDs           []string `json:"reviewed_ids"`
	RaceCoveredIDs        []string `json:"race_covered_ids"`
	Scope                 string   `json:"scope"`
	FutureCallsAuthorized bool     `json:"future_calls_authorized"`
	GrantTTLMs            int64    `json:"grant_ttl_ms,omitempty"`
	GrantExpiresAt        string   `json:"grant_expires_at,omitempty"`
}

// Rule is one auto-allowed rule (SPEC 2.9).
type Rule struct {
	Index          int    `json:"index"`
	Tool           string `json:"tool"`
	CommandPattern string `json:"command_pattern,omitempty"`
	PathPattern    string `json:"path_pattern,omitempty"`
	Name           string `json:"name"`
	Created        string `json:"created"`
}

// LearnResult is the reply of POST /v1/rules/learn.
type LearnResult struct {
	RuleName string `json:"rule_name"`
	Pattern  string `json:"pattern"`
	Created  bool   `json:"created"`
}

// AuditDecision is the decision part of an audit event.
type AuditDecision struct {
	Action           string   `json:"action"`
	MatchedPolicies  []string `json:"matched_policies"`
	EvaluationTimeUs int64    `json:"evaluation_time_us"`
	Message          string   `json:"message"`
	Suggestions      []string `json:"suggestions,omitempty"`
}

// AuditEvent is one record of the audit trail (SPEC 2.10).
type AuditEvent struct {
	ID        string         `json:"id"`
	Timestamp string         `json:"timestamp"`
	Agent     string         `json:"agent"`
	Session   string         `json:"session"`
	RunID     string         `json:"run_id,omitempty"`
	Tool      string         `json:"tool"`
	Request   map[string]any `json:"request"`
	Decision  AuditDecision  `json:"decision"`
	PrevHash  string         `json:"prev_hash"`
	Hash      string         `json:"hash"`
}

// AuditQuery filters GET /v1/audit/events; zero values are left out.
type AuditQuery struct {
	Date    string
	Limit   int
	Offset  int
	Tool    string
	Action  string
	Agent   string
	Session string
}

// AuditPage is the reply of GET /v1/audit/events.
type AuditPage struct {
	Events      []AuditEvent `json:"events"`
	TotalInFile int          `json:"total_in_file"`
	NextOffset  int          `json:"next_offset"`
	Date        string       `json:"date"`
}

// AuditDates is the reply of GET /v1/audit/dates.
type AuditDates struct {
	Dates      []string `json:"dates"`
	Configured bool     `json:"configured"`
}

// AuditStats is the reply of GET /v1/audit/stats.
type AuditStats struct {
	TotalEvents int            `json:"total_events"`
	ByAction    map[string]int `json:"by_action"`
	ByTool      map[string]int `json:"by_tool"`
	ByAgent     map[string]int `json:"by_agent"`
	BySession   map[string]int `json:"by_session"`
}

// Status is the reply of GET /v1/status (SPEC 2.11).
type Status struct {
	ConfigPath    string         `json:"config_path"`
	Mode          string         `json:"mode"`
	DefaultAction string         `json:"default_action"`
	PolicyCount   int            `json:"policy_count"`
	RuleCount     int            `json:"rule_count"`
	CallCounts    map[string]int `json:"call_counts"`
}

// PolicySummary is the reply of GET /v1/policy/summary.
type PolicySummary struct {
	DefaultAction string `json:"default_action"`
	Rules         []struct {
		Name    string `json:"name"`
		Action  string `json:"action"`
		Summary string `json:"summary"`
	} `json:"rules"`
	Summary string `json:"summary"`
}

// Health is the reply of GET /healthz.
type Health struct {
	Status        string `json:"status"`
	Mode          string `json:"mode"`
	UptimeSeconds int64  `json:"uptime_seconds"`
	Version       string `json:"version"`
}

// ReloadResult is the reply of POST /v1/policy/reload.
type ReloadResult struct {
	Success        bool  `json:"success"`
	PoliciesLoaded int   `json:"policies_loaded"`
	RulesTotal     int   `json:"rules_total"`
	ReloadTimeMs   int64 `json:"reload_time_ms"`
}

// TestRequest is the body of POST /v1/test.
type TestRequest struct {
	Command string `json:"command"`
	Tool    string `json:"tool,omitempty"`
	Agent   string `json:"agent,omitempty"`
	Session string `json:"session,omitempty"`
}

// TestResult is its reply.
type TestResult struct {
	Command         string   `json:"command"`
	Tool            string   `json:"tool"`
	Action          string   `json:"action"`
	Message         string   `json:"message"`
	MatchedPolicies []string `json:"matched_policies"`
	PolicyScope     string   `json:"policy_scope"`
}

// StreamEvent is one message of the live stream (SPEC 6). Raw holds the whole JSON object.
type StreamEvent struct {
	Type  string          `json:"type"`
	RunID string          `json:"run_id,omitempty"`
	Event *AuditEvent     `json:"event,omitempty"`
	Raw   json.RawMessage `json:"-"`
}
