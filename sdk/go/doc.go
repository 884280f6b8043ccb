// Package svc (module github.com/svc-firewall/svc/sdk/go) is the Go client for the svc policy server: a local policy firewall for AI
// agents. A Go agent asks the server before each tool call (Evaluate, or Guard to run a
// function only when it is allowed), follows approvals, reads the audit trail and listens
// to the live event stream. It uses the standard library only.
//
//	c, err := svc.New(svc.Options{Agent: "my-agent"})
//	err = c.Guard(ctx, "exec", svc.ToolCall{Params: map[string]any{"command": "ls"}},
//		func(ctx context.Context) error { return exec.CommandContext(ctx, "ls").Run() })
//	if errors.Is(err, svc.ErrDenied) { ... }
package svc
