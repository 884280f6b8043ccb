package svc

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/svc-firewall/svc/sdk/go/internal/svctest"
)

type testServer struct {
	url   string
	token string
}

// startServer runs a real `svc serve` (see internal/svctest); tests skip without SVC_BIN.
func startServer(t *testing.T) *testServer {
	t.Helper()
	s := svctest.Start(t)
	return &testServer{url: s.URL, token: s.Token}
}

func newClient(t *testing.T, s *testServer) *Client {
	t.Helper()
	c, err := New(Options{URL: s.url, Token: s.token, Agent: "go-test", Session: "go-session"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAgainstServer(t *testing.T) {
	s := startServer(t)
	c := newClient(t, s)
	ctx := context.Background()

	t.Run("health and status", func(t *testing.T) {
		h, err := c.Health(ctx)
		if err != nil || h.Status != "ok" {
			t.Fatalf("health: %+v %v", h, err)
		}
		st, err := c.Status(ctx)
		if err != nil || st.Mode != "enforce" || st.PolicyCount < 2 {
			t.Fatalf("status: %+v %v", st, err)
		}
		sum, err := c.PolicySummary(ctx)
		if err != nil || len(sum.Rules) == 0 {
			t.Fatalf("summary: %+v %v", sum, err)
		}
		tr, err := c.Test(ctx, TestRequest{Command: "rm -rf /"})
		if err != nil || tr.Action != "deny" {
			t.Fatalf("test: %+v %v", tr, err)
		}
	})

	t.Run("evaluate allow, deny, ask", func(t *testing.T) {
		d, err := c.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "ls"}})
		if err != nil || !d.Allowed || d.Decision != "allow" {
			t.Fatalf("allow: %+v %v", d, err)
		}
		d, err = c.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "rm -rf /"}})
		if err != nil || d.Allowed || d.Decision != "deny" || !strings.Contains(d.Message, "filesystem root") {
			t.Fatalf("deny: %+v %v", d, err)
		}
		d, err = c.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "git push"}})
		if err != nil || d.Decision != "ask" || d.ApprovalID == "" {
			t.Fatalf("ask: %+v %v", d, err)
		}
		a, err := c.Approval(ctx, d.ApprovalID)
		if err != nil || a.Status != "pending" || a.Agent != "go-test" {
			t.Fatalf("approval: %+v %v", a, err)
		}
		r, err := c.Resolve(ctx, d.ApprovalID, Resolution{Approved: false, ResolvedBy: "go-test"})
		if err != nil || r.Status != "denied" {
			t.Fatalf("resolve: %+v %v", r, err)
		}
		if _, err := c.Resolve(ctx, d.ApprovalID, Resolution{Approved: true}); !errors.Is(err, ErrGone) {
			t.Fatalf("second resolve: want ErrGone, got %v", err)
		}
		p, err := c.Preflight(ctx, "exec", ToolCall{Params: map[string]any{"command": "rm -rf /"}}, false)
		if err != nil || p.Decision != "deny" || p.Enforced {
			t.Fatalf("preflight: %+v %v", p, err)
		}
	})

	t.Run("guard", func(t *testing.T) {
		ran := false
		err := c.Guard(ctx, "exec", ToolCall{Params: map[string]any{"command": "rm -rf /"}}, func(context.Context) error { ran = true; return nil })
		var denied *DeniedError
		if !errors.Is(err, ErrDenied) || !errors.As(err, &denied) || denied.Decision != "deny" || ran {
			t.Fatalf("guard deny: %v ran=%v", err, ran)
		}
		v, err := GuardValue(ctx, c, "exec", ToolCall{Params: map[string]any{"command": "echo hi"}}, func(context.Context) (string, error) { return "hi", nil })
		if err != nil || v != "hi" {
			t.Fatalf("guard allow: %q %v", v, err)
		}
		// An ask approved while Guard waits lets the function run.
		done := make(chan error, 1)
		go func() {
			done <- c.Guard(ctx, "exec", ToolCall{Params: map[string]any{"command": "git push --tags"}, RunID: "go-run", ToolCallID: "go-call-1"},
				func(context.Context) error { ran = true; return nil }, GuardOptions{ApprovalWait: 10 * time.Second})
		}()
		id := waitPending(t, c, "go-run")
		if _, err := c.Resolve(ctx, id, Resolution{Approved: true, ResolvedBy: "go-test"}); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil || !ran {
			t.Fatalf("guard after approval: %v ran=%v", err, ran)
		}
		// An ask refused while Guard waits is a *DeniedError and the function never runs.
		ran = false
		go func() {
			done <- c.Guard(ctx, "exec", ToolCall{Params: map[string]any{"command": "git push --force"}, RunID: "go-run-no", ToolCallID: "go-call-2"},
				func(context.Context) error { ran = true; return nil }, GuardOptions{ApprovalWait: 10 * time.Second})
		}()
		id = waitPending(t, c, "go-run-no")
		if _, err := c.Resolve(ctx, id, Resolution{Approved: false, ResolvedBy: "go-test"}); err != nil {
			t.Fatal(err)
		}
		if err := <-done; !errors.As(err, &denied) || denied.Decision != "ask" || denied.ApprovalID != id || ran {
			t.Fatalf("guard after refusal: %v ran=%v", err, ran)
		}
	})

	t.Run("approvals list and create", func(t *testing.T) {
		created, err := c.CreateApproval(ctx, CreateApproval{Tool: "exec", Agent: "go-test", Session: "go-session", Params: map[string]any{"command": "make release"}})
		if err != nil || created.Status != "pending" {
			t.Fatalf("create: %+v %v", created, err)
		}
		list, err := c.Approvals(ctx)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, a := range list.Approvals {
			found = found || a.ID == created.ID
		}
		if !found || list.RunGrantTTLMs <= 0 {
			t.Fatalf("list: %+v", list)
		}
		if _, err := c.Resolve(ctx, created.ID, Resolution{Approved: false}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("audit", func(t *testing.T) {
		if _, err := c.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "echo go-audit"}, RunID: "go-audit-run"}); err != nil {
			t.Fatal(err)
		}
		page, err := c.AuditEvents(ctx, AuditQuery{Agent: "go-test", Limit: 500})
		if err != nil {
			t.Fatal(err)
		}
		var hit *AuditEvent
		for i := range page.Events {
			if page.Events[i].Request["command"] == "echo go-audit" {
				hit = &page.Events[i]
			}
		}
		if hit == nil || hit.RunID != "go-audit-run" || !strings.HasPrefix(hit.Hash, "sha256:") {
			t.Fatalf("audit event: %+v", hit)
		}
		today := time.Now().UTC().Format("2006-01-02")
		stats, err := c.AuditStats(ctx, today, today)
		if err != nil || stats.ByAgent["go-test"] == 0 {
			t.Fatalf("stats: %+v %v", stats, err)
		}
		raw, err := c.AuditExport(ctx, today)
		if err != nil || !strings.Contains(string(raw), "echo go-audit") {
			t.Fatalf("export: %v", err)
		}
		dates, err := c.AuditDates(ctx)
		if err != nil || len(dates.Dates) == 0 {
			t.Fatalf("dates: %+v %v", dates, err)
		}
	})

	t.Run("rules", func(t *testing.T) {
		l, err := c.Learn(ctx, "exec", "make go-rule", "go-test")
		if err != nil || l.RuleName == "" {
			t.Fatalf("learn: %+v %v", l, err)
		}
		rules, err := c.Rules(ctx)
		if err != nil || len(rules) == 0 {
			t.Fatalf("rules: %v %v", rules, err)
		}
		if err := c.DeleteRule(ctx, l.RuleName); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("event stream", func(t *testing.T) {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		st, err := c.Events(sctx)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		ev, err := st.Next()
		if err != nil || ev.Type != "connected" {
			t.Fatalf("first event: %+v %v", ev, err)
		}
		if _, err := c.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "git push stream"}, RunID: "go-stream"}); err != nil {
			t.Fatal(err)
		}
		for {
			ev, err = st.Next()
			if err != nil {
				t.Fatalf("stream: %v", err)
			}
			if ev.Type == "approvals" {
				break
			}
		}
		id := waitPending(t, c, "go-stream")
		_, _ = c.Resolve(ctx, id, Resolution{Approved: false})
	})

	t.Run("unauthorized", func(t *testing.T) {
		bad, _ := New(Options{URL: s.url, Token: "wrong"})
		if _, err := bad.Status(ctx); !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("want ErrUnauthorized, got %v", err)
		}
		var e *Error
		_, err := bad.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "ls"}})
		if !errors.As(err, &e) || e.Status != 401 {
			t.Fatalf("want a 401 *Error, got %v", err)
		}
	})
}

