// Package sdk wraps Go tool functions with svc policy checks. Its exported shape is the one
// agent code written for in-process policy SDKs already uses (NewSDK, Wrap, ToolFunc,
// Preflight, *ErrDenied, AgentKey and SessionKey), so such code moves to svc by changing its
// import path. Unlike an in-process engine it asks a running svc server, so every call is
// audited and an ask waits for a human's approval.
//
//	s, err := sdk.NewSDK(os.ExpandEnv("$HOME/.svc")) // data dir, URL file or URL
//	safeExec := s.Wrap("exec", runCommand)
//	ctx = context.WithValue(ctx, sdk.AgentKey, "deploy-bot")
//	out, err := safeExec(ctx, map[string]any{"command": "git push"})
//	var denied *sdk.ErrDenied
//	if errors.As(err, &denied) { ... }
//
// With the server away every wrapped call fails closed (an *ErrDenied whose Decision is
// "unavailable") unless the SDK was made with WithFailOpen().
//
// For the whole HTTP API (approvals, rules, audit, events) use Client(), the package
// github.com/svc-firewall/svc/sdk/go.
package sdk
