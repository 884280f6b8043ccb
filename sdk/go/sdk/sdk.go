package sdk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"

	svc "github.com/svc-firewall/svc/sdk/go"
)

// contextKey keeps this package's context keys apart from everyone else's.
type contextKey string

const (
	// AgentKey is the context key for the agent's name (a string).
	AgentKey contextKey = "svc-agent"
	// SessionKey is the context key for the session (a string).
	SessionKey contextKey = "svc-session"
	// RunKey is the context key for the run id that groups one task's calls for approvals.
	RunKey contextKey = "svc-run"

	defaultAgent   = "unknown-agent"
	defaultSession = "unknown-session"
)

// ToolFunc is a tool implementation that Wrap puts behind a policy check.
type ToolFunc func(ctx context.Context, params map[string]any) (any, error)

// PreflightResult is what the server would decide for a call that has not run.
type PreflightResult struct {
	// Allowed is true when the call would run (allow or watch).
	Allowed bool
	// Action is allow, deny, watch or ask (or unavailable when the server could not be asked).
	Action string
	// Message is the reason from the deciding rule.
	Message string
	// Policies lists the policies that matched.
	Policies []string
	// EvalTime is how long the server took to evaluate.
	EvalTime time.Duration
	// FailOpen is true when the server was away and WithFailOpen allowed the call.
	FailOpen bool
	// Err is set when the server could not be asked (Allowed is then false unless FailOpen).
	Err error
}

// Option configures NewSDK.
type Option func(*config)

type config struct {
	failOpen    bool
	approvalMax time.Duration
	timeout     time.Duration
	warn        func(string)
}

// WithFailOpen lets wrapped calls run, with a warning, when the server cannot be reached.
// Without it they fail closed.
func WithFailOpen() Option { return func(c *config) { c.failOpen = true } }

// WithApprovalWait bounds how long a call that needs approval waits for a human. By default
// it waits until the approval expires (the server's --approval-timeout) or ctx ends; 0
// refuses an ask at once.
func WithApprovalWait(d time.Duration) Option {
	return func(c *config) { c.approvalMax = d }
}

// WithTimeout bounds one request to the server (default 10 s).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithWarn receives the fail-open warnings (default: stderr).
func WithWarn(f func(string)) Option { return func(c *config) { c.warn = f } }

// SDK checks tool calls with one svc server. It is safe for concurrent use.
type SDK struct {
	client      *svc.Client
	failOpen    bool
	approvalMax time.Duration
	warn        func(string)
}

// NewSDK connects to the svc server named by configPath: svc's data directory (the `token`
// file, and the address from its `url` file or $SERVICE_URL), a file holding the server URL,
// the URL itself, or "" for $SERVICE_URL and $SERVICE_TOKEN. It does not contact the server;
// the first wrapped call does.
func NewSDK(configPath string, opts ...Option) (*SDK, error) {
	t, err := resolveConfig(configPath)
	if err != nil {
		return nil, err
	}
	cfg := config{approvalMax: -1}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.warn == nil {
		cfg.warn = func(m string) { fmt.Fprintln(os.Stderr, m) }
	}
	c, err := svc.New(svc.Options{URL: t.url, Token: t.token, Timeout: cfg.timeout, Warn: cfg.warn})
	if err != nil {
		return nil, err
	}
	return &SDK{client: c, failOpen: cfg.failOpen, approvalMax: cfg.approvalMax, warn: cfg.warn}, nil
}

// Client is the full HTTP client behind the SDK (approvals, rules, audit, events).
func (s *SDK) Client() *svc.Client { return s.client }

func ctxString(ctx context.Context, key contextKey, env, fallback string) string {
	if ctx != nil {
		if v, _ := ctx.Value(key).(string); v != "" {
			return v
		}
	}
	if v := os.Getenv(env); v != "" {
		return v
	}
	return fallback
}

func newCallID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "go-" + hex.EncodeToString(b[:])
}

func (s *SDK) toolCall(ctx context.Context, params map[string]any) svc.ToolCall {
	if params == nil {
		params = map[string]any{}
	}
	return svc.ToolCall{
		Params:  params,
		Agent:   ctxString(ctx, AgentKey, "SERVICE_AGENT", defaultAgent),
		Session: ctxString(ctx, SessionKey, "SERVICE_SESSION", defaultSession),
		RunID:   ctxString(ctx, RunKey, "SERVICE_RUN", ""),
	}
}

