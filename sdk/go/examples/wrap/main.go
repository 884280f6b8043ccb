// Command wrap is agent code in the style written for in-process Go policy SDKs: it wraps a
// tool function, previews a call, runs it, and reports a refusal. It uses only that SDK
// shape (NewSDK, Wrap, ToolFunc, Preflight, *ErrDenied, AgentKey, SessionKey), so code like
// it moves to svc by changing the import path alone.
//
//	go run ./examples/wrap ~/.svc "git status"
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/svc-firewall/svc/sdk/go/sdk"
)

// runCommand stands in for a real shell tool: it reports what it would run.
func runCommand(ctx context.Context, params map[string]any) (any, error) {
	return fmt.Sprintf("ran: %v", params["command"]), nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: wrap CONFIG-PATH COMMAND")
		os.Exit(2)
	}
	s, err := sdk.NewSDK(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var exec sdk.ToolFunc = s.Wrap("exec", runCommand)

	ctx := context.WithValue(context.Background(), sdk.AgentKey, "example-agent")
	ctx = context.WithValue(ctx, sdk.SessionKey, "example-session")
	params := map[string]any{"command": os.Args[2]}

	var pf sdk.PreflightResult = s.Preflight(ctx, "exec", params)
	fmt.Printf("preflight: %s (allowed %v, policies %v, %v): %s\n", pf.Action, pf.Allowed, pf.Policies, pf.EvalTime > 0, pf.Message)

	out, err := exec(ctx, params)
	var denied *sdk.ErrDenied
	if errors.As(err, &denied) {
		fmt.Printf("refused: tool %s, policy %q: %s\n", denied.Tool, denied.Policy, denied.Message)
		os.Exit(1)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println(out)
}
