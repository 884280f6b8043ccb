package svc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DefaultURL is used when neither Options.URL nor SERVICE_URL is set.
const DefaultURL = "http://127.0.0.1:9090"

// DefaultTimeout bounds one request.
const DefaultTimeout = 10 * time.Second

// MaxReplyBytes bounds a reply body (an audit export of a busy day fits well inside).
const MaxReplyBytes = 64 << 20

const approvalPoll = 500 * time.Millisecond

// Options configure a Client. Zero values take the defaults.
type Options struct {
	// URL of the server; default $SERVICE_URL, else DefaultURL.
	URL string
	// Token is the bearer token; default $SERVICE_TOKEN, else the token file of the data
	// directory ($SERVICE_HOME or ~/.svc), which is only sent to loopback or https servers.
	Token string
	// FailOpen makes Evaluate, Preflight and Guard allow a call, with a warning, when the
	// server cannot be reached. Off by default.
	FailOpen bool
	// Timeout of one request; default DefaultTimeout.
	Timeout time.Duration
	// Agent and Session are sent when a ToolCall names none.
	Agent   string
	Session string
	// Warn receives fail-open warnings; default writes to stderr.
	Warn func(message string)
	// HTTPClient replaces the default client (redirects are never followed either way).
	HTTPClient *http.Client
}

// Client talks to one svc server. It is safe for concurrent use.
type Client struct {
	base     string
	token    string
	failOpen bool
	timeout  time.Duration
	agent    string
	session  string
	warn     func(string)
	http     *http.Client
}

func isLoopback(u *url.URL) bool {
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// New returns a client; it fails only on a malformed URL.
func New(o Options) (*Client, error) {
	raw := o.URL
	if raw == "" {
		raw = os.Getenv("SERVICE_URL")
	}
	if raw == "" {
		raw = DefaultURL
	}
	raw = strings.TrimRight(raw, "/")
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("svc: url must be an absolute http or https URL, got %q", raw)
	}
	if u.User != nil {
		return nil, errors.New("svc: put the token in Options.Token, not in the URL")
	}
	token := o.Token
	if token == "" {
		token = os.Getenv("SERVICE_TOKEN")
	}
	if token == "" && (isLoopback(u) || u.Scheme == "https") {
		home := os.Getenv("SERVICE_HOME")
		if home == "" {
			if h, err := os.UserHomeDir(); err == nil {
				home = filepath.Join(h, ".svc")
			}
		}
		if b, err := os.ReadFile(filepath.Join(home, "token")); err == nil {
			token = strings.TrimSpace(string(b))
		}
	}
	c := &Client{
		base:     raw,
		token:    token,
		failOpen: o.FailOpen,
		timeout:  o.Timeout,
		agent:    o.Agent,
		session:  o.Session,
		warn:     o.Warn,
		http:     o.HTTPClient,
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.agent == "" {
		c.agent = "sdk-go"
	}
	if c.session == "" {
		c.session = os.Getenv("SERVICE_SESSION")
	}
	if c.warn == nil {
		c.warn = func(m string) { fmt.Fprintln(os.Stderr, m) }
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	// The token must not follow a redirect to another host.
	hc := *c.http
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	c.http = &hc
	return c, nil
}

// reply is one answered request.
type reply struct {
	status int
	body   []byte
}

// do sends one request; statuses outside ok become *Error, no reply becomes ErrNetwork.
func (c *Client) do(ctx context.Context, method, path string, in any, ok ...int) (*reply, error) {
	if len(ok) == 0 {
		ok = []int{200}
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, fmt.Errorf("svc: encoding %s %s: %w", method, path, err)
		}
		body = bytes.NewReader(b)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, &Error{Method: method, Path: path, Message: fmt.Sprintf("svc server unreachable at %s (%v)", c.base, err), kind: ErrNetwork}
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, MaxReplyBytes+1))
	if err != nil {
		return nil, &Error{Method: method, Path: path, Status: res.StatusCode, Message: fmt.Sprintf("reading reply: %v", err), kind: ErrNetwork}
	}
	if len(data) > MaxReplyBytes {
		return nil, &Error{Method: method, Path: path, Status: res.StatusCode, Message: "reply too large", kind: ErrInvalidResponse}
	}
	for _, s := range ok {
		if res.StatusCode == s {
			return &reply{status: res.StatusCode, body: data}, nil
		}
	}
	return nil, errorFromReply(method, path, res.StatusCode, data)
}