// Wrap returns fn behind a policy check: every call is evaluated (and audited) by the server
// as the tool class toolName before fn runs. Allow and watch run fn; deny returns *ErrDenied;
// ask waits for the approval and runs fn only when a human approves it. The agent and
// session come from ctx (AgentKey, SessionKey, RunKey), else $SERVICE_AGENT, $SERVICE_SESSION
// and $SERVICE_RUN.
func (s *SDK) Wrap(toolName string, fn ToolFunc) ToolFunc {
	return func(ctx context.Context, params map[string]any) (any, error) {
		if ctx == nil {
			ctx = context.Background()
		}
		if err := s.check(ctx, toolName, params); err != nil {
			return nil, err
		}
		return fn(ctx, params)
	}
}

// check returns nil when the call may run.
func (s *SDK) check(ctx context.Context, tool string, params map[string]any) error {
	call := s.toolCall(ctx, params)
	// A call id makes an approval a once-only grant for exactly this call (when a run id is
	// known too), and ties the audit records of the ask and the approved retry together.
	call.ToolCallID = newCallID()
	d, err := s.client.Evaluate(ctx, tool, call)
	if err != nil {
		if errors.Is(err, svc.ErrNetwork) {
			if s.failOpen {
				s.warn(fmt.Sprintf("svc: %v; running %s because fail-open is on", err, tool))
				return nil
			}
			return &ErrDenied{Tool: tool, Decision: "unavailable", Message: "the svc server could not be asked, so the call is refused (fail closed): " + err.Error(), Err: err}
		}
		return err
	}
	if d.Allowed {
		return nil
	}
	if d.Decision != "ask" || d.ApprovalID == "" {
		return &ErrDenied{Tool: tool, Policy: d.Policy, Message: d.Message, Decision: d.Decision, ApprovalID: d.ApprovalID}
	}
	a, err := s.client.WaitApproval(ctx, d.ApprovalID, s.approvalWait(d.ExpiresAt))
	if err != nil {
		return &ErrDenied{Tool: tool, Policy: d.Policy, Message: "waiting for approval failed: " + err.Error(), Decision: "ask", ApprovalID: d.ApprovalID, Err: err}
	}
	if a.Status != "approved" {
		return &ErrDenied{Tool: tool, Policy: d.Policy, Message: fmt.Sprintf("approval %s: %s (%s)", a.Status, d.Message, a.ID), Decision: "ask", ApprovalID: d.ApprovalID}
	}
	if call.RunID == "" {
		return nil
	}
	// Spend the once-only grant so the audit log shows the approved call being made.
	d, err = s.client.Evaluate(ctx, tool, call)
	if err != nil {
		return &ErrDenied{Tool: tool, Decision: "unavailable", Message: "the approved call could not be confirmed: " + err.Error(), ApprovalID: a.ID, Err: err}
	}
	if !d.Allowed {
		return &ErrDenied{Tool: tool, Policy: d.Policy, Message: d.Message, Decision: d.Decision, ApprovalID: d.ApprovalID}
	}
	return nil
}

// approvalWait is how long to wait for a human: until the approval expires (plus a little,
// so the final status is seen), capped by WithApprovalWait.
func (s *SDK) approvalWait(expiresAt string) time.Duration {
	wait := 2*time.Minute + 5*time.Second
	if t, err := time.Parse(time.RFC3339Nano, expiresAt); err == nil {
		wait = time.Until(t) + 5*time.Second
	}
	if s.approvalMax >= 0 && s.approvalMax < wait {
		wait = s.approvalMax
	}
	return wait
}

// Preflight asks what the server would decide for the call without running it, queueing an
// approval or spending a grant. With the server away the result is not Allowed (Err says
// why) unless the SDK fails open.
func (s *SDK) Preflight(ctx context.Context, toolName string, params map[string]any) PreflightResult {
	if ctx == nil {
		ctx = context.Background()
	}
	r, err := s.client.Preflight(ctx, toolName, s.toolCall(ctx, params), false)
	if err != nil {
		if errors.Is(err, svc.ErrNetwork) && s.failOpen {
			s.warn(fmt.Sprintf("svc: %v; allowing because fail-open is on", err))
			return PreflightResult{Allowed: true, Action: "allow", Message: "fail-open: " + err.Error(), FailOpen: true, Err: err}
		}
		action := "error"
		if errors.Is(err, svc.ErrNetwork) {
			action = "unavailable"
		}
		return PreflightResult{Action: action, Message: err.Error(), Err: err}
	}
	return PreflightResult{
		Allowed:  r.Allowed,
		Action:   r.Decision,
		Message:  r.Message,
		Policies: r.MatchedPolicies,
		EvalTime: time.Duration(r.EvalDurationUs) * time.Microsecond,
	}
}