func waitPending(t *testing.T, c *Client, runID string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		list, err := c.Approvals(context.Background())
		if err == nil {
			for _, a := range list.Approvals {
				if a.RunID == runID {
					return a.ID
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no pending approval for run %s", runID)
	return ""
}

// The rest needs no real server.

func TestFailOpenAndNetworkErrors(t *testing.T) {
	ctx := context.Background()
	strict, _ := New(Options{URL: "http://127.0.0.1:9", Token: "t", Timeout: 2 * time.Second})
	if _, err := strict.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "ls"}}); !errors.Is(err, ErrNetwork) {
		t.Fatalf("want ErrNetwork, got %v", err)
	}
	ran := false
	if err := strict.Guard(ctx, "exec", ToolCall{}, func(context.Context) error { ran = true; return nil }); !errors.Is(err, ErrNetwork) || ran {
		t.Fatalf("guard should fail closed: %v ran=%v", err, ran)
	}
	var warned []string
	open, _ := New(Options{URL: "http://127.0.0.1:9", Token: "t", FailOpen: true, Warn: func(m string) { warned = append(warned, m) }})
	d, err := open.Evaluate(ctx, "exec", ToolCall{Params: map[string]any{"command": "ls"}})
	if err != nil || !d.Allowed || !d.FailOpen {
		t.Fatalf("fail-open evaluate: %+v %v", d, err)
	}
	if err := open.Guard(ctx, "exec", ToolCall{}, func(context.Context) error { ran = true; return nil }); err != nil || !ran {
		t.Fatalf("fail-open guard: %v", err)
	}
	if len(warned) != 2 {
		t.Fatalf("warnings: %v", warned)
	}
	if _, err := open.Status(ctx); !errors.Is(err, ErrNetwork) {
		t.Fatalf("admin calls never fail open: %v", err)
	}
}