func (c *Client) call(ctx context.Context, method, path string, in, out any, ok ...int) (int, error) {
	r, err := c.do(ctx, method, path, in, ok...)
	if err != nil {
		return 0, err
	}
	if out != nil {
		if err := json.Unmarshal(r.body, out); err != nil {
			return r.status, &Error{Method: method, Path: path, Status: r.status, Message: "reply is not the expected JSON: " + err.Error(), Body: r.body, kind: ErrInvalidResponse}
		}
	}
	return r.status, nil
}

func (c *Client) toolBody(call ToolCall) map[string]any {
	params := call.Params
	if params == nil {
		params = map[string]any{}
	}
	b := map[string]any{"agent": c.agent, "session": c.session, "params": params}
	if call.Agent != "" {
		b["agent"] = call.Agent
	}
	if call.Session != "" {
		b["session"] = call.Session
	}
	set := func(k, v string) {
		if v != "" {
			b[k] = v
		}
	}
	set("run_id", call.RunID)
	set("tool_call_id", call.ToolCallID)
	set("cwd", call.Cwd)
	set("workdir", call.Workdir)
	set("response", call.Response)
	if call.Input != nil {
		b["input"] = call.Input
	}
	if call.AgentDepth != nil {
		b["agent_depth"] = *call.AgentDepth
	}
	return b
}

func toolPath(kind, tool string) string {
	return "/v1/" + kind + "/" + url.PathEscape(tool)
}

// Evaluate asks POST /v1/tool/{tool} about one call; the call is audited and an ask is queued.
// Allow/watch (200), ask (202, with ApprovalID) and deny (403) are all returned as a Decision.
func (c *Client) Evaluate(ctx context.Context, tool string, call ToolCall) (*Decision, error) {
	path := toolPath("tool", tool)
	r, err := c.do(ctx, http.MethodPost, path, c.toolBody(call), 200, 202, 403)
	if err != nil {
		if errors.Is(err, ErrNetwork) && c.failOpen {
			c.warn(fmt.Sprintf("svc: %v; allowing because FailOpen is on", err))
			return &Decision{Allowed: true, Decision: "allow", Message: "fail-open: " + err.Error(), FailOpen: true}, nil
		}
		return nil, err
	}
	var d Decision
	if err := json.Unmarshal(r.body, &d); err != nil || d.Decision == "" {
		if r.status == 403 {
			return nil, errorFromReply(http.MethodPost, path, 403, r.body)
		}
		return nil, &Error{Method: http.MethodPost, Path: path, Status: r.status, Message: "reply is not a decision", Body: r.body, kind: ErrInvalidResponse}
	}
	return &d, nil
}

// Preflight previews a call (POST /v1/preflight/{tool}); with enforce it is the real boundary.
func (c *Client) Preflight(ctx context.Context, tool string, call ToolCall, enforce bool) (*PreflightResult, error) {
	body := c.toolBody(call)
	if enforce {
		body["enforce"] = true
	}
	var out PreflightResult
	if _, err := c.call(ctx, http.MethodPost, toolPath("preflight", tool), body, &out); err != nil {
		if errors.Is(err, ErrNetwork) && c.failOpen {
			c.warn(fmt.Sprintf("svc: %v; allowing because FailOpen is on", err))
			return &PreflightResult{Allowed: true, Decision: "allow", Message: "fail-open: " + err.Error(), FailOpen: true}, nil
		}
		return nil, err
	}
	return &out, nil
}

// GuardOptions tune Guard.
type GuardOptions struct {
	// ApprovalWait makes an ask wait this long for a human before failing (0: fail at once).
	ApprovalWait time.Duration
}

