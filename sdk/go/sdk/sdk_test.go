package sdk_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	svc "github.com/svc-firewall/svc/sdk/go"
	"github.com/svc-firewall/svc/sdk/go/internal/svctest"
	"github.com/svc-firewall/svc/sdk/go/sdk"
)

// A data dir as a test server leaves it, plus the `url` file NewSDK reads the address from.
func newSDK(t *testing.T, s *svctest.Server, opts ...sdk.Option) *sdk.SDK {
	t.Helper()
	if err := os.WriteFile(filepath.Join(s.DataDir, sdk.URLFileName), []byte(s.URL+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SERVICE_TOKEN", "")
	t.Setenv("SERVICE_URL", "")
	k, err := sdk.NewSDK(s.DataDir, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func agentCtx(agent string) context.Context {
	ctx := context.WithValue(context.Background(), sdk.AgentKey, agent)
	return context.WithValue(ctx, sdk.SessionKey, "go-dropin-session")
}

func tool(ran *int) sdk.ToolFunc {
	return func(ctx context.Context, params map[string]any) (any, error) {
		*ran++
		return "ran " + params["command"].(string), nil
	}
}

// pendingFor waits for the approval the wrapped call of agent queued.
func pendingFor(t *testing.T, c *svc.Client, agent string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		list, err := c.Approvals(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range list.Approvals {
			if a.Agent == agent && a.Status == "pending" {
				return a.ID
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no pending approval for %s", agent)
	return ""
}

func TestWrapThroughServer(t *testing.T) {
	s := svctest.Start(t)
	k := newSDK(t, s)

	t.Run("allow runs the tool and is audited under the context's agent and session", func(t *testing.T) {
		ran := 0
		out, err := k.Wrap("exec", tool(&ran))(agentCtx("go-allow"), map[string]any{"command": "ls -la"})
		if err != nil || out != "ran ls -la" || ran != 1 {
			t.Fatalf("got %v %v ran=%d", out, err, ran)
		}
		page, err := k.Client().AuditEvents(context.Background(), svc.AuditQuery{Agent: "go-allow"})
		if err != nil || len(page.Events) != 1 || page.Events[0].Session != "go-dropin-session" || page.Events[0].Decision.Action != "allow" {
			t.Fatalf("audit: %+v %v", page, err)
		}
	})

	t.Run("deny returns *ErrDenied and the tool never runs", func(t *testing.T) {
		ran := 0
		_, err := k.Wrap("exec", tool(&ran))(agentCtx("go-deny"), map[string]any{"command": "rm -rf /"})
		var denied *sdk.ErrDenied
		if !errors.As(err, &denied) || denied.Tool != "exec" || denied.Policy != "no-root-delete" || denied.Decision != "deny" || !strings.Contains(denied.Message, "filesystem root") {
			t.Fatalf("want *ErrDenied from no-root-delete, got %#v", err)
		}
		if !errors.Is(err, svc.ErrDenied) || ran != 0 {
			t.Fatalf("errors.Is ErrDenied %v, ran=%d", errors.Is(err, svc.ErrDenied), ran)
		}
	})

	t.Run("ask waits; an approval runs the tool once and spends the once-only grant", func(t *testing.T) {
		ran := 0
		ctx := context.WithValue(agentCtx("go-ask-yes"), sdk.RunKey, "go-run-1")
		type result struct {
			out any
			err error
		}
		done := make(chan result, 1)
		go func() {
			out, err := k.Wrap("exec", tool(&ran))(ctx, map[string]any{"command": "git push origin main"})
			done <- result{out, err}
		}()
		id := pendingFor(t, k.Client(), "go-ask-yes")
		if _, err := k.Client().Resolve(context.Background(), id, svc.Resolution{Approved: true, ResolvedBy: "go-test"}); err != nil {
			t.Fatal(err)
		}
		r := <-done
		if r.err != nil || r.out != "ran git push origin main" || ran != 1 {
			t.Fatalf("got %v %v ran=%d", r.out, r.err, ran)
		}
		page, err := k.Client().AuditEvents(context.Background(), svc.AuditQuery{Agent: "go-ask-yes"})
		if err != nil {
			t.Fatal(err)
		}
		// Newest first: the approved retry, allowed on the once-only grant.
		last := page.Events[0]
		if last.Decision.Action != "allow" || last.RunID != "go-run-1" || last.Request["approval_scope"] != "once" {
			t.Fatalf("the approved retry is not the newest audit event: %+v", last)
		}
	})

	t.Run("ask refused returns *ErrDenied with the approval id", func(t *testing.T) {
		ran := 0
		done := make(chan error, 1)
		go func() {
			_, err := k.Wrap("exec", tool(&ran))(agentCtx("go-ask-no"), map[string]any{"command": "git push --force"})
			done <- err
		}()
		id := pendingFor(t, k.Client(), "go-ask-no")
		if _, err := k.Client().Resolve(context.Background(), id, svc.Resolution{Approved: false, ResolvedBy: "go-test"}); err != nil {
			t.Fatal(err)
		}
		err := <-done
		var denied *sdk.ErrDenied
		if !errors.As(err, &denied) || denied.Decision != "ask" || denied.ApprovalID != id || ran != 0 {
			t.Fatalf("want a refused ask, got %#v ran=%d", err, ran)
		}
	})

	t.Run("WithApprovalWait(0) refuses an ask at once", func(t *testing.T) {
		quick := newSDK(t, s, sdk.WithApprovalWait(0))
		ran := 0
		_, err := quick.Wrap("exec", tool(&ran))(agentCtx("go-ask-now"), map[string]any{"command": "git push"})
		var denied *sdk.ErrDenied
		if !errors.As(err, &denied) || denied.Decision != "ask" || denied.ApprovalID == "" || ran != 0 {
			t.Fatalf("got %#v", err)
		}
		_, _ = quick.Client().Resolve(context.Background(), denied.ApprovalID, svc.Resolution{Approved: false})
	})

	t.Run("Preflight previews the decision and the matching policies", func(t *testing.T) {
		pf := k.Preflight(agentCtx("go-preflight"), "exec", map[string]any{"command": "rm -rf /"})
		if pf.Allowed || pf.Action != "deny" || len(pf.Policies) == 0 || pf.Policies[0] != "no-root-delete" || pf.Err != nil {
			t.Fatalf("preflight: %+v", pf)
		}
		pf = k.Preflight(agentCtx("go-preflight"), "exec", map[string]any{"command": "ls"})
		if !pf.Allowed || pf.Action != "allow" {
			t.Fatalf("preflight: %+v", pf)
		}
	})

	t.Run("a URL file and a plain URL name the same server", func(t *testing.T) {
		dir := t.TempDir()
		file := filepath.Join(dir, "svc-url")
		if err := os.WriteFile(file, []byte("# the local svc\n"+s.URL+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		t.Setenv("SERVICE_TOKEN", s.Token)
		for _, p := range []string{file, s.URL} {
			k2, err := sdk.NewSDK(p)
			if err != nil {
				t.Fatal(err)
			}
			ran := 0
			if _, err := k2.Wrap("exec", tool(&ran))(agentCtx("go-urlfile"), map[string]any{"command": "rm -rf /"}); !errors.Is(err, svc.ErrDenied) {
				t.Fatalf("%s: want a deny, got %v", p, err)
			}
		}
	})
}

func TestServerAway(t *testing.T) {
	dead := "http://127.0.0.1:9"
	t.Setenv("SERVICE_TOKEN", "t")

	t.Run("fail closed by default", func(t *testing.T) {
		k, err := sdk.NewSDK(dead, sdk.WithTimeout(2*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		ran := 0
		_, err = k.Wrap("exec", tool(&ran))(agentCtx("go-away"), map[string]any{"command": "ls"})
		var denied *sdk.ErrDenied
		if !errors.As(err, &denied) || denied.Decision != "unavailable" || !errors.Is(err, svc.ErrNetwork) || ran != 0 {
			t.Fatalf("want a fail-closed refusal, got %#v ran=%d", err, ran)
		}
		pf := k.Preflight(agentCtx("go-away"), "exec", map[string]any{"command": "ls"})
		if pf.Allowed || pf.Action != "unavailable" || !errors.Is(pf.Err, svc.ErrNetwork) {
			t.Fatalf("preflight: %+v", pf)
		}
	})

	t.Run("WithFailOpen runs the tool with a warning", func(t *testing.T) {
		var warnings []string
		k, err := sdk.NewSDK(dead, sdk.WithFailOpen(), sdk.WithTimeout(2*time.Second), sdk.WithWarn(func(m string) { warnings = append(warnings, m) }))
		if err != nil {
			t.Fatal(err)
		}
		ran := 0
		out, err := k.Wrap("exec", tool(&ran))(agentCtx("go-away"), map[string]any{"command": "ls"})
		if err != nil || out != "ran ls" || ran != 1 {
			t.Fatalf("got %v %v ran=%d", out, err, ran)
		}
		pf := k.Preflight(agentCtx("go-away"), "exec", map[string]any{"command": "ls"})
		if !pf.Allowed || !pf.FailOpen {
			t.Fatalf("preflight: %+v", pf)
		}
		if len(warnings) != 2 || !strings.Contains(warnings[0], "fail-open") {
			t.Fatalf("warnings: %q", warnings)
		}
	})
}

func TestNewSDKConfigPath(t *testing.T) {
	dir := t.TempDir()
	policy := filepath.Join(dir, "policy.yaml")
	_ = os.WriteFile(policy, []byte("version: \"1\"\n"), 0o600)
	if _, err := sdk.NewSDK(policy); err == nil || !strings.Contains(err.Error(), "policy file") {
		t.Fatalf("a policy file: %v", err)
	}
	if _, err := sdk.NewSDK(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "data directory") {
		t.Fatalf("a missing path: %v", err)
	}
	empty := filepath.Join(dir, "url")
	_ = os.WriteFile(empty, []byte("# nothing\n"), 0o600)
	if _, err := sdk.NewSDK(empty); err == nil || !strings.Contains(err.Error(), "no URL") {
		t.Fatalf("an empty URL file: %v", err)
	}
	bad := filepath.Join(dir, "bad")
	_ = os.WriteFile(bad, []byte("ftp://example\n"), 0o600)
	if _, err := sdk.NewSDK(bad); err == nil || !strings.Contains(err.Error(), "not an http") {
		t.Fatalf("a bad URL: %v", err)
	}
}