func TestOptionsAndErrors(t *testing.T) {
	if _, err := New(Options{URL: "ftp://x"}); err == nil {
		t.Fatal("ftp URL accepted")
	}
	if _, err := New(Options{URL: "http://u:p@127.0.0.1:1"}); err == nil {
		t.Fatal("credentials in URL accepted")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "token"), []byte("file-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SERVICE_TOKEN", "")
	t.Setenv("SERVICE_HOME", dir)
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Get("Authorization")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"error":"audit storage is unavailable; refusing tool call","code":"audit_unavailable"}`))
	}))
	defer srv.Close()
	c, err := New(Options{URL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Evaluate(context.Background(), "exec", ToolCall{})
	var e *Error
	if !errors.As(err, &e) || e.Status != 503 || e.Code != "audit_unavailable" || !errors.Is(err, ErrUnavailable) {
		t.Fatalf("want a 503 *Error, got %v", err)
	}
	if got != "Bearer file-token" {
		t.Fatalf("token file not used for a loopback server: %q", got)
	}
}

func TestEventStreamParsing(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, ": comment\n\ndata: {\"type\":\"connected\"}\n\nid: 7\ndata: {\"type\":\"audit\",\n")
		_, _ = io.WriteString(w, "data: \"event\":{\"id\":\"e1\",\"tool\":\"exec\"}}\n\n")
	}))
	defer srv.Close()
	c, _ := New(Options{URL: srv.URL, Token: "t"})
	st, err := c.Events(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ev, err := st.Next()
	if err != nil || ev.Type != "connected" {
		t.Fatalf("first: %+v %v", ev, err)
	}
	ev, err = st.Next()
	if err != nil || ev.Type != "audit" || ev.Event == nil || ev.Event.ID != "e1" {
		t.Fatalf("second: %+v %v", ev, err)
	}
	if _, err := st.Next(); err != io.EOF {
		t.Fatalf("end of stream: want io.EOF, got %v", err)
	}
}