// Guard evaluates the call and runs fn only when it is allowed. Otherwise it returns a
// *DeniedError (errors.Is(err, ErrDenied)) and fn never runs.
func (c *Client) Guard(ctx context.Context, tool string, call ToolCall, fn func(context.Context) error, opts ...GuardOptions) error {
	var o GuardOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	d, err := c.Evaluate(ctx, tool, call)
	if err != nil {
		return err
	}
	if d.Decision == "ask" && !d.Allowed && d.ApprovalID != "" && o.ApprovalWait > 0 {
		a, err := c.WaitApproval(ctx, d.ApprovalID, o.ApprovalWait)
		if err != nil {
			return err
		}
		if a.Status != "approved" {
			return &DeniedError{Tool: tool, Decision: "ask", Policy: d.Policy, ApprovalID: d.ApprovalID, Message: "approval " + a.Status}
		}
		// With a run and call id the approval is a once-only grant: spend it so the audit shows it.
		if call.RunID != "" && call.ToolCallID != "" {
			if d, err = c.Evaluate(ctx, tool, call); err != nil {
				return err
			}
		} else {
			d.Allowed = true
		}
	}
	if !d.Allowed {
		return &DeniedError{Tool: tool, Decision: d.Decision, Policy: d.Policy, ApprovalID: d.ApprovalID, Message: d.Message}
	}
	return fn(ctx)
}

// GuardValue is Guard for functions that return a value.
func GuardValue[T any](ctx context.Context, c *Client, tool string, call ToolCall, fn func(context.Context) (T, error), opts ...GuardOptions) (T, error) {
	var out T
	err := c.Guard(ctx, tool, call, func(ctx context.Context) error {
		v, err := fn(ctx)
		out = v
		return err
	}, opts...)
	return out, err
}

// Approvals lists pending approvals and run groups.
func (c *Client) Approvals(ctx context.Context) (*ApprovalList, error) {
	var out ApprovalList
	_, err := c.call(ctx, http.MethodGet, "/v1/approvals", nil, &out)
	return &out, err
}

// Approval reads one approval.
func (c *Client) Approval(ctx context.Context, id string) (*Approval, error) {
	var out Approval
	_, err := c.call(ctx, http.MethodGet, "/v1/approvals/"+url.PathEscape(id), nil, &out)
	return &out, err
}

// Resolve approves or denies one approval.
func (c *Client) Resolve(ctx context.Context, id string, r Resolution) (*ResolveResult, error) {
	var out ResolveResult
	_, err := c.call(ctx, http.MethodPost, "/v1/approvals/"+url.PathEscape(id)+"/resolve", r, &out)
	return &out, err
}

// BulkResolve approves or denies the reviewed approvals of one run.
func (c *Client) BulkResolve(ctx context.Context, r BulkResolve) (*BulkResolveResult, error) {
	var out BulkResolveResult
	_, err := c.call(ctx, http.MethodPost, "/v1/approvals/bulk-resolve", r, &out)
	return &out, err
}

// CreateApproval queues an external approval (action_version 1). A live run grant may
// approve it at once (Status "approved").
func (c *Client) CreateApproval(ctx context.Context, r CreateApproval) (*CreatedApproval, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	body := map[string]any{}
	_ = json.Unmarshal(b, &body)
	body["action_version"] = 1
	var out CreatedApproval
	_, err = c.call(ctx, http.MethodPost, "/v1/approvals", body, &out, 200, 201)
	return &out, err
}

// WaitApproval polls one approval until it leaves pending or wait passes, and returns what
// it last saw. Network errors are retried within the wait.
func (c *Client) WaitApproval(ctx context.Context, id string, wait time.Duration) (*Approval, error) {
	deadline := time.Now().Add(wait)
	var last *Approval
	for {
		a, err := c.Approval(ctx, id)
		if err == nil {
			last = a
			if a.Status != "pending" {
				return a, nil
			}
		} else if !errors.Is(err, ErrNetwork) {
			return nil, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			if last != nil {
				return last, nil
			}
			return nil, err
		}
		if left > approvalPoll {
			left = approvalPoll
		}
		select {
		case <-ctx.Done():
			return last, ctx.Err()
		case <-time.After(left):
		}
	}
}

// Rules lists the auto-allowed rules.
func (c *Client) Rules(ctx context.Context) ([]Rule, error) {
	var out struct {
		Rules []Rule `json:"rules"`
	}
	_, err := c.call(ctx, http.MethodGet, "/v1/rules/auto-allowed", nil, &out)
	return out.Rules, err
}

// Learn writes a permanent allow rule for a literal command or path. An existing rule (409)
// is returned with Created false, not as an error.
func (c *Client) Learn(ctx context.Context, tool, args, source string) (*LearnResult, error) {
	body := map[string]any{"tool": tool, "args": args, "decision": "allow"}
	if source != "" {
		body["source"] = source
	}
	var out LearnResult
	_, err := c.call(ctx, http.MethodPost, "/v1/rules/learn", body, &out, 200, 201, 409)
	return &out, err
}

// DeleteRule removes one auto-allowed rule by name.
func (c *Client) DeleteRule(ctx context.Context, name string) error {
	_, err := c.call(ctx, http.MethodDelete, "/v1/rules/auto-allowed/"+url.PathEscape(name), nil, nil)
	return err
}

// AuditEvents reads one page of one day's audit events.
func (c *Client) AuditEvents(ctx context.Context, q AuditQuery) (*AuditPage, error) {
	v := url.Values{}
	add := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	add("date", q.Date)
	add("tool", q.Tool)
	add("action", q.Action)
	add("agent", q.Agent)
	add("session", q.Session)
	if q.Limit > 0 {
		v.Set("limit", fmt.Sprint(q.Limit))
	}
	if q.Offset > 0 {
		v.Set("offset", fmt.Sprint(q.Offset))
	}
	path := "/v1/audit/events"
	if len(v) > 0 {
		path += "?" + v.Encode()
	}
	var out AuditPage
	_, err := c.call(ctx, http.MethodGet, path, nil, &out)
	return &out, err
}

// AuditDates lists the days that have audit files.
func (c *Client) AuditDates(ctx context.Context) (*AuditDates, error) {
	var out AuditDates
	_, err := c.call(ctx, http.MethodGet, "/v1/audit/dates", nil, &out)
	return &out, err
}

// AuditExport returns one UTC day (YYYY-MM-DD) as raw JSONL.
func (c *Client) AuditExport(ctx context.Context, date string) ([]byte, error) {
	r, err := c.do(ctx, http.MethodGet, "/v1/audit/export?date="+url.QueryEscape(date), nil)
	if err != nil {
		return nil, err
	}
	return r.body, nil
}

// AuditStats aggregates the days from..to (YYYY-MM-DD; empty means today).
func (c *Client) AuditStats(ctx context.Context, from, to string) (*AuditStats, error) {
	v := url.Values{}
	if from != "" {
		v.Set("from", from)
	}
	if to != "" {
		v.Set("to", to)
	}
	path := "/v1/audit/stats"
	if len(v) > 0 {
		path += "?" + v.Encode()
	}
	var out AuditStats
	_, err := c.call(ctx, http.MethodGet, path, nil, &out)
	return &out, err
}

// Status reads the runtime status.
func (c *Client) Status(ctx context.Context) (*Status, error) {
	var out Status
	_, err := c.call(ctx, http.MethodGet, "/v1/status", nil, &out)
	return &out, err
}

// Health reads GET /healthz (no token needed).
func (c *Client) Health(ctx context.Context) (*Health, error) {
	var out Health
	_, err := c.call(ctx, http.MethodGet, "/healthz", nil, &out)
	return &out, err
}

// PolicySummary reads the loaded rules in short.
func (c *Client) PolicySummary(ctx context.Context) (*PolicySummary, error) {
	var out PolicySummary
	_, err := c.call(ctx, http.MethodGet, "/v1/policy/summary", nil, &out)
	return &out, err
}

// Reload reloads the policies now.
func (c *Client) Reload(ctx context.Context) (*ReloadResult, error) {
	var out ReloadResult
	_, err := c.call(ctx, http.MethodPost, "/v1/policy/reload", nil, &out)
	return &out, err
}

// Test evaluates a hypothetical command without auditing it.
func (c *Client) Test(ctx context.Context, r TestRequest) (*TestResult, error) {
	var out TestResult
	_, err := c.call(ctx, http.MethodPost, "/v1/test", r, &out)
	return &out, err
}
